// The meetup on the order page, through the API mock: the buyer's handover code (big, spaced, spelt out
// for screen readers) with its QR code; the seller's Complete sale form (labelled numeric one-time-code
// field, the shared rules, the server's wrong-code and lockout answers written under the field and read
// out, sent once however fast it is tapped) and the code a scanned QR brings in the address; Report
// no-show only after the meetup time, behind a confirmation; proposing a new time and accepting the other
// party's; the calendar file link.
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { sellerCompleteUrl } from '../src/features/orders/components/handover-code';
import { isoToLocalInput } from '../src/features/orders/meetup-time';
import { useTimePassed } from '../src/features/orders/use-time-passed';
import { type Call, dashboardShell, installFakeWebSocket, json, list, mockApi, type OrderFixture, orderWith, renderApp, studentWith } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
  installFakeWebSocket();
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const ID = 'ord_0000000000abc123';
const ORDER_PATH = `/orders/${ID}`;
const HOUR = 3_600_000;

const accepted = (extra: Partial<OrderFixture> = {}) =>
  orderWith({ status: 'accepted', meetupLocation: 'Matrix Student Centre', meetupAt: new Date(Date.now() + 48 * HOUR).toISOString(), expiresAt: null, ...extra });

/** Serves one order; `answers` give each action's answer (a function of the call, in order). */
function serveOrder(initial: OrderFixture, answers: Record<string, (call: Call) => Response> = {}) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === ORDER_PATH) return json(200, { order: initial });
    if (call.method === 'GET' && call.path === `${ORDER_PATH}/messages`) return json(200, list([]));
    const action = call.path.startsWith(`${ORDER_PATH}/`) ? call.path.slice(ORDER_PATH.length + 1) : '';
    if (call.method === 'POST' && answers[action]) return answers[action](call);
    return undefined;
  });
}

const posts = (calls: Call[], action: string) => calls.filter((call) => call.method === 'POST' && call.path === `${ORDER_PATH}/${action}`);
const apiError = (status: number, error: string, code: string, fields?: Record<string, string>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error, code, ...(fields ? { fields } : {}) }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the buyer: handover code', () => {
  it('shows the code big and spaced, spelt out for screen readers, with its QR code, and the calendar link', async () => {
    serveOrder(accepted({ handoverCode: '042917' }));
    renderApp(`/buyer${ORDER_PATH}`, studentWith('buyer'));
    const panel = (await screen.findByRole('heading', { name: 'Your handover code' })).closest('section')!;
    expect(within(panel).getByTestId('handover-code')).toHaveTextContent('042 917');
    expect(within(panel).getByText('0 4 2 9 1 7')).toHaveClass('sr-only');
    expect(panel).toHaveTextContent('Once you have checked the book, show this to Sipho.');
    // The QR code arrives with its library, as an SVG.
    const qr = await within(panel).findByRole('img', { name: 'QR code of the handover code, for Sipho to scan' });
    const src = qr.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    // It leads to the seller's own page of the order with the code after '#', never in a request.
    expect(sellerCompleteUrl('https://reshelf.co.za', ID, '042917')).toBe(`https://reshelf.co.za/seller/orders/${ID}#handover=042917`);

    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('href', `/api/v1/orders/${ID}/calendar.ics`);
    expect(calendar).toHaveAttribute('download');
    // The buyer can still confirm on their side; before the meetup time there is no no-show to report.
    expect(screen.getByRole('button', { name: 'Confirm handover' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propose a new time' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report no-show' })).not.toBeInTheDocument();
  });

  it('a requested or completed order shows no code', async () => {
    serveOrder(orderWith({ handoverCode: null }));
    renderApp(`/buyer${ORDER_PATH}`, studentWith('buyer'));
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your handover code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});

