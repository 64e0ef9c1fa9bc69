// A listing's life after approval in the web app: My Books shows until when a listing stays, an expired
// one, a taken-down one with its reason and a hidden one; Renew acts once (also from the reminder's
// one-click link, which it then drops from the address); "Sold elsewhere" asks first. An admin takes an
// approved listing down from the moderation page's Approved tab.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, formatDate, type Book } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { ModerationPage } from '../src/features/moderation/moderation-page';
import { MyBooksPage } from '../src/features/selling/my-books-page';
import { bookWith, json, list, mockApi, renderPage, type Call } from './selling-helpers';

afterEach(() => {
  toast.dismiss();
});

const NEW_EXPIRY = '2027-03-01T10:00:00.000Z';
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

/** The seller's books, with renew and sold-elsewhere answered as the server would. */
function myBooks(books: Book[]) {
  let current = books;
  return mockApi((call) => {
    if (call.method === 'GET' && call.path.startsWith('/seller/books?')) return json(200, list(current));
    const change = /^\/books\/([^/]+)\/(renew|sold-elsewhere)$/.exec(call.path);
    if (call.method === 'POST' && change) {
      const book = current.find((item) => item.id === change[1]);
      if (!book) return json(404, { error: 'Not found', code: 'NOT_FOUND' });
      const changed: Book = change[2] === 'renew' ? { ...book, status: 'approved', expiresAt: NEW_EXPIRY } : { ...book, status: 'sold_elsewhere' };
      current = current.map((item) => (item.id === book.id ? changed : item));
      return json(200, { book: changed });
    }
    return undefined;
  });
}

const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;

