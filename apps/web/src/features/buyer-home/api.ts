// Server state of the buyer's home and transactions: cart count, order counts, newest books and
// the buyer's orders (every page, so the transactions table can search and filter them at once), and
// their package orders with cancelling one.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Book, type ListResponse, type Order, type PackageOrder, type PackageOrderResponse } from '@reshelf/shared';
import { api } from '../../lib/api';
import { bookKeys } from '../../lib/books';
import { cartCountQuery } from '../../lib/cart';
import { buyerSummaryQuery, orderKeys } from '../../lib/orders';
import { packageOrdersQuery } from '../../lib/package-orders';
import { useAction } from '../../lib/use-action';

export function useCartCount() {
  return useQuery(cartCountQuery);
}

export function useBuyerSummary() {
  return useQuery(buyerSummaryQuery);
}

const HOME_BOOKS = 4;
const HOME_ORDERS = 5;

const NEWEST_BOOKS = `sort=newest&page=1&pageSize=${HOME_BOOKS}`;

const newestBooksQuery = queryOptions({
  queryKey: bookKeys.search(NEWEST_BOOKS),
  queryFn: ({ signal }) => api<ListResponse<Book>>(`/books?${NEWEST_BOOKS}`, { signal }),
});

const recentOrdersQuery = queryOptions({
  queryKey: orderKeys.buyerList('recent'),
  queryFn: ({ signal }) => api<ListResponse<Order>>(`/orders?as=buyer&page=1&pageSize=${HOME_ORDERS}`, { signal }),
});

export function useNewestBooks() {
  return useQuery(newestBooksQuery);
}

export function useRecentOrders() {
  return useQuery(recentOrdersQuery);
}

const ALL_PAGE_SIZE = LIMITS.maxPageSize;
/** A safety stop: 1 000 orders is far beyond any student's history. */
const MAX_PAGES = 20;

/** Every order of the buyer, newest first. */
const allBuyerOrdersQuery = queryOptions({
  queryKey: orderKeys.buyerList('all'),
  queryFn: async ({ signal }) => {
    const orders: Order[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await api<ListResponse<Order>>(`/orders?as=buyer&page=${page}&pageSize=${ALL_PAGE_SIZE}`, { signal });
      orders.push(...answer.items);
      if (answer.items.length < ALL_PAGE_SIZE || orders.length >= answer.total) break;
    }
    return orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },
});

export function useAllBuyerOrders() {
  return useQuery(allBuyerOrdersQuery);
}

/** The buyer's package orders (created at checkout; Reshelf's desk confirms and hands them over). */
export function usePackageOrders() {
  return useQuery(packageOrdersQuery);
}

export function useCancelPackageOrder() {
  const client = useQueryClient();
  return useAction(
    {
      mutationFn: (id: string) =>
        api<PackageOrderResponse>(`/package-orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} }).then(
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
