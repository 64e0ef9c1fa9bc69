// The buyer's cart as every part of the app reads it: the cart page lists it, a book's page shows
// 'In cart', the dashboard nav and the buyer's home show how many items it holds. One query (one key,
// one fetch) so adding a book anywhere updates all of them at once.
import { queryOptions } from '@tanstack/react-query';
import type { CartResponse } from '@reshelf/shared';
import { api } from './api';

export type { Cart } from '@reshelf/shared';

export const cartQuery = queryOptions({
  queryKey: ['cart'] as const,
  queryFn: ({ signal }) => api<CartResponse>('/cart', { signal }).then((answer) => answer.cart),
});

/** How many items the cart holds (the dashboard nav and the buyer's home): the same query, one number of it. */
export const cartCountQuery = queryOptions({ ...cartQuery, select: (cart) => cart.count });

/** Adds a book or a package; the answer is the whole cart, which goes straight into the cache. */
export const addToCart = (type: 'book' | 'package', id: string) =>
  api<CartResponse>('/cart/items', { method: 'POST', body: { type, id } }).then((answer) => answer.cart);
