// The one pager under a list: Previous, the pages around the current one (the first and last always), Next,
// and, when given, the 'Showing X to Y of Z' line, read out as the page changes. Where the address holds
// the page (the catalogue: a page can be shared, Back goes to the last one) the pages are links; where a
// list pages in place (the dashboards' tables, the moderation queues) they are buttons.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';

interface PagerBase {
  page: number;
  pageCount: number;
  /** Which rows are on screen, e.g. 'Showing 1 to 10 of 24 transactions'. */
  text?: string;
  className?: string;
}

export type PagerProps = PagerBase &
  (
    | { /** The address of a page: the pages are links. */ hrefFor: (page: number) => string; onPage?: never }
    | { /** Shows a page in place: the pages are buttons. */ onPage: (page: number) => void; hrefFor?: never }
  );

/**
 * The line for one page of a list answer (`{items, total, page, pageSize}`): the rows it holds, counted
 * from its own page. While the next page loads, the last one's rows stay on screen, and so does their line.
 */
export function showingLine(answer: { items: readonly unknown[]; total: number; page: number; pageSize: number }, noun?: string): string {
  const from = (answer.page - 1) * answer.pageSize + 1;
  return `Showing ${from} to ${from + answer.items.length - 1} of ${answer.total}${noun ? ` ${noun}` : ''}`;
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
const live = 'text-ink-700 hover:bg-ink-100';

/** One control of the pager: a link or a button to `target`, or a dimmed one where there is none. */
function PageControl({ pager, target, className, label, current = false, children }: {
  pager: PagerProps;
  target: number | null;
  className: string;
  label?: string;
  current?: boolean;
  children: ReactNode;
}) {
  const look = cn(className, target === null ? 'text-ink-400' : current ? 'bg-brand-600 text-white' : live);
  const currentPage = current ? 'page' : undefined;
  if (pager.hrefFor) {
    if (target === null) {
      return (
        <span aria-disabled="true" className={look}>
          {children}
        </span>
      );
    }
    return (
      <Link to={pager.hrefFor(target)} aria-label={label} aria-current={currentPage} className={look}>
        {children}
      </Link>
    );
  }
  const { onPage } = pager;
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={currentPage}
      disabled={target === null}
      onClick={() => target !== null && onPage(target)}
      className={cn(look, 'disabled:cursor-not-allowed')}
    >
      {children}
    </button>
  );
}

export function Pager(props: PagerProps) {
  const { page, pageCount, text, className } = props;
  if (!text && pageCount <= 1) return null;
  return (
    <div className={cn('flex flex-col items-center gap-3', text ? 'sm:flex-row sm:justify-between' : 'justify-center', className)}>
      {text && (
        <p aria-live="polite" className="text-sm text-ink-600">
          {text}
        </p>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pagination" className="flex max-w-full flex-wrap items-center justify-center gap-1">
          <PageControl pager={props} target={page > 1 ? page - 1 : null} className={step}>
            <ChevronLeft aria-hidden="true" size={18} /> Previous
          </PageControl>
          <ul className="flex flex-wrap items-center justify-center gap-1">
            {pageWindow(page, pageCount).map((n, index) =>
              n === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-500">
                  …
                </li>
              ) : (
                <li key={n}>
                  <PageControl pager={props} target={n} label={`Page ${n}`} current={n === page} className={item}>
                    {n}
                  </PageControl>
                </li>
              ),
            )}
          </ul>
          <PageControl pager={props} target={page < pageCount ? page + 1 : null} className={step}>
            Next <ChevronRight aria-hidden="true" size={18} />
          </PageControl>
        </nav>
      )}
    </div>
  );
}
