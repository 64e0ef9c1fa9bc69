// Numbered pages as real links (shareable, work without JavaScript state), with Previous and Next.
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** The href of a page. */
  hrefFor: (page: number) => string;
}

/**
 * The pages to show: first, last, and one either side of the current one, with a gap (null) wherever pages
 * are skipped. Built from those few numbers, not by walking every page: the whole catalogue is thousands
 * of pages, and the walk was a measurable part of rendering /books on a slow phone.
 */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const pages: Array<number | null> = [];
  for (const n of shown) {
    const last = pages[pages.length - 1];
    if (typeof last === 'number' && n - last > 1) pages.push(null);
    pages.push(n);
  }
  return pages;
}

const item = 'grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold';
/** Previous and Next: the chevron beside the word, not above it. */
const step = `${item} grid-flow-col gap-1`;

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(step, 'text-ink-700 hover:bg-ink-100')}>
          <ChevronLeft aria-hidden="true" size={18} /> Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(step, 'text-ink-400')}>
          <ChevronLeft aria-hidden="true" size={18} /> Previous
        </span>
      )}
      <ul className="flex items-center gap-1">
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={cn(item, n === page ? 'bg-brand-600 text-white' : 'text-ink-700 hover:bg-ink-100')}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(step, 'text-ink-700 hover:bg-ink-100')}>
          Next <ChevronRight aria-hidden="true" size={18} />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(step, 'text-ink-400')}>
          Next <ChevronRight aria-hidden="true" size={18} />
        </span>
      )}
    </nav>
  );
}
