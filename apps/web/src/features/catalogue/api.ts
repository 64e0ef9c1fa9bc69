// Server state of the catalogue: the search results, one book, reserving a book (POST /orders with an
// Idempotency-Key per request) and adding it to the cart.
import { useRef } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type BookResponse, type CatalogueList, type ListResponse, type Order, type OrderResponse } from '@reshelf/shared';
import { ApiError, api } from '../../lib/api';
import { bookKeys } from '../../lib/books';
import { addToCart, cartQuery } from '../../lib/cart';
import { orderKeys } from '../../lib/orders';
import { useAction } from '../../lib/use-action';
import { catalogueQueryString, type CatalogueFilters } from './filters';
import { takeFirstPageAnswer, takeFirstPageRequest } from './first-page';

export function useCatalogue(filters: CatalogueFilters) {
  const query = catalogueQueryString(filters);
  let first: ReturnType<typeof takeFirstPageAnswer>;
  const prefetched = () => (first ??= takeFirstPageAnswer(query));
  return useQuery({
    queryKey: bookKeys.search(query),
    // On a start on /books the route has already asked for the first page (see first-page.ts).
    queryFn: ({ signal }) => takeFirstPageRequest(query) ?? api<CatalogueList>(`/books?${query}`, { signal }),
    initialData: () => prefetched()?.answer,
    initialDataUpdatedAt: () => prefetched()?.answeredAt,
    // The old results stay on screen while the next ones load: no flashing while typing.
    placeholderData: keepPreviousData,
  });
}

const bookQuery = (id: string) =>
  queryOptions({
    queryKey: bookKeys.detail(id),
    queryFn: ({ signal }) => api<BookResponse>(`/books/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.book),
  });

export function useBook(id: string) {
  return useQuery(bookQuery(id));
}

/** A fresh key for each request to buy. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost): a phone testing over the LAN has none.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Reserves a book, once however fast 'Request to buy' is tapped. The Idempotency-Key stays the same
 * until the server has answered, so a retry after a dropped connection (the request may have arrived)
 * gets the first order back instead of 'no longer available' for the buyer's own reservation.
 */
export function useRequestToBuy() {
  const key = useRef<string | null>(null);
  return useAction({
    mutationFn: (bookId: string) => {
      key.current ??= newIdempotencyKey();
      return api<OrderResponse>('/orders', {
        method: 'POST',
        body: { bookId },
        headers: { 'Idempotency-Key': key.current },
      }).then(
        (answer) => {
          key.current = null;
          return answer.order;
        },
        (error: unknown) => {
          if (!(error instanceof ApiError) || error.status !== 0) key.current = null;
          throw error;
        },
      );
    },
  });
}

export function useAddBookToCart() {
  const client = useQueryClient();
  return useAction(
    {
      mutationFn: (bookId: string) => addToCart('book', bookId),
      onSuccess: (cart) => client.setQueryData(cartQuery.queryKey, cart),
    },
    // Several books may be added side by side from the catalogue; each one once.
    (bookId) => bookId,
  );
}

/**
 * The buyer's own open order for this book, if any: a book they reserved reads as unavailable to
 * everyone, so their page links to the order instead. Asked only when `enabled` (a buyer on a book
 * that is not available); null when the book went to someone else.
 */
export function useMyOpenOrderFor(bookId: string, enabled: boolean) {
  return useQuery({
    // Under the buyer's order lists, so an order's change (cancel, decline) refreshes it too.
    queryKey: orderKeys.buyerList('open', bookId),
    queryFn: ({ signal }) =>
      api<ListResponse<Order>>(`/orders?as=buyer&status=requested,accepted&page=1&pageSize=${LIMITS.maxPageSize}`, { signal }).then(
        (answer) => answer.items.find((order) => order.book.id === bookId) ?? null,
      ),
    enabled,
  });
}

/** The buyer's cart (for 'In cart'); only asked for when `enabled` (a signed-in buyer). */
export function useCart(enabled: boolean) {
  return useQuery({ ...cartQuery, enabled });
}