describe('My Books after approval', () => {
  it('shows until when each listing stays, what expired, what was taken down and why, and what reports hid', async () => {
    myBooks([
      bookWith({ title: 'Live Book', status: 'approved', expiresAt: '2027-01-20T10:00:00.000Z' }),
      bookWith({ title: 'Old Book', status: 'expired', expiresAt: '2026-10-01T10:00:00.000Z' }),
      bookWith({ title: 'Gone Book', status: 'taken_down', takenDown: { reason: 'Photocopied pages', at: '2026-11-20T10:00:00.000Z' } }),
      bookWith({ title: 'Quiet Book', status: 'hidden', expiresAt: '2027-01-20T10:00:00.000Z' }),
      bookWith({ title: 'Elsewhere Book', status: 'sold_elsewhere' }),
    ]);
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    const live = await card('Live Book');
    expect(within(live).getByText(`In the catalogue until ${formatDate('2027-01-20T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Renew Live Book' })).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Mark Live Book as sold elsewhere' })).toBeInTheDocument();

    const old = await card('Old Book');
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).getByText(`Expired on ${formatDate('2026-10-01T10:00:00.000Z')}`)).toBeInTheDocument();

    const gone = await card('Gone Book');
    expect(within(gone).getByText('Taken down')).toBeInTheDocument();
    expect(within(gone).getByText('Photocopied pages')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Renew Gone Book' })).not.toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Edit Gone Book' })).toBeInTheDocument();
    // The admins keep a taken-down or hidden listing as it is: the server refuses to delete it, so it is not offered.
    expect(within(gone).queryByRole('button', { name: 'Withdraw Gone Book' })).not.toBeInTheDocument();

    const quiet = await card('Quiet Book');
    expect(within(quiet).getByText(LIFECYCLE_MESSAGES.underReview)).toBeInTheDocument();
    expect(within(quiet).queryByRole('button', { name: 'Edit Quiet Book' })).not.toBeInTheDocument();
    expect(within(quiet).queryByRole('button', { name: 'Renew Quiet Book' })).not.toBeInTheDocument();
    expect(within(quiet).queryByRole('button', { name: 'Withdraw Quiet Book' })).not.toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Withdraw Live Book' })).toBeInTheDocument();

    const elsewhere = await card('Elsewhere Book');
    expect(within(elsewhere).getByText('Sold elsewhere')).toBeInTheDocument();
    expect(within(elsewhere).queryAllByRole('button')).toEqual([]);
  });

  it('renews once however fast Renew is tapped, and says until when', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Renew Me', status: 'expired', expiresAt: '2026-10-01T10:00:00.000Z' });
    const calls = myBooks([book]);
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.dblClick(await screen.findByRole('button', { name: 'Renew Renew Me' }));
    expect(await screen.findByText(LIFECYCLE_MESSAGES.renewed(formatDate(NEW_EXPIRY)))).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ path: `/books/${book.id}/renew`, body: undefined }]);
    expect(await within(await card('Renew Me')).findByText(`In the catalogue until ${formatDate(NEW_EXPIRY)}`)).toBeInTheDocument();
  });

  it("renews from the reminder's link once, then drops it from the address", async () => {
    const book = bookWith({ title: 'Linked Book', status: 'approved', expiresAt: '2026-12-01T10:00:00.000Z' });
    const calls = myBooks([book]);
    const { router } = renderPage(<MyBooksPage />, { path: '/seller/books', url: `/seller/books?renew=${book.id}` });
    expect(await screen.findByText(LIFECYCLE_MESSAGES.renewed(formatDate(NEW_EXPIRY)))).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ path: `/books/${book.id}/renew`, body: undefined }]);
    expect(router.state.location.search).toBe('');
  });

  it('a link to a listing that cannot be renewed says why', async () => {
    mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/seller/books?')) return json(200, list([]));
      if (call.method === 'POST' && call.path === '/books/bk_soldelsewhere01/renew') return json(409, { error: LIFECYCLE_MESSAGES.soldElsewhere, code: 'SOLD_ELSEWHERE' });
      return undefined;
    });
    renderPage(<MyBooksPage />, { path: '/seller/books', url: '/seller/books?renew=bk_soldelsewhere01' });
    expect(await screen.findByText('This listing was marked as sold elsewhere')).toBeInTheDocument();
  });

  it('marks a listing sold elsewhere only after asking, once', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Sold Outside', status: 'approved', expiresAt: '2027-01-20T10:00:00.000Z' });
    const calls = myBooks([book]);
    renderPage(<MyBooksPage />, { path: '/seller/books' });
    await user.click(await screen.findByRole('button', { name: 'Mark Sold Outside as sold elsewhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark as sold elsewhere?' });
    expect(dialog).toHaveTextContent('"Sold Outside" leaves the catalogue for good. It does not count as a sale on Reshelf.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep listing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mark Sold Outside as sold elsewhere' }));
    await user.dblClick(within(screen.getByRole('alertdialog', { name: 'Mark as sold elsewhere?' })).getByRole('button', { name: 'Mark as sold elsewhere' }));
    expect(await screen.findByText(LIFECYCLE_MESSAGES.markedSoldElsewhere)).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ path: `/books/${book.id}/sold-elsewhere`, body: undefined }]);
    expect(await within(await card('Sold Outside')).findByText('Sold elsewhere')).toBeInTheDocument();
  });
});

describe('the Approved tab of the moderation page', () => {
  it('takes an approved listing down with a reason, and it leaves the list', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Approved Listing', status: 'approved' });
    let approved = [book];
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/admin/books?status=approved')) return json(200, list(approved, { pageSize: 10 }));
      if (call.method === 'POST' && call.path === `/admin/books/${book.id}/take-down`) {
        approved = [];
        return json(200, { book: { ...book, status: 'taken_down', takenDown: { reason: 'Counterfeit copy', at: '2026-11-24T10:00:00.000Z' } } });
      }
      return undefined;
    });
    renderPage(<ModerationPage />, { path: '/admin', url: '/admin?tab=approved', role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Take down Approved Listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Take this listing down' });
    await user.type(within(dialog).getByLabelText(/Reason for the seller/), 'Counterfeit copy');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(await screen.findByText('Listing taken down')).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ path: `/admin/books/${book.id}/take-down`, body: { reason: 'Counterfeit copy' } }]);
    expect(await screen.findByRole('heading', { name: 'No approved listings' })).toBeInTheDocument();
  });
});
