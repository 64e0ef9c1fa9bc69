// The notifications bell of the dashboard shell (docs/api.md, Notifications): the unread count, a
// dialog listing the latest notices (a listing approved or declined with its reason, order news), read
// on open, and kept current by the realtime channel.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { Notification } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useAction } from '../../lib/use-action';
import { cn } from '../../lib/cn';
import { useRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { markAllNotificationsRead, markNotificationRead, notificationsQuery } from './api';
import { Time } from '../../components/ui/time';

/** Rendered once per area: new notices arrive over the realtime channel. */
export function NotificationsLive() {
  const client = useQueryClient();
  const { refresh } = useSession();
  const refetch = () => void client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  useRealtime({
    onEvent: (event) => {
      if (event.type === 'notification.created') refetch();
    },
    onReconnect: refetch,
    // Signed out in another tab, a password changed elsewhere, or expired: find out, and the guards
    // take the student to the login page instead of leaving a dashboard that can no longer load.
    onSessionEnded: () => void refresh(),
  });
  return null;
}

export function NotificationsBell() {
  const client = useQueryClient();
  const query = useQuery(notificationsQuery);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];

  // One request however fast it is tapped; the list is refreshed whether or not it went through.
  const refetch = () => void client.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  const markAllRead = useAction({ mutationFn: markAllNotificationsRead });
  const onMarkAllRead = () => markAllRead.run(undefined, { onSettled: refetch });

  const openItem = async (item: Notification) => {
    setOpen(false);
    if (!item.readAt) {
      void markNotificationRead(item.id)
        .catch(() => undefined)
        .finally(refetch);
    }
    if (item.link) navigate(item.link);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative grid h-11 w-11 shrink-0 place-items-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900"
      >
        <Bell aria-hidden="true" size={20} />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-0 right-0 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-[0.7rem] font-bold text-white ring-2 ring-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Notifications"
        footer={
          unread > 0 ? (
            <Button variant="ghost" onClick={onMarkAllRead} loading={markAllRead.busy}>
              Mark all as read
            </Button>
          ) : undefined
        }
      >
        {items.length === 0 ? (
          <p className="text-ink-600">You have no notifications yet.</p>
        ) : (
          <ul className="-mx-2 flex flex-col">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => void openItem(item)}
                  className={cn('w-full rounded-xl px-3 py-3 text-left hover:bg-ink-50', !item.readAt && 'bg-brand-50/60')}
                >
                  <span className="flex items-start gap-2">
                    {!item.readAt && <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" />}
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink-900">
                        {item.title}
                        {!item.readAt && <span className="sr-only"> (unread)</span>}
                      </span>
                      <span className="block text-sm text-ink-700">{item.body}</span>
                      <Time at={item.createdAt} className="block text-xs text-ink-600" />
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
