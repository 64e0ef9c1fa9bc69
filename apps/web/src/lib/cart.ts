// The buyer's cart as every part of the app reads it: the cart page lists it, a book's page shows
// 'In cart', the dashboard nav and the buyer's home show how many items it holds. One query (one key,
// one fetch) so adding a book anywhere updates all of them at once.
import { queryOptions } from '@tanstack/react-query';
import type { Book, TextbookPackage } from '@reshelf/shared';
import { api } from './api';

export interface Cart {
  books: Book[];
  packages: TextbookPackage[];
  count: number;
  /** Rand; only books still available count. */
  total: number;
}

export const cartQuery = queryOptions({
  queryKey: ['cart'] as const,
  queryFn: ({ signal }) => api<{ cart: Cart }>('/cart', { signal }).then((answer) => answer.cart),
});

/** Adds a book or a package; the answer is the whole cart, which goes straight into the cache. */
export const addToCart = (type: 'book' | 'package', id: string) =>
  api<{ cart: Cart }>('/cart/items', { method: 'POST', body: { type, id } }).then((answer) => answer.cart);
