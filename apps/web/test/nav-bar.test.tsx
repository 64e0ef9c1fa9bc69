import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { fireEvent, render } from '@testing-library/react';
import type { Student } from '@reshelf/shared';
import { NavBar } from '../src/app/layouts/nav-bar';
import { SessionProvider } from '../src/lib/session';
import { json, mockApi, requestsTo, studentWith } from './harness';

/** The bar above a page with a link of its own (which the open menu must make unreachable). */
function renderNavAt(path: string, student: Student | null = null) {
  if (student) {
    // Remembered in this browser, and confirmed by the session check at start-up.
    window.localStorage.setItem('user', JSON.stringify(student));
    mockApi((call) => (call.method === 'GET' && call.path === '/auth/session' ? json(200, { student }) : undefined));
  }
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavBar />
            <Outlet />
          </>
        ),
        children: [
          {
            path: '*',
            Component: () => (
              <main>
                <h1>Page</h1>
                <Link to="/terms">A link on the page</Link>
              </main>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

describe('public navigation bar', () => {
  it('marks the current page\'s link as current, and only that one', () => {
    renderNavAt('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Team' })).not.toHaveAttribute('aria-current');
  });

  it('has every main link, Browse books, and a logo that goes home', () => {
    renderNavAt('/team');
    for (const name of ['Home', 'Contact', 'About', 'Team', 'Sign Up', 'Login']) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Browse books', 'Contact', 'About', 'Team']);
    expect(within(nav).getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
    const logo = screen.getByRole('img', { name: 'Reshelf' });
    expect(logo.closest('a')).toHaveAttribute('href', '/');
  });

  it('opens the mobile menu with Toggle menu, locks page scrolling, and closes on a link', async () => {
    const user = userEvent.setup();
    const router = renderNavAt('/about');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByTestId('mobile-menu');
    expect(document.body.style.overflow).toBe('hidden');
    const links = within(menu).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Browse books', 'Contact', 'About', 'Team', 'Sign Up', 'Login']);

    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(router.state.location.pathname).toBe('/contact');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes the mobile menu on Escape and when the logo is chosen', async () => {
    const user = userEvent.setup();
    const router = renderNavAt('/team');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('img', { name: 'Reshelf' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('falls back to the default logo when the logo fails to load', () => {
    renderNavAt('/');
    const logo = screen.getByRole('img', { name: 'Reshelf' });
    expect(logo).toHaveAttribute('src', '/logo.svg');
    fireEvent.error(logo);
    expect(screen.getByRole('img', { name: 'Reshelf' })).toHaveAttribute('src', '/logo-fallback.svg');
  });

  it('gains a shadow after scrolling past 10px', async () => {
    renderNavAt('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    Object.defineProperty(window, 'scrollY', { value: 11, configurable: true });
    // A scroll is not a discrete event: React draws its update when the scheduler next runs, not at once.
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled', 'true'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('has its shadow at once on a page opened part-way down (read in the first frame)', async () => {
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    renderNavAt('/');
    await waitFor(() => expect(screen.getByRole('banner')).toHaveAttribute('data-scrolled', 'true'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  it('keeps Browse books current on a book of the catalogue', () => {
    renderNavAt('/books/bk_calculus0000001');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Browse books' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('traps keyboard focus in the open menu, makes the page behind inert, and Escape hands focus back', async () => {
    const user = userEvent.setup();
    renderNavAt('/about');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    const pageLink = screen.getByRole('link', { name: 'A link on the page' });
    await user.click(toggle);
    const menu = screen.getByTestId('mobile-menu');
    expect(pageLink.closest('[inert]')).not.toBeNull();
    const logo = screen.getByRole('img', { name: 'Reshelf' }).closest('a')!;
    const order = [logo, toggle, ...within(menu).getAllByRole('link')];

    // Forwards from the menu button through every entry, then around to the logo, never behind.
    expect(toggle).toHaveFocus();
    for (const expected of [...order.slice(2), logo, toggle]) {
      await user.tab();
      expect(document.activeElement).toBe(expected);
    }
    // And backwards from the logo to the last entry.
    await user.tab({ shift: true });
    expect(logo).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(pageLink.closest('[inert]')).toBeNull();
  });

  it('shows a signed-in student their avatar menu instead of Sign Up and Login, and signs out once', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    const calls = mockApi((call) => (call.path === '/auth/logout' ? new Promise<Response>((resolve) => (finish = resolve)) : undefined));
    const router = renderNavAt('/about', studentWith('buyer'));
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    // The signed-in parts of the bar load on demand (visitors never download them).
    const account = await screen.findByRole('button', { name: /Thandi, account menu/ });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/buyer');
    expect(within(panel).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/buyer/settings');
    expect(panel.querySelector('img')).toHaveAttribute('src', '/api/v1/avatars/stu_buyer000000001.svg?style=7');

    // Escape closes it and gives focus back to the button.
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();

    await user.click(account);
    const signOut = within(document.getElementById(account.getAttribute('aria-controls')!)!).getByRole('button', { name: 'Sign out' });
    await user.dblClick(signOut);
    await user.click(signOut);
    finish(new Response(null, { status: 204 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requestsTo(calls, (call) => call.path === '/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(await screen.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0);
  });

  it("puts the student's dashboard and Sign out in the phone menu, and their avatar beside it", async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/auth/logout' ? json(204) : undefined));
    const router = renderNavAt('/', studentWith('seller'));
    expect(screen.getByRole('link', { name: 'My dashboard (Sipho)' })).toHaveAttribute('href', '/seller');
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    const menu = screen.getByTestId('mobile-menu');
    expect(within(menu).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(await within(menu).findByText('Seller account')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/seller');
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
