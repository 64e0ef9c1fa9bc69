// The moderator's server state: listings by moderation status (oldest first), the approve and decline
// decisions, and the package-order desk (docs/api.md, Packages).
import { queryOptions } from '@tanstack/react-query';
import { LIMITS, type Book, type BookResponse, type BookStatus, type ListResponse, type PackageOrder, type PackageOrderResponse } from '@reshelf/shared';
import { api } from '../../lib/api';

export type { PackageOrder, PackageOrderStatus } from '@reshelf/shared';

export const QUEUE_PAGE_SIZE = 10;

export const moderationKeys = {
  /** Every list of listings, whatever their status and page. */
  books: ['admin', 'books'] as const,
  /** Every list of the package-order desk, whatever its filter. */
  packageOrders: ['admin', 'package-orders'] as const,
};

/** One page of the listings in a moderation status, oldest first. */
export const listingsQuery = (status: BookStatus, page: number) =>
  queryOptions({
    queryKey: [...moderationKeys.books, status, page] as const,
    queryFn: ({ signal }) =>
      api<ListResponse<Book>>(`/admin/books?status=${status}&page=${page}&pageSize=${QUEUE_PAGE_SIZE}`, { signal }),
  });

export async function approveListing(id: string): Promise<Book> {
  return (await api<BookResponse>(`/admin/books/${encodeURIComponent(id)}/approve`, { method: 'POST' })).book;
}

export async function declineListing(id: string, reason: string): Promise<Book> {
  return (await api<BookResponse>(`/admin/books/${encodeURIComponent(id)}/decline`, { method: 'POST', body: { reason } })).book;
}

/** The package orders in a status ('all' for every one). */
export const deskPackageOrdersQuery = (status: string) =>
  queryOptions({
    queryKey: [...moderationKeys.packageOrders, status] as const,
    queryFn: async ({ signal }) => {
      const query = status === 'all' ? '' : `&status=${status}`;
      return (await api<ListResponse<PackageOrder>>(`/admin/package-orders?pageSize=${LIMITS.maxPageSize}${query}`, { signal })).items;
    },
  });

export async function advancePackageOrder(id: string, action: 'confirm' | 'collect'): Promise<PackageOrder> {
  const answer = await api<PackageOrderResponse>(`/admin/package-orders/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
  return answer.packageOrder;
}
