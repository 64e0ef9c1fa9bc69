// The seller's pages on live data: Seller Home's counters, recent books, order requests and empty
// state; My Books' cards, placeholder photo, decline reason, edit and withdraw; the transactions table.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, formatRand, type Book } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { MyBooksPage } from '../src/features/selling/my-books-page';
import { SellerHomePage } from '../src/features/selling/seller-home-page';
import { SellerTransactionsPage } from '../src/features/selling/transactions-page';
import { bookWith, json, list, mockApi, renderPage } from './selling-helpers';

afterEach(() => {
  toast.dismiss();
});

/** Serves `books` as the seller's list (the first page, or every page with `pageSize`). */
function sellerBooks(books: Book[], orders: Record<string, unknown[]> = {}) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list(books));
    if (call.method === 'GET' && call.path.startsWith('/orders?')) {
      const status = new URLSearchParams(call.path.split('?')[1]).get('status') ?? '';
      return json(200, list(orders[status] ?? []));
    }
    return undefined;
  });
}

const counter = (label: string) =>
  within(screen.getByRole('region', { name: 'Your listings at a glance' })).getByText(label).parentElement!.textContent;

describe('Seller Home', () => {
  it('counts the listings by status, declined ones as Rejected, and lists the 5 newest', async () => {
    const books = [
      bookWith({ title: 'Newest', status: 'pending', price: 1234.5 }),
      bookWith({ status: 'pending' }),
      bookWith({ status: 'approved' }),
      bookWith({ status: 'declined' }),
      bookWith({ status: 'declined' }),
      bookWith({ title: 'Sixth', status: 'approved' }),
      bookWith({ title: 'Oldest', status: 'approved' }),
    ];
    sellerBooks(books);
    renderPage(<SellerHomePage />, { path: '/seller' });
    await screen.findByText('Newest');
    expect(counter('Total Books')).toBe('Total Books7Listed for sale');
    expect(counter('Pending')).toBe('Pending2Awaiting approval');
    expect(counter('Approved')).toBe('Approved3Ready for sale');
    expect(counter('Rejected')).toBe('Rejected2Not approved');
    expect(screen.queryByText('Sixth')).not.toBeInTheDocument();
    expect(screen.queryByText('Oldest')).not.toBeInTheDocument();
    expect(screen.getByText('Newest').closest('li')!.textContent).toContain(formatRand(1234.5));
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/seller/books');
  });

  it('counts sold books apart from the ones ready for sale, and adds up the earnings of completed sales', async () => {
    sellerBooks([
      bookWith({ status: 'approved', availability: 'sold', price: 123456.78 }),
      bookWith({ status: 'approved', availability: 'sold', price: 0.1 }),
      bookWith({ status: 'approved', availability: 'sold', price: 0.2 }),
      bookWith({ status: 'approved', availability: 'reserved', price: 300 }),
      bookWith({ title: 'On sale', status: 'approved', availability: 'available', price: 50 }),
      bookWith({ status: 'pending' }),
    ]);
    renderPage(<SellerHomePage />, { path: '/seller' });
    await screen.findByText('On sale');
    expect(counter('Total Books')).toBe('Total Books6Listed for sale');
    expect(counter('Approved')).toBe('Approved2Ready for sale');
    expect(counter('Sold')).toBe('Sold3Completed sales');
    expect(counter('Earnings')).toBe(`Earnings${formatRand(123457.08)}From completed sales`);
  });

  it('shows order requests above the counters', async () => {
    const book = bookWith({ title: 'Reserved one', availability: 'reserved' });
    sellerBooks([book], {
      requested: [
        {
          id: 'ord_123456789013',
          status: 'requested',
          book,
          buyer: { id: 'stu_b', firstName: 'Sipho' },
          seller: { id: 'stu_s', firstName: 'Thandi' },
          amount: 450,
          createdAt: '2026-03-02T10:00:00.000Z',
        },
      ],
    });
    renderPage(<SellerHomePage />, { path: '/seller' });
    const requests = await screen.findByRole('heading', { name: 'Order requests' });
    const counters = screen.getByRole('region', { name: 'Your listings at a glance' });
    expect(requests.compareDocumentPosition(counters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads every page of a long list', async () => {
    const first = Array.from({ length: 100 }, () => bookWith({ status: 'approved' }));
    const second = [bookWith({ status: 'pending' })];
    const calls = mockApi((call) => {
      if (call.path.startsWith('/seller/books?page=1')) return json(200, list(first, { total: 101 }));
      if (call.path.startsWith('/seller/books?page=2')) return json(200, list(second, { total: 101, page: 2 }));
      if (call.path.startsWith('/orders?')) return json(200, list([]));
      return undefined;
    });
    renderPage(<SellerHomePage />, { path: '/seller' });
    await waitFor(() => expect(counter('Total Books')).toBe('Total Books101Listed for sale'));
    expect(counter('Pending')).toBe('Pending1Awaiting approval');
    expect(calls.filter((call) => call.path.startsWith('/seller/books'))).toHaveLength(2);
  });

  it('shows the empty state with a link to the sell page', async () => {
    sellerBooks([]);
    renderPage(<SellerHomePage />, { path: '/seller' });
    expect(await screen.findByRole('heading', { name: 'No Books Listed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List Your First Book' })).toHaveAttribute('href', '/seller/sell');
    expect(counter('Total Books')).toBe('Total Books0Listed for sale');
    expect(screen.queryByRole('link', { name: 'View all' })).not.toBeInTheDocument();
  });

  it('links each waiting order request to its order page', async () => {
    const book = bookWith({ title: 'Physics for Scientists', availability: 'reserved' });
    sellerBooks([book], {
      requested: [
        {
          id: 'ord_123456789012',
          status: 'requested',
          book,
          buyer: { id: 'stu_b', firstName: 'Sipho' },
          seller: { id: 'stu_s', firstName: 'Thandi' },
          amount: 450,
          createdAt: '2026-03-02T10:00:00.000Z',
        },
      ],
    });
    renderPage(<SellerHomePage />, { path: '/seller' });
    const link = await screen.findByRole('link', { name: 'View request for Physics for Scientists' });
    expect(link).toHaveAttribute('href', '/seller/orders/ord_123456789012');
    expect(screen.getByText(/Sipho/)).toBeInTheDocument();
  });
});

describe('My Books', () => {
  // The edit dialog asks for the courses earlier listings of the book's ISBN carried: none here.
  beforeEach(() => {
    mockApi((call) => (call.method === 'GET' && call.path.startsWith('/editions/') ? json(404, { error: MESSAGES.editionNotFound, code: 'NOT_FOUND' }) : undefined));
  });

  it('shows each listing with its details, badges, decline reason and a placeholder for a broken photo', async () => {
    sellerBooks([
      bookWith({ title: 'Declined Book', status: 'declined', declineReason: 'Photos are unclear or not of the actual book' }),
      bookWith({ title: 'Sold Book', status: 'approved', availability: 'sold', category: 'computer-science', condition: 'like-new', studyLevel: 'postgraduate' }),
    ]);
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    const declined = (await screen.findByRole('heading', { name: 'Declined Book' })).closest('li')!;
    expect(within(declined).getByText('Rejected')).toBeInTheDocument();
    expect(within(declined).getByText('Photos are unclear or not of the actual book')).toBeInTheDocument();
    const image = within(declined).getByRole('img', { name: 'Cover of Declined Book' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '400');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/placeholder-book.svg');

    const sold = screen.getByRole('heading', { name: 'Sold Book' }).closest('li')!;
    expect(within(sold).getByText('Approved')).toBeInTheDocument();
    expect(within(sold).getByText('Sold')).toBeInTheDocument();
    expect(within(sold).getByText('Computer Science')).toBeInTheDocument();
    expect(within(sold).getByText('Like New')).toBeInTheDocument();
    expect(within(sold).getByText('Postgraduate')).toBeInTheDocument();
    expect(within(sold).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it("keeps every card action's icon, and a decline reason's price range on one line", async () => {
    sellerBooks([
      bookWith({ title: 'Live Book', status: 'approved', expiresAt: '2027-01-20T10:00:00.000Z' }),
      bookWith({ title: 'Priced Book', status: 'declined', declineReason: 'Price is above the 40-60% guide' }),
    ]);
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    const live = (await screen.findByRole('heading', { name: 'Live Book' })).closest('li')!;
    const actions = ['Renew Live Book', 'Mark Live Book as sold elsewhere', 'Edit Live Book', 'Withdraw Live Book'].map((name) => within(live).getByRole('button', { name }));
    for (const action of actions) {
      // Its icon never shrinks, and the button shares the row's width without a fixed minimum (min-w-32
      // once stood in for the automatic one, its content's width, and squeezed "Sold elsewhere" and
      // "Withdraw" until their icons were gone): a label that does not fit takes a line of its own.
      expect(action.querySelector('svg')).not.toBeNull();
      expect(action).toHaveClass('[&_svg]:shrink-0', 'grow', 'basis-32');
      expect(action.className).not.toMatch(/(^|\s)min-w-(?!0\b)/);
    }
    const priced = screen.getByRole('heading', { name: 'Priced Book' }).closest('li')!;
    const reason = within(priced).getByText('Reason:').parentElement!;
    expect(reason).toHaveTextContent(/^Reason: Price is above the 40-60% guide$/);
    expect(within(reason).getByText('40-60%')).toHaveClass('whitespace-nowrap');
  });

  it('shows the empty state', async () => {
    sellerBooks([]);
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    expect(await screen.findByRole('heading', { name: 'No Books Listed Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List Your First Book' })).toHaveAttribute('href', '/seller/sell');
  });

  it('edits price, condition and notes, warning that an approved listing goes back to review', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Edit Me', status: 'approved' });
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list([book]));
      if (call.method === 'PATCH') return json(200, { book: { ...book, status: 'pending', price: 399.99 } });
      return undefined;
    });
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Edit Edit Me' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    expect(within(dialog).getByText(/sends this listing back for review/)).toBeInTheDocument();
    const price = within(dialog).getByLabelText(/Price/);
    await user.clear(price);
    await user.type(price, '399.999');
    expect(price).toHaveValue('399.99');
    await user.selectOptions(within(dialog).getByLabelText(/Condition/), 'Very Good');
    await user.type(within(dialog).getByLabelText(/Additional Notes/), 'Meet at the library');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(`/books/${book.id}`);
    expect(patch?.body).toEqual({ price: 399.99, condition: 'very-good', additionalNotes: 'Meet at the library' });
  });

  it('edits every detail of a declined listing, title and ISBN included, sending only what changed', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Calculus', status: 'declined', declineReason: 'The ISBN belongs to another edition' });
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list([book]));
      if (call.method === 'PATCH') return json(200, { book: { ...book, status: 'pending' } });
      return undefined;
    });
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Edit Calculus' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    expect(within(dialog).getByText('The ISBN belongs to another edition')).toBeInTheDocument();
    const replace = async (label: RegExp, value: string) => {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    };
    await replace(/^Title/, 'Calculus: Early Transcendentals (Metric)');
    await replace(/^Author/, 'James Stewart & Daniel Clegg');
    await replace(/^ISBN/, '978-0-357-11351-6');
    await replace(/^Publisher/, 'Cengage (South Africa)');
    await replace(/^Edition/, '9th/10th');
    await replace(/^Number of Pages/, '1440');
    await user.selectOptions(within(dialog).getByLabelText(/^Language/), 'afrikaans');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'engineering');
    await user.selectOptions(within(dialog).getByLabelText(/^Study Level/), 'postgraduate');
    await replace(/^Publication Year/, '2099');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const yearError = `Publication year must be between 1900 and ${new Date().getFullYear()}`;
    expect((await screen.findAllByText(yearError)).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    await replace(/^Publication Year/, '2020');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({
      title: 'Calculus: Early Transcendentals (Metric)',
      author: 'James Stewart & Daniel Clegg',
      // Checked and sent as its ISBN-13, the form the server stores.
      isbn: '9780357113516',
      publisher: 'Cengage (South Africa)',
      publicationYear: 2020,
      edition: '9th/10th',
      language: 'afrikaans',
      category: 'engineering',
      studyLevel: 'postgraduate',
      numberOfPages: 1440,
    });
  });

  it('shows Invalid ISBN for a wrong check digit and sends nothing', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Wrong Digit', status: 'declined' });
    const calls = mockApi((call) => (call.method === 'GET' && call.path.startsWith('/seller/books') ? json(200, list([book])) : undefined));
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Edit Wrong Digit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const isbn = within(dialog).getByLabelText(/^ISBN/);
    await user.clear(isbn);
    await user.type(isbn, '0-13-110362-9');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('Invalid ISBN')).length).toBeGreaterThan(0);
    expect(isbn).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('replaces the photos: 4 to 6 new ones go up with the edit as multipart', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'New Photos', status: 'declined' });
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list([book]));
      if (call.method === 'PATCH') return json(200, { book: { ...book, status: 'pending' } });
      return undefined;
    });
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Edit New Photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    await user.click(within(dialog).getByLabelText('Replace the photos'));
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const files = [1, 2, 3, 4].map((n) => new File([new Uint8Array([137, 80, 78, 71, n])], `photo-${n}.png`, { type: 'image/png' }));
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, files);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    const form = patch!.form!;
    expect(form.getAll('images')).toHaveLength(4);
    // Nothing else changed, so only the photos go.
    expect(JSON.parse(String(form.get('bookData')))).toEqual({});
  });

  it('withdraws once however fast Withdraw is tapped', async () => {
    const book = bookWith({ title: 'Tap Twice' });
    let books = [book];
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list(books));
      if (call.method === 'DELETE') {
        books = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Tap Twice' }));
    const withdraw = within(screen.getByRole('alertdialog', { name: 'Withdraw this listing?' })).getByRole('button', { name: 'Withdraw' });
    // Two clicks inside one act: no render in between to disable the button, as on a busy phone.
    act(() => {
      withdraw.click();
      withdraw.click();
    });
    expect(await screen.findByText('Listing withdrawn')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it("withdraws after confirmation, and shows the server's reason when it cannot", async () => {
    const user = userEvent.setup();
    const locked = bookWith({ title: 'Reserved Book', availability: 'reserved' });
    const free = bookWith({ title: 'Free Book' });
    let books = [locked, free];
    mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books')) return json(200, list(books));
      if (call.method === 'DELETE' && call.path === `/books/${locked.id}`)
        return json(409, { error: 'This listing is part of an active order and cannot be changed right now', code: 'CONFLICT' });
      if (call.method === 'DELETE' && call.path === `/books/${free.id}`) {
        books = [locked];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw Reserved Book' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Withdraw this listing?' })).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('This listing is part of an active order and cannot be changed right now')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep listing' }));

    await user.click(screen.getByRole('button', { name: 'Withdraw Free Book' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Listing withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Free Book' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Reserved Book' })).toBeInTheDocument();
  });
});

