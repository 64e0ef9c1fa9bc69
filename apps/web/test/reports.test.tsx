// Reports in the web app: "Report this listing" on the book page (the dialog's reason radio group and
// details, sent once however fast it is tapped, the exact thank-you, the server's 409 in its own words; no
// button for the seller or an admin, a login link for a visitor), and the admin's Reports page beside the
// moderation queue (grouped reports; dismiss, take down and suspend, each acting once).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, type ReportGroup } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { bookWith, dashboardShell, json, list, mockApi, renderApp, requestsTo, studentWith, type Call } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
  mockApi((call) => (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}` ? json(200, { edition: editionWith() }) : undefined));
});
afterEach(() => {
  toast.dismiss();
});

const BOOK_ID = 'bk_calculus0000001';
const theBook = (call: Call) => (call.method === 'GET' && call.path === `/books/${BOOK_ID}` ? json(200, { book: bookWith() }) : undefined);
const reports = (calls: Call[]) => requestsTo(calls, (call) => call.method === 'POST' && call.path === '/reports');

describe('Report this listing', () => {
  it('asks for a reason, then sends the report once however fast it is tapped and thanks the student', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const calls = mockApi(theBook, async (call) => {
      if (call.method !== 'POST' || call.path !== '/reports') return undefined;
      await answered;
      return json(201, { report: { id: 'rep_000000000001', target: 'book', targetId: BOOK_ID, reason: 'scam', details: 'Wants an EFT first', createdAt: '2026-11-24T10:00:00.000Z' } });
    });
    renderApp(`/books/${BOOK_ID}`, studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this listing' });
    expect(within(dialog).getByText('Calculus: Early Transcendentals')).toBeInTheDocument();
    const reasons = within(dialog).getByRole('group', { name: /Why are you reporting it\?/ });
    expect(within(reasons).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Not a textbook',
      'Wrong details or photos',
      'Prohibited item',
      'Scam or fraud',
      'Offensive content',
      'Something else',
    ]);
    await waitFor(() => expect(within(reasons).getByRole('radio', { name: 'Not a textbook' })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeInTheDocument();
    expect(within(reasons).getByRole('radio', { name: 'Not a textbook' })).toHaveFocus();
    expect(reports(calls)).toHaveLength(0);

    await user.click(within(reasons).getByRole('radio', { name: 'Scam or fraud' }));
    await user.type(within(dialog).getByLabelText(/Details/), 'Wants an EFT first');
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    await user.dblClick(send);
    await user.click(send);
    answer();
    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeInTheDocument();
    expect(REPORT_MESSAGES.sent).toBe('Thanks. Your report was sent to the Reshelf team.');
    expect(reports(calls)).toEqual([{ method: 'POST', path: '/reports', body: { target: 'book', id: BOOK_ID, reason: 'scam', details: 'Wants an EFT first' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this listing' })).not.toBeInTheDocument());
  });

  it("shows the server's own words when the student already reported it, and keeps the dialog open", async () => {
    const user = userEvent.setup();
    mockApi(theBook, (call) =>
      call.method === 'POST' && call.path === '/reports' ? json(409, { error: REPORT_MESSAGES.alreadyReportedBook, code: 'ALREADY_REPORTED' }) : undefined,
    );
    renderApp(`/books/${BOOK_ID}`, studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this listing' });
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong details or photos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You have already reported this listing. The Reshelf team will look at it.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeInTheDocument();
  });

  it('is not offered to the seller of the listing nor to an admin; a visitor is taken to log in', async () => {
    mockApi(theBook, (call) => (call.method === 'GET' && call.path.startsWith('/orders?') ? json(200, list([])) : undefined));
    const seller = renderApp(`/books/${BOOK_ID}`, studentWith('seller'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
    seller.unmount();
    window.localStorage.clear();

    const admin = renderApp(`/books/${BOOK_ID}`, studentWith('admin', { id: 'stu_admin000000001' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
    admin.unmount();
    window.localStorage.clear();
    document.cookie = 'reshelf_signed_in=; path=/; max-age=0';

    const user = userEvent.setup();
    const visitor = renderApp(`/books/${BOOK_ID}`);
    await user.click(await screen.findByRole('link', { name: 'Report this listing' }));
    expect(await screen.findByRole('heading', { name: /Welcome Back/ })).toBeInTheDocument();
    expect(visitor.router.state.location.pathname).toBe('/login');
    expect(visitor.router.state.location.state).toEqual({ from: `/buyer/books/${BOOK_ID}` });
  });
});

const reportedBook = bookWith({ id: 'bk_reported000001', title: 'Reported Physics', status: 'hidden' });
const groupWith = (extra: Partial<ReportGroup> = {}): ReportGroup => ({
  target: 'book',
  targetId: reportedBook.id,
  openReports: 3,
  reporters: 3,
  latestAt: '2026-11-24T09:00:00.000Z',
  reasons: [
    { reason: 'scam', count: 2 },
    { reason: 'prohibited', count: 1 },
  ],
  reports: [
    { id: 'rep_1', reason: 'scam', details: 'Asked for a deposit\nby EFT', createdAt: '2026-11-24T09:00:00.000Z', reporter: { id: 'stu_r1', firstName: 'Ayanda' }, countsTowardsHiding: true },
    { id: 'rep_2', reason: 'scam', details: null, createdAt: '2026-11-23T09:00:00.000Z', reporter: { id: 'stu_r2', firstName: 'Pieter' }, countsTowardsHiding: false },
  ],
  book: reportedBook,
  subject: { id: 'stu_seller00000001', firstName: 'Sipho', lastName: 'Dlamini', university: 'wits', role: 'seller', createdAt: '2025-01-10T08:00:00.000Z', suspended: null },
  ...extra,
});

/** The admin queue: `groups` until a decision empties it. */
function queue(groups: ReportGroup[]) {
  let open = groups;
  return mockApi((call) => {
    if (call.method === 'GET' && call.path.startsWith('/admin/reports?')) return json(200, list(open, open.length, 1, 10));
    if (call.method !== 'POST') return undefined;
    if (call.path === '/admin/reports/dismiss') {
      open = [];
      return json(200, { closed: 3 });
    }
    if (call.path === `/admin/books/${reportedBook.id}/take-down`) {
      open = [];
      return json(200, { book: { ...reportedBook, status: 'taken_down', takenDown: { reason: (call.body as { reason: string }).reason, at: '2026-11-24T10:00:00.000Z' } } });
    }
    if (call.path === '/admin/students/stu_seller00000001/suspend') {
      open = [];
      return json(200, { student: { ...groupWith().subject!, suspended: { at: '2026-11-24T10:00:00.000Z', reason: (call.body as { reason: string }).reason } } });
    }
    return undefined;
  });
}

const admin = studentWith('admin', { id: 'stu_admin000000001', firstName: 'Ada' });

describe('the Reports page', () => {
  it('sits beside the moderation queue and shows each reported listing with its reasons, reports and who sent them', async () => {
    queue([groupWith()]);
    renderApp('/admin/reports', admin);
    const card = (await screen.findByRole('heading', { name: 'Reported Physics' })).closest('article')!;
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/reports"]')).toHaveTextContent('Reports');
    expect(within(card).getByText('Hidden after reports')).toBeInTheDocument();
    expect(within(card).getByText(/3 reports from 3 students, the latest on/)).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Reasons' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Scam or fraud × 2', 'Prohibited item × 1']);
    const entries = within(within(card).getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Ayanda');
    expect(entries[0]).toHaveTextContent('Asked for a deposit by EFT');
    expect(entries[1]).toHaveTextContent('does not count towards hiding');
    expect(within(card).getByText(/Seller: Sipho Dlamini/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open the listing/ })).toHaveAttribute('href', `/books/${reportedBook.id}`);
  });

  it('dismisses once however fast it is tapped', async () => {
    const user = userEvent.setup();
    const calls = queue([groupWith()]);
    renderApp('/admin/reports', admin);
    const dismiss = await screen.findByRole('button', { name: 'Dismiss reports' });
    await user.dblClick(dismiss);
    expect(await screen.findByText('Reports dismissed')).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/admin/reports/dismiss', body: { target: 'book', id: reportedBook.id } }]);
    expect(await screen.findByRole('heading', { name: 'No open reports' })).toBeInTheDocument();
  });

  it('takes a listing down only with a reason the seller reads, offering common ones', async () => {
    const user = userEvent.setup();
    const calls = queue([groupWith()]);
    renderApp('/admin/reports', admin);
    await user.click(await screen.findByRole('button', { name: 'Take down' }));
    const dialog = screen.getByRole('dialog', { name: 'Take this listing down' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Reason for the seller/)).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(await within(dialog).findByText('Please give a reason the seller will read')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Prohibited item' }));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(await screen.findByText('Listing taken down')).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.method === 'POST')).toEqual([{ method: 'POST', path: `/admin/books/${reportedBook.id}/take-down`, body: { reason: 'Prohibited item' } }]);
  });

  it('suspends the seller with a reason', async () => {
    const user = userEvent.setup();
    const calls = queue([groupWith()]);
    renderApp('/admin/reports', admin);
    await user.click(await screen.findByRole('button', { name: 'Suspend the seller' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend this student' });
    expect(within(dialog).getByText('Sipho Dlamini')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason for the student/), 'Took deposits and never met buyers');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend student' }));
    expect(await screen.findByText('Student suspended')).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/admin/students/stu_seller00000001/suspend', body: { reason: 'Took deposits and never met buyers' } },
    ]);
  });

  it('says so when nothing is reported', async () => {
    queue([]);
    renderApp('/admin/reports', admin);
    expect(await screen.findByRole('heading', { name: 'No open reports' })).toBeInTheDocument();
  });
});
