// A carted book that left the catalogue (hidden after reports, expired, taken down, sold elsewhere, back in
// review) shows as no longer listed, a reserved one as reserved; the server leaves both out of the total.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { bookWith, dashboardShell, json, mockApi, renderApp, studentWith } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
});
afterEach(() => toast.dismiss());

it('marks each carted book that is no longer for sale, and only the one for sale counts', async () => {
  const live = bookWith({ id: 'bk_live000000001', title: 'Still For Sale', price: 100 });
  const out = [
    bookWith({ id: 'bk_hidden0000001', title: 'Reported Away', status: 'hidden', price: 200 }),
    bookWith({ id: 'bk_expired000001', title: 'Ran Out', status: 'expired', price: 300 }),
    bookWith({ id: 'bk_takendown0001', title: 'Taken Away', status: 'taken_down', price: 350 }),
    bookWith({ id: 'bk_elsewhere0001', title: 'Sold Outside', status: 'sold_elsewhere', price: 360 }),
  ];
  const reserved = bookWith({ id: 'bk_reserved00001', title: 'Someone Else Asked', availability: 'reserved', price: 400 });
  mockApi((call) =>
    call.method === 'GET' && call.path === '/cart' ? json(200, { cart: { books: [live, ...out, reserved], packages: [], count: 6, total: 100 } }) : undefined,
  );
  renderApp('/buyer/cart', studentWith('buyer'));
  const items = await screen.findByRole('list', { name: 'Items in your cart' });
  const row = (title: string) => within(items).getByText(title).closest('li')!;
  for (const book of out) expect(within(row(book.title)).getByText(LIFECYCLE_MESSAGES.noLongerListed)).toBeInTheDocument();
  expect(LIFECYCLE_MESSAGES.noLongerListed).toBe('No longer listed');
  expect(within(row('Someone Else Asked')).getByText('Reserved')).toBeInTheDocument();
  expect(within(row('Still For Sale')).queryByText('No longer listed')).not.toBeInTheDocument();
  expect(screen.getByRole('complementary', { name: 'Order summary' }).textContent).toContain(formatRand(100));
});