describe('Transactions', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10)).toISOString();
  // 12 books; book n was listed on 2026-01-n. Two declined.
  const books = Array.from({ length: 12 }, (_, i) =>
    bookWith({
      id: `bk_0000000000${String(i + 1).padStart(2, '0')}ab${String.fromCharCode(99 + i)}x`,
      title: i === 4 ? 'Organic Chemistry' : `Title ${i + 1}`,
      status: i === 2 || i === 3 ? 'declined' : i % 2 === 0 ? 'approved' : 'pending',
      availability: i === 0 ? 'sold' : 'available',
      price: 100 + i,
      createdAt: day(i + 1),
    }),
  );

  const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

  it('shows one row per book, newest first, with id, title, amount, status and date, 10 a page', async () => {
    const user = userEvent.setup();
    sellerBooks(books);
    renderPage(<SellerTransactionsPage />, { path: '/seller/transactions' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Transaction ID',
      'Book Title',
      'Amount',
      'Status',
      'Date',
    ]);
    const first = rowsOf()[0]!;
    expect(first).toHaveTextContent('#12ABNX');
    expect(first).toHaveTextContent('Title 12');
    expect(first.textContent).toContain(formatRand(111));
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('12 Jan 2026');
    expect(rowsOf()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 12 transactions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11 to 12 of 12 transactions')).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(2);
    const last = rowsOf()[1]!;
    expect(last).toHaveTextContent('#01ABCX');
    expect(last).toHaveTextContent('Sold');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches by title or id ignoring case, and filters Rejected to the declined listings', async () => {
    const user = userEvent.setup();
    sellerBooks(books);
    renderPage(<SellerTransactionsPage />, { path: '/seller/transactions' });
    const search = await screen.findByPlaceholderText('Search by title or ID...');
    await user.type(search, 'organic');
    expect(rowsOf()).toHaveLength(1);
    expect(rowsOf()[0]).toHaveTextContent('Organic Chemistry');

    await user.clear(search);
    await user.type(search, '#07abix');
    expect(rowsOf()).toHaveLength(1);
    expect(rowsOf()[0]).toHaveTextContent('Title 7');

    await user.clear(search);
    await user.type(search, 'no such book');
    expect(screen.getByText('No transactions match your search.')).toBeInTheDocument();

    await user.clear(search);
    const status = screen.getByLabelText('Filter by status');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['All Status', 'Approved', 'Pending', 'Rejected']);
    await user.selectOptions(status, 'Rejected');
    expect(rowsOf().map((row) => row.textContent)).toEqual([expect.stringContaining('Title 4'), expect.stringContaining('Title 3')]);
    expect(screen.getByText('Showing 1 to 2 of 2 transactions')).toBeInTheDocument();
    await user.selectOptions(status, 'Pending');
    expect(rowsOf()).toHaveLength(5);
  });

  it('says who bought a sold book', async () => {
    sellerBooks([books[0]!], {
      completed: [{ id: 'ord_1', status: 'completed', book: books[0], buyer: { id: 'b', firstName: 'Sipho' }, updatedAt: day(20) }],
    });
    renderPage(<SellerTransactionsPage />, { path: '/seller/transactions' });
    expect(await within(await screen.findByRole('table')).findByText('Sold to Sipho on 20 Jan 2026')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    sellerBooks([]);
    renderPage(<SellerTransactionsPage />, { path: '/seller/transactions' });
    expect(await screen.findByRole('heading', { name: 'No Transactions Yet' })).toBeInTheDocument();
    expect(screen.getByText('Your transaction history will appear here once you list books for sale.')).toBeInTheDocument();
  });
});
