// Role guards and the dashboard shell: the spinner while the session check runs, /login for visitors,
// the access-denied toasts, the sidebar entries of each area, collapsing, the phone menu, the avatar
// picker and Sign Out.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role, Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { dashboardShell, emptyHomes, json, mockApi, networkError, renderApp, requestsTo, signedInAs, studentWith as harnessStudent } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests, and some land on an area's home.
beforeEach(() => {
  mockApi(dashboardShell, emptyHomes);
});

/** The student these tests sign in as, whatever the role. */
const studentWith = (role: Role, extra: Partial<Student> = {}) =>
  harnessStudent(role, { id: 'stu_4f9a2c7e1b3d', email: 'thandi@students.wits.ac.za', firstName: 'Thandi', lastName: 'Nkosi', ...extra });

afterEach(() => {
  // Sonner keeps its toasts between tests; a fresh <Toaster> would show the old ones again.
  toast.dismiss();
});

describe('role guard', () => {
  it('shows a labelled spinner while the session check runs', async () => {
    mockApi((call) => (call.path === '/auth/session' ? new Promise<Response>(() => {}) : undefined));
    renderApp('/seller');
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((status) => status.textContent === 'Checking your session')).toBe(true),
    );
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('paints a persisted student at once while the check runs', async () => {
    window.localStorage.setItem('user', JSON.stringify(studentWith('seller')));
    mockApi((call) => (call.path === '/auth/session' ? new Promise<Response>(() => {}) : undefined));
    renderApp('/seller');
    expect(await screen.findAllByRole('navigation', { name: 'Dashboard' })).not.toHaveLength(0);
  });

  it('sends a visitor to /login', async () => {
    mockApi(() => undefined);
    const { router } = renderApp('/buyer/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/buyer/settings' });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('clears a persisted student the server no longer knows', async () => {
    window.localStorage.setItem('user', JSON.stringify(studentWith('buyer')));
    mockApi((call) => (call.path === '/auth/session' ? json(401, { error: 'Not signed in', code: 'UNAUTHENTICATED' }) : undefined));
    const { router } = renderApp('/buyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it.each([
    ['buyer', '/seller', 'Access denied. Seller account required.'],
    ['seller', '/buyer/books', 'Access denied. Buyer account required.'],
    ['seller', '/admin', 'Access denied. Admin account required.'],
  ] as const)('refuses a %s at %s with the access-denied toast and goes to /login', async (role, path, message) => {
    mockApi(signedInAs(studentWith(role)), (call) => (call.path === '/auth/providers' ? json(200, { providers: [] }) : undefined));
    const { router } = renderApp(path);
    // A buyer or seller is first offered the area's role under the same message (account-roles.test.tsx);
    // declining it is the refusal the guard always gave.
    if (path !== '/admin') await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login page stays (to switch accounts) and says who is signed in.
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', role === 'buyer' ? '/buyer' : '/seller');
  });
});

describe('dashboard shell', () => {
  it('lists the buyer entries and marks the current one', async () => {
    mockApi(signedInAs(studentWith('buyer')));
    renderApp('/buyer/faculty');
    const [nav] = await screen.findAllByRole('navigation', { name: 'Dashboard' });
    const links = within(nav!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/buyer'],
      ['Buy Books', '/buyer/books'],
      ['Textbook Packages', '/buyer/packages'],
      ['Cart', '/buyer/cart'],
      ['Wishlist', '/buyer/wishlist'],
      ['Transactions', '/buyer/transactions'],
      ['Faculty', '/buyer/faculty'],
      ['Settings', '/buyer/settings'],
    ]);
    expect(within(nav!).getByRole('link', { name: 'Faculty' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav!).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByText('Thandi').length).toBeGreaterThan(0);
    // Buyers have a fixed avatar and no picker.
    const avatar = document.querySelector<HTMLImageElement>('img[src^="/api/v1/avatars/"]');
    expect(avatar?.getAttribute('src')).toBe('/api/v1/avatars/stu_4f9a2c7e1b3d.svg?style=7');
    expect(screen.queryByRole('button', { name: 'Change avatar' })).not.toBeInTheDocument();
  });

  it('lists the seller entries', async () => {
    mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller');
    const [nav] = await screen.findAllByRole('navigation', { name: 'Dashboard' });
    expect(within(nav!).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Sell a Book',
      'My Books',
      'Wishlist',
      'Transactions',
      'Faculty',
      'Settings',
    ]);
    expect(within(nav!).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav!).getByRole('link', { name: 'My Books' })).toHaveAttribute('href', '/seller/books');
  });

  it('collapses the sidebar and remembers it', async () => {
    const user = userEvent.setup();
    mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller');
    const collapse = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    const sidebar = collapse.closest<HTMLElement>('#dashboard-sidebar')!;
    expect(within(sidebar).getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
    await user.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(window.localStorage.getItem('sidebarCollapsed')).toBe('true');
    // Icons only, but every entry keeps its name.
    const [nav] = screen.getAllByRole('navigation', { name: 'Dashboard' });
    expect(within(nav!).getByRole('link', { name: 'Sell a Book' })).toBeInTheDocument();
    // The bell stays in the narrow sidebar.
    expect(within(sidebar).getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  });

  it('opens the phone menu, closes it with Escape and locks scrolling meanwhile', async () => {
    const user = userEvent.setup();
    mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Faculty' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('lets a seller pick an avatar style and remembers it', async () => {
    const user = userEvent.setup();
    mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller');
    const [change] = await screen.findAllByRole('button', { name: 'Change avatar' });
    await user.click(change!);
    const picker = await screen.findByRole('dialog', { name: 'Choose your avatar' });
    const styles = within(picker).getAllByRole('button', { name: /^Avatar style \d+$/ });
    expect(styles).toHaveLength(30);
    expect(within(picker).getByRole('button', { name: 'Avatar style 1' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(picker).getByRole('button', { name: 'Avatar style 13' }));
    expect(window.localStorage.getItem('avatarStyle')).toBe('12');
    await waitFor(() =>
      expect(document.querySelector('img[src="/api/v1/avatars/stu_4f9a2c7e1b3d.svg?style=12"]')).not.toBeNull(),
    );
  });

  it('signs out once however fast Sign Out is tapped, and goes to /login', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    const calls = mockApi((call) => {
      if (call.path === '/auth/session') return json(200, { student: studentWith('buyer') });
      if (call.path === '/auth/logout') return new Promise<Response>((resolve) => (finish = resolve));
      return undefined;
    });
    const { router } = renderApp('/buyer');
    const [signOut] = await screen.findAllByRole('button', { name: 'Sign Out' });
    await user.dblClick(signOut!);
    await user.click(signOut!);
    finish(new Response(null, { status: 204 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requestsTo(calls, (call) => call.method === 'POST' && call.path === '/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('still signs out locally when the server cannot be reached', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (call.path === '/auth/session') return json(200, { student: studentWith('seller') });
      if (call.path === '/auth/logout') return networkError();
      return undefined;
    });
    const { router } = renderApp('/seller');
    const [signOut] = await screen.findAllByRole('button', { name: 'Sign Out' });
    await user.click(signOut!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
