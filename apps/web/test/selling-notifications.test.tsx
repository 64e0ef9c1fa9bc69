// The dashboard's notifications bell as a seller meets it: the unread count, the decline notice with
// its reason, opening it marks it read and goes to its page; mark all as read.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationsBell } from '../src/features/notifications/notifications-bell';
import { json, mockApi, renderPage } from './selling-helpers';

const notice = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'listing_declined',
  title: 'Your listing "Linear Algebra" was not approved',
  body: 'Reason: Not a textbook. You can edit the listing and submit it again.',
  link: '/seller/books',
  readAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...extra,
});

describe('notifications bell', () => {
  it('shows the unread count, lists the notices and opens one', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.path.startsWith('/notifications?')) {
        return json(200, { items: [notice('n1'), notice('n2', { title: 'Your listing "Physics" is live', body: 'Buyers can now find it in the catalogue.', readAt: '2026-03-01T00:00:00.000Z' })], total: 2, page: 1, pageSize: 20, unread: 1 });
      }
      if (call.method === 'POST') return new Response(null, { status: 204 });
      return undefined;
    });
    const { router } = renderPage(<NotificationsBell />, { path: '/seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('Reason: Not a textbook. You can edit the listing and submit it again.')).toBeInTheDocument();
    expect(within(dialog).getByText('Your listing "Physics" is live')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/notifications/read-all')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: /was not approved/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/books'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/notifications/n1/read')).toBe(true);
  });
});
