// The edition page (/editions/:isbn): what the edition is, its counts, price range and courses, its copies
// grouped by campus or condition with links to each; 404 and a wrong ISBN. And the book page's link to
// it: "N more copies of this edition", asked for after the book, absent when there are no others.
import { render, screen, within, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatRand, type Book } from '@reshelf/shared';
import { createQueryClient } from '../src/app/query-client';
import { EditionLink } from '../src/features/catalogue/components/edition-link';
import { editionQuery } from '../src/lib/editions';
import { bookWith, dashboardShell, json, mockApi, renderApp, studentWith } from './harness';
import { heldAnswer } from './api-mock';
import { SAMPLE_ISBN13, copyWith, editionWith } from './edition-fixtures';

const EDITION_PATH = `/editions/${SAMPLE_ISBN13}`;

const richEdition = editionWith({
  available: 3,
  sold: 5,
  price: { low: 120, median: 200, high: 300 },
  courses: [
    { university: 'wits', code: 'MATH1014' },
    { university: 'up', code: 'WTW114' },
  ],
  copies: [
    copyWith({ id: 'bk_copy_uct_good', university: 'uct', condition: 'good', price: 120 }),
    copyWith({ id: 'bk_copy_wits_accep', university: 'wits', condition: 'acceptable', price: 150, image: null }),
    copyWith({ id: 'bk_copy_wits_new', university: 'wits', condition: 'like-new', price: 300 }),
  ],
});

