// The moderator's server state: listings by moderation status (oldest first), the approve and decline
// decisions, and the package-order desk (docs/api.md, Packages).
import type { Book, BookResponse, BookStatus, ListResponse } from '@reshelf/shared';
import { api } from '../../lib/api';

export const QUEUE_PAGE_SIZE = 10;

import type { PackageOrder } from '@reshelf/shared';
export type { PackageOrder, PackageOrderStatus } from '@reshelf/shared';

export const moderationKeys = {
  all: ['admin'] as const,
  books: (status: BookStatus, page: number) => ['admin', 'books', status, page] as const,
  booksOf: (status: BookStatus) => ['admin', 'books', status] as const,
  packageOrders: (status: string) => ['admin', 'package-orders', status] as const,
};

export function fetchListings(status: BookStatus, page: number, signal?: AbortSignal) {
  return api<ListResponse<Book>>(`/admin/books?status=${status}&page=${page}&pageSize=${QUEUE_PAGE_SIZE}`, { signal });
}

export async function approveListing(id: string): Promise<Book> {
  return (await api<BookResponse>(`/admin/books/${encodeURIComponent(id)}/approve`, { method: 'POST' })).book;
}

export async function declineListing(id: string, reason: string): Promise<Book> {
  return (await api<BookResponse>(`/admin/books/${encodeURIComponent(id)}/decline`, { method: 'POST', body: { reason } })).book;
}

export async function fetchPackageOrders(status: string, signal?: AbortSignal): Promise<PackageOrder[]> {
  const query = status === 'all' ? '' : `&status=${status}`;
  return (await api<ListResponse<PackageOrder>>(`/admin/package-orders?pageSize=50${query}`, { signal })).items;
}

export async function advancePackageOrder(id: string, action: 'confirm' | 'collect'): Promise<PackageOrder> {
  const answer = await api<{ packageOrder: PackageOrder }>(`/admin/package-orders/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
  return answer.packageOrder;
}
