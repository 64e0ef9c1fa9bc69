import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { fireEvent, render } from '@testing-library/react';
import { NavBar } from '../src/app/layouts/nav-bar';

function renderNavAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavBar />
            <Outlet />
          </>
        ),
        children: [{ path: '*', Component: () => <h1>Page</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
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

  it('has every link of the spec and a logo that goes home', () => {
    renderNavAt('/team');
    for (const name of ['Home', 'Contact', 'About', 'Team', 'Sign Up', 'Login']) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
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
    expect(links).toEqual(['Home', 'Contact', 'About', 'Team', 'Sign Up', 'Login']);

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
    window.dispatchEvent(new Event('scroll'));
    await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'true');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('has its shadow at once on a page opened part-way down (read in the first frame)', async () => {
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    renderNavAt('/');
    await waitFor(() => expect(screen.getByRole('banner')).toHaveAttribute('data-scrolled', 'true'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
