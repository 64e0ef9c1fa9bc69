// Buyer Home: the three counters come from the API (two different sets of figures prove nothing is
// hard-coded), the newest books and recent orders with their View All links, and the empty states.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatRand } from '@reshelf/shared';
import { bookWith, dashboardShell, json, list, mockApi, orderWith, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

function counter(label: string): string | null {
  const card = screen.getByText(label).closest('a')!;
  return card.textContent!.replace(label, '');
}

describe('Buyer Home', () => {
  it.each([
    [3, 2, 7],
    [0, 11, 1],
  ])('shows live figures: %i cart items, %i pending, %i completed', async (cartCount, pending, completed) => {
    const calls = mockApi((call) => {
      if (call.path === '/cart') return json(200, { cart: { books: [], packages: [], count: cartCount, total: 0 } });
      if (call.path === '/buyer/summary') return json(200, { pending, completed });
      if (call.path.startsWith('/books?')) return json(200, list([bookWith()], 1));
      if (call.path.startsWith('/orders?')) return json(200, list([orderWith()], 1));
      return undefined;
    });
    renderApp('/buyer', studentWith('buyer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyer Home' })).toBeInTheDocument();
    // The title is set once the page has rendered (an effect), which can come a moment after the heading.
    await waitFor(() => expect(document.title).toBe('Buyer Home | Reshelf'));
    await waitFor(() => expect(counter('Cart Items')).toBe(String(cartCount)));
    await waitFor(() => expect(counter('Pending Orders')).toBe(String(pending)));
    await waitFor(() => expect(counter('Completed Orders')).toBe(String(completed)));
    expect(calls.some((call) => call.path === '/orders?as=buyer&page=1&pageSize=5')).toBe(true);
  });

  it('lists the newest books and recent orders with View All links', async () => {
    mockApi((call) => {
      if (call.path === '/cart') return json(200, { cart: { books: [], packages: [], count: 0, total: 0 } });
      if (call.path === '/buyer/summary') return json(200, { pending: 1, completed: 0 });
      if (call.path.startsWith('/books?')) return json(200, list([bookWith(), bookWith({ id: 'bk2', title: 'Campbell Biology', price: 600 })], 2));
      if (call.path.startsWith('/orders?')) return json(200, list([orderWith({ status: 'accepted' })], 1));
      return undefined;
    });
    renderApp('/buyer', studentWith('buyer'));
    const books = (await screen.findByRole('heading', { name: 'Available Books' })).closest('section')!;
    expect(await within(books).findByRole('link', { name: /Campbell Biology/ })).toHaveAttribute('href', '/buyer/books/bk2');
    expect(books.textContent).toContain(formatRand(600));
    expect(within(books).getByRole('link', { name: 'View All Available Books' })).toHaveAttribute('href', '/buyer/books');
    const orders = screen.getByRole('heading', { name: 'Recent Orders' }).closest('section')!;
    const row = await within(orders).findByRole('link', { name: /Calculus/ });
    expect(row).toHaveAttribute('href', '/buyer/orders/ord_0000000000abc123');
    // The sale's one reference: its book's (the seller quotes the same).
    expect(row).toHaveTextContent('#000001');
    expect(row).toHaveTextContent('Accepted');
    expect(within(orders).getByRole('link', { name: 'View All Recent Orders' })).toHaveAttribute('href', '/buyer/transactions');
  });

  it('has designed empty states', async () => {
    mockApi((call) => {
      if (call.path === '/cart') return json(200, { cart: { books: [], packages: [], count: 0, total: 0 } });
      if (call.path === '/buyer/summary') return json(200, { pending: 0, completed: 0 });
      if (call.path.startsWith('/books?') || call.path.startsWith('/orders?')) return json(200, list([], 0));
      return undefined;
    });
    renderApp('/buyer', studentWith('buyer'));
    expect(await screen.findByRole('heading', { name: 'No books for sale yet' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/buyer/books');
  });
});
