// Server state of the buyer's home and transactions: cart count, order counts, newest books and
// the buyer's orders (every page, so the transactions table can search and filter them at once), and
// their package orders with cancelling one.
import { useQuery } from '@tanstack/react-query';
import type { Book, ListResponse, Order, PackageOrder } from '@reshelf/shared';
import { api } from '../../lib/api';
import { cartQuery } from '../../lib/cart';
import { packageOrdersQuery } from '../../lib/package-orders';
import { useAction } from '../../lib/use-action';
import { useQueryClient } from '@tanstack/react-query';

export interface BuyerSummary {
  pending: number;
  completed: number;
}

export function useCartCount() {
  const client = useQueryClient();
  return useQuery({ ...cartQuery, select: (cart) => cart.count }, client);
}

export function useBuyerSummary() {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['buyer', 'summary'],
    queryFn: ({ signal }) => api<BuyerSummary>('/buyer/summary', { signal }),
  }, client);
}

export const HOME_BOOKS = 4;
export const HOME_ORDERS = 5;

export function useNewestBooks() {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['books', 'search', `page=1&pageSize=${HOME_BOOKS}`],
    queryFn: ({ signal }) => api<ListResponse<Book>>(`/books?sort=newest&page=1&pageSize=${HOME_BOOKS}`, { signal }),
  }, client);
}

export function useRecentOrders() {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['orders', 'list', 'buyer', 'recent'],
    queryFn: ({ signal }) => api<ListResponse<Order>>(`/orders?as=buyer&page=1&pageSize=${HOME_ORDERS}`, { signal }),
  }, client);
}

const ALL_PAGE_SIZE = 50;
/** A safety stop: 1 000 orders is far beyond any student's history. */
const MAX_PAGES = 20;

/** Every order of the buyer, newest first. */
export function useAllBuyerOrders() {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['orders', 'list', 'buyer', 'all'],
    queryFn: async ({ signal }) => {
      const orders: Order[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await api<ListResponse<Order>>(`/orders?as=buyer&page=${page}&pageSize=${ALL_PAGE_SIZE}`, { signal });
        orders.push(...answer.items);
        if (answer.items.length < ALL_PAGE_SIZE || orders.length >= answer.total) break;
      }
      return orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  }, client);
}

/** The buyer's package orders (created at checkout; Reshelf's desk confirms and hands them over). */
export function usePackageOrders() {
  const client = useQueryClient();
  return useQuery(packageOrdersQuery, client);
}

export function useCancelPackageOrder() {
  const client = useQueryClient();
  return useAction(
    {
      mutationFn: (id: string) =>
        api<{ packageOrder: PackageOrder }>(`/package-orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} }).then(
          (answer) => answer.packageOrder,
        ),
      onSuccess: (cancelled) =>
        client.setQueryData<PackageOrder[]>(packageOrdersQuery.queryKey, (current) =>
          current?.map((order) => (order.id === cancelled.id ? cancelled : order)),
        ),
    },
    (id) => id,
  );
}
