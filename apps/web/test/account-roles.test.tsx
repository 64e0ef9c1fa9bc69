// One account, both roles (docs/decisions/0033-one-account-both-roles.md): the settings card adds the other
// role once however fast it is tapped; a buyer at the seller area is offered selling under the area's
// denial message (`sellerRequired` in packages/shared/src/messages.ts), and "Not now" does what the guard
// always did; an account holding both moves between the areas from the sidebar.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE_CHANGE_MESSAGES, type Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { heldAnswer } from './api-mock';
import { bookWith, dashboardShell, emptyHomes, json, mockApi, renderApp, requestsTo, signedInAs, studentWith } from './harness';

afterEach(() => {
  toast.dismiss();
});

const buyer = studentWith('buyer');
const both = (student: Student): Student => ({ ...student, roles: ['buyer', 'seller'] });

describe('the settings card', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('adds selling once however fast "Start selling" is tapped, then says the account does both', async () => {
    const held = heldAnswer(200, { student: both(buyer) });
    const calls = mockApi(dashboardShell, emptyHomes, signedInAs(buyer), (call) => (call.path === '/account/roles' ? held.response : undefined));
    renderApp('/buyer/settings', buyer);
    const card = await screen.findByRole('region', { name: ROLE_CHANGE_MESSAGES.cardHeading.seller });
    expect(within(card).getByText(ROLE_CHANGE_MESSAGES.cardIntro.seller)).toBeInTheDocument();
    const button = within(card).getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.seller });
    const user = userEvent.setup();
    await user.tripleClick(button);
    await user.click(button);
    await waitFor(() => expect(requestsTo(calls, (c) => c.path === '/account/roles')).toHaveLength(1));
    expect(requestsTo(calls, (c) => c.path === '/account/roles')).toEqual([{ method: 'POST', path: '/account/roles', body: { role: 'seller' } }]);
    expect(within(card).getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardBusy })).toBeDisabled();
    held.release();
    expect(await screen.findByText(ROLE_CHANGE_MESSAGES.added.seller)).toBeInTheDocument();
    const done = await screen.findByRole('region', { name: ROLE_CHANGE_MESSAGES.bothHeading });
    expect(within(done).getByText(ROLE_CHANGE_MESSAGES.bothIntro)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.seller })).toHaveAttribute('href', '/seller');
    expect(requestsTo(calls, (c) => c.path === '/account/roles')).toHaveLength(1);
  });

  it('offers a seller "Start buying", and shows the server\'s refusal', async () => {
    const seller = studentWith('seller');
    mockApi(dashboardShell, emptyHomes, signedInAs(seller), (call) =>
      call.path === '/account/roles' ? json(403, { error: ROLE_CHANGE_MESSAGES.adminAccount, code: 'ADMIN' }) : undefined,
    );
    renderApp('/seller/settings', seller);
    const card = await screen.findByRole('region', { name: ROLE_CHANGE_MESSAGES.cardHeading.buyer });
    await userEvent.click(within(card).getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.buyer }));
    expect(await screen.findByText(ROLE_CHANGE_MESSAGES.adminAccount)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.buyer })).toBeEnabled();
  });
});

