// The buyer's package orders (a whole textbook package, fulfilled by Reshelf's desk): the checkout
// creates them and the buyer's transactions list them, so both reach them through this one query.
import { queryOptions } from '@tanstack/react-query';
import type { PackageOrderItems } from '@reshelf/shared';
import { api } from './api';

export const packageOrdersQuery = queryOptions({
  queryKey: ['package-orders', 'mine'] as const,
  queryFn: ({ signal }) => api<PackageOrderItems>('/package-orders', { signal }).then((answer) => answer.items),
});

/** Where a package order is shown to its buyer (the transactions page scrolls to it). */
export const packageOrderPath = (id: string) => `/buyer/transactions#package-order-${id}`;
