// Wishlists in the web app: the Wishlist page of both areas (its entries, the add form with the shared
// rules, delete and the emails switch acting once per tap, the empty state, the form filled in from the
// address), "Save to wishlist" on an edition's page and on the catalogue's search (signed in, signed out,
// admin), an email's unsubscribe page, and a wishlist notice in the bell leading to the book.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatRand, type WishlistEntry } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { bookWith, dashboardShell, json, list, mockApi, renderApp, requestsTo, studentWith, type Call } from './harness';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';

beforeEach(() => {
  mockApi(dashboardShell);
});
afterEach(() => toast.dismiss());

function entryWith(extra: Partial<WishlistEntry> = {}): WishlistEntry {
  return {
    id: 'wl_isbn00000000001',
    isbn: SAMPLE_ISBN13,
    q: null,
    course: null,
    university: null,
    maxPrice: null,
    emails: true,
    matches: 0,
    lastMatchAt: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...extra,
  };
}

const searchEntry = entryWith({ id: 'wl_search000000001', isbn: null, q: 'calculus stewart', university: 'wits', maxPrice: 300, matches: 2, lastMatchAt: '2026-11-21T09:00:00.000Z' });
const courseEntry = entryWith({ id: 'wl_course000000001', isbn: null, course: 'MATH1014', emails: false });

const wishlistGets = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/wishlist?'));

/** The wishlist as the server keeps it for one test: GET answers it, POST adds, DELETE and PATCH change it. */
function wishlistServer(initial: WishlistEntry[]) {
  let entries = [...initial];
  return (call: Call) => {
    if (call.method === 'GET' && call.path === '/wishlist?page=1&pageSize=50') return json(200, list(entries, entries.length, 1, 50));
    const id = /^\/wishlist\/([^/?]+)$/.exec(call.path)?.[1];
    if (call.method === 'DELETE' && id) {
      entries = entries.filter((e) => e.id !== id);
      return new Response(null, { status: 204 });
    }
    if (call.method === 'PATCH' && id) {
      entries = entries.map((e) => (e.id === id ? { ...e, emails: Boolean(call.body?.emails) } : e));
      return json(200, { entry: entries.find((e) => e.id === id) });
    }
    if (call.method === 'POST' && call.path === '/wishlist') {
      const entry = entryWith({ id: `wl_new${entries.length}`, isbn: null, ...(call.body as Partial<WishlistEntry>) });
      entries = [entry, ...entries];
      return json(201, { entry });
    }
    return undefined;
  };
}

