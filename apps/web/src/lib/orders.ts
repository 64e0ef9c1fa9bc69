// The query keys of orders, shared by every feature that reads or refreshes them: the order page, the
// buyer's home and transactions, a book's page (the buyer's own open order for it) and the checkout. Every
// list sits under orderKeys.lists, so a change to one order refreshes all of them; the buyer's order counts
// (buyerSummaryQuery) change with them.
import { queryOptions } from '@tanstack/react-query';
import type { BuyerSummary } from '@reshelf/shared';
import { api } from './api';

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  /** One of the buyer's order lists ('recent', 'all', or the open order for a book). */
  buyerList: (...which: string[]) => ['orders', 'list', 'buyer', ...which] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  messages: (id: string) => ['orders', 'messages', id] as const,
};

export type { BuyerSummary } from '@reshelf/shared';

/** How many of the buyer's orders are pending and completed (the buyer's home). */
export const buyerSummaryQuery = queryOptions({
  queryKey: ['buyer', 'summary'] as const,
  queryFn: ({ signal }) => api<BuyerSummary>('/buyer/summary', { signal }),
});
