// The buyer's Transactions: the spec's table (ID '#' + last 6 of the order id upper-case, title,
// amount, status, date), 10 a page with 'Showing X to Y of Z transactions', search by title or ID,
// the status filter, rows opening the order, and the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, formatDate, formatRand } from '@reshelf/shared';
import { json, list, mockApi, orderWith, renderApp, studentWith } from './harness';

function orders(count: number) {
  return Array.from({ length: count }, (_, index) =>
    orderWith({
      id: `ord_${String(index).padStart(10, '0')}xy${String(index).padStart(4, '0')}`,
      status: ORDER_STATUSES[index % ORDER_STATUSES.length]!,
      amount: 100 + index,
      book: { ...orderWith().book, title: index === 7 ? 'Campbell Biology' : `Book ${index}` },
      createdAt: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
    }),
  );
}

function serve(all: ReturnType<typeof orders>) {
  return mockApi((call) => {
    if (!call.path.startsWith('/orders?')) return undefined;
    const params = new URLSearchParams(call.path.split('?')[1]);
    const page = Number(params.get('page'));
    const size = Number(params.get('pageSize'));
    return json(200, list(all.slice((page - 1) * size, page * size), all.length, page, size));
  });
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('buyer transactions', () => {
  it('shows the table newest first, 10 a page, with the paging text', async () => {
    const user = userEvent.setup();
    const calls = serve(orders(23));
    renderApp('/buyer/transactions', studentWith('buyer'));
    expect(await screen.findByText('Showing 1 to 10 of 23 transactions')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/orders?as=buyer'))).toBe(true);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Transaction ID', 'Book Title', 'Amount', 'Status', 'Date']);
    const first = within(bodyRows()[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    // Order 22 is the newest: id ends in 'xy0022'.
    expect(first).toEqual(['#XY0022', 'Book 22', formatRand(122), 'Completed', formatDate('2025-01-23T00:00:00.000Z')]);
    expect(within(bodyRows()[0]!).getByRole('link', { name: '#XY0022' })).toHaveAttribute('href', '/buyer/orders/ord_0000000022xy0022');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11 to 20 of 23 transactions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 21 to 23 of 23 transactions')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 11 to 20 of 23 transactions')).toBeInTheDocument();
  });

  it('searches by title or ID and filters by status', async () => {
    const user = userEvent.setup();
    serve(orders(23));
    const { router } = renderApp('/buyer/transactions', studentWith('buyer'));
    const search = await screen.findByPlaceholderText('Search by title or ID...');
    await screen.findByText('Showing 1 to 10 of 23 transactions');
    await user.type(search, 'campbell');
    expect(screen.getByText('Showing 1 to 1 of 1 transactions')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '#xy0003');
    expect(within(bodyRows()[0]!).getByRole('cell', { name: 'Book 3' })).toBeInTheDocument();
    await user.clear(search);

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Status',
      'Requested',
      'Accepted',
      'Declined',
      'Cancelled',
      'Completed',
      'Expired',
    ]);
    await user.selectOptions(status, 'completed');
    expect(screen.getByText('Showing 1 to 4 of 4 transactions')).toBeInTheDocument();
    expect(bodyRows().every((row) => row.textContent?.includes('Completed'))).toBe(true);

    await user.click(within(bodyRows()[0]!).getByRole('cell', { name: /Book/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/buyer\/orders\/ord_/));
  });

  it('says No Transactions Yet to a buyer without orders', async () => {
    serve([]);
    renderApp('/buyer/transactions', studentWith('buyer'));
    expect(await screen.findByRole('heading', { name: 'No Transactions Yet' })).toBeInTheDocument();
    expect(screen.getByText('Your transaction history will appear here once you request books to buy.')).toBeInTheDocument();
  });
});
