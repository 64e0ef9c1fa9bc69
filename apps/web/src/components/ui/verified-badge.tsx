// "Verified student": a student who proved enrolment with their university address
// (docs/decisions/0035-verified-students.md), beside their name and on their listings. The badges' green
// (badge.tsx); on a narrow book card (`wrap`) its words may take two lines instead of being cut off.
import { BadgeCheck } from 'lucide-react';
import { VERIFY_STUDENT_MESSAGES } from '@reshelf/shared';
import { cn } from '../../lib/cn';

export function VerifiedBadge({ className, wrap = false }: { className?: string; wrap?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        'bg-green-50 text-green-800 ring-green-200',
        wrap ? 'rounded-xl' : 'rounded-full whitespace-nowrap',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" size={14} className="shrink-0" />
      <span className="min-w-0">{VERIFY_STUDENT_MESSAGES.badge}</span>
    </span>
  );
}
