// The order page for both parties: the actions each role gets in each state (one Decline for a
// request, Cancel only once accepted), the accept dialog's validation and payload, the handover behind
// a confirmation, every action sent once however fast it is tapped, live messages (links clickable) and
// order changes over the websocket, the refetch after a reconnect, a closed conversation with 'Find
// another copy' once an order ended, the reference the seller quotes too, and the review given once.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRand, type OrderMessage } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { isoToLocalInput } from '../src/features/orders/meetup-time';
import { type Call, dashboardShell, FakeWebSocket, installFakeWebSocket, json, list, mockApi, type OrderFixture, orderWith, realtimeServer, renderApp, studentWith } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

beforeEach(() => installFakeWebSocket());
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const ORDER_PATH = '/orders/ord_0000000000abc123';

function message(extra: Partial<OrderMessage> = {}): OrderMessage {
  return {
    id: 'msg_1',
    orderId: 'ord_0000000000abc123',
    sender: { id: 'stu_seller00000001', firstName: 'Sipho' },
    body: 'Hi! Library entrance works for me.',
    createdAt: '2025-03-02T09:00:00.000Z',
    ...extra,
  };
}

/** Serves one order (changed by `next` after an action) and its messages. */
function serveOrder(initial: OrderFixture, messages: OrderMessage[] = [], after: Record<string, Partial<OrderFixture>> = {}) {
  let order = initial;
  const calls = mockApi((call) => {
    if (call.method === 'GET' && call.path === ORDER_PATH) return json(200, { order });
    if (call.method === 'GET' && call.path === `${ORDER_PATH}/messages`) return json(200, list(messages));
    const action = call.path.startsWith(`${ORDER_PATH}/`) ? call.path.slice(ORDER_PATH.length + 1) : '';
    if (call.method === 'POST' && action === 'messages') {
      return json(201, { message: message({ id: 'msg_mine', sender: { id: order.buyer.id, firstName: 'Thandi' }, body: String(call.body?.body), createdAt: '2025-03-02T10:00:00.000Z' }) });
    }
    if (call.method === 'POST' && action === 'review') {
      order = { ...order, myReview: { rating: Number(call.body?.rating), comment: (call.body?.comment as string | undefined) ?? null } };
      return json(201, { review: {} });
    }
    if (call.method === 'POST' && after[action]) {
      order = { ...order, ...after[action] };
      return json(200, { order });
    }
    return undefined;
  });
  return calls;
}

const posts = (calls: Call[], action: string) => calls.filter((call) => call.method === 'POST' && call.path === `${ORDER_PATH}/${action}`);

