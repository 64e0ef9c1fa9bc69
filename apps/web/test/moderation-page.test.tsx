// The moderation area: the queue with every photo and detail, Approve, Decline with a required reason,
// the empty state, the approved/declined lists and the package-order desk.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, universityName, type Book } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { ModerationPage } from '../src/features/moderation/moderation-page';
import { bookWith, heldAnswer, json, list, mockApi, renderPage, type Call } from './selling-helpers';

afterEach(() => {
  toast.dismiss();
});

function queue(initial: Book[], extra?: (call: Call) => Response | undefined) {
  let pending = initial;
  const calls = mockApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path.startsWith('/admin/books?status=pending')) return json(200, list(pending, { pageSize: 10 }));
    if (call.method === 'GET' && call.path.startsWith('/admin/books?')) return json(200, list([], { pageSize: 10 }));
    const decided = /^\/admin\/books\/([^/]+)\/(approve|decline)$/.exec(call.path);
    if (call.method === 'POST' && decided) {
      const book = pending.find((item) => item.id === decided[1])!;
      pending = pending.filter((item) => item.id !== decided[1]);
      return json(200, { book: { ...book, status: decided[2] === 'approve' ? 'approved' : 'declined' } });
    }
    return undefined;
  });
  return calls;
}

const twoPhotos = (id: string) => [
  { url: `/uploads/${id}-1.webp`, thumbUrl: `/uploads/${id}-1-thumb.webp` },
  { url: `/uploads/${id}-2.webp`, thumbUrl: `/uploads/${id}-2-thumb.webp` },
];

