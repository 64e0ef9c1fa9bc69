// A carted book that left the catalogue (hidden after reports, expired, taken down, sold elsewhere, back in
// review) comes from the API as its id alone and shows as no longer available, with a way to remove it; a
// reserved one shows as reserved; the server leaves both out of the total.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, MESSAGES, ORDER_LIMIT_MESSAGES, formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { bookWith, dashboardShell, json, mockApi, renderApp, studentWith } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
});
afterEach(() => toast.dismiss());

it('marks each carted book that is no longer for sale, and only the one for sale counts', async () => {
  const user = userEvent.setup();
  const live = bookWith({ id: 'bk_live000000001', title: 'Still For Sale', price: 100 });
  const out = ['bk_hidden0000001', 'bk_expired000001', 'bk_takendown0001', 'bk_elsewhere0001'].map((id) => ({ id, listed: false as const }));
  const reserved = bookWith({ id: 'bk_reserved00001', title: 'Someone Else Asked', availability: 'reserved', price: 400 });
  const calls = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/cart') return json(200, { cart: { books: [live, ...out, reserved], packages: [], count: 6, total: 100 } });
    if (call.method === 'DELETE' && call.path === '/cart/items/book/bk_hidden0000001') {
      return json(200, { cart: { books: [live, ...out.slice(1), reserved], packages: [], count: 5, total: 100 } });
    }
    return undefined;
  });
  renderApp('/buyer/cart', studentWith('buyer'));
  const items = await screen.findByRole('list', { name: 'Items in your cart' });
  const gone = within(items).getAllByText(MESSAGES.bookUnavailable).map((title) => title.closest('li')!);
  expect(gone).toHaveLength(out.length);
  for (const row of gone) {
    expect(within(row).getByText(LIFECYCLE_MESSAGES.noLongerListed)).toBeInTheDocument();
    expect(within(row).getByText(ORDER_LIMIT_MESSAGES.cartBookGone)).toBeInTheDocument();
  }
  expect(LIFECYCLE_MESSAGES.noLongerListed).toBe('No longer listed');
  expect(ORDER_LIMIT_MESSAGES.cartBookGone).toBe('This book is no longer in the catalogue. Remove it from your cart.');
  const row = (title: string) => within(items).getByText(title).closest('li')!;
  expect(within(row('Someone Else Asked')).getByText('Reserved')).toBeInTheDocument();
  expect(within(row('Still For Sale')).queryByText('No longer listed')).not.toBeInTheDocument();
  expect(screen.getByRole('complementary', { name: 'Order summary' }).textContent).toContain(formatRand(100));

  // Each can be removed.
  const removes = within(items).getAllByRole('button', { name: 'Remove the book that is no longer available from cart' });
  expect(removes).toHaveLength(out.length);
  await user.click(removes[0]!);
  await waitFor(() => expect(within(items).getAllByText(MESSAGES.bookUnavailable)).toHaveLength(out.length - 1));
  expect(calls.some((call) => call.method === 'DELETE' && call.path === '/cart/items/book/bk_hidden0000001')).toBe(true);
});