describe('order page: seller', () => {
  it('a requested order offers Accept and one Decline, no Cancel and no handover', async () => {
    serveOrder(orderWith());
    renderApp('/seller/orders/ord_0000000000abc123', studentWith('seller'));
    // The sale's reference is its book's, as on the seller's transactions list.
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #000001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm handover' })).not.toBeInTheDocument();
    // The book, the amount and the buyer.
    const main = screen.getByRole('main');
    expect(main.textContent).toContain(formatRand(450.5));
    expect(main).toHaveTextContent('Calculus: Early Transcendentals');
    expect(main).toHaveTextContent('Thandi');
    expect(main).toHaveTextContent(/You have until .+ to answer/);
    const progress = screen.getByRole('list', { name: 'Order progress' });
    expect(within(progress).getAllByRole('listitem').map((item) => item.textContent?.replace(/^\d/, ''))).toEqual([
      'Requested (current step)',
      'Accepted (not yet)',
      'Completed (not yet)',
    ]);
  });

  it('the accept dialog validates with the shared schema and sends a meetup spot and an ISO time', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(orderWith(), [], {
      accept: { status: 'accepted', meetupLocation: 'Matrix Student Centre', meetupAt: '2030-01-01T10:00:00.000Z', expiresAt: null },
    });
    renderApp('/seller/orders/ord_0000000000abc123', studentWith('seller'));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept and set a meetup' });
    const spot = within(dialog).getByLabelText('Meetup spot');
    // The seller's campus (Wits) spots are offered, plus another place.
    expect(within(spot).getAllByRole('option').map((option) => option.textContent)).toContain('Matrix Student Centre');
    expect(within(spot).getAllByRole('option').at(-1)).toHaveTextContent('Another place (type it below)');

    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    expect(await within(dialog).findByText('Please choose a meetup time')).toBeInTheDocument();

    await user.selectOptions(spot, 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    expect(await within(dialog).findByText('Please choose a meetup place')).toBeInTheDocument();
    expect(posts(calls, 'accept')).toHaveLength(0);

    // A time in the past is refused before it is sent.
    await user.selectOptions(spot, 'Matrix Student Centre');
    const when = within(dialog).getByLabelText(/Date and time/);
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    expect(await within(dialog).findByText('Please choose a meetup time in the future')).toBeInTheDocument();

    const future = isoToLocalInput(new Date(Date.now() + 2 * 86_400_000));
    fireEvent.change(when, { target: { value: future } });
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'by the coffee cart');
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    await waitFor(() => expect(posts(calls, 'accept')).toHaveLength(1));
    const body = posts(calls, 'accept')[0]!.body!;
    expect(body.meetupLocation).toBe('Matrix Student Centre (by the coffee cart)');
    expect(body.meetupAt).toBe(new Date(`${future}:00+02:00`).toISOString());
    // The page shows the new state from the answer.
    expect(await screen.findByText('Matrix Student Centre')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument());
  });

  it('declines with an optional reason', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(orderWith(), [], { decline: { status: 'declined', reason: 'Sold it in class', expiresAt: null } });
    renderApp('/seller/orders/ord_0000000000abc123', studentWith('seller'));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this request?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Sold it in class');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(posts(calls, 'decline')[0]?.body).toEqual({ reason: 'Sold it in class' }));
    expect(await screen.findByText('Reason: Sold it in class')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe('order page: buyer', () => {
  it('a requested order shows the expiry note and only Cancel request', async () => {
    serveOrder(orderWith());
    renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
    expect(await screen.findByText(/^The seller has until .+ to answer$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order #000001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm handover' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Safety tips' })).toBeInTheDocument();
  });

  it('an accepted order shows the meetup in SA time and confirms the handover', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(
      orderWith({ status: 'accepted', meetupLocation: 'Matrix Student Centre', meetupAt: '2025-03-04T12:30:00.000Z', expiresAt: null }),
      [],
      { complete: { status: 'completed' } },
    );
    renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
    expect(await screen.findByText('Matrix Student Centre')).toBeInTheDocument();
    // 12:30 UTC is 14:30 in Johannesburg.
    expect(screen.getByText(/4 Mar 2025.*14:30/)).toBeInTheDocument();
    expect(screen.getByText(/Pay the seller in person only after checking the book\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    // Irreversible, so it asks first; 'Not yet' changes nothing.
    await user.click(screen.getByRole('button', { name: 'Confirm handover' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm the handover?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(calls, 'complete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm handover' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm the handover?' });
    // A double-tap on the confirmation completes once.
    const confirm = within(dialog).getByRole('button', { name: 'I have the book' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(posts(calls, 'complete')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels after a confirmation, once however fast it is tapped; the conversation then closes', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(orderWith({ status: 'accepted', meetupLocation: 'Library', meetupAt: '2030-01-01T08:00:00.000Z', expiresAt: null }), [message()], {
      cancel: { status: 'cancelled', expiresAt: null },
    });
    renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(calls, 'cancel')[0]?.body).toEqual({}));
    const progress = await screen.findByRole('list', { name: 'Order progress' });
    await waitFor(() => expect(progress).toHaveTextContent('Cancelled (order ended here)'));
    expect(posts(calls, 'cancel')).toHaveLength(1);
    // The messages stay readable; the box to write more is gone, and the buyer is pointed elsewhere.
    expect(await screen.findByText('This order was cancelled, so the conversation is closed.')).toBeInTheDocument();
    expect(screen.getByText('Hi! Library entrance works for me.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another copy' })).toHaveAttribute('href', '/buyer/books?q=Calculus%3A%20Early%20Transcendentals');
  });

  it('a declined request shows its seller no message box and no link to another copy', async () => {
    serveOrder(orderWith({ status: 'declined', expiresAt: null, reason: 'Sold it in class' }));
    renderApp('/seller/orders/ord_0000000000abc123', studentWith('seller'));
    expect(await screen.findByText(/This request was declined, so the conversation is closed\./)).toBeInTheDocument();
    expect(await screen.findByText('You and Thandi sent no messages about this order.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find another copy' })).not.toBeInTheDocument();
  });
});

describe('order page: messages and live updates', () => {
  it('lists messages, sends one with a counter, and shows a new one from the websocket without reload', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(orderWith(), [message()]);
    renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
    const log = await screen.findByRole('log', { name: 'Conversation with Sipho' });
    expect(await within(log).findByText('Hi! Library entrance works for me.')).toBeInTheDocument();

    const box = screen.getByLabelText('Message');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();
    await user.type(box, 'See you at 2');
    expect(screen.getByText('12/2000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('See you at 2')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(posts(calls, 'messages')[0]?.body).toEqual({ body: 'See you at 2' });

    const messageGets = () => calls.filter((call) => call.method === 'GET' && call.path === `${ORDER_PATH}/messages`).length;
    const before = messageGets();
    expect(FakeWebSocket.latest().url).toMatch(/^ws:\/\/.+\/api\/v1\/realtime$/);
    realtimeServer.accept();
    realtimeServer.emit({ type: 'message.created', orderId: 'ord_0000000000abc123', message: message({ id: 'msg_live', body: 'Running 5 min late', createdAt: '2025-03-02T11:00:00.000Z' }) });
    expect(await within(log).findByText('Running 5 min late')).toBeInTheDocument();
    // Another order's message is not shown here, and the same message twice shows once.
    realtimeServer.emit({ type: 'message.created', orderId: 'ord_other', message: message({ id: 'msg_other', orderId: 'ord_other', body: 'Not for this page' }) });
    realtimeServer.emit({ type: 'message.created', orderId: 'ord_0000000000abc123', message: message({ id: 'msg_live', body: 'Running 5 min late', createdAt: '2025-03-02T11:00:00.000Z' }) });
    expect(within(log).queryByText('Not for this page')).not.toBeInTheDocument();
    expect(within(log).getAllByText('Running 5 min late')).toHaveLength(1);
    expect(messageGets()).toBe(before);
  });

  it('shows web addresses as links (http and https only) and sends a double-tapped message once', async () => {
    const user = userEvent.setup();
    const long = `https://example.org/${'a'.repeat(120)}`;
    const calls = serveOrder(orderWith(), [
      message({ body: `Map: https://maps.example.com/wits?pin=1. Also ${long} and javascript:alert(1)` }),
    ]);
    renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
    const log = await screen.findByRole('log', { name: 'Conversation with Sipho' });
    const map = await within(log).findByRole('link', { name: 'https://maps.example.com/wits?pin=1' });
    expect(map).toHaveAttribute('href', 'https://maps.example.com/wits?pin=1');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(log).getByRole('link', { name: long })).toHaveAttribute('href', long);
    expect(within(log).getAllByRole('link')).toHaveLength(2);

    await user.type(screen.getByLabelText('Message'), 'On my way');
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await within(log).findByText('On my way')).toBeInTheDocument();
    expect(posts(calls, 'messages')).toHaveLength(1);
  });

  it('applies order.updated from the websocket and refetches after a reconnect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = serveOrder(orderWith(), []);
      renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
      await screen.findByRole('heading', { level: 1, name: 'Order #000001' });
      realtimeServer.accept();
      realtimeServer.emit({
        type: 'order.updated',
        order: orderWith({ status: 'accepted', meetupLocation: 'Great Hall steps (East Campus)', meetupAt: '2030-01-01T08:00:00.000Z', expiresAt: null }),
      });
      expect(await screen.findByText('Great Hall steps (East Campus)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm handover' })).toBeInTheDocument();

      const orderGets = () => calls.filter((call) => call.method === 'GET' && call.path === ORDER_PATH).length;
      const before = orderGets();
      const dropped = realtimeServer.connections();
      realtimeServer.drop();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(realtimeServer.connections()).toHaveLength(dropped.length);
      expect(realtimeServer.connections().some((socket) => dropped.includes(socket))).toBe(false);
      realtimeServer.accept();
      await waitFor(() => expect(orderGets()).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('order page: reviews', () => {
  it('a completed order takes one review (1-5 stars), then shows mine and theirs', async () => {
    const user = userEvent.setup();
    const calls = serveOrder(orderWith({ status: 'completed', meetupLocation: 'Matrix Student Centre', meetupAt: '2025-03-04T12:30:00.000Z', expiresAt: null, theirReview: { rating: 5, comment: 'Great buyer' } }));
    renderApp('/buyer/orders/ord_0000000000abc123', studentWith('buyer'));
    const reviews = await screen.findByRole('heading', { name: 'Reviews' });
    const section = reviews.closest('section')!;
    // Their review shows once mine is in.
    expect(within(section).queryByText('Great buyer')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));
    expect(await within(section).findByText('Please choose a rating from 1 to 5')).toBeInTheDocument();
    const radios = within(section).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(section).getByRole('radio', { name: '4 stars' }));
    await user.type(within(section).getByLabelText('Comment (optional)'), 'Book as described');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(posts(calls, 'review')[0]?.body).toEqual({ rating: 4, comment: 'Book as described' }));
    expect(await within(section).findByText('Your review')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(section).getByText('Book as described')).toBeInTheDocument();
    expect(within(section).getByText("Sipho's review of you")).toBeInTheDocument();
    expect(within(section).getByText('Great buyer')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  });

  it('does not offer the form again once reviewed', async () => {
    serveOrder(orderWith({ status: 'completed', meetupLocation: 'x', meetupAt: '2025-03-04T12:30:00.000Z', expiresAt: null, myReview: { rating: 3, comment: null } }));
    renderApp('/seller/orders/ord_0000000000abc123', studentWith('seller'));
    expect(await screen.findByText('Your review')).toBeInTheDocument();
    expect(screen.getByText('Thandi has not reviewed you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  });

  it('a stranger gets "Order not found"', async () => {
    mockApi((call) => (call.path.startsWith('/orders/ord_nope') ? json(404, { error: 'Order not found', code: 'NOT_FOUND' }) : undefined));
    renderApp('/buyer/orders/ord_nope', studentWith('buyer'));
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
