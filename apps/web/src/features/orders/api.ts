// Server state of one order: the order, its messages, and every action on it (accept with a meetup,
// decline, cancel, confirm the handover, review, send a message). Answers go straight into the cache,
// and so do the realtime events (see order-page.tsx). Every action acts once however fast it is tapped.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AcceptOrderBody, ListResponse, Order, OrderMessage, OrderMessageResponse, OrderResponse, ReviewBody } from '@reshelf/shared';
import { api } from '../../lib/api';
import { buyerSummaryQuery, orderKeys } from '../../lib/orders';
import { useAction } from '../../lib/use-action';

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api<OrderResponse>(`/orders/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.order),
  });

export const orderMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.messages(id),
    queryFn: ({ signal }) =>
      api<ListResponse<OrderMessage>>(`/orders/${encodeURIComponent(id)}/messages`, { signal }).then((answer) => answer.items),
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}

export function useOrderMessages(id: string, enabled = true) {
  return useQuery({ ...orderMessagesQuery(id), enabled });
}

/** Adds a message to the cached list once (the sender sees it from the POST answer and the socket). */
export function addMessageToCache(client: QueryClient, orderId: string, message: OrderMessage) {
  client.setQueryData(orderMessagesQuery(orderId).queryKey, (current) => {
    if (!current) return current;
    if (current.some((existing) => existing.id === message.id)) return current;
    return [...current, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });
}

/** Puts a fresh copy of the order in the cache, keeping what a realtime copy may lack. */
export function putOrderInCache(client: QueryClient, order: Order) {
  client.setQueryData(orderQuery(order.id).queryKey, (current) => ({ ...current, ...order }));
  // Lists (home, transactions) show the status too.
  void client.invalidateQueries({ queryKey: orderKeys.lists });
  void client.invalidateQueries({ queryKey: buyerSummaryQuery.queryKey });
}

function useOrderAction<TVariables>(call: (variables: TVariables) => Promise<OrderResponse>) {
  const client = useQueryClient();
  return useAction({
    mutationFn: call,
    onSuccess: (answer) => putOrderInCache(client, answer.order),
  });
}

const path = (id: string, action: string) => `/orders/${encodeURIComponent(id)}/${action}`;

export function useAcceptOrder(id: string) {
  return useOrderAction((body: AcceptOrderBody) => api<OrderResponse>(path(id, 'accept'), { method: 'POST', body }));
}

export function useDeclineOrder(id: string) {
  return useOrderAction((reason: string) => api<OrderResponse>(path(id, 'decline'), { method: 'POST', body: reason ? { reason } : {} }));
}

export function useCancelOrder(id: string) {
  return useOrderAction((reason: string) => api<OrderResponse>(path(id, 'cancel'), { method: 'POST', body: reason ? { reason } : {} }));
}

export function useCompleteOrder(id: string) {
  return useOrderAction(() => api<OrderResponse>(path(id, 'complete'), { method: 'POST', body: {} }));
}

export function useReviewOrder(id: string) {
  const client = useQueryClient();
  return useAction({
    mutationFn: (body: ReviewBody) => api(path(id, 'review'), { method: 'POST', body }),
    onSuccess: (_answer, body) => {
      client.setQueryData(orderQuery(id).queryKey, (current) =>
        current ? { ...current, myReview: { rating: body.rating, comment: body.comment ?? null } } : current,
      );
      void client.invalidateQueries({ queryKey: orderQuery(id).queryKey });
    },
  });
}

export function useSendMessage(id: string) {
  const client = useQueryClient();
  return useAction({
    mutationFn: (body: string) =>
      api<OrderMessageResponse>(path(id, 'messages'), { method: 'POST', body: { body } }).then((answer) => answer.message),
    onSuccess: (message) => addMessageToCache(client, id, message),
  });
}