describe('a buyer at the seller area', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('sees the denial message and adds selling right there, which opens the page', async () => {
    const calls = mockApi(dashboardShell, emptyHomes, signedInAs(buyer), (call) =>
      call.path === '/account/roles' ? json(200, { student: both(buyer) }) : undefined,
    );
    const { router } = renderApp('/seller/books', buyer);
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.sellerRequired })).toBeInTheDocument();
    expect(screen.getByText(ROLE_CHANGE_MESSAGES.offerIntro.seller)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.seller }));
    const [nav] = await screen.findAllByRole('navigation', { name: 'Dashboard' });
    expect(within(nav!).getByRole('link', { name: 'My Books' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.pathname).toBe('/seller/books');
    expect(screen.getAllByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.buyer })[0]).toHaveAttribute('href', '/buyer');
    expect(requestsTo(calls, (c) => c.path === '/account/roles')).toEqual([{ method: 'POST', path: '/account/roles', body: { role: 'seller' } }]);
  });

  it('"Not now" gives the access-denied toast and /login, as before', async () => {
    // The login page may ask which sign-in providers the server offers: none here.
    const providers = (call: { path: string }) => (call.path === '/auth/providers' ? json(200, { providers: [] }) : undefined);
    const calls = mockApi(dashboardShell, emptyHomes, signedInAs(buyer), providers);
    const { router } = renderApp('/seller', buyer);
    await userEvent.click(await screen.findByRole('button', { name: ROLE_CHANGE_MESSAGES.offerBack }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(MESSAGES.sellerRequired)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/buyer');
    expect(requestsTo(calls, (c) => c.path === '/account/roles')).toEqual([]);
  });

  it('an admin is still refused the seller area with no offer', async () => {
    const admin = studentWith('admin', { roles: ['admin'] });
    mockApi(dashboardShell, emptyHomes, signedInAs(admin), (call) => (call.path === '/auth/providers' ? json(200, { providers: [] }) : undefined));
    const { router } = renderApp('/seller', admin);
    expect(await screen.findByText(MESSAGES.sellerRequired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.seller })).not.toBeInTheDocument();
  });
});

describe('an account holding both roles', () => {
  it('opens both areas and moves between them from the sidebar', async () => {
    const seller = both(studentWith('seller'));
    mockApi(dashboardShell, emptyHomes, signedInAs(seller));
    const { router } = renderApp('/seller', seller);
    const [nav] = await screen.findAllByRole('navigation', { name: 'Dashboard' });
    expect(within(nav!).getByRole('link', { name: 'Sell a Book' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.buyer })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer'));
    // The router's state moves before React has drawn the buyer area (a transition): until then the seller's
    // sidebar is still on screen, so wait for the buyer's own link rather than for any sidebar.
    await waitFor(() =>
      expect(within(screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!).getByRole('link', { name: 'Cart' })).toBeInTheDocument(),
    );
    expect(screen.getAllByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.seller })[0]).toHaveAttribute('href', '/seller');
  });

  it('an account of one role has no switch', async () => {
    mockApi(dashboardShell, emptyHomes, signedInAs(buyer));
    renderApp('/buyer', buyer);
    await screen.findAllByRole('navigation', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.seller })).not.toBeInTheDocument();
  });
});

describe('a book page for a seller', () => {
  const seller = studentWith('seller');
  const book = (sellerId: string) =>
    bookWith({ seller: { id: sellerId, firstName: 'Lerato', university: 'wits', rating: null, reviewCount: 0, verified: false } });
  const answers = (sellerId: string) => (call: { method: string; path: string }) => {
    if (call.method !== 'GET') return undefined;
    if (call.path === '/books/bk_calculus0000001') return json(200, { book: book(sellerId) });
    if (call.path.startsWith('/editions/')) return json(404, { error: 'Not found', code: 'NOT_FOUND' });
    return undefined;
  };

  it('that only sells leads Request to buy to the buyer page, which offers to start buying', async () => {
    mockApi(dashboardShell, signedInAs(seller), answers('stu_other000000001'));
    renderApp('/books/bk_calculus0000001', seller);
    const link = await screen.findByRole('link', { name: 'Request to buy' });
    expect(link).toHaveAttribute('href', '/buyer/books/bk_calculus0000001');
    expect(screen.getByText(ROLE_CHANGE_MESSAGES.startBuyingToRequest)).toBeInTheDocument();
  });

  it('that also buys requests another student\'s book, and is told a book of their own is theirs', async () => {
    mockApi(dashboardShell, signedInAs(both(seller)), answers('stu_other000000001'));
    const first = renderApp('/books/bk_calculus0000001', both(seller));
    expect(await screen.findByRole('button', { name: 'Request to buy' })).toBeInTheDocument();
    first.unmount();
    mockApi(dashboardShell, signedInAs(both(seller)), answers(seller.id));
    renderApp('/books/bk_calculus0000001', both(seller));
    expect(await screen.findByText(MESSAGES.ownBook)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request to buy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request to buy' })).not.toBeInTheDocument();
  });
});
