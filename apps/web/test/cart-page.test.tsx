// The cart: books and packages with the total, removing an item, and checkout where one book was
// taken meanwhile (reported by title and the API's reason) while the rest become orders and package
// orders, and where a book past the buyer's waiting requests stays in the cart with the API's message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, ORDER_LIMIT_MESSAGES, TEXTBOOK_PACKAGES, formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { bookWith, dashboardShell, json, mockApi, orderWith, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

afterEach(() => toast.dismiss());

const csPackage = { ...TEXTBOOK_PACKAGES[0]! };
const taken = bookWith({ id: 'bk_taken', title: 'Campbell Biology', price: 300 });

function cartOf(books = [bookWith(), taken], packages = [csPackage]) {
  return { cart: { books, packages, count: books.length + packages.length, total: books.reduce((s, b) => s + b.price, 0) + packages.reduce((s, p) => s + (p.price ?? 0), 0) } };
}

describe('cart', () => {
  it('lists books and packages with the total and removes an item', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/cart') return json(200, cartOf());
      if (call.method === 'DELETE' && call.path === '/cart/items/book/bk_taken') return json(200, cartOf([bookWith()]));
      return undefined;
    });
    renderApp('/buyer/cart', studentWith('buyer'));
    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(3);
    expect(items).toHaveTextContent('Computer Science package');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(summary.textContent).toContain(formatRand(450.5 + 300 + 2499.99));

    await user.click(screen.getByRole('button', { name: 'Remove Campbell Biology from cart' }));
    await waitFor(() => expect(within(items).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/cart/items/book/bk_taken')).toBe(true);
    expect(summary.textContent).toContain(formatRand(450.5 + 2499.99));
  });

  it('checks out: the orders and package order go through, a taken book is reported', async () => {
    const user = userEvent.setup();
    let checkedOut = false;
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/cart') return json(200, checkedOut ? cartOf([], []) : cartOf());
      if (call.method === 'POST' && call.path === '/cart/checkout') {
        checkedOut = true;
        return json(200, {
          orders: [orderWith()],
          packageOrders: [{ id: 'po_1', packageId: 'computer-science', packageName: 'Computer Science', amount: 2499.99, status: 'requested', createdAt: '2025-03-02T08:00:00.000Z' }],
          unavailable: [{ bookId: 'bk_taken', title: 'Campbell Biology', error: 'This book is no longer available' }],
        });
      }
      return undefined;
    });
    renderApp('/buyer/cart', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    expect(calls.filter((call) => call.path === '/cart/checkout')).toHaveLength(1);
    const done = await screen.findByRole('heading', { name: 'Checkout done' });
    const section = done.closest('section')!;
    expect(within(section).getByText('Campbell Biology: This book is no longer available')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Calculus: Early Transcendentals (#000001)' })).toHaveAttribute('href', '/buyer/orders/ord_0000000000abc123');
    expect(within(section).getByRole('link', { name: `Computer Science package · ${formatRand(2499.99)}` })).toHaveAttribute('href', '/buyer/transactions#package-order-po_1');
    // The cart is empty afterwards.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Items in your cart' })).not.toBeInTheDocument());
  });

  it('a double-tapped Check out sends one checkout; packages alone are not said to be with sellers', async () => {
    const user = userEvent.setup();
    let checkedOut = false;
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/cart') return json(200, checkedOut ? cartOf([], []) : cartOf([], [csPackage]));
      if (call.method === 'POST' && call.path === '/cart/checkout') {
        checkedOut = true;
        return json(200, {
          orders: [],
          packageOrders: [{ id: 'po_2', packageId: 'computer-science', packageName: 'Computer Science', amount: 2499.99, status: 'requested', createdAt: '2025-03-02T08:00:00.000Z' }],
          unavailable: [],
        });
      }
      return undefined;
    });
    renderApp('/buyer/cart', studentWith('buyer'));
    await user.dblClick(await screen.findByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Checkout done. We will contact you to arrange collection of your package.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/cart/checkout')).toHaveLength(1);
    expect(screen.getByRole('link', { name: `Computer Science package · ${formatRand(2499.99)}` })).toHaveAttribute('href', '/buyer/transactions#package-order-po_2');
  });

  it('a tap after the checkout answered, while the cart is still refetching, sends nothing', async () => {
    let checkedOut = false;
    let answerRefetch: () => void = () => undefined;
    const refetched = new Promise<void>((resolve) => {
      answerRefetch = resolve;
    });
    const calls = mockApi(async (call) => {
      if (call.method === 'GET' && call.path === '/cart') {
        if (!checkedOut) return json(200, cartOf([], [csPackage]));
        // The cart's refetch after checkout answers only when the test says so.
        await refetched;
        return json(200, cartOf([], []));
      }
      if (call.method === 'POST' && call.path === '/cart/checkout') {
        checkedOut = true;
        return json(200, {
          orders: [],
          packageOrders: [{ id: 'po_3', packageId: 'computer-science', packageName: 'Computer Science', amount: 2499.99, status: 'requested', createdAt: '2025-03-02T08:00:00.000Z' }],
          unavailable: [],
        });
      }
      return undefined;
    });
    renderApp('/buyer/cart', studentWith('buyer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Checkout done. We will contact you to arrange collection of your package.')).toBeInTheDocument();
    // The answer is in and the refetch is not: the button is already gone, so there is nothing to tap.
    expect(screen.queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
    answerRefetch();
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === '/cart').length).toBeGreaterThan(1));
    expect(calls.filter((call) => call.path === '/cart/checkout')).toHaveLength(1);
    expect(screen.getByRole('link', { name: `Computer Science package · ${formatRand(2499.99)}` })).toHaveAttribute('href', '/buyer/transactions#package-order-po_3');
  });

  it("a book refused for too many requests waiting: the API's message, and the book back in the cart", async () => {
    const user = userEvent.setup();
    const refusal = ORDER_LIMIT_MESSAGES.openRequests(LIMITS.openRequestsPerBuyer);
    let checkedOut = false;
    mockApi((call) => {
      if (call.method === 'GET' && call.path === '/cart') return json(200, checkedOut ? cartOf([taken], []) : cartOf([bookWith(), taken], []));
      if (call.method === 'POST' && call.path === '/cart/checkout') {
        checkedOut = true;
        return json(200, { orders: [orderWith()], packageOrders: [], unavailable: [{ bookId: 'bk_taken', title: 'Campbell Biology', error: refusal }] });
      }
      return undefined;
    });
    renderApp('/buyer/cart', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    const section = (await screen.findByRole('heading', { name: 'Checkout done' })).closest('section')!;
    const said =
      "Campbell Biology: You already have 10 books waiting for a seller's answer. Wait for an answer, or cancel a request, before reserving another.";
    expect(within(section).getByText(said)).toBeInTheDocument();
    expect(await screen.findByText(said, { selector: '[data-title]' })).toBeInTheDocument();
    // The server kept it in the cart: the refetched cart lists it again, ready for a later checkout.
    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(within(items).getByText('Campbell Biology')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeInTheDocument();
  });

  it('a checkout that ordered nothing does not say it is done', async () => {
    const user = userEvent.setup();
    const refusal = ORDER_LIMIT_MESSAGES.openRequests(LIMITS.openRequestsPerBuyer);
    mockApi((call) => {
      if (call.method === 'GET' && call.path === '/cart') return json(200, cartOf([taken], []));
      if (call.method === 'POST' && call.path === '/cart/checkout') {
        return json(200, { orders: [], packageOrders: [], unavailable: [{ bookId: 'bk_taken', title: 'Campbell Biology', error: refusal }] });
      }
      return undefined;
    });
    renderApp('/buyer/cart', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    const section = (await screen.findByRole('heading', { name: 'Nothing was ordered' })).closest('section')!;
    expect(within(section).getByText(`Campbell Biology: ${refusal}`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Checkout done' })).not.toBeInTheDocument();
  });

  it('has a designed empty state', async () => {
    mockApi((call) => (call.path === '/cart' ? json(200, cartOf([], [])) : undefined));
    renderApp('/buyer/cart', studentWith('buyer'));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/buyer/books');
  });
});