describe('edition page', () => {
  it('shows the edition, its counts, price range, courses and copies grouped by campus or condition', async () => {
    const user = userEvent.setup();
    const held = heldAnswer(200, { edition: richEdition });
    const calls = mockApi((call) => (call.method === 'GET' && call.path === EDITION_PATH ? held.response : undefined));
    // Typed with hyphens: the page asks for the ISBN-13, and shows its skeleton until the answer comes.
    renderApp('/editions/978-1-337-61392-7');
    expect(await screen.findByRole('status', { name: 'Loading edition' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/editions/')).map((call) => call.path)).toEqual([EDITION_PATH]);
    await waitFor(() => expect(document.title).toBe('Calculus: Early Transcendentals | Reshelf'));
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('James Stewart');
    expect(main).toHaveTextContent('Cengage · 2020 · 9th Edition');
    expect(main).toHaveTextContent('3 available');
    expect(main).toHaveTextContent('5 sold');
    expect(main.textContent).toContain(`${formatRand(120)} – ${formatRand(300)}, median ${formatRand(200)}`);
    expect(within(main).getByText('MATH1014')).toBeInTheDocument();
    expect(within(main).getByText('WTW114')).toBeInTheDocument();

    // By campus (the default): one section per university, best condition first within it.
    const groups = () => within(main).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(groups()).toEqual(['University of Cape Town (1)', 'University of the Witwatersrand (2)']);
    const wits = screen.getByRole('region', { name: 'University of the Witwatersrand (2)' });
    const links = within(wits).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/books/bk_copy_wits_new', '/books/bk_copy_wits_accep']);
    expect(links[0]).toHaveAccessibleName(`${formatRand(300)}: Like New copy of Calculus: Early Transcendentals at University of the Witwatersrand`);
    // Each copy shows its first photo, or the placeholder when it has none.
    const photos = Array.from(wits.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(photos).toEqual(['/uploads/calc-1-thumb.webp', '/placeholder-book.svg']);

    await user.click(screen.getByRole('button', { name: 'Condition' }));
    expect(screen.getByRole('button', { name: 'Condition' })).toHaveAttribute('aria-pressed', 'true');
    expect(groups()).toEqual(['Like New (1)', 'Good (1)', 'Acceptable (1)']);
  });

  it('links each copy to its page in the buyer area for a buyer', async () => {
    mockApi(dashboardShell, (call) => (call.method === 'GET' && call.path === EDITION_PATH ? json(200, { edition: richEdition }) : undefined));
    renderApp(EDITION_PATH.replace('/editions', '/buyer/editions'), studentWith('buyer'));
    await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' });
    const uct = screen.getByRole('region', { name: 'University of Cape Town (1)' });
    expect(within(uct).getByRole('link')).toHaveAttribute('href', '/buyer/books/bk_copy_uct_good');
  });

  it('404: a friendly not-found state', async () => {
    mockApi((call) => (call.path === EDITION_PATH ? json(404, { error: MESSAGES.editionNotFound, code: 'NOT_FOUND' }) : undefined));
    renderApp(EDITION_PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'No copies of this book yet' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(MESSAGES.editionNotFound);
    expect(within(main).getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
  });

  it('a wrong ISBN says "Invalid ISBN" and asks nothing', async () => {
    const calls = mockApi(() => undefined);
    renderApp('/editions/9781337613928');
    expect(await screen.findByRole('heading', { level: 2, name: MESSAGES.invalidIsbn })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Invalid ISBN | Reshelf'));
    expect(calls.filter((call) => call.path.startsWith('/editions'))).toEqual([]);
  });

  it('repeats a long wrong address in a part that may break anywhere, so it wraps on a phone', async () => {
    const typed = 'x'.repeat(120);
    mockApi(() => undefined);
    renderApp(`/editions/${typed}`);
    expect(await screen.findByRole('heading', { level: 2, name: MESSAGES.invalidIsbn })).toBeInTheDocument();
    const shown = screen.getByText(typed);
    expect(shown).toHaveClass('break-all');
    expect(shown.parentElement).toHaveTextContent(`"${typed}" is not an ISBN: check its digits.`);
  });
});

describe("book page's link to its edition", () => {
  const bookPath = '/books/bk_calculus0000001';
  const answer = (available: number) => (call: { method: string; path: string }) => {
    if (call.method !== 'GET') return undefined;
    if (call.path === bookPath) return json(200, { book: bookWith() });
    if (call.path === EDITION_PATH) return json(200, { edition: editionWith({ available }) });
    return undefined;
  };

  it.each([
    [4, '3 more copies of this edition'],
    [2, '1 more copy of this edition'],
  ])('with %i available: "%s", asked for after the book', async (available, text) => {
    const calls = mockApi(answer(available));
    renderApp(bookPath);
    expect(await screen.findByRole('link', { name: text })).toHaveAttribute('href', EDITION_PATH);
    expect(calls.map((call) => call.path).filter((path) => path === bookPath || path === EDITION_PATH)).toEqual([bookPath, EDITION_PATH]);
  });

  it('no link when this is the only copy (or the edition holds no other available one)', async () => {
    // The edition already in the cache, so the link's absence is not just the answer still on its way.
    const client = createQueryClient();
    const show = (book: Book, available: number) => {
      client.setQueryData(editionQuery(SAMPLE_ISBN13).queryKey, editionWith({ available }));
      return render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <EditionLink book={book} editionsPath="/editions" />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    };
    const only = show(bookWith(), 1);
    expect(only.container).toBeEmptyDOMElement();
    only.unmount();
    // A reserved book is not among the available copies: the one available copy is another.
    const reserved = show(bookWith({ availability: 'reserved' }), 1);
    expect(screen.getByRole('link', { name: '1 more copy of this edition' })).toHaveAttribute('href', EDITION_PATH);
    reserved.unmount();
    const none = show(bookWith({ availability: 'reserved' }), 0);
    expect(none.container).toBeEmptyDOMElement();
  });

  it('in the buyer area the link stays in the buyer area', async () => {
    mockApi(dashboardShell, (call) => {
      if (call.method !== 'GET') return undefined;
      if (call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.path === EDITION_PATH) return json(200, { edition: editionWith({ available: 3 }) });
      if (call.path.startsWith('/orders?')) return json(200, { items: [], total: 0, page: 1, pageSize: 100 });
      return undefined;
    });
    renderApp('/buyer/books/bk_calculus0000001', studentWith('buyer'));
    expect(await screen.findByRole('link', { name: '2 more copies of this edition' })).toHaveAttribute('href', `/buyer${EDITION_PATH}`);
  });
});
