// Textbook Packages: the grid, the detail dialog (books with ISBNs, total, Add to Cart that works),
// 'No Book Packs Available', the Custom Book Request card as an external chat link, and the public page
// where a visitor browses and is asked to log in as a buyer to order (coming back to the package).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE_CHANGE_MESSAGES, TEXTBOOK_PACKAGES, formatRand, type TextbookPackage } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { customRequestLink, CUSTOM_REQUEST_TEXT } from '../src/features/packages/packages-page';
import { dashboardShell, json, mockApi, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

afterEach(() => toast.dismiss());

const withNumber = (contactNumber: string | null): TextbookPackage[] =>
  TEXTBOOK_PACKAGES.map((pkg) => (pkg.isCustomRequest ? { ...pkg, contactNumber } : pkg));

describe('textbook packages', () => {
  it('shows the grid and a package dialog whose Add to Cart works', async () => {
    const user = userEvent.setup();
    const packages = withNumber('+27 82 123 4567');
    packages[0] = { ...packages[0]!, books: [{ ...packages[0]!.books[0]!, ebookIsbn: '978-0-13-000000-2' }, ...packages[0]!.books.slice(1)] };
    const calls = mockApi((call) => {
      if (call.path === '/packages') return json(200, { items: packages });
      if (call.method === 'POST' && call.path === '/cart/items') return json(201, { cart: { books: [], packages: [], count: 1, total: 2499.99 } });
      return undefined;
    });
    renderApp('/buyer/packages', studentWith('buyer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Textbook Packages' })).toBeInTheDocument();
    const cs = await screen.findByRole('button', { name: /Computer Science/ });
    expect(cs).toHaveTextContent(`${packages[0]!.books.length} books`);
    expect(cs).toHaveTextContent(packages[0]!.description);
    expect(cs.querySelector('img')).toHaveAttribute('src', '/packages/computer-science.svg');

    await user.click(cs);
    const dialog = await screen.findByRole('dialog', { name: 'Computer Science' });
    const first = packages[0]!.books[0]!;
    expect(dialog).toHaveTextContent(first.title);
    expect(dialog).toHaveTextContent(first.edition);
    expect(dialog).toHaveTextContent(`ISBN: ${first.isbn}`);
    expect(dialog).toHaveTextContent('eBook ISBN: 978-0-13-000000-2');
    expect(dialog).toHaveTextContent(first.note);
    expect(dialog.textContent).toContain(formatRand(2499.99));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/cart/items')?.body).toEqual({ type: 'package', id: 'computer-science' }));
    expect(await screen.findByText('Computer Science package added to your cart')).toBeInTheDocument();
  });

  it('opens the custom request as a chat link in a new tab, with the text filled in', async () => {
    mockApi((call) => (call.path === '/packages' ? json(200, { items: withNumber('+27 82 123 4567') }) : undefined));
    renderApp('/buyer/packages', studentWith('buyer'));
    const link = await screen.findByRole('link', { name: /Custom Book Request/ });
    expect(link).toHaveAttribute('href', `https://wa.me/27821234567?text=${encodeURIComponent(CUSTOM_REQUEST_TEXT)}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(customRequestLink('082 000 0000')).toMatch(/^https:\/\/wa\.me\/0820000000\?text=Hi%20Reshelf/);
    expect(screen.queryByRole('button', { name: /Custom Book Request/ })).not.toBeInTheDocument();
  });

  it('shows the custom request disabled when no number is configured', async () => {
    mockApi((call) => (call.path === '/packages' ? json(200, { items: withNumber(null) }) : undefined));
    renderApp('/buyer/packages', studentWith('buyer'));
    expect(await screen.findByText('Custom requests are not available right now.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Custom Book Request/ })).not.toBeInTheDocument();
  });

  it("says 'No Book Packs Available' when there are none", async () => {
    mockApi((call) => (call.path === '/packages' ? json(200, { items: [] }) : undefined));
    renderApp('/buyer/packages', studentWith('buyer'));
    expect(await screen.findByRole('heading', { name: 'No Book Packs Available' })).toBeInTheDocument();
  });
  it('lets a visitor browse at /packages, asks them to log in as a buyer to order, and brings them back to the package', async () => {
    const user = userEvent.setup();
    const buyer = studentWith('buyer');
    const calls = mockApi((call) => {
      if (call.path === '/packages') return json(200, { items: withNumber('+27 82 123 4567') });
      if (call.method === 'POST' && call.path === '/auth/login') return json(200, { student: buyer });
      if (call.method === 'POST' && call.path === '/cart/items') return json(201, { cart: { books: [], packages: [], count: 1, total: 2499.99 } });
      if (call.path === '/auth/session') return json(401, { error: 'Not signed in', code: 'UNAUTHORIZED' });
      return undefined;
    });
    const { router } = renderApp('/packages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Textbook Packages' })).toBeInTheDocument();
    // In the public frame, not the dashboard, and no trip to /login just to look.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/packages');
    expect(screen.getByRole('link', { name: 'Buy single books' })).toHaveAttribute('href', '/books');

    await user.click(await screen.findByRole('button', { name: /Computer Science/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Computer Science' });
    expect(router.state.location.search).toBe('?package=computer-science');
    expect(dialog).toHaveTextContent(TEXTBOOK_PACKAGES[0]!.books[0]!.title);
    expect(within(dialog).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Log in as a buyer to order this package. You will come straight back to it.');

    await user.click(within(dialog).getByRole('link', { name: 'Log in to order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email Address'), buyer.email);
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer/packages'));
    expect(router.state.location.search).toBe('?package=computer-science');
    const again = await screen.findByRole('dialog', { name: 'Computer Science' });
    await user.click(within(again).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/cart/items')).toHaveLength(1));
    expect(await screen.findByText('Computer Science package added to your cart')).toBeInTheDocument();
  });

  it('opens the package named in the address, and closing it takes it out of the address', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/packages' ? json(200, { items: withNumber(null) }) : undefined));
    const { router } = renderApp('/packages?package=engineering');
    const dialog = await screen.findByRole('dialog', { name: 'Engineering' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a student whose account only sells to the package in the buyer area, which offers to start buying', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/packages' ? json(200, { items: withNumber(null) }) : undefined));
    renderApp('/packages', studentWith('seller'));
    await user.click(await screen.findByRole('button', { name: /Computer Science/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Computer Science' });
    expect(dialog).toHaveTextContent(ROLE_CHANGE_MESSAGES.startBuyingToOrder);
    expect(within(dialog).getByRole('link', { name: 'Order this package' })).toHaveAttribute('href', '/buyer/packages?package=computer-science');
    await user.click(within(dialog).getByRole('link', { name: 'Order this package' }));
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.buyerRequired })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.buyer })).toBeInTheDocument();
  });

  it('tells a signed-in admin to log in with a buyer account to order', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/packages' ? json(200, { items: withNumber(null) }) : undefined));
    renderApp('/packages', studentWith('admin'));
    await user.click(await screen.findByRole('button', { name: /Computer Science/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Computer Science' });
    expect(dialog).toHaveTextContent("You're signed in as an admin. Log in with a buyer account to order this package.");
    expect(within(dialog).getByRole('link', { name: 'Log in to order' })).toHaveAttribute('href', '/login');
  });

  it('adds a package once however fast Add to Cart is tapped', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    const calls = mockApi((call) => {
      if (call.path === '/packages') return json(200, { items: withNumber(null) });
      if (call.path === '/cart/items') return new Promise<Response>((resolve) => (finish = resolve));
      return undefined;
    });
    renderApp('/buyer/packages?package=computer-science', studentWith('buyer'));
    const dialog = await screen.findByRole('dialog', { name: 'Computer Science' });
    const add = within(dialog).getByRole('button', { name: 'Add to Cart' });
    await user.dblClick(add);
    await user.click(add);
    finish(json(201, { cart: { books: [], packages: [], count: 1, total: 2499.99 } }));
    expect(await screen.findByText('Computer Science package added to your cart')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/cart/items')).toHaveLength(1);
  });
});
