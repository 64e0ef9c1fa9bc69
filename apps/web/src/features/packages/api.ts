// Server state of the textbook packages: the packages on offer (they change rarely) and adding one to
// the buyer's cart.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackagesResponse } from '@reshelf/shared';
import { api } from '../../lib/api';
import { addToCart, cartQuery } from '../../lib/cart';
import { useAction } from '../../lib/use-action';

const packagesQuery = queryOptions({
  queryKey: ['packages'] as const,
  queryFn: ({ signal }) => api<PackagesResponse>('/packages', { signal }).then((answer) => answer.items),
  staleTime: 5 * 60_000,
});

export function usePackages() {
  return useQuery(packagesQuery);
}

/** Adds a package once however fast Add to Cart is tapped; the cart (and the nav's count) update from the answer. */
export function useAddPackageToCart() {
  const client = useQueryClient();
  return useAction({
    mutationFn: (id: string) => addToCart('package', id),
    onSuccess: (cart) => client.setQueryData(cartQuery.queryKey, cart),
  });
}
