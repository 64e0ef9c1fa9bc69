// The team's support address as a mail link: the deployment's own (SUPPORT_EMAIL on the server, which
// writes it into every page it serves), or the product's default where the page came from elsewhere (the
// web app's development server). It breaks only where it would not fit a line (a narrow card), never
// mid-sentence where the whole address fits on the next line.
import { SUPPORT_EMAIL, SUPPORT_EMAIL_META } from '@reshelf/shared';
import { cn } from '../lib/cn';

/** The address the server wrote into the page, read when asked (the page never changes it). */
function supportEmail(): string {
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_EMAIL_META}"]`)?.content || SUPPORT_EMAIL;
}

export function SupportEmailLink({ className }: { className?: string }) {
  const address = supportEmail();
  return (
    <a href={`mailto:${address}`} className={cn('font-semibold wrap-anywhere text-brand-700', className)}>
      {address}
    </a>
  );
}
