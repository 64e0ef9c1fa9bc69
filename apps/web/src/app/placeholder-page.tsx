// A titled page for routes whose feature is still being built.
import { Hammer } from 'lucide-react';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { usePageTitle } from '../lib/use-page-title';

export function PlaceholderPage({ title, description }: { title: string; description?: string | undefined }) {
  usePageTitle(title, description);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <EmptyState
        className="mt-8"
        icon={<Hammer />}
        title="Coming soon"
        text="This part of Reshelf is being built. Check back shortly."
        action={
          <ButtonLink to="/" variant="outline">
            Back Home
          </ButtonLink>
        }
      />
    </div>
  );
}
