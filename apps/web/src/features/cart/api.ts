// Server state of the buyer's cart: its books and packages, removing one, and checking out. Each action
// runs once however fast its button is tapped (useAction).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartResponse, CheckoutResult } from '@reshelf/shared';
import { api } from '../../lib/api';
import { bookKeys } from '../../lib/books';
import { cartQuery } from '../../lib/cart';
import { buyerSummaryQuery, orderKeys } from '../../lib/orders';
import { packageOrdersQuery } from '../../lib/package-orders';
import { useAction } from '../../lib/use-action';

export type { Cart } from '../../lib/cart';
export type { PackageOrder } from '@reshelf/shared';

export type { CheckoutResult } from '@reshelf/shared';

export function useCart() {
  return useQuery(cartQuery);
}

export interface CartItemRef {
  type: 'book' | 'package';
  id: string;
}

export function useRemoveFromCart() {
  const client = useQueryClient();
  return useAction(
    {
      mutationFn: ({ type, id }: CartItemRef) =>
        api<CartResponse>(`/cart/items/${type}/${encodeURIComponent(id)}`, { method: 'DELETE' }).then((answer) => answer.cart),
      onSuccess: (cart) => client.setQueryData(cartQuery.queryKey, cart),
    },
    // Two different rows may be removed side by side; the same row only once.
    ({ type, id }) => `${type}:${id}`,
  );
}

export function useCheckout() {
  const client = useQueryClient();
  return useAction({
    mutationFn: () => api<CheckoutResult>('/cart/checkout', { method: 'POST', body: {} }),
    onSuccess: () => {
      // A checkout that answered took every item out of the cart (ordered, or reported as taken), so the
      // cart is empty now, before its refetch answers: the Check out button is gone in the same render that
      // releases it, and a second tap has nothing to send. Books it kept because the buyer already has as
      // many requests waiting as they may come back with the refetch.
      client.setQueryData(cartQuery.queryKey, { books: [], packages: [], count: 0, total: 0 });
      void client.invalidateQueries({ queryKey: cartQuery.queryKey });
      void client.invalidateQueries({ queryKey: packageOrdersQuery.queryKey });
      void client.invalidateQueries({ queryKey: orderKeys.all });
      void client.invalidateQueries({ queryKey: buyerSummaryQuery.queryKey });
      void client.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}
