// Server state of the catalogue: the search results, one book, reserving a book (POST /orders with an
// Idempotency-Key per click) and adding it to the cart.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Book, BookResponse, ListResponse, OrderResponse } from '@reshelf/shared';
import { api } from '../../lib/api';
import { catalogueQueryString, type CatalogueFilters } from './filters';
import { takeFirstPageAnswer, takeFirstPageRequest } from './first-page';
import { useQueryClient } from '@tanstack/react-query';

export const catalogueKeys = {
  all: ['books'] as const,
  search: (query: string) => ['books', 'search', query] as const,
  book: (id: string) => ['books', 'detail', id] as const,
};

export function useCatalogue(filters: CatalogueFilters) {
  const query = catalogueQueryString(filters);
  const client = useQueryClient();
  let first: ReturnType<typeof takeFirstPageAnswer>;
  const prefetched = () => (first ??= takeFirstPageAnswer(query));
  return useQuery({
    queryKey: catalogueKeys.search(query),
    // On a start on /books the route has already asked for the first page (see first-page.ts).
    queryFn: ({ signal }) => takeFirstPageRequest(query) ?? api<ListResponse<Book>>(`/books?${query}`, { signal }),
    initialData: () => prefetched()?.answer,
    initialDataUpdatedAt: () => prefetched()?.answeredAt,
    // The old results stay on screen while the next ones load: no flashing while typing.
    placeholderData: keepPreviousData,
  }, client);
}

export function useBook(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: catalogueKeys.book(id),
    queryFn: ({ signal }) => api<BookResponse>(`/books/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.book),
  }, client);
}

/** A fresh key per click: a retried request (slow network) then cannot reserve twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function useRequestToBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) =>
      api<OrderResponse>('/orders', {
        method: 'POST',
        body: { bookId },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }).then((answer) => answer.order),
  }, client);
}

export function useAddBookToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) => api('/cart/items', { method: 'POST', body: { type: 'book', id: bookId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cart'] }),
  }, client);
}
