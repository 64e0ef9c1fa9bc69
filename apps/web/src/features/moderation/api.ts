// The moderator's server state: listings by moderation status (oldest first), the approve and decline
// decisions, the package-order desk (docs/api.md, Packages), and editions' new prices (docs/api.md,
// New prices).
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  type Book,
  type BookResponse,
  type BookStatus,
  type ListResponse,
  type NewPrice,
  type NewPriceResponse,
  type PackageOrder,
  type PackageOrderResponse,
} from '@reshelf/shared';
import { api } from '../../lib/api';
import { editionKeys } from '../../lib/editions';
import { useAction } from '../../lib/use-action';

export type { PackageOrder, PackageOrderStatus } from '@reshelf/shared';

export const QUEUE_PAGE_SIZE = 10;

export const moderationKeys = {
  /** Every list of listings, whatever their status and page. */
  books: ['admin', 'books'] as const,
  /** Every list of the package-order desk, whatever its filter. */
  packageOrders: ['admin', 'package-orders'] as const,
  /** Every page of editions' new prices. */
  newPrices: ['admin', 'new-prices'] as const,
};

/** One page of the listings in a moderation status, oldest first. */
export const listingsQuery = (status: BookStatus, page: number) =>
  queryOptions({
    queryKey: [...moderationKeys.books, status, page] as const,
    queryFn: ({ signal }) =>
      api<ListResponse<Book>>(`/admin/books?status=${status}&page=${page}&pageSize=${QUEUE_PAGE_SIZE}`, { signal }),
  });

/**
 * A decision names the version of the listing the moderator was shown (`seen`, its updatedAt): the server
 * refuses it with 409 if the seller changed the listing since.
 */
export async function approveListing(book: Book): Promise<Book> {
  return (await api<BookResponse>(`/admin/books/${encodeURIComponent(book.id)}/approve`, { method: 'POST', body: { seen: book.updatedAt } })).book;
}

export async function declineListing(book: Book, reason: string): Promise<Book> {
  return (await api<BookResponse>(`/admin/books/${encodeURIComponent(book.id)}/decline`, { method: 'POST', body: { reason, seen: book.updatedAt } })).book;
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

export const NEW_PRICES_PAGE_SIZE = 20;

/** One page of editions' new prices, the most recently set first. */
export const newPricesQuery = (page: number) =>
  queryOptions({
    queryKey: [...moderationKeys.newPrices, page] as const,
    queryFn: ({ signal }) => api<ListResponse<NewPrice>>(`/admin/new-prices?page=${page}&pageSize=${NEW_PRICES_PAGE_SIZE}`, { signal }),
  });

/** After a change: the list, and the edition whose new price it is (the sell wizard reads it there). */
function useNewPriceChanged() {
  const client = useQueryClient();
  return (isbn13: string) => {
    void client.invalidateQueries({ queryKey: moderationKeys.newPrices });
    void client.invalidateQueries({ queryKey: editionKeys.detail(isbn13) });
  };
}

/** Sets or replaces the new price of an ISBN (already its ISBN-13); once per tap. */
export function useSetNewPrice() {
  const changed = useNewPriceChanged();
  return useAction({
    mutationFn: ({ isbn13, price }: { isbn13: string; price: number }) =>
      api<NewPriceResponse>(`/admin/new-prices/${encodeURIComponent(isbn13)}`, { method: 'PUT', body: { price } }).then((answer) => answer.newPrice),
    onSuccess: (newPrice) => changed(newPrice.isbn13),
  });
}

/** Removes the new price of an ISBN-13; two different rows may be removed side by side, one row only once. */
export function useRemoveNewPrice() {
  const changed = useNewPriceChanged();
  return useAction(
    {
      mutationFn: (isbn13: string) => api<undefined>(`/admin/new-prices/${encodeURIComponent(isbn13)}`, { method: 'DELETE' }),
      onSuccess: (_answer, isbn13) => changed(isbn13),
    },
    (isbn13) => isbn13,
  );
}
