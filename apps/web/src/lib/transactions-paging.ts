// The paging of the transactions tables (buyer and seller): 10 rows a page and the line
// 'Showing X to Y of Z transactions'.
import { LIMITS } from '@reshelf/shared';

function showingText(from: number, to: number, total: number): string {
  return `Showing ${from} to ${to} of ${total} transactions`;
}

/** The rows of `page` (clamped to the last page), with what the pager and its text need. */
export function transactionsPage<T>(rows: readonly T[], page: number, pageSize = LIMITS.transactionsPageSize) {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount);
  const start = (current - 1) * pageSize;
  const visible = rows.slice(start, start + pageSize);
  return { visible, current, pageCount, text: showingText(visible.length ? start + 1 : 0, start + visible.length, rows.length) };
}