describe('the seller: Complete sale', () => {
  it('asks for the code in a labelled numeric one-time-code field, checks it with the shared rules, and shows the server’s wrong-code and lockout answers under it', async () => {
    const user = userEvent.setup();
    const answers = [
      apiError(400, MESSAGES.wrongHandoverCode, 'WRONG_HANDOVER_CODE', { code: MESSAGES.wrongHandoverCode }),
      apiError(429, 'Too many wrong codes. You can enter the code again at 14:35, or the buyer can confirm the handover on their side.', 'HANDOVER_LOCKED', undefined, { 'Retry-After': '900' }),
      json(200, { order: accepted({ status: 'completed' }) }),
    ];
    const calls = serveOrder(accepted(), { complete: () => answers.shift()! });
    renderApp(`/seller${ORDER_PATH}`, studentWith('seller'));
    expect(await screen.findByText(/ask for their 6-digit handover code and enter it to complete the sale/)).toBeInTheDocument();
    // The seller never sees a code of their own.
    expect(screen.queryByRole('heading', { name: 'Your handover code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm handover' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the sale' });
    const field = within(dialog).getByLabelText(/^Handover code/);
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveFocus();

    const submit = within(dialog).getByRole('button', { name: 'Complete sale' });
    await user.click(submit);
    expect(await within(dialog).findByText('Enter the 6-digit handover code the buyer shows you')).toBeInTheDocument();
    await user.type(field, '12a45');
    await user.click(submit);
    expect(await within(dialog).findByText('The handover code is 6 digits')).toBeInTheDocument();
    expect(posts(calls, 'complete')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(submit);
    const wrong = await within(dialog).findByText('Wrong handover code', { selector: 'p:not(.sr-only)' });
    expect(posts(calls, 'complete')[0]!.body).toEqual({ code: '123456' });
    // Tied to the field and said at once.
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(wrong.id);
    expect(dialog.querySelector('[aria-live="assertive"]')).toHaveTextContent('Wrong handover code');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '123457');
    await user.click(submit);
    expect(await within(dialog).findByText(/^Too many wrong codes\. You can enter the code again at 14:35/, { selector: 'p:not(.sr-only)' })).toBeInTheDocument();

    // The right code, tapped twice: sent once, the sale completes.
    await user.clear(field);
    await user.type(field, '654321');
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Sale completed. Rate the buyer to help other students.')).toBeInTheDocument();
    expect(posts(calls, 'complete')).toHaveLength(3);
    expect(posts(calls, 'complete')[2]!.body).toEqual({ code: '654321' });
    const progress = await screen.findByRole('list', { name: 'Order progress' });
    await waitFor(() => expect(progress).toHaveTextContent('Completed (done)'));
  });

  it("a scanned QR code opens Complete sale with the code filled in, and the code leaves the page's address", async () => {
    serveOrder(accepted());
    const { router } = renderApp(`/seller${ORDER_PATH}#handover=654321`, studentWith('seller'));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the sale' });
    expect(within(dialog).getByLabelText(/^Handover code/)).toHaveValue('654321');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe(`/seller${ORDER_PATH}`);
  });
});

describe('after the meetup time', () => {
  it('either party may report a no-show, behind a confirmation, sent once', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(accepted({ meetupAt: new Date(Date.now() - HOUR).toISOString() }), {
      'no-show': () => json(200, { order: accepted({ status: 'cancelled', reason: 'Sipho did not come to the meetup', meetupAt: new Date(Date.now() - HOUR).toISOString() }) }),
    });
    renderApp(`/buyer${ORDER_PATH}`, studentWith('buyer'));
    expect(await screen.findByText('The meetup time has passed. If it did not happen, propose a new time or report a no-show.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report no-show' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Report that Sipho did not come?' });
    expect(dialog).toHaveTextContent("The no-show counts on Sipho's Reshelf profile");
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(calls, 'no-show')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Report no-show' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Report that Sipho did not come?' });
    const confirm = within(dialog).getByRole('button', { name: 'Report no-show' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('No-show reported. The order is cancelled.')).toBeInTheDocument();
    expect(posts(calls, 'no-show')).toHaveLength(1);
    expect(await screen.findByText('Reason: Sipho did not come to the meetup')).toBeInTheDocument();
  });

  it('the meetup time passing while the page is open is noticed at that moment (useTimePassed)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const at = new Date(Date.now() + 90_000).toISOString();
      const { result } = renderHook(() => useTimePassed(at));
      expect(result.current).toBe(false);
      act(() => vi.advanceTimersByTime(89_999));
      expect(result.current).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toBe(true);
      expect(renderHook(() => useTimePassed(null)).result.current).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a new meetup time', () => {
  it('is proposed with the shared meetup window, keeping the place when none is typed', async () => {
    const user = userEvent.setup();
    const future = isoToLocalInput(new Date(Date.now() + 3 * 24 * HOUR));
    const proposedAt = new Date(`${future}:00+02:00`).toISOString();
    const calls = serveOrder(accepted(), {
      reschedule: () =>
        json(200, {
          order: accepted({ proposal: { meetupAt: proposedAt, meetupLocation: 'Matrix Student Centre', by: 'seller', createdAt: new Date().toISOString(), lapsesAt: new Date(Date.now() + 48 * HOUR).toISOString() } }),
        }),
    });
    renderApp(`/seller${ORDER_PATH}`, studentWith('seller'));
    await user.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    expect(dialog).toHaveTextContent('Leave empty to keep Matrix Student Centre.');
    const submit = within(dialog).getByRole('button', { name: 'Propose time' });
    await user.click(submit);
    expect(await within(dialog).findByText('Please choose a meetup time')).toBeInTheDocument();
    const when = within(dialog).getByLabelText(/New date and time/);
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } });
    await user.click(submit);
    expect(await within(dialog).findByText(MESSAGES.meetupInPast)).toBeInTheDocument();
    fireEvent.change(when, { target: { value: isoToLocalInput(new Date(Date.now() + 31 * 24 * HOUR)) } });
    await user.click(submit);
    expect(await within(dialog).findByText(MESSAGES.meetupTooLate)).toBeInTheDocument();
    expect(posts(calls, 'reschedule')).toHaveLength(0);

    fireEvent.change(when, { target: { value: future } });
    await user.click(submit);
    await waitFor(() => expect(posts(calls, 'reschedule')).toHaveLength(1));
    expect(posts(calls, 'reschedule')[0]!.body).toEqual({ meetupAt: proposedAt });
    expect(await screen.findByText('You proposed a new time')).toBeInTheDocument();
    expect(screen.getByText(/^Waiting for Thandi to accept it, until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept new time' })).not.toBeInTheDocument();
  });

  it("the other party's proposal is accepted with one tap, sent once", async () => {
    const newTime = new Date(Date.now() + 72 * HOUR).toISOString();
    const proposal = { meetupAt: newTime, meetupLocation: 'Great Hall steps', by: 'seller' as const, createdAt: new Date().toISOString(), lapsesAt: new Date(Date.now() + 48 * HOUR).toISOString() };
    const calls = serveOrder(accepted({ proposal }), {
      'reschedule/accept': () => json(200, { order: accepted({ meetupAt: newTime, meetupLocation: 'Great Hall steps', proposal: null }) }),
    });
    renderApp(`/buyer${ORDER_PATH}`, studentWith('buyer'));
    expect(await screen.findByText('Sipho proposed a new time')).toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept new time' });
    fireEvent.click(accept);
    fireEvent.click(accept);
    expect(await screen.findByText('New meetup time accepted')).toBeInTheDocument();
    expect(posts(calls, 'reschedule/accept')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Sipho proposed a new time')).not.toBeInTheDocument());
    expect(screen.getByText('Great Hall steps')).toBeInTheDocument();
  });
});
