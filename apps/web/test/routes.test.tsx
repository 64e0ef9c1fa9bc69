import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '@reshelf/shared';
import { routes } from '../src/app/routes';
import { SessionProvider } from '../src/lib/session';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { bookWith, dashboardShell, emptyHomes, installFakeWebSocket, json, mockApi, renderApp as renderSignedIn, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests, and some land on an area's home.
beforeEach(() => {
  mockApi(dashboardShell, emptyHomes);
});

/** The whole app for a visitor (no session, so no session check either). */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
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
    // The sentence is unchanged; its range is one unbreakable piece of it (a nowrap span), so a phone never
    // ends a line at "40-".
    const pricing = screen.getByText((_, element) => element?.tagName === 'P' && /40-60% of the original price/.test(element.textContent ?? ''));
    expect(within(pricing).getByText('40-60%')).toHaveClass('whitespace-nowrap');
  });

  it('the footer carries the copyright line with the current year and its links', async () => {
    renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Reshelf. All rights reserved.`)).toBeInTheDocument();
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(within(quick).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/about', '/team', '/contact']);
    const account = within(footer).getByRole('navigation', { name: 'Account' });
    expect(within(account).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/login', '/signup']);
    // The ways into the marketplace itself.
    const explore = within(footer).getByRole('navigation', { name: 'Explore' });
    expect(within(explore).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Browse books', '/books'],
      ['Textbook Packages', '/packages'],
      ['AI Tutor', '/ai-tutor'],
    ]);
  });

  it('the landing page search box opens the catalogue with the words as its search', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path.startsWith('/books?') ? json(200, { items: [], total: 0, page: 1, pageSize: 12 }) : undefined));
    const router = renderApp('/');
    const search = await screen.findByRole('search', { name: 'Search books' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search books by title, author or ISBN' }), '  Stewart calculus ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/books'));
    expect(router.state.location.search).toBe('?q=Stewart+calculus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy Books' })).toBeInTheDocument();
  });

  it('the landing page leads to the catalogue, packages, every featured campus and the AI tutor', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'browse all books' })).toHaveAttribute('href', '/books');
    expect(within(main).getByRole('link', { name: 'textbook packages' })).toHaveAttribute('href', '/packages');
    expect(within(main).getByRole('link', { name: /Books at University of the Witwatersrand/ })).toHaveAttribute('href', '/books?university=wits');
    expect(within(main).getByRole('link', { name: /Meet the AI Tutor/ })).toHaveAttribute('href', '/ai-tutor');
    // No promise that listings need an account.
    expect(main).not.toHaveTextContent(/sign up .* see listings/i);
    // Why Choose Reshelf's "40-60%" never breaks at its hyphen, and reads as it is written.
    const saving = within(main).getByRole('heading', { name: 'Save up to 70%' }).nextElementSibling!;
    expect(saving).toHaveTextContent(/^Used textbooks usually sell for 40-60% of the original price\. More money left for data and lunch\.$/);
    expect(within(saving as HTMLElement).getByText('40-60%')).toHaveClass('whitespace-nowrap');
  });

  it('the team page shows no placeholder text and no link to a social site\'s front page', async () => {
    renderApp('/team');
    await screen.findByRole('heading', { level: 1, name: 'The people behind Reshelf' });
    const main = screen.getByRole('main');
    expect(main).not.toHaveTextContent(/placeholder/i);
    expect(within(main).getAllByRole('listitem')).toHaveLength(4);
    for (const link of within(main).queryAllByRole('link')) {
      const href = link.getAttribute('href')!;
      expect(['https://www.linkedin.com/', 'https://github.com/', 'https://linkedin.com/']).not.toContain(href);
    }
  });

  it.each([
    ['buyer', '/buyer/nonsense', '/buyer'],
    ['seller', '/seller/xyz', '/seller'],
    ['admin', '/admin/whatever', '/admin'],
  ] as const)('a mistyped %s address (%s) shows the 404 inside the dashboard frame, with the way back to its Home', async (role: Role, path, home) => {
    installFakeWebSocket();
    mockApi(() => undefined);
    const user = userEvent.setup();
    const { router } = renderSignedIn(path, studentWith(role));
    expect(await screen.findByText('This page has vanished like a second-hand textbook before exams.')).toBeInTheDocument();
    // The dashboard's own navigation, not the public bar and footer.
    expect(screen.getAllByRole('navigation', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Back Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });
  it.each([
    ['/buyer/books?q=calculus', '/books', '?q=calculus'],
    ['/buyer/books/bk_calculus0000001', '/books/bk_calculus0000001', ''],
    [`/buyer/editions/${SAMPLE_ISBN13}`, `/editions/${SAMPLE_ISBN13}`, ''],
    ['/buyer/packages?package=engineering', '/packages', '?package=engineering'],
  ])('a visitor with a link to %s sees its public page instead of a login form', async (path, pathname, search) => {
    mockApi((call) => {
      if (call.path.startsWith('/books?')) return json(200, { items: [], total: 0, page: 1, pageSize: 12 });
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.path === `/editions/${SAMPLE_ISBN13}`) return json(200, { edition: editionWith() });
      if (call.path === '/packages') return json(200, { items: [] });
      return undefined;
    });
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
  it("the landing page does not invite a signed-in student to sign up: Sell Now! goes to a seller's listing form, no promo", async () => {
    installFakeWebSocket();
    mockApi(() => undefined);
    renderSignedIn('/', studentWith('seller'));
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: /Sell Now!/ })).toHaveAttribute('href', '/seller/sell');
    expect(within(main).getByRole('link', { name: 'List a book' })).toHaveAttribute('href', '/seller/sell');
    expect(within(main).queryByRole('link', { name: 'Join Reshelf' })).not.toBeInTheDocument();
  });
});
