// Previous and Next under a list paged in the browser, with the 'Showing X to Y of Z' line read out as
// the page changes. The catalogue's numbered pages are links instead (catalogue/components/pagination.tsx).
import { Button, type ButtonSize } from './button';
import { cn } from '../../lib/cn';

export interface PagerProps {
  /** Which rows are on screen, e.g. 'Showing 1 to 10 of 24 transactions'. */
  text: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  className?: string;
  size?: ButtonSize;
  /** On phones the two buttons share the full width. */
  stretch?: boolean;
}

export function Pager({ text, page, pageCount, onPage, className, size, stretch = false }: PagerProps) {
  const button = stretch ? 'flex-1 sm:flex-none' : undefined;
  return (
    <div className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}>
      <p aria-live="polite" className="text-sm text-ink-600">
        {text}
      </p>
      <div className={cn('flex gap-2', stretch && 'w-full sm:w-auto')}>
        <Button variant="outline" size={size} className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size={size} className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
