// Server state of the buyer's cart: its books and packages, removing one, and checking out.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Book, Order, TextbookPackage } from '@reshelf/shared';
import { api } from '../../lib/api';
import { useQueryClient } from '@tanstack/react-query';

export interface Cart {
  books: Book[];
  packages: TextbookPackage[];
  count: number;
  /** Rand; only books still available count. */
  total: number;
}

import type { PackageOrder } from '@reshelf/shared';
export type { PackageOrder } from '@reshelf/shared';

export interface CheckoutResult {
  orders: Order[];
  packageOrders: PackageOrder[];
  unavailable: Array<{ bookId: string; title: string | null; error: string }>;
}

export const cartKey = ['cart'] as const;

export function useCart() {
  const client = useQueryClient();
  return useQuery({
    queryKey: cartKey,
    queryFn: ({ signal }) => api<{ cart: Cart }>('/cart', { signal }),
    select: (answer) => answer.cart,
  }, client);
}

export function useRemoveFromCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: 'book' | 'package'; id: string }) =>
      api<{ cart: Cart }>(`/cart/items/${type}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (answer) => client.setQueryData(cartKey, answer),
  }, client);
}

export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CheckoutResult>('/cart/checkout', { method: 'POST', body: {} }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKey });
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: ['buyer', 'summary'] });
      void client.invalidateQueries({ queryKey: ['books'] });
    },
  }, client);
}
