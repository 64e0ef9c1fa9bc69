// Buy Books: filters and search live in the URL (shareable, Back works), typing is debounced into one
// search, result cards, the empty catalogue and the no-results state with Clear filters.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_SORTS, formatRand, LIMITS } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { SORT_LABELS, catalogueQueryString, readFilters } from '../src/features/catalogue/filters';
import { FIRST_PAGE_QUERY } from '../src/features/catalogue/first-page';
import { bookWith, type Call, dashboardShell, json, list, mockApi, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

afterEach(() => toast.dismiss());

const bookSearches = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/books?'));
const paramsOf = (call: Call) => new URLSearchParams(call.path.split('?')[1]);

describe('catalogue', () => {
  it('shows result cards with the price, the seller and the university', async () => {
    mockApi((call) =>
      call.path.startsWith('/books?')
        ? json(200, list([bookWith(), bookWith({ id: 'bk_rated', title: 'Campbell Biology', seller: { id: 's2', firstName: 'Lerato', university: 'uj', rating: 4.5, reviewCount: 6, verified: false } })], 2))
        : undefined,
    );
    renderApp('/books');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy Books' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Calculus: Early Transcendentals' })).closest('article')!;
    expect(card.textContent).toContain(formatRand(450.5));
    expect(card).toHaveTextContent('James Stewart · 9th Edition');
    expect(card).toHaveTextContent('Good');
    expect(card).toHaveTextContent('Uni. of the Witwatersrand');
    expect(card).toHaveTextContent('Sipho');
    expect(card).toHaveTextContent('New seller');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/books/bk_calculus0000001');
    const photo = card.querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/uploads/calc-1-thumb.webp');
    expect(photo).toHaveAttribute('width');
    expect(photo).toHaveAttribute('height');
    const rated = screen.getByRole('link', { name: 'Campbell Biology' }).closest('article')!;
    expect(within(rated).getByRole('img', { name: 'Rated 4.5 out of 5 from 6 reviews' })).toBeInTheDocument();
    expect(screen.getByText('2 books for sale')).toBeInTheDocument();
    // Textbook Packages is one click away, and open to visitors too.
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Textbook Packages/ })).toHaveAttribute('href', '/packages');
  });

  it('says a count that stopped at the cap is a lower bound', async () => {
    mockApi((call) => (call.path.startsWith('/books?') ? json(200, { ...list([bookWith()], LIMITS.catalogueCountCap), totalCapped: true }) : undefined));
    renderApp('/books?q=introduction');
    expect(await screen.findByText(`${LIMITS.catalogueCountCap}+ books for sale`)).toBeInTheDocument();
  });

  it('keeps filters in the URL, sends them to the server, and Back undoes them', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    const { router } = renderApp('/buyer/books', studentWith('buyer'));
    const category = await screen.findByLabelText('Category');
    await user.selectOptions(category, 'mathematics');
    await waitFor(() => expect(router.state.location.search).toBe('?category=mathematics'));
    await user.selectOptions(screen.getByLabelText('Condition'), 'like-new');
    await waitFor(() => expect(router.state.location.search).toBe('?category=mathematics&condition=like-new'));
    await waitFor(() => {
      const last = paramsOf(bookSearches(calls).at(-1)!);
      expect(last.get('category')).toBe('mathematics');
      expect(last.get('condition')).toBe('like-new');
    });
    // The active filters show as removable chips.
    expect(screen.getByRole('button', { name: 'Remove filter Condition: Like New' })).toBeInTheDocument();

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?category=mathematics'));
    await waitFor(() => expect(screen.getByLabelText('Condition')).toHaveValue(''));
    expect(screen.getByLabelText('Category')).toHaveValue('mathematics');

    await user.click(screen.getByRole('button', { name: 'Remove filter Category: Mathematics' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a shared link with its filters applied', async () => {
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    renderApp('/books?q=stewart&university=uj&maxPrice=500&sort=price_asc&page=2');
    await screen.findByText('1 book for sale');
    const sent = paramsOf(bookSearches(calls)[0]!);
    expect(Object.fromEntries(sent)).toMatchObject({ q: 'stewart', university: 'uj', maxPrice: '500', sort: 'price_asc', page: '2' });
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('stewart');
    expect(screen.getByLabelText('University')).toHaveValue('uj');
    expect(screen.getByLabelText('Max price (R)')).toHaveValue('500');
  });

  it('debounces typing into one search and puts it in the URL', async () => {
    // The letters arrive in one go (no pause between keys), as from a quick typist: with real pauses, a
    // busy machine could stretch one past the debounce and make a search the page rightly sends.
    const user = userEvent.setup({ delay: null });
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    const { router } = renderApp('/books');
    await screen.findByText('1 book for sale');
    const before = bookSearches(calls).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search books' }), 'calc');
    await waitFor(() => expect(router.state.location.search).toBe('?q=calc'));
    await waitFor(() => expect(bookSearches(calls).some((call) => paramsOf(call).get('q') === 'calc')).toBe(true));
    const searches = bookSearches(calls).slice(before);
    // One search for the whole word, none for the letters on the way.
    expect(searches.map((call) => paramsOf(call).get('q'))).toEqual(['calc']);
    // Relevance is the default order once there is search text.
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
  });

  it('shows the no-results state and Clear filters empties the search', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (!call.path.startsWith('/books?')) return undefined;
      return json(200, paramsOf(call).get('q') ? list([], 0) : list([bookWith()], 1));
    });
    const { router } = renderApp('/books?q=zzzz&category=law');
    expect(await screen.findByRole('heading', { name: 'No books match your search' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const [clear] = within(main).getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 book for sale')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('');
  });

  it('with search words and no filter, the no-results state offers Clear search, not Clear filters', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (!call.path.startsWith('/books?')) return undefined;
      return json(200, paramsOf(call).get('q') ? list([], 0) : list([bookWith()], 1));
    });
    const { router } = renderApp('/books?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No books match your search' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Try other words, or clear the search to see every book for sale.')).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 book for sale')).toBeInTheDocument();
  });

  it('shows a designed empty catalogue when nothing is for sale', async () => {
    mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([], 0)) : undefined));
    renderApp('/books');
    expect(await screen.findByRole('heading', { name: 'No books for sale yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('pages through results with numbered links', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 30)) : undefined));
    const { router } = renderApp('/books');
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pagination).getByRole('link', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(paramsOf(bookSearches(calls).at(-1)!).get('page')).toBe('3'));
  });

  it('lets a buyer add a book to the cart from its card', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.path.startsWith('/books?')) return json(200, list([bookWith()], 1));
      if (call.path === '/cart/items') return json(201, { cart: { books: [], packages: [], count: 1, total: 450.5 } });
      return undefined;
    });
    renderApp('/buyer/books', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Calculus: Early Transcendentals' }));
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/cart/items')?.body).toEqual({ type: 'book', id: 'bk_calculus0000001' });
  });

  it('loads the first row of photos at once and with high priority, the rest lazily', async () => {
    const books = Array.from({ length: 6 }, (_, index) => bookWith({ id: `bk_row${String(index).padStart(13, '0')}`, title: `Book ${index + 1}` }));
    mockApi((call) => (call.path.startsWith('/books?') ? json(200, list(books, 6)) : undefined));
    renderApp('/books');
    await screen.findByRole('link', { name: 'Book 6' });
    const photos = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    expect(photos.map((photo) => photo.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(photos.map((photo) => photo.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'high', 'high', null, null]);
  });

  it('keeps its results in the one query cache when the visitor leaves and comes back', async () => {
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    const { router } = renderApp('/books');
    await screen.findByText('1 book for sale');
    await router.navigate('/about');
    await screen.findByRole('heading', { level: 1, name: /Textbooks that move/ });
    await router.navigate('/books');
    await screen.findByText('1 book for sale');
    expect(bookSearches(calls)).toHaveLength(1);
  });

  it('knows every sort of the API (its own list keeps zod out of the catalogue)', () => {
    expect(Object.keys(SORT_LABELS).sort()).toEqual([...CATALOGUE_SORTS].sort());
  });

  it('on a start at /books, the route asks for the first page itself (once) while the page code loads', async () => {
    // The head start is only taken while the document is still loading (jsdom's is complete).
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const pageShownWhenAsked: boolean[] = [];
    const calls = mockApi((call) => {
      if (!call.path.startsWith('/books?')) return undefined;
      pageShownWhenAsked.push(screen.queryByRole('heading', { level: 1, name: 'Buy Books' }) !== null);
      return json(200, list([bookWith()], 1));
    });
    const { router } = renderApp('/books');
    await screen.findByText('1 book for sale');
    expect(bookSearches(calls).map((call) => call.path)).toEqual([`/books?${FIRST_PAGE_QUERY}`]);
    expect(pageShownWhenAsked).toEqual([false]);

    // Later visits are the query cache's business: no second head start.
    readyState.mockReturnValue('complete');
    await router.navigate('/about');
    await screen.findByRole('heading', { level: 1, name: /Textbooks that move/ });
    await router.navigate('/books?category=mathematics');
    await waitFor(() => expect(bookSearches(calls)).toHaveLength(2));
    expect(paramsOf(bookSearches(calls)[1]!).get('category')).toBe('mathematics');
  });

  it('takes no head start when the address has a search or filters', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, list([bookWith()], 1)) : undefined));
    renderApp('/books?q=stewart');
    await screen.findByText('1 book for sale');
    expect(bookSearches(calls)).toHaveLength(1);
    expect(paramsOf(bookSearches(calls)[0]!).get('q')).toBe('stewart');
  });

  it('asks for the same first page the page itself would', () => {
    expect(FIRST_PAGE_QUERY).toBe(catalogueQueryString(readFilters(new URLSearchParams())));
  });
});
