// The buyer's Transactions: the table (ID '#' + last 6 of the book id upper-case, the sale's one
// reference that the seller sees too; title,
// amount, status, date), 10 a page with 'Showing X to Y of Z transactions', search by title or ID,
// the status filter, rows opening the order, and the empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, formatDate, formatRand } from '@reshelf/shared';
import { dashboardShell, json, list, mockApi, orderWith, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

function orders(count: number) {
  return Array.from({ length: count }, (_, index) =>
    orderWith({
      id: `ord_${String(index).padStart(10, '0')}xy${String(index).padStart(4, '0')}`,
      status: ORDER_STATUSES[index % ORDER_STATUSES.length]!,
      amount: 100 + index,
      book: { ...orderWith().book, id: `bk_${String(index).padStart(10, '0')}xy${String(index).padStart(4, '0')}`, title: index === 7 ? 'Campbell Biology' : `Book ${index}` },
      createdAt: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
    }),
  );
}

/** The buyer's orders, one page at a time, each order's own page, and no package orders. */
function serve(all: ReturnType<typeof orders>) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/package-orders') return json(200, { items: [] });
    const order = all.find((candidate) => call.path === `/orders/${candidate.id}`);
    if (order) return json(200, { order });
    if (/^\/orders\/ord_\w+\/messages$/.test(call.path)) return json(200, list([]));
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
    // Order 22 is the newest: its book's id ends in 'xy0022'.
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

  it('lists the buyer’s package orders below and cancels one after a confirmation, once however fast it is tapped', async () => {
    const user = userEvent.setup();
    const packageOrder = (id: string, status: string, name: string) => ({
      id,
      packageId: 'computer-science',
      packageName: name,
      amount: 2499.99,
      status,
      student: { id: 'stu_buyer000000001', firstName: 'Thandi', email: null },
      createdAt: '2025-03-02T08:00:00.000Z',
      updatedAt: '2025-03-02T08:00:00.000Z',
    });
    const calls = mockApi((call) => {
      if (call.path.startsWith('/orders?')) return json(200, list([], 0, 1, 50));
      if (call.method === 'GET' && call.path === '/package-orders') {
        return json(200, { items: [packageOrder('po_1', 'requested', 'Computer Science'), packageOrder('po_2', 'collected', 'Engineering')] });
      }
      if (call.method === 'POST' && call.path === '/package-orders/po_1/cancel') return json(200, { packageOrder: packageOrder('po_1', 'cancelled', 'Computer Science') });
      return undefined;
    });
    renderApp('/buyer/transactions#package-order-po_1', studentWith('buyer'));
    const section = await screen.findByRole('region', { name: 'Package orders' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Computer Science package');
    expect(rows[0]).toHaveTextContent('Requested');
    expect(rows[0]!.textContent).toContain(formatRand(2499.99));
    // The row a checkout summary linked to gets the focus.
    await waitFor(() => expect(rows[0]).toHaveFocus());
    // A collected package cannot be cancelled.
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Cancel the Computer Science package order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this package order?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel package order' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('Cancelled'));
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/package-orders/po_1/cancel')).toHaveLength(1);
    expect(within(section).getAllByRole('listitem')[0]!.querySelector('button')).toBeNull();
  });
});
