// The book page: every detail, the gallery by keyboard, Request to buy (201 goes to the order with a
// toast, 409 toasts the API's message and refreshes a taken book), an Idempotency-Key per request (kept for a retry
// after a dropped connection), a double-tap that sends one request, Add to cart turning into 'In cart',
// visitors sent to log in as a buyer, and a listing that is not approved showing its status with nothing to buy.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, ORDER_LIMIT_MESSAGES, ROLE_CHANGE_MESSAGES, formatRand } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { NOT_LISTED_NOTE } from '../src/features/catalogue/book-page';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { bookWith, type Call, dashboardShell, installFakeWebSocket, json, list, mockApi, networkError, orderWith, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

// Once the book has painted, its page asks for its edition (catalogue-edition-page.test.tsx): here the
// sample book is the only copy of it, so there is no link to other copies.
beforeEach(() => {
  mockApi((call) => (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}` ? json(200, { edition: editionWith() }) : undefined));
});

// The order page a request leads to listens on the realtime channel.
beforeEach(() => installFakeWebSocket());
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const bookGets = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === '/books/bk_calculus0000001');

/** The order page a successful request lands on. */
const orderPage = (call: Call) => {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/orders/ord_0000000000abc123') return json(200, { order: orderWith() });
  if (call.path === '/orders/ord_0000000000abc123/messages') return json(200, list([]));
  return undefined;
};

/** The buyer's open orders (the page looks for theirs once the book is taken): none. */
const noOpenOrders = (call: Call) =>
  call.method === 'GET' && call.path.startsWith('/orders?as=buyer&status=requested,accepted') ? json(200, list([])) : undefined;

describe('book page', () => {
  it('shows the photos, every detail, the seller and the price', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/books/bk_calculus0000001'
        ? json(200, { book: bookWith({ seller: { id: 's1', firstName: 'Sipho', university: 'wits', rating: 4, reviewCount: 3, verified: false } }) })
        : undefined,
    );
    renderApp('/books/bk_calculus0000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    const details = Object.fromEntries(
      Array.from(document.querySelectorAll('dl div')).map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
    );
    expect(details).toMatchObject({
      Author: 'James Stewart',
      ISBN: '978-1-337-61392-7',
      Publisher: 'Cengage',
      Year: '2020',
      Edition: '9th Edition',
      Pages: '1368',
      Language: 'English',
      Category: 'Mathematics',
      'Study level': 'Undergraduate',
      Condition: 'Good',
    });
    expect(screen.getByText('Some pencil notes in chapter 2.')).toBeInTheDocument();
    expect(screen.getByText('Collect on East Campus.')).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Buy this book' });
    expect(aside.textContent).toContain(formatRand(450.5));
    expect(aside).toHaveTextContent('Sipho');
    expect(aside).toHaveTextContent('University of the Witwatersrand');
    expect(within(aside).getByRole('img', { name: 'Rated 4.0 out of 5 from 3 reviews' })).toBeInTheDocument();

    // Gallery: thumbnails are buttons; arrow keys move between them and change the large photo.
    const first = screen.getByRole('button', { name: 'Show photo 1 of 4' });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('button', { name: 'Show photo 2 of 4' });
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Calculus: Early Transcendentals, photo 2 of 4' })).toHaveAttribute('src', '/uploads/calc-2.webp');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Show photo 4 of 4' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show photo 1 of 4' }));
    expect(screen.getByRole('img', { name: 'Calculus: Early Transcendentals, photo 1 of 4' })).toBeInTheDocument();
  });

  it('a buyer requests it: 201 goes to the order page with a toast, each click with its own Idempotency-Key', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.method === 'POST' && call.path === '/orders') return json(201, { order: orderWith() });
      return undefined;
    }, orderPage);
    const { router } = renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Request to buy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer/orders/ord_0000000000abc123'));
    expect(await screen.findByText('Request sent! The seller has 72 hours to answer.', {})).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/orders')!;
    expect(post.body).toEqual({ bookId: 'bk_calculus0000001' });
    expect(post.headers['idempotency-key']).toMatch(/.{16,}/);

    // A second visit and click sends a new key. The order page's code loads lazily and the router keeps
    // the book page on screen until it has; wait until it is really gone, so the click below lands on the
    // new visit's button rather than the old page's.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request to buy' })).toBeNull());
    await router.navigate('/buyer/books/bk_calculus0000001');
    const again = await screen.findByRole('button', { name: 'Request to buy' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.path === '/orders')).toHaveLength(2));
    const [one, two] = calls.filter((call) => call.method === 'POST' && call.path === '/orders');
    expect(one!.headers['idempotency-key']).not.toBe(two!.headers['idempotency-key']);
  });

  it('a double-tap on Request to buy sends one request and lands on the order page', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.method === 'POST' && call.path === '/orders') return json(201, { order: orderWith() });
      return undefined;
    }, orderPage);
    const { router } = renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    const button = await screen.findByRole('button', { name: 'Request to buy' });
    // Two clicks in the same task: faster than any render could disable the button.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer/orders/ord_0000000000abc123'));
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/orders')).toHaveLength(1);
    expect(screen.queryByText('This book is no longer available')).not.toBeInTheDocument();
  });

  it('a tap between the answer and the order page (the book page is still on screen) sends nothing', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.method === 'POST' && call.path === '/orders') return json(201, { order: orderWith() });
      return undefined;
    }, orderPage);
    const { router } = renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Request to buy' }));
    // The answer is in once the toast says so; the router keeps the book page until the order page's code
    // has loaded, and its button stays busy until then.
    expect(await screen.findByText('Request sent! The seller has 72 hours to answer.')).toBeInTheDocument();
    const still = screen.queryByRole('button', { name: 'Request to buy' });
    if (still) {
      expect(still).toBeDisabled();
      fireEvent.click(still);
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer/orders/ord_0000000000abc123'));
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/orders')).toHaveLength(1);
    expect(screen.queryByText('This book is no longer available')).not.toBeInTheDocument();
  });

  it('a retry after a dropped connection sends the same Idempotency-Key, so it cannot reserve twice', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.method === 'POST' && call.path === '/orders') {
        attempts += 1;
        if (attempts === 1) return networkError();
        return json(201, { order: orderWith() });
      }
      return undefined;
    }, orderPage);
    const { router } = renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    const button = await screen.findByRole('button', { name: 'Request to buy' });
    await user.click(button);
    expect(await screen.findByText('Could not reach Reshelf. Check your connection and try again.', { selector: '[data-title]' })).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer/orders/ord_0000000000abc123'));
    const [one, two] = calls.filter((call) => call.method === 'POST' && call.path === '/orders');
    expect(two!.headers['idempotency-key']).toBe(one!.headers['idempotency-key']);
  });

  it('Add to cart: a double-tap adds once, then the button says In cart and the cart count follows', async () => {
    let inCart = false;
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      const cart = () => ({ cart: { books: inCart ? [bookWith()] : [], packages: [], count: inCart ? 1 : 0, total: inCart ? 450.5 : 0 } });
      if (call.method === 'GET' && call.path === '/cart') return json(200, cart());
      if (call.method === 'POST' && call.path === '/cart/items') {
        inCart = true;
        return json(201, cart());
      }
      return undefined;
    });
    renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    fireEvent.click(add);
    fireEvent.click(add);
    const link = await screen.findByRole('link', { name: /^In cart/ });
    expect(link).toHaveAttribute('href', '/buyer/cart');
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/cart/items')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    // The dashboard nav's Cart entry shows the count (phone menu closed: the desktop sidebar holds it).
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Cart\s*1\s*item$/ }).length).toBeGreaterThan(0));
  });

  it('409: toasts "This book is no longer available" and refreshes the book', async () => {
    const user = userEvent.setup();
    let taken = false;
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith({ availability: taken ? 'reserved' : 'available' }) });
      if (call.method === 'POST' && call.path === '/orders') {
        taken = true;
        return json(409, { error: 'This book is no longer available', code: 'BOOK_UNAVAILABLE' });
      }
      return undefined;
    }, noOpenOrders);
    const { router } = renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Request to buy' }));
    expect(await screen.findByText('This book is no longer available', { selector: '[data-title]' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/buyer/books/bk_calculus0000001');
    await waitFor(() => expect(bookGets(calls).length).toBeGreaterThanOrEqual(2));
    // The refreshed page no longer offers the book.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request to buy' })).not.toBeInTheDocument());
    expect(screen.getByText('Reserved')).toBeInTheDocument();
  });

  it("409 for too many requests waiting: toasts the API's message and keeps offering the book", async () => {
    const user = userEvent.setup();
    const refusal = ORDER_LIMIT_MESSAGES.openRequests(LIMITS.openRequestsPerBuyer);
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.method === 'POST' && call.path === '/orders') return json(409, { error: refusal, code: 'TOO_MANY_OPEN_REQUESTS' });
      return undefined;
    }, noOpenOrders);
    const { router } = renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Request to buy' }));
    expect(
      await screen.findByText(
        "You already have 10 books waiting for a seller's answer. Wait for an answer, or cancel a request, before reserving another.",
        { selector: '[data-title]' },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/buyer/books/bk_calculus0000001');
    // The book was not taken: it is still offered, and its page was not asked for again.
    expect(screen.getByRole('button', { name: 'Request to buy' })).toBeInTheDocument();
    expect(screen.queryByText('This book is no longer available')).not.toBeInTheDocument();
    expect(bookGets(calls)).toHaveLength(1);
  });

  it('a book the buyer reserved links to their order instead of saying it is no longer available', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith({ availability: 'reserved' }) });
      if (call.path.startsWith('/orders?')) return json(200, list([orderWith()], 1, 1, 50));
      return undefined;
    });
    renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    expect(await screen.findByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/buyer/orders/ord_0000000000abc123');
    expect(screen.getByText('You have requested this book.')).toBeInTheDocument();
    expect(screen.queryByText('This book is no longer available')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith('/orders?'))!.path).toContain('status=requested,accepted');
  });

  it('sends a visitor to log in as a buyer and back to this book', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book: bookWith() }) : undefined));
    const { router } = renderApp('/books/bk_calculus0000001');
    const link = await screen.findByRole('link', { name: 'Request to buy' });
    expect(link).toHaveAccessibleDescription('Log in as a buyer to request this book. You will come straight back here.');
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/buyer/books/bk_calculus0000001' });
  });

  it('leads a signed-in seller to the buyer page, which offers to start buying (account-roles.test.tsx)', async () => {
    // Another seller's book (the fixture's is this seller's own).
    const book = bookWith({ seller: { id: 'stu_other000000001', firstName: 'Lerato', university: 'wits', rating: null, reviewCount: 0, verified: false } });
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book }) : undefined));
    renderApp('/books/bk_calculus0000001', studentWith('seller'));
    const link = await screen.findByRole('link', { name: 'Request to buy' });
    expect(link).toHaveAttribute('href', '/buyer/books/bk_calculus0000001');
    expect(link).toHaveAccessibleDescription(ROLE_CHANGE_MESSAGES.startBuyingToRequest);
  });

  it('tells a signed-in admin to log in with a buyer account to request', async () => {
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book: bookWith() }) : undefined));
    renderApp('/books/bk_calculus0000001', studentWith('admin'));
    const link = await screen.findByRole('link', { name: 'Request to buy' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveAccessibleDescription("You're signed in as an admin. Log in with a buyer account to request this book.");
  });

  it.each([
    // Only its seller and the admins are served a listing that is not approved.
    { status: 'pending', label: 'Pending', who: 'its seller', student: studentWith('seller'), sellerId: studentWith('seller').id },
    { status: 'declined', label: 'Rejected', who: 'an admin', student: studentWith('admin'), sellerId: 'stu_other000000001' },
    { status: 'hidden', label: 'Hidden after reports', who: 'an admin', student: studentWith('admin'), sellerId: 'stu_other000000001' },
  ] as const)('a $status listing shows $who its status, not Available, and offers nothing to buy', async ({ status, label, student, sellerId }) => {
    const book = bookWith({ status, seller: { id: sellerId, firstName: 'Lerato', university: 'wits', rating: null, reviewCount: 0, verified: false } });
    const path = '/books/bk_calculus0000001';
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book }) : noOpenOrders(call)));
    renderApp(path, student);
    const box = (await screen.findByText(NOT_LISTED_NOTE)).closest('aside')!;
    expect(within(box).getByText(label)).toBeInTheDocument();
    expect(within(box).queryByText('Available')).not.toBeInTheDocument();
    expect(within(box).queryByRole('link', { name: 'Request to buy' })).not.toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: /Request to buy|Add to cart/ })).not.toBeInTheDocument();
  });

  it('says so when the book is not in the catalogue', async () => {
    mockApi((call) => (call.path === '/books/missing' ? json(404, { error: 'Book not found', code: 'NOT_FOUND' }) : undefined));
    renderApp('/books/missing');
    expect(await screen.findByRole('heading', { name: 'This book is not in the catalogue' })).toBeInTheDocument();
    // The page's own way on (the public nav may have a link of the same name).
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
  });
});
