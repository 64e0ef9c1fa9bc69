// Server state of one order: the order, its messages, and every action on it (accept with a meetup,
// decline, cancel, complete the sale (the buyer without a code, the seller with the buyer's handover code),
// report a no-show, propose a new meetup time or accept one, review, send a message). Answers go straight into the cache,
// and so do the realtime events (see order-page.tsx). Every action acts once however fast it is tapped.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AcceptOrderBody, ListResponse, Order, OrderMessage, OrderMessageResponse, OrderResponse, RescheduleOrderBody, ReviewBody } from '@reshelf/shared';
import { API_BASE, api } from '../../lib/api';
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

/** The buyer confirms with no code; the seller sends the buyer's handover code. */
export function useCompleteOrder(id: string) {
  return useOrderAction((code: string | undefined) => api<OrderResponse>(path(id, 'complete'), { method: 'POST', body: code === undefined ? {} : { code } }));
}

export function useReportNoShow(id: string) {
  return useOrderAction(() => api<OrderResponse>(path(id, 'no-show'), { method: 'POST', body: {} }));
}

export function useProposeMeetup(id: string) {
  return useOrderAction((body: RescheduleOrderBody) => api<OrderResponse>(path(id, 'reschedule'), { method: 'POST', body }));
}

export function useAcceptProposal(id: string) {
  return useOrderAction(() => api<OrderResponse>(path(id, 'reschedule/accept'), { method: 'POST', body: {} }));
}

/** The meetup as a calendar file, for a link the browser downloads. */
export const calendarFileUrl = (id: string) => `${API_BASE}${path(id, 'calendar.ics')}`;

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
