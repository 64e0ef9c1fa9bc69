// A signed-in student's catalogue opens on their own university first (the landing page's promise): a
// preset filter, shown as a chip like any other and cleared the same way, remembered in the address as
// university=all once cleared. Visitors see every campus.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueQueryString, readFilters, writeFilters } from '../src/features/catalogue/filters';
import { bookWith, type Call, dashboardShell, json, list, mockApi, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

const searches = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/books?'));
const lastSearch = (calls: Call[]) => new URLSearchParams(searches(calls).at(-1)!.path.split('?')[1]);

describe('campus first', () => {
  it('the address says the campus only when it differs from the student’s own; the server is always told the campus', () => {
    const home = 'wits' as const;
    expect(readFilters(new URLSearchParams(''), home).university).toBe('wits');
    expect(readFilters(new URLSearchParams('university=all'), home).university).toBeUndefined();
    expect(readFilters(new URLSearchParams('university=uj'), home).university).toBe('uj');
    expect(readFilters(new URLSearchParams('university=nowhere'), home).university).toBeUndefined();
    expect(readFilters(new URLSearchParams('')).university).toBeUndefined();

    const own = readFilters(new URLSearchParams('q=calculus'), home);
    expect(writeFilters(own).toString()).toBe('q=calculus');
    expect(catalogueQueryString(own)).toBe('q=calculus&university=wits&page=1&pageSize=12');
    const every = { ...own, university: undefined };
    expect(writeFilters(every).toString()).toBe('q=calculus&university=all');
    expect(catalogueQueryString(every)).toBe('q=calculus&page=1&pageSize=12');
    expect(writeFilters({ ...own, university: 'uj' }).toString()).toBe('q=calculus&university=uj');
  });

  it("opens a signed-in buyer's catalogue on their university, as a chip they can clear", async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    const { router } = renderApp('/buyer/books', studentWith('buyer'));
    await screen.findByRole('heading', { level: 1, name: 'Buy Books' });
    await waitFor(() => expect(lastSearch(calls).get('university')).toBe('wits'));
    expect(searches(calls).every((call) => call.path.includes('university=wits'))).toBe(true);
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('University')).toHaveValue('wits');

    await user.click(screen.getByRole('button', { name: 'Remove filter University: University of the Witwatersrand' }));
    await waitFor(() => expect(router.state.location.search).toBe('?university=all'));
    await waitFor(() => expect(lastSearch(calls).has('university')).toBe(false));
    expect(screen.getByLabelText('University')).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Remove filter University/ })).not.toBeInTheDocument();
  });

  it('shows visitors every campus', async () => {
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    renderApp('/books');
    await screen.findByRole('link', { name: 'Calculus: Early Transcendentals' });
    expect(searches(calls).every((call) => !call.path.includes('university='))).toBe(true);
  });

  it('offers every university when nothing at the student’s own matches, keeping the search', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (!call.path.startsWith('/books?')) return undefined;
      return json(200, call.path.includes('university=') ? list([], 0) : list([bookWith()], 1));
    });
    const { router } = renderApp('/books?q=stewart', studentWith('seller'));
    const empty = await screen.findByRole('heading', { name: 'No books match your search' });
    const state = empty.closest('div')!.parentElement!;
    expect(state).toHaveTextContent('Nothing at University of the Witwatersrand matches yet.');
    await user.click(within(state).getByRole('button', { name: 'Show every university' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=stewart&university=all'));
    expect(await screen.findByRole('link', { name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(lastSearch(calls).get('q')).toBe('stewart');
  });
  it('says when the student’s own university has no books yet, and shows every campus on request', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (!call.path.startsWith('/books?')) return undefined;
      return json(200, call.path.includes('university=') ? list([], 0) : list([bookWith()], 1));
    });
    const { router } = renderApp('/buyer/books', studentWith('buyer'));
    expect(await screen.findByRole('heading', { name: 'No books at University of the Witwatersrand yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every university' }));
    await waitFor(() => expect(router.state.location.search).toBe('?university=all'));
    expect(await screen.findByRole('link', { name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
  });
});
