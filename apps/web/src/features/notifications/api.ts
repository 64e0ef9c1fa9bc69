// Server state of the student's notifications: the latest twenty with the unread count, and marking
// them read. Every place that refreshes the list derives its key from notificationsQuery.
import { queryOptions } from '@tanstack/react-query';
import type { NotificationList } from '@reshelf/shared';
import { api } from '../../lib/api';

export type { NotificationList } from '@reshelf/shared';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: ({ signal }) => api<NotificationList>('/notifications?page=1&pageSize=20', { signal }),
  staleTime: 60_000,
});

export const markAllNotificationsRead = () => api('/notifications/read-all', { method: 'POST' });

export const markNotificationRead = (id: string) => api(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
