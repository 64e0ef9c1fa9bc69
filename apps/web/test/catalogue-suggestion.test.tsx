// Search that forgives: when the catalogue answers a search with a `suggestion` (a misspelt word
// corrected), the page offers "Did you mean <suggestion>?" as a link, reachable by keyboard, that runs the
// corrected search; without one it says nothing of the kind.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookWith, type Call, dashboardShell, json, list, mockApi, renderApp } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
});

const searchesFor = (calls: Call[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/books?')).map((call) => new URLSearchParams(call.path.split('?')[1]).get('q'));

const organic = bookWith({ id: 'bk_organic00000001', title: 'Organic Chemistry', author: 'Paula Yurkanis Bruice' });

function answerSearches() {
  return mockApi((call) => {
    if (!call.path.startsWith('/books?')) return undefined;
    const q = new URLSearchParams(call.path.split('?')[1]).get('q');
    if (q === 'organc chemistry') return json(200, { ...list([], 0), suggestion: 'organic chemistry' });
    if (q === 'organic chemistry') return json(200, { ...list([organic], 1), suggestion: null });
    return undefined;
  });
}

describe('catalogue spelling suggestion', () => {
  it('offers "Did you mean …?" as a link that runs the corrected search, from the keyboard', async () => {
    const user = userEvent.setup();
    const calls = answerSearches();
    const { router } = renderApp('/books?q=organc+chemistry');
    const link = await screen.findByRole('link', { name: 'organic chemistry' });
    expect(link.closest('p')).toHaveTextContent(/^Did you mean organic chemistry\?$/);
    expect(link).toHaveAttribute('href', '/books?q=organic+chemistry');
    expect(screen.getByText('No books match your search')).toBeInTheDocument();

    // Tab reaches it from the search box (no pointer needed) and Enter follows it. (From the top of the
    // page, through the header, it is the same walk with more steps, each of them a pass over the page.)
    screen.getByRole('searchbox', { name: 'Search books' }).focus();
    for (let i = 0; i < 60 && document.activeElement !== link; i++) await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?q=organic+chemistry'));
    expect(await screen.findByRole('link', { name: 'Organic Chemistry' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('organic chemistry');
    expect(screen.getByText('1 book for sale')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    expect(searchesFor(calls)).toEqual(['organc chemistry', 'organic chemistry']);
  });

  it('says nothing of the kind when the answer has no suggestion', async () => {
    answerSearches();
    renderApp('/books?q=organic+chemistry');
    expect(await screen.findByRole('link', { name: 'Organic Chemistry' })).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });
});
