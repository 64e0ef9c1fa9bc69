// What a seller page shows when its data could not be loaded: the reason and a way to try again.
import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';

export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <div role="alert" className="rounded-card border border-red-200 bg-red-50 px-5 py-6 text-red-900">
      <p className="font-semibold">We could not load {what}.</p>
      <p className="mt-1 text-sm">{errorMessage(error, 'Something went wrong. Please try again.')}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" size={16} /> Try again
      </Button>
    </div>
  );
}
