import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('shows the 404 page for an unknown path: green avatar, the message and Back Home', async () => {
    const user = userEvent.setup();
    const router = renderApp('/this/does/not/exist');
    expect(
      await screen.findByText('This page has vanished like a second-hand textbook before exams.'),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    const avatar = main.querySelector('img')!;
    expect(avatar.getAttribute('src')).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{12}\.svg\?style=\d+$/);
    expect(avatar).toHaveAttribute('alt', '');
    expect(avatar).toHaveAttribute('width');
    expect(avatar).toHaveAttribute('height');
    expect(avatar.parentElement).toHaveClass('bg-brand-100');
    // The public frame stays around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await user.click(within(main).getByRole('link', { name: 'Back Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['/', 'Reshelf — Second-hand textbooks for SA students', 'Your next textbook is on'],
    ['/about', 'About Us | Reshelf', 'Textbooks that move from student to student'],
    ['/team', 'Our Team | Reshelf', 'The people behind Reshelf'],
    ['/contact', 'Contact Us | Reshelf', 'We’d love to hear from you'],
    ['/terms', 'Terms of Service | Reshelf', 'Terms of Service'],
    ['/privacy', 'Privacy Policy | Reshelf', 'Privacy Policy'],
    ['/ai-tutor', 'AI Tutor | Reshelf', 'A study partner that never sleeps'],
    // The account pages and dashboards are tested with their features (they need the session).
  ])('%s has its title and heading', async (path, title, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    // The title is set in an effect after the page renders.
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('has a skip link to the main content', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('the terms page has 16 numbered sections and the last-updated date', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(16);
    const today = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(new Date());
    expect(screen.getByText(`Last updated: ${today}`)).toBeInTheDocument();
    expect(screen.getByText(/within 48 hours of purchase/)).toBeInTheDocument();
    expect(screen.getByText(/40-60% of the original price/)).toBeInTheDocument();
  });

  it('the footer carries the copyright line with the current year and its links', async () => {
    renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Reshelf. All rights reserved.`)).toBeInTheDocument();
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(within(quick).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/about', '/team', '/contact']);
    const account = within(footer).getByRole('navigation', { name: 'Account' });
    expect(within(account).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/login', '/signup']);
  });
});
