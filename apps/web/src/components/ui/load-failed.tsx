// What a page or a section shows when its data could not be loaded: what is missing, why (the server's
// words, or the network's), and a way to try again. One wording everywhere: "We couldn't load …".
import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { EmptyState } from './empty-state';

export interface LoadFailedProps {
  /** What could not be loaded, as it reads after "We couldn't load": "your cart", "this book". */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** 'page': the page's whole body, an empty-state block with `icon`; 'section': a red notice inside a page. */
  layout?: 'page' | 'section';
  icon?: ReactNode;
  className?: string;
}

const FALLBACK = 'Something went wrong. Please try again.';

export function LoadFailed({ what, error, onRetry, layout = 'page', icon, className }: LoadFailedProps) {
  const title = `We couldn't load ${what}`;
  if (layout === 'page') {
    return (
      <EmptyState
        className={className}
        icon={icon}
        title={title}
        text={errorMessage(error, FALLBACK)}
        action={<Button onClick={onRetry}>Try again</Button>}
      />
    );
  }
  return (
    <div role="alert" className={cn('rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-red-900', className)}>
      <p className="font-semibold">{title}.</p>
      <p className="mt-1 text-sm [overflow-wrap:anywhere]">{errorMessage(error, FALLBACK)}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RefreshCw aria-hidden="true" size={16} /> Try again
      </Button>
    </div>
  );
}