describe('moderation queue', () => {
  it('shows each waiting listing with its photos, details and seller', async () => {
    const user = userEvent.setup();
    const book = bookWith({ id: 'bk_review000001', title: 'Linear Algebra', additionalNotes: 'Meet at the library', images: twoPhotos('bk_review000001') });
    queue([book]);
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    const card = (await screen.findByRole('heading', { name: 'Linear Algebra' })).closest('article')!;
    expect(within(card).getByText('978-1-285-74155-0')).toBeInTheDocument();
    expect(within(card).getByText('Cengage')).toBeInTheDocument();
    expect(within(card).getByText('Mathematics')).toBeInTheDocument();
    expect(within(card).getByText('Some highlighting in chapter 2.')).toBeInTheDocument();
    expect(within(card).getByText('Meet at the library')).toBeInTheDocument();
    expect(within(card).getByText(new RegExp(`Thandi, ${universityName('wits')}`))).toBeInTheDocument();
    expect(screen.getByText(/1 waiting, oldest first/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Enlarge photo 2 of 2' }));
    const viewer = screen.getByRole('dialog', { name: 'Linear Algebra: photo 2 of 2' });
    expect(within(viewer).getByRole('img', { name: 'Photo 2 of Linear Algebra' })).toHaveAttribute('src', '/uploads/bk_review000001-2.webp');
    await user.click(within(viewer).getByRole('button', { name: /Next photo/ }));
    expect(within(viewer).getByRole('img', { name: 'Photo 1 of Linear Algebra' })).toBeInTheDocument();
  });

  it('pages through a long queue with the shared pager, ten at a time, oldest first; the line says which rows are on screen while the next page loads', async () => {
    const user = userEvent.setup();
    const waiting = Array.from({ length: 12 }, (_, index) => bookWith({ id: `bk_review0000${String(index).padStart(2, '0')}`, title: `Waiting book ${index + 1}` }));
    const secondPage = heldAnswer(200, list(waiting.slice(10), { total: waiting.length, page: 2, pageSize: 10 }));
    const calls = mockApi((call) => {
      if (call.method !== 'GET' || !call.path.startsWith('/admin/books?status=pending')) return undefined;
      const page = Number(new URLSearchParams(call.path.split('?')[1]).get('page'));
      if (page === 2) return secondPage.response;
      return json(200, list(waiting.slice(0, 10), { total: waiting.length, page, pageSize: 10 }));
    });
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Waiting book 1' })).toBeInTheDocument();
    expect(screen.getByText('12 waiting, oldest first')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Page 2 asked for and not yet here: page 1's rows stay, and the line still describes them.
    await waitFor(() => expect(calls.filter((call) => call.path.includes('status=pending&page=2'))).toHaveLength(1));
    expect(screen.getByText('Showing 1 to 10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting book 1' })).toBeInTheDocument();
    secondPage.release();
    expect(await screen.findByRole('heading', { name: 'Waiting book 11' })).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Waiting book 1' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.includes('status=pending&page=2'))).toHaveLength(1);
  });

  it('approves a listing: it leaves the queue with a toast', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Approve Me', updatedAt: '2026-03-02T08:15:00.123Z' });
    const calls = queue([book]);
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Approve Approve Me' }));
    expect(await screen.findByText('Listing approved')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === `/admin/books/${book.id}/approve`);
    // The approval names the version of the listing the moderator was shown.
    expect(post?.body).toEqual({ seen: '2026-03-02T08:15:00.123Z' });
    expect(await screen.findByRole('heading', { name: 'Nothing waiting for review' })).toBeInTheDocument();
  });

  it('shows a listing the seller changed meanwhile again, with the message, instead of approving it', async () => {
    const user = userEvent.setup();
    const seen = bookWith({ id: 'bk_changed00001', title: 'Harmless Title', updatedAt: '2026-03-02T08:00:00.000Z' });
    const changed = { ...seen, title: 'Changed Title', description: 'Text no moderator has read.', updatedAt: '2026-03-02T08:00:05.000Z' };
    let current = seen;
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/admin/books?status=pending')) return json(200, list([current], { pageSize: 10 }));
      if (call.method === 'POST' && call.path === `/admin/books/${seen.id}/approve`) {
        // The seller's edit landed after the queue was read.
        current = changed;
        return json(409, { error: MESSAGES.listingChangedBeforeApproval, code: 'LISTING_CHANGED' });
      }
      return undefined;
    });
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Approve Harmless Title' }));
    expect(await screen.findByText(MESSAGES.listingChangedBeforeApproval)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ seen: '2026-03-02T08:00:00.000Z' });
    // The queue is read again: the moderator now sees what the listing says, still waiting for a decision.
    const card = (await screen.findByRole('heading', { name: 'Changed Title' })).closest('article')!;
    expect(within(card).getByText('Text no moderator has read.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Harmless Title' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve Changed Title' })).toBeEnabled();
    expect(screen.queryByText('Listing approved')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET' && call.path.startsWith('/admin/books?status=pending'))).toHaveLength(2);
  });

  it('closes the decline dialog and shows the listing again when the seller changed it meanwhile', async () => {
    const user = userEvent.setup();
    const seen = bookWith({ id: 'bk_changed00002', title: 'Before Edit', updatedAt: '2026-03-02T09:00:00.000Z' });
    let current = seen;
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/admin/books?status=pending')) return json(200, list([current], { pageSize: 10 }));
      if (call.method === 'POST' && call.path === `/admin/books/${seen.id}/decline`) {
        current = { ...seen, title: 'After Edit', updatedAt: '2026-03-02T09:00:01.000Z' };
        return json(409, { error: MESSAGES.listingChangedBeforeDecline, code: 'LISTING_CHANGED' });
      }
      return undefined;
    });
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Decline Before Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Price is above the 40-60% guide' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline listing' }));
    expect(await screen.findByText(MESSAGES.listingChangedBeforeDecline)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Price is above the 40-60% guide', seen: '2026-03-02T09:00:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'After Edit' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Decline listing' })).not.toBeInTheDocument());
  });

  it('declines only with a reason, offering the common ones', async () => {
    const user = userEvent.setup();
    const book = bookWith({ title: 'Decline Me' });
    const calls = queue([book]);
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Decline Decline Me' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline listing' });
    // The moderator's next step is to type the reason, not to close the dialog.
    await waitFor(() => expect(within(dialog).getByLabelText(/Reason for the seller/)).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Decline listing' }));
    expect(within(dialog).getByText('Please give a reason for declining')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason for the seller/)).toHaveFocus();
    expect(calls.some((call) => call.path.endsWith('/decline'))).toBe(false);

    const priceReason = within(dialog).getByRole('button', { name: 'Price is above the 40-60% guide' });
    // The common reason's range stays on one line when the chip wraps on a phone.
    expect(within(priceReason).getByText('40-60%')).toHaveClass('whitespace-nowrap');
    await user.click(priceReason);
    const reason = within(dialog).getByLabelText(/Reason for the seller/);
    expect(reason).toHaveValue('Price is above the 40-60% guide');
    await user.type(reason, ' (new copies sell for R500)');
    await user.click(within(dialog).getByRole('button', { name: 'Decline listing' }));
    expect(await screen.findByText('Listing declined')).toBeInTheDocument();
    const post = calls.find((call) => call.path === `/admin/books/${book.id}/decline`);
    expect(post?.body).toEqual({ reason: 'Price is above the 40-60% guide (new copies sell for R500)', seen: book.updatedAt });
    expect(await screen.findByRole('heading', { name: 'Nothing waiting for review' })).toBeInTheDocument();
  });

  it('shows the declined listings with their reason in their own tab', async () => {
    const user = userEvent.setup();
    const declined = bookWith({ title: 'Old Decline', status: 'declined', declineReason: 'Not a textbook' });
    queue([], (call) => (call.path.startsWith('/admin/books?status=declined') ? json(200, list([declined])) : undefined));
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Nothing waiting for review' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Declined' }));
    const card = (await screen.findByRole('heading', { name: 'Old Decline' })).closest('article')!;
    expect(within(card).getByText('Not a textbook')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('shows the listings taken down with the reason the seller reads, and nothing to act on, in their own tab', async () => {
    const user = userEvent.setup();
    const takenDown = bookWith({
      title: 'Reported Calculus',
      status: 'taken_down',
      takenDown: { reason: 'Asking for payment before the meetup is not allowed on Reshelf', at: '2026-11-20T09:00:00.000Z' },
    });
    queue([], (call) => (call.path.startsWith('/admin/books?status=taken_down') ? json(200, list([takenDown])) : undefined));
    renderPage(<ModerationPage />, { path: '/admin', role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Nothing waiting for review' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Taken down' }));
    const card = (await screen.findByRole('heading', { name: 'Reported Calculus' })).closest('article')!;
    expect(within(card).getByText('Asking for payment before the meetup is not allowed on Reshelf')).toBeInTheDocument();
    expect(within(card).getByText(/^Taken down /)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^(Approve|Decline|Take down)/ })).toBeNull();
  });
});

describe('package orders', () => {
  it('confirms a requested order and marks a confirmed one collected', async () => {
    const user = userEvent.setup();
    const order = (id: string, status: string) => ({
      id,
      packageId: 'computer-science',
      packageName: 'Computer Science',
      amount: 2499.99,
      status,
      student: { id: 'stu_b', firstName: 'Sipho', email: 'sipho@students.wits.ac.za' },
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    const calls = queue([], (call) => {
      if (call.method === 'GET' && call.path.startsWith('/admin/package-orders?')) {
        return json(200, list(call.path.includes('status=requested') ? [order('po_1', 'requested')] : [order('po_1', 'requested'), order('po_2', 'confirmed')]));
      }
      if (call.method === 'POST' && call.path.startsWith('/admin/package-orders/')) return json(200, { packageOrder: order('po_1', 'confirmed') });
      return undefined;
    });
    renderPage(<ModerationPage />, { path: '/admin', url: '/admin?tab=packages', role: 'admin' });
    expect(await screen.findByText('Computer Science')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Package order confirmed')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/admin/package-orders/po_1/confirm')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Show package orders'), 'All package orders');
    await user.click(await screen.findByRole('button', { name: 'Mark collected' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/admin/package-orders/po_2/collect')).toBe(true));
  });
});