describe('the Wishlist page', () => {
  it('lists what the buyer waits for: campus, price, matches, emails, and where the books are', async () => {
    mockApi(wishlistServer([entryWith(), searchEntry, courseEntry]));
    renderApp('/buyer/wishlist', studentWith('buyer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wishlist' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wishlist | Reshelf'));
    const entries = await screen.findByRole('list', { name: 'Your wishlist' });
    const rows = within(entries).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([`ISBN ${SAMPLE_ISBN13}`, '"calculus stewart"', 'MATH1014']);
    expect(rows[0]).toHaveTextContent('Any campus');
    expect(rows[0]).toHaveTextContent('Any price');
    expect(rows[0]).toHaveTextContent('No matching books listed yet');
    expect(rows[1]).toHaveTextContent('University of the Witwatersrand');
    expect(rows[1]!.textContent).toContain(`Up to ${formatRand(300)}`);
    expect(rows[1]).toHaveTextContent('2 matching books listed, the last on 21 Nov 2026');
    expect(within(rows[0]!).getByText('Emails on')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Emails off')).toBeInTheDocument();
    expect(screen.getByText('3 of 50 entries')).toBeInTheDocument();
    const links = rows.map((row) => within(row).getByRole('link', { name: /See matching books/ }).getAttribute('href'));
    expect(links).toEqual([
      `/buyer/editions/${SAMPLE_ISBN13}`,
      '/buyer/books?q=calculus+stewart&university=wits&maxPrice=300',
      '/buyer/books?course=MATH1014&university=all',
    ]);
    // The dashboard's own entry, marked as the current page.
    const [nav] = screen.getAllByRole('navigation', { name: 'Dashboard' });
    expect(within(nav!).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a designed empty state, and the seller has the page too', async () => {
    mockApi(wishlistServer([]));
    renderApp('/seller/wishlist', studentWith('seller'));
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
    const [nav] = screen.getAllByRole('navigation', { name: 'Dashboard' });
    expect(within(nav!).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/seller/wishlist');
  });

  it('checks the form with the shared rules before sending, then saves and lists the entry', async () => {
    const user = userEvent.setup();
    const calls = mockApi(wishlistServer([]));
    renderApp('/buyer/wishlist', studentWith('buyer'));
    await screen.findByRole('heading', { name: 'Your wishlist is empty' });
    const save = screen.getByRole('button', { name: 'Save to wishlist' });

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Add an ISBN, search words or a course code to save');
    expect(screen.getByLabelText('ISBN')).toHaveFocus();

    await user.type(screen.getByLabelText('ISBN'), '978-0-13-110362-8');
    await user.click(save);
    expect(await screen.findByText('Invalid ISBN')).toBeInTheDocument();
    expect(screen.getByLabelText('ISBN')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('ISBN'));

    await user.type(screen.getByLabelText('Search words'), '  Calculus Stewart ');
    await user.selectOptions(screen.getByLabelText('Campus'), 'wits');
    await user.type(screen.getByLabelText('Max price (R)'), '0');
    await user.click(save);
    expect(await screen.findByText('Max price must be more than R0')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Max price (R)'));
    await user.type(screen.getByLabelText('Max price (R)'), '300.50');
    await user.click(save);

    expect(await screen.findByText('Saved to your wishlist. We will tell you when a matching book is listed.')).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/wishlist', body: { q: 'Calculus Stewart', university: 'wits', maxPrice: 300.5 } }]);
    const entries = await screen.findByRole('list', { name: 'Your wishlist' });
    expect(entries).toHaveTextContent('"Calculus Stewart"');
    // The form is empty again for the next one.
    expect(screen.getByLabelText('Search words')).toHaveValue('');
    expect(screen.getByLabelText('Campus')).toHaveValue('');
  });

  it("says what the server refused: a duplicate in a toast, a field's problem under the field", async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (call.method !== 'POST') return undefined;
      if (call.body?.course === 'MATH1014') return json(409, { error: 'This is already on your wishlist', code: 'WISHLIST_DUPLICATE' });
      return json(400, { error: 'Invalid ISBN', code: 'VALIDATION', fields: { isbn: 'Invalid ISBN' } });
    }, wishlistServer([]));
    renderApp('/buyer/wishlist', studentWith('buyer'));
    await screen.findByRole('heading', { name: 'Your wishlist is empty' });
    await user.type(screen.getByLabelText('Course code'), 'math1014');
    await user.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    expect(await screen.findByText('This is already on your wishlist')).toBeInTheDocument();
    expect(screen.getByLabelText('Course code')).toHaveValue('math1014');

    await user.clear(screen.getByLabelText('Course code'));
    await user.type(screen.getByLabelText('ISBN'), '9780131103627');
    await user.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    await waitFor(() => expect(screen.getByLabelText('ISBN')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('fills the form in from the address (a signed-out "Save to wishlist" comes back here after login)', async () => {
    mockApi(wishlistServer([]));
    renderApp(`/buyer/wishlist?isbn=${SAMPLE_ISBN13}&university=uct&maxPrice=250`, studentWith('buyer'));
    expect(await screen.findByLabelText('ISBN')).toHaveValue(SAMPLE_ISBN13);
    expect(screen.getByLabelText('Campus')).toHaveValue('uct');
    expect(screen.getByLabelText('Max price (R)')).toHaveValue('250');
    expect(screen.getByLabelText('Search words')).toHaveValue('');
  });

  it('deletes an entry once however fast Delete is tapped', async () => {
    const calls = mockApi(wishlistServer([entryWith(), searchEntry]));
    renderApp('/buyer/wishlist', studentWith('buyer'));
    const remove = await screen.findByRole('button', { name: `Delete ISBN ${SAMPLE_ISBN13} from your wishlist` });
    fireEvent.click(remove);
    fireEvent.click(remove);
    fireEvent.click(remove);
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your wishlist' })).getAllByRole('listitem')).toHaveLength(1));
    expect(requestsTo(calls, (call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/wishlist/wl_isbn00000000001', body: undefined }]);
    expect(wishlistGets(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('turns an entry’s emails on and off, once per tap', async () => {
    const user = userEvent.setup();
    const calls = mockApi(wishlistServer([courseEntry]));
    renderApp('/buyer/wishlist', studentWith('buyer'));
    const on = await screen.findByRole('button', { name: 'Turn emails on for MATH1014' });
    fireEvent.click(on);
    fireEvent.click(on);
    expect(await screen.findByText('Emails about this entry are on again')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Stop emails for MATH1014' }));
    expect(await screen.findByText('Emails about this entry are off. Its matches still show in your notifications.')).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ emails: true }, { emails: false }]);
  });
});

describe('"Save to wishlist" where a student looks for books', () => {
  const editionAnswer = (call: Call) => (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}` ? json(200, { edition: editionWith() }) : undefined);

  it("saves an edition's ISBN for a signed-in buyer, once, and links to the wishlist", async () => {
    const calls = mockApi(editionAnswer, wishlistServer([]));
    renderApp(`/buyer/editions/${SAMPLE_ISBN13}`, studentWith('buyer'));
    const save = await screen.findByRole('button', { name: 'Save to wishlist' });
    expect(screen.getByText('We tell you when a copy is listed.')).toBeInTheDocument();
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByRole('link', { name: 'View your wishlist' })).toHaveAttribute('href', '/buyer/wishlist');
    expect(screen.getByText(/On your wishlist\./)).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/wishlist', body: { isbn: SAMPLE_ISBN13 } }]);
  });

  it('offers it on an ISBN nobody has listed yet, and treats "already on your wishlist" as saved', async () => {
    mockApi(
      (call) => (call.path === '/editions/9780131103627' ? json(404, { error: 'No book with this ISBN has been listed on Reshelf', code: 'NOT_FOUND' }) : undefined),
      (call) => (call.method === 'POST' && call.path === '/wishlist' ? json(409, { error: 'This is already on your wishlist', code: 'WISHLIST_DUPLICATE' }) : undefined),
    );
    renderApp('/editions/0-13-110362-8', studentWith('seller'));
    expect(await screen.findByRole('heading', { name: 'No copies of this book yet' })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save to wishlist' }));
    expect(await screen.findByText('This is already on your wishlist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your wishlist' })).toHaveAttribute('href', '/seller/wishlist');
  });

  it('leads a visitor to the login page, which brings them back to the Wishlist page with the entry filled in', async () => {
    const user = userEvent.setup();
    const calls = mockApi(editionAnswer);
    const { router } = renderApp(`/editions/${SAMPLE_ISBN13}`);
    const save = await screen.findByRole('link', { name: 'Save to wishlist' });
    expect(screen.getByText('Log in to save it. We tell you when a copy is listed.')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/buyer/wishlist?isbn=${SAMPLE_ISBN13}` });
    expect(calls.some((call) => call.path.startsWith('/wishlist'))).toBe(false);
  });

  it('is not offered to an admin, who keeps no wishlist', async () => {
    mockApi(editionAnswer);
    renderApp(`/editions/${SAMPLE_ISBN13}`, studentWith('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save to wishlist' })).not.toBeInTheDocument();
  });

  it("saves the catalogue's search with its course, campus and max price", async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path.startsWith('/books?') ? json(200, { ...list([bookWith()], 1), suggestion: null }) : undefined), wishlistServer([]));
    renderApp('/buyer/books?q=calculus&course=MATH1014&maxPrice=400', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('link', { name: 'View your wishlist' })).toBeInTheDocument();
    // The buyer's catalogue is on their own campus unless they choose every campus.
    expect(requestsTo(calls, (call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/wishlist', body: { q: 'calculus', course: 'MATH1014', university: 'wits', maxPrice: 400 } },
    ]);
  });

  it('offers "Save this course" for a course alone, and nothing when there is no search', async () => {
    mockApi((call) => (call.path.startsWith('/books?') ? json(200, { ...list([bookWith()], 1), suggestion: null }) : undefined));
    const { router } = renderApp('/books?course=MATH1014');
    expect(await screen.findByRole('link', { name: 'Save this course' })).toBeInTheDocument();
    await router.navigate('/books');
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Save this/ })).not.toBeInTheDocument());
  });
});

describe("an email's unsubscribe page", () => {
  const TOKEN = 'wl_search000000001~c2lnbmF0dXJl';
  const info = (emails: boolean) => ({ unsubscribe: { entry: { isbn: null, q: 'calculus stewart', course: null, university: 'wits', maxPrice: 300 }, emails } });

  it('says which entry the link is about, and stops its emails with one tap', async () => {
    let stopped = false;
    const calls = mockApi((call) => {
      if (call.path !== `/wishlist/unsubscribe/${TOKEN}`) return undefined;
      if (call.method === 'POST') stopped = true;
      return json(200, info(!stopped));
    });
    renderApp(`/wishlist/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stop wishlist emails' })).toBeInTheDocument();
    // As the page reads (Testing Library reads the price's no-break space as a space).
    const words = `"calculus stewart" at University of the Witwatersrand up to ${formatRand(300)}`.replace(/\u00a0/g, ' ');
    expect(await screen.findByText(`Stop emails about ${words}?`)).toBeInTheDocument();
    const stop = screen.getByRole('button', { name: 'Stop these emails' });
    fireEvent.click(stop);
    fireEvent.click(stop);
    expect(await screen.findByText(`You will get no more emails about ${words}.`)).toBeInTheDocument();
    expect(screen.getByText('The entry stays on your wishlist and matches still show in your Reshelf notifications.')).toBeInTheDocument();
    // Opening the link changed nothing; only the tap did, once.
    expect(requestsTo(calls, (call) => call.path.startsWith('/wishlist/')).map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  it('says so when the link is not valid or its entry is gone', async () => {
    mockApi((call) => (call.path === '/wishlist/unsubscribe/bad' ? json(400, { error: 'This unsubscribe link is not valid', code: 'INVALID_LINK' }) : undefined));
    const { router } = renderApp('/wishlist/unsubscribe/bad');
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeInTheDocument();
    mockApi((call) => (call.path === '/wishlist/unsubscribe/gone~x' ? json(404, { error: 'This wishlist entry was deleted, so it sends no more emails', code: 'ENTRY_GONE' }) : undefined));
    await router.navigate('/wishlist/unsubscribe/gone~x');
    expect(await screen.findByRole('heading', { name: 'This wishlist entry was deleted, so it sends no more emails' })).toBeInTheDocument();
  });
});

describe('a wishlist notice', () => {
  it('shows in the bell and opens the book', async () => {
    const user = userEvent.setup();
    const notice = {
      id: 'n_wish1',
      kind: 'wishlist_match',
      title: 'On your wishlist: "Calculus: Early Transcendentals" is for sale',
      body: `${formatRand(450.5)} at University of the Witwatersrand. It matches ISBN ${SAMPLE_ISBN13}.`,
      link: '/books/bk_calculus0000001',
      readAt: null,
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/notifications?')) return json(200, { ...list([notice]), unread: 1 });
      if (call.method === 'POST' && call.path === '/notifications/n_wish1/read') return json(200, { notification: { ...notice, readAt: '2026-11-21T10:00:00.000Z' } });
      if (call.method === 'GET' && call.path === '/books/bk_calculus0000001') return json(200, { book: bookWith() });
      if (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}`) return json(200, { edition: editionWith() });
      return undefined;
    }, wishlistServer([]));
    const { router } = renderApp('/buyer/wishlist', studentWith('buyer'));
    // The bell is in the phone's top bar and the desktop sidebar alike.
    const [bell] = await screen.findAllByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell!);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveTextContent(notice.body.replace(/\u00a0/g, ' '));
    await user.click(within(dialog).getByRole('button', { name: /On your wishlist: "Calculus: Early Transcendentals" is for sale/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/books/bk_calculus0000001'));
  });
});
