// The meetup of an accepted order, on the database under test: the handover code (only in the buyer's own
// view; the seller completes with it; five wrong codes lock completing by code for 15 minutes, counted
// atomically), the no-show (after the meetup time, once per order, racing a completion), a new time
// proposed by one party (a few an hour, each mailed) and accepted by the other, the reminders (evening before and hour before, each
// once, moved by a new time, none for a cancelled order) and the calendar file; every wrong role.
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HANDOVER,
  LIMITS,
  MESSAGES,
  formatClockTime,
  formatMeetupTime,
  handoverLocked,
  meetupReminderTimes,
  noShowReason,
  noShowTooEarly,
  type Order,
  type RealtimeEvent,
} from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

let t: TestApp;
let seller: Account;
let buyer: Account;
let otherBuyer: Account;
let otherSeller: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sello' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bongi' });
  otherBuyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Olwethu' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: who ? { cookie: who.cookie } : {} });

const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const bookState = async (id: string) => (await t.database.db.selectFrom('books').select(['availability']).where('id', '=', id).executeTakeFirstOrThrow()).availability;
const storedCode = async (id: string) => (await t.database.db.selectFrom('orders').select('handover_code').where('id', '=', id).executeTakeFirstOrThrow()).handover_code!;
/** The reminders the order's meetup has scheduled, soonest first (read where the scheduled job reads them). */
const remindersOf = (id: string) => t.database.db.selectFrom('order_reminders').selectAll().where('order_id', '=', id).orderBy('due_at').execute();
const view = async (id: string, who: Account) => (await call('GET', `/api/v1/orders/${id}`, who)).json().order as Order;
const complete = (id: string, who?: Account, body?: unknown) => call('POST', `/api/v1/orders/${id}/complete`, who, body);

/** A requested order of the buyer for a fresh book; accepted with a meetup `ahead` from now unless told otherwise. */
async function newOrder(opts: { accept?: boolean; ahead?: number; place?: string; title?: string } = {}) {
  const bookId = await insertBook(t.database.db, seller.id, { title: opts.title ?? 'Principles of Economics' });
  const created = await call('POST', '/api/v1/orders', buyer, { bookId });
  expect(created.statusCode).toBe(201);
  const id = created.json().order.id as string;
  const meetupAt = inFuture(opts.ahead ?? 48 * HOUR);
  if (opts.accept !== false) {
    const accepted = await call('POST', `/api/v1/orders/${id}/accept`, seller, { meetupLocation: opts.place ?? 'Wits Library Lawns', meetupAt });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  return { id, bookId, meetupAt };
}

/** A code that is not the order's. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`the handover code (${dialectUnderTest})`, () => {
  it("is six digits in the buyer's own view once accepted; never in the seller's view, the accept answer or any list", async () => {
    const { id } = await newOrder({ accept: false });
    expect((await view(id, buyer)).handoverCode).toBeNull();
    const accepted = await call('POST', `/api/v1/orders/${id}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt: inFuture(48 * HOUR) });
    expect(accepted.json().order).not.toHaveProperty('handoverCode');
    const code = await storedCode(id);
    expect(code).toMatch(/^\d{6}$/);

    expect((await view(id, buyer)).handoverCode).toBe(code);
    const sellerView = await call('GET', `/api/v1/orders/${id}`, seller);
    expect(sellerView.json().order).not.toHaveProperty('handoverCode');
    expect(sellerView.body).not.toContain(code);
    for (const as of ['buyer', 'seller'] as const) {
      const list = await call('GET', `/api/v1/orders?as=${as}&pageSize=50`, as === 'buyer' ? buyer : seller);
      expect(list.statusCode).toBe(200);
      for (const item of list.json().items) expect(item).not.toHaveProperty('handoverCode');
      expect(list.body).not.toContain(`"${code}"`);
    }
    // Notices and mail about the order never carry it either.
    const notes = await t.database.db.selectFrom('notifications').select(['title', 'body']).where('link', 'like', `%${id}`).execute();
    expect(JSON.stringify(notes)).not.toContain(code);
    expect(JSON.stringify(t.mailer.sent)).not.toContain(code);
  });

  it('is sent live to the buyer when the seller accepts, and never to the seller', async () => {
    const { id } = await newOrder({ accept: false });
    const events: Record<string, RealtimeEvent[]> = { buyer: [], seller: [] };
    const subscriptions = (['buyer', 'seller'] as const).map((who) =>
      t.app.services.hub.subscribe((who === 'buyer' ? buyer : seller).id, { tokenHash: `test-${who}`, send: (e) => void events[who]!.push(e), end: () => undefined }),
    );
    try {
      await call('POST', `/api/v1/orders/${id}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt: inFuture(48 * HOUR) });
    } finally {
      for (const unsubscribe of subscriptions) unsubscribe();
    }
    const code = await storedCode(id);
    const orderEvent = (who: string) => events[who]!.find((e) => e.type === 'order.updated') as Extract<RealtimeEvent, { type: 'order.updated' }>;
    expect(orderEvent('buyer').order.handoverCode).toBe(code);
    expect(orderEvent('seller').order).not.toHaveProperty('handoverCode');
    expect(JSON.stringify(events.seller)).not.toContain(code);
  });

  it("another buyer, another seller, an admin and anonymous cannot read an order's code", async () => {
    const { id } = await newOrder();
    const code = await storedCode(id);
    for (const who of [otherBuyer, otherSeller, admin]) {
      const res = await call('GET', `/api/v1/orders/${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
      expect(res.body).not.toContain(code);
    }
    expect((await call('GET', `/api/v1/orders/${id}`)).statusCode).toBe(401);
    // Nor through their own lists.
    for (const who of [otherBuyer, otherSeller]) expect((await call('GET', '/api/v1/orders?as=buyer', who)).body).not.toContain(code);
  });

  it('the seller completes with the right code: sold, and the buyer is told', async () => {
    const { id, bookId } = await newOrder({ title: 'Campbell Biology' });
    const code = await storedCode(id);
    const done = await complete(id, seller, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().order).toMatchObject({ status: 'completed' });
    expect(done.json().order).not.toHaveProperty('handoverCode');
    expect(await bookState(bookId)).toBe('sold');
    expect((await view(id, buyer)).handoverCode).toBeNull();
    await expect.poll(() => t.mailer.last(buyer.email)?.subject).toBe('Sello completed the sale of "Campbell Biology"');
    // Done is done: again is 409 with the state's message.
    const again = await complete(id, seller, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MESSAGES.orderAlreadyCompleted, code: 'INVALID_STATE' });
  });

  it('a code typed with spaces between the digits is the same code', async () => {
    const { id } = await newOrder();
    const code = await storedCode(id);
    expect((await complete(id, seller, { code: `${code.slice(0, 3)} ${code.slice(3)}` })).statusCode).toBe(200);
  });

  it('the seller cannot complete without a code (400, order still accepted) or with something that is not six digits', async () => {
    const { id, bookId } = await newOrder();
    for (const body of [undefined, {}, { code: null }]) {
      const res = await complete(id, seller, body);
      if (body && 'code' in body) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: MESSAGES.handoverCodeText });
        continue;
      }
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Enter the 6-digit handover code the buyer shows you', code: 'HANDOVER_CODE_REQUIRED', fields: { code: 'Enter the 6-digit handover code the buyer shows you' } });
    }
    for (const code of ['12345', '1234567', 'abcdef', '12345a', '']) {
      const res = await complete(id, seller, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'The handover code is 6 digits', code: 'VALIDATION', fields: { code: 'The handover code is 6 digits' } });
    }
    expect((await view(id, seller)).status).toBe('accepted');
    expect(await bookState(bookId)).toBe('reserved');
    // Malformed codes are not tries: five wrong ones still get their own answer.
    const attempts = await t.database.db.selectFrom('orders').select('handover_attempts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(attempts.handover_attempts)).toBe(0);
  });

  it('a wrong code is 400 "Wrong handover code"', async () => {
    const { id } = await newOrder();
    const res = await complete(id, seller, { code: wrongCodeFor(await storedCode(id)) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Wrong handover code', code: 'WRONG_HANDOVER_CODE', fields: { code: 'Wrong handover code' } });
    expect((await view(id, seller)).status).toBe('accepted');
  });

  it('five wrong codes lock completing by code for 15 minutes (429 with the time it reopens), even for the right code; the buyer can still confirm', async () => {
    const { id, bookId } = await newOrder();
    const code = await storedCode(id);
    for (let i = 0; i < HANDOVER.maxWrongCodes; i++) {
      const res = await complete(id, seller, { code: wrongCodeFor(code) });
      expect(res.statusCode, `wrong code ${i + 1}`).toBe(400);
      expect(res.json().error).toBe('Wrong handover code');
    }
    const reopens = new Date(t.clock.now().getTime() + 15 * MINUTE);
    const locked = await complete(id, seller, { code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: handoverLocked(formatClockTime(reopens)), code: 'HANDOVER_LOCKED' });
    expect(locked.json().error).toBe(`Too many wrong codes. You can enter the code again at ${formatClockTime(reopens)}, or the buyer can confirm the handover on their side.`);
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    t.clock.advance(5 * MINUTE);
    const stillLocked = await complete(id, seller, { code });
    expect(stillLocked.statusCode).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBe(10 * 60);
    expect(await bookState(bookId)).toBe('reserved');

    const byBuyer = await complete(id, buyer);
    expect(byBuyer.statusCode).toBe(200);
    expect(byBuyer.json().order.status).toBe('completed');
  });

  it('after the lock ends the count starts again: four more wrong codes, then the right one completes', async () => {
    const { id } = await newOrder();
    const code = await storedCode(id);
    for (let i = 0; i < 5; i++) expect((await complete(id, seller, { code: wrongCodeFor(code) })).statusCode).toBe(400);
    expect((await complete(id, seller, { code })).statusCode).toBe(429);
    t.clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await complete(id, seller, { code: wrongCodeFor(code) })).statusCode).toBe(400);
    const done = await complete(id, seller, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().order.status).toBe('completed');
  });

  it('20 wrong codes at the same moment: exactly five are judged (400), the other fifteen are locked out (429)', async () => {
    const { id } = await newOrder();
    const code = await storedCode(id);
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(id, seller, { code: wrongCodeFor(code) })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const row = await t.database.db.selectFrom('orders').select(['handover_attempts', 'handover_locked_until']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.handover_attempts)).toBe(5);
    expect(row.handover_locked_until).not.toBeNull();
    // The right code among a second burst changes nothing while locked.
    const burst = await Promise.all([complete(id, seller, { code }), ...Array.from({ length: 5 }, () => complete(id, seller, { code: wrongCodeFor(code) }))]);
    expect(burst.every((r) => r.statusCode === 429)).toBe(true);
    expect((await view(id, seller)).status).toBe('accepted');
  });

  it('every wrong role: other students and admins 404, anonymous 401; the buyer needs no code (and a wrong one from the buyer is ignored)', async () => {
    const { id } = await newOrder();
    const code = await storedCode(id);
    for (const who of [otherBuyer, otherSeller, admin]) {
      const res = await complete(id, who, { code });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    }
    expect((await complete(id, undefined, { code })).statusCode).toBe(401);
    // None of that counted as a try.
    const attempts = await t.database.db.selectFrom('orders').select('handover_attempts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(attempts.handover_attempts)).toBe(0);
    const byBuyer = await complete(id, buyer, { code: wrongCodeFor(code) });
    expect(byBuyer.statusCode).toBe(200);
  });

  it('a requested order cannot be completed by either party (409)', async () => {
    const { id } = await newOrder({ accept: false });
    for (const [who, body] of [[seller, { code: '123456' }], [buyer, undefined]] as const) {
      const res = await complete(id, who, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MESSAGES.handoverBeforeAccept, code: 'INVALID_STATE' });
    }
  });
});

describe(`no-show (${dialectUnderTest})`, () => {
  const noShow = (id: string, who?: Account) => call('POST', `/api/v1/orders/${id}/no-show`, who);

  it('is refused before the meetup time with the time in the message; after it, the buyer reports the seller: cancelled, book freed, recorded, seller told', async () => {
    const { id, bookId, meetupAt } = await newOrder({ ahead: 3 * HOUR, title: 'Engineering Mechanics' });
    const early = await noShow(id, buyer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: noShowTooEarly(formatMeetupTime(meetupAt)), code: 'MEETUP_NOT_PASSED' });
    expect(early.json().error).toMatch(/^You can report a no-show once the meetup time \(.+\) has passed$/);

    t.clock.set(new Date(new Date(meetupAt).getTime() + 30 * MINUTE));
    const res = await noShow(id, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'cancelled', reason: noShowReason('Sello'), handoverCode: null });
    expect(res.json().order.reason).toBe('Sello did not come to the meetup');
    expect(await bookState(bookId)).toBe('available');
    const recorded = await t.database.db.selectFrom('no_shows').selectAll().where('order_id', '=', id).execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ student_id: seller.id, reporter_id: buyer.id, created_at: t.clock.now().toISOString() });
    await expect.poll(() => t.mailer.last(seller.email)?.subject).toBe('Bongi reported that you did not come to the meetup');
    const notice = await t.database.db.selectFrom('notifications').selectAll().where('student_id', '=', seller.id).where('link', '=', `/seller/orders/${id}`).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(notice.body).toBe('The order for "Engineering Mechanics" is cancelled, and the no-show counts on your Reshelf profile.');
    expect((await t.app.services.orders.noShowsOf([seller.id, buyer.id])).get(seller.id)).toBeGreaterThanOrEqual(1);

    // Once per order, whoever asks.
    for (const who of [buyer, seller]) {
      const again = await noShow(id, who);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'A no-show was already reported for this order', code: 'NO_SHOW_REPORTED' });
    }
  });

  it('the seller reports the buyer: the no-show is against the buyer', async () => {
    const { id, meetupAt } = await newOrder({ ahead: 2 * HOUR });
    t.clock.set(new Date(new Date(meetupAt).getTime() + MINUTE));
    const before = (await t.app.services.orders.noShowsOf([buyer.id])).get(buyer.id) ?? 0;
    const res = await noShow(id, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.reason).toBe('Bongi did not come to the meetup');
    expect((await t.app.services.orders.noShowsOf([buyer.id])).get(buyer.id)).toBe(before + 1);
  });

  it('every wrong role: other students and admins 404, anonymous 401; a requested or completed order 409', async () => {
    const { id, meetupAt } = await newOrder({ ahead: HOUR });
    t.clock.set(new Date(new Date(meetupAt).getTime() + MINUTE));
    for (const who of [otherBuyer, otherSeller, admin]) {
      const res = await noShow(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    }
    expect((await noShow(id)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('no_shows').select('id').where('order_id', '=', id).execute()).toHaveLength(0);

    const requested = await newOrder({ accept: false });
    const refused = await noShow(requested.id, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'A no-show can only be reported for an agreed meetup', code: 'INVALID_STATE' });

    expect((await complete(id, buyer)).statusCode).toBe(200);
    const afterSale = await noShow(id, seller);
    expect(afterSale.statusCode).toBe(409);
    expect(afterSale.json()).toEqual({ error: MESSAGES.orderAlreadyCompleted, code: 'INVALID_STATE' });
  });

  it('a no-show and a completion at the same moment: exactly one wins, and the order, the book and the record agree (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const { id, bookId, meetupAt } = await newOrder({ ahead: HOUR });
      t.clock.set(new Date(new Date(meetupAt).getTime() + MINUTE));
      const code = await storedCode(id);
      // Alternate who completes (the seller with the code, the buyer without) against the other's report.
      const [completion, report] =
        round % 2 === 0 ? await Promise.all([complete(id, seller, { code }), noShow(id, buyer)]) : await Promise.all([complete(id, buyer), noShow(id, seller)]);
      const statuses = [completion.statusCode, report.statusCode].sort();
      expect(statuses, `round ${round}: ${completion.body} / ${report.body}`).toEqual([200, 409]);
      const noShows = await t.database.db.selectFrom('no_shows').select('id').where('order_id', '=', id).execute();
      if (completion.statusCode === 200) {
        expect(report.json()).toEqual({ error: MESSAGES.orderAlreadyCompleted, code: 'INVALID_STATE' });
        expect(await bookState(bookId)).toBe('sold');
        expect(noShows).toHaveLength(0);
      } else {
        expect(completion.json().code).toBe('INVALID_STATE');
        expect(completion.json().error).toBe(MESSAGES.orderWasCancelled);
        expect(await bookState(bookId)).toBe('available');
        expect(noShows).toHaveLength(1);
      }
    }
  });

  it('both parties reporting each other at the same moment: one no-show is recorded, the other report is refused', async () => {
    const { id, meetupAt } = await newOrder({ ahead: HOUR });
    t.clock.set(new Date(new Date(meetupAt).getTime() + MINUTE));
    const results = await Promise.all([noShow(id, buyer), noShow(id, seller)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect([MESSAGES.noShowOncePerOrder, MESSAGES.orderWasCancelled]).toContain(lost.json().error);
    expect(await t.database.db.selectFrom('no_shows').select('id').where('order_id', '=', id).execute()).toHaveLength(1);
  });
});

describe(`a new meetup time (${dialectUnderTest})`, () => {
  const propose = (id: string, who: Account | undefined, body: unknown) => call('POST', `/api/v1/orders/${id}/reschedule`, who, body);
  const acceptProposal = (id: string, who?: Account) => call('POST', `/api/v1/orders/${id}/reschedule/accept`, who);

  it('the seller proposes, the buyer is told and accepts: the meetup moves (place kept when none is given), the calendar sequence and the reminders move with it', async () => {
    const { id, meetupAt } = await newOrder({ ahead: 50 * HOUR, place: 'Matrix Student Centre' });
    const before = await remindersOf(id);
    expect(before.map((r) => r.kind).sort()).toEqual(['evening', 'hour']);
    const newTime = new Date(new Date(meetupAt).getTime() + 24 * HOUR).toISOString();
    const proposed = await propose(id, seller, { meetupAt: newTime });
    expect(proposed.statusCode).toBe(200);
    const proposal = proposed.json().order.proposal;
    expect(proposal).toMatchObject({ meetupAt: newTime, meetupLocation: 'Matrix Student Centre', by: 'seller', createdAt: t.clock.now().toISOString() });
    expect(proposal.lapsesAt).toBe(new Date(t.clock.now().getTime() + 48 * HOUR).toISOString());
    expect(proposed.json().order.meetupAt).toBe(meetupAt);
    expect((await view(id, buyer)).proposal).toEqual(proposal);
    await expect.poll(() => t.mailer.last(buyer.email)?.subject).toBe('Sello proposed a new meetup time');

    const own = await acceptProposal(id, seller);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: 'The other student has to accept the new time you proposed', code: 'OWN_PROPOSAL' });

    const accepted = await acceptProposal(id, buyer);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().order).toMatchObject({ meetupAt: newTime, meetupLocation: 'Matrix Student Centre', proposal: null, status: 'accepted' });
    await expect.poll(() => t.mailer.last(seller.email)?.subject).toBe('Bongi accepted the new meetup time');
    const moved = await remindersOf(id);
    const times = meetupReminderTimes(new Date(newTime));
    expect(moved.map((r) => [r.kind, r.due_at, r.meetup_at])).toEqual([
      ['evening', times.evening.toISOString(), newTime],
      ['hour', times.hour.toISOString(), newTime],
    ]);
    const ics = await call('GET', `/api/v1/orders/${id}/calendar.ics`, buyer);
    expect(ics.body).toContain('SEQUENCE:1\r\n');
    // Nothing left to accept.
    const again = await acceptProposal(id, buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'There is no new meetup time waiting for your answer', code: 'NO_PROPOSAL' });
  });

  it('after the meetup time the buyer proposes a new time and place; a counter-proposal replaces it; it lapses after 48 hours', async () => {
    const { id, meetupAt } = await newOrder({ ahead: 2 * HOUR });
    t.clock.set(new Date(new Date(meetupAt).getTime() + HOUR));
    const first = await propose(id, buyer, { meetupAt: inFuture(72 * HOUR), meetupLocation: 'Great Hall steps' });
    expect(first.statusCode).toBe(200);
    expect(first.json().order.proposal).toMatchObject({ by: 'buyer', meetupLocation: 'Great Hall steps' });
    const counter = await propose(id, seller, { meetupAt: inFuture(96 * HOUR), meetupLocation: '' });
    expect(counter.statusCode).toBe(200);
    expect(counter.json().order.proposal).toMatchObject({ by: 'seller', meetupLocation: 'Wits Library Lawns' });
    // The buyer's own proposal is gone: they may accept the seller's.
    t.clock.advance(48 * HOUR);
    expect((await view(id, buyer)).proposal).toBeNull();
    const lapsed = await acceptProposal(id, buyer);
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().code).toBe('NO_PROPOSAL');
  });

  it('holds a proposal to the meetup window with the same messages as accepting', async () => {
    const { id } = await newOrder();
    const past = await propose(id, buyer, { meetupAt: inFuture(-MINUTE) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: MESSAGES.meetupInPast, fields: { meetupAt: MESSAGES.meetupInPast } });
    const late = await propose(id, buyer, { meetupAt: inFuture(30 * 24 * HOUR + MINUTE) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: MESSAGES.meetupTooLate });
    const missing = await propose(id, buyer, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Please choose a meetup time' });
    expect((await view(id, buyer)).proposal).toBeNull();
  });

  it('every wrong role: other students and admins 404, anonymous 401; a requested order 409', async () => {
    const { id } = await newOrder();
    const body = { meetupAt: inFuture(72 * HOUR) };
    for (const who of [otherBuyer, otherSeller, admin]) {
      expect((await propose(id, who, body)).statusCode).toBe(404);
    }
    expect((await propose(id, undefined, body)).statusCode).toBe(401);
    expect((await propose(id, seller, body)).statusCode).toBe(200);
    for (const who of [otherBuyer, otherSeller, admin]) {
      const res = await acceptProposal(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    }
    expect((await acceptProposal(id)).statusCode).toBe(401);
    expect((await view(id, buyer)).proposal).not.toBeNull();

    const requested = await newOrder({ accept: false });
    const refused = await propose(requested.id, seller, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'A new time can only be proposed for an agreed meetup', code: 'INVALID_STATE' });
  });

  const mailsTo = (who: Account) => t.mailer.sent.filter((m) => m.to === who.email && m.subject.endsWith('proposed a new meetup time')).length;

  it(`one party proposes at most ${LIMITS.meetupProposalsPerHour} new times an hour on one order: then 429, and no mail`, async () => {
    expect(LIMITS.meetupProposalsPerHour).toBe(5);
    const { id } = await newOrder();
    const other = await newOrder();
    const sellerMails = mailsTo(seller);
    for (let i = 1; i <= LIMITS.meetupProposalsPerHour; i++) {
      expect((await propose(id, buyer, { meetupAt: inFuture((48 + i) * HOUR) })).statusCode).toBe(200);
    }
    expect(mailsTo(seller)).toBe(sellerMails + LIMITS.meetupProposalsPerHour);
    const refused = await propose(id, buyer, { meetupAt: inFuture(72 * HOUR), meetupLocation: 'Great Hall steps' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(mailsTo(seller)).toBe(sellerMails + LIMITS.meetupProposalsPerHour);
    // The refused time was not stored: the last one allowed still waits.
    expect((await view(id, seller)).proposal).toMatchObject({ by: 'buyer', meetupAt: inFuture((48 + LIMITS.meetupProposalsPerHour) * HOUR) });
    // The other party of this order, and the same buyer on another order, each have their own count.
    expect((await propose(id, seller, { meetupAt: inFuture(80 * HOUR) })).statusCode).toBe(200);
    expect((await propose(other.id, buyer, { meetupAt: inFuture(80 * HOUR) })).statusCode).toBe(200);
  });

  it('a proposal refused before it counts (a time out of range, a requested order) uses none of the hour', async () => {
    const { id } = await newOrder();
    for (let i = 0; i < LIMITS.meetupProposalsPerHour + 2; i++) expect((await propose(id, seller, { meetupAt: inFuture(-MINUTE) })).statusCode).toBe(400);
    const requested = await newOrder({ accept: false });
    for (let i = 0; i < LIMITS.meetupProposalsPerHour + 2; i++) expect((await propose(requested.id, seller, { meetupAt: inFuture(72 * HOUR) })).statusCode).toBe(409);
    expect((await propose(id, seller, { meetupAt: inFuture(72 * HOUR) })).statusCode).toBe(200);
  });

  it(`${LIMITS.meetupProposalsPerHour + 5} proposals at the same moment: exactly ${LIMITS.meetupProposalsPerHour} are stored and mailed, the rest 429`, async () => {
    const { id } = await newOrder();
    const buyerMails = mailsTo(buyer);
    const answers = await Promise.all(
      Array.from({ length: LIMITS.meetupProposalsPerHour + 5 }, (_, i) => propose(id, seller, { meetupAt: inFuture((60 + i) * HOUR) })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMITS.meetupProposalsPerHour);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    await expect.poll(() => mailsTo(buyer)).toBe(buyerMails + LIMITS.meetupProposalsPerHour);
  });
});

describe(`meetup reminders (${dialectUnderTest})`, () => {
  /** The first `hourUtc`:00 UTC at least a day after the test clock's now (the clock only moves forward). */
  const nextUtcHour = (hourUtc: number) => {
    const now = t.clock.now();
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hourUtc);
    return new Date(day);
  };
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
  const reminderNotes = (orderId: string) =>
    t.database.db.selectFrom('notifications').select(['student_id', 'title', 'kind']).where('kind', '=', 'order_reminder').where('link', 'like', `%/orders/${orderId}`).execute();

  it('the evening before (18:00 in South Africa) and an hour before, to both parties in-app and by mail, each once, through the scheduled job', async () => {
    // Accepted at 09:00 SAST (07:00 UTC) for 10:00 SAST two days later.
    const base = nextUtcHour(7);
    t.clock.set(base);
    const { id, meetupAt } = await newOrder({ ahead: 49 * HOUR, title: 'Organic Chemistry' });
    const rows = await remindersOf(id);
    // 18:00 SAST the day before is 16:00 UTC, 33 hours after acceptance; the hour before is 48 hours after.
    expect(rows.map((r) => [r.kind, r.due_at])).toEqual([
      ['evening', at(base, 33 * HOUR).toISOString()],
      ['hour', at(base, 48 * HOUR).toISOString()],
    ]);
    const when = formatMeetupTime(meetupAt);
    expect(when).toMatch(/, 10:00$/);

    t.clock.set(at(base, 33 * HOUR - MINUTE));
    await t.app.services.scheduler.runDue();
    expect(await reminderNotes(id)).toHaveLength(0);

    t.clock.set(at(base, 33 * HOUR + 30_000));
    const ran = await t.app.services.scheduler.runDue();
    expect(ran).toContain('meetup-reminders');
    const evening = await reminderNotes(id);
    expect(evening.map((n) => n.student_id).sort()).toEqual([buyer.id, seller.id].sort());
    expect(evening.every((n) => n.title === 'Meetup tomorrow: "Organic Chemistry"')).toBe(true);
    for (const who of [buyer, seller]) {
      await expect.poll(() => t.mailer.sent.filter((m) => m.to === who.email && m.subject === 'Meetup tomorrow: "Organic Chemistry"').length).toBe(1);
    }
    expect(t.mailer.last(buyer.email)?.text).toContain(`${when} at Wits Library Lawns`);

    // Each once, however often the job runs.
    t.clock.advance(2 * MINUTE);
    await t.app.services.scheduler.runDue();
    expect(await reminderNotes(id)).toHaveLength(2);

    t.clock.set(at(base, 48 * HOUR + 10_000));
    await t.app.services.scheduler.runDue();
    const all = await reminderNotes(id);
    expect(all).toHaveLength(4);
    expect(all.filter((n) => n.title === 'Meetup in an hour: "Organic Chemistry"')).toHaveLength(2);
    t.clock.advance(5 * MINUTE);
    expect(await t.app.services.orders.sendDueReminders()).toBe(0);
  });

  it('a reminder already past when the meetup is agreed is not scheduled (accepted at 20:00 for tomorrow morning: only the hour before)', async () => {
    t.clock.set(nextUtcHour(18)); // 20:00 SAST
    const { id } = await newOrder({ ahead: 14 * HOUR }); // 10:00 SAST the next morning
    expect((await remindersOf(id)).map((r) => r.kind)).toEqual(['hour']);
  });

  it('a cancelled order gets none; a meetup that moved is reminded of at its new time, not its old one', async () => {
    const base = nextUtcHour(7);
    t.clock.set(base);
    const cancelled = await newOrder({ ahead: 49 * HOUR });
    expect((await call('POST', `/api/v1/orders/${cancelled.id}/cancel`, buyer, {})).statusCode).toBe(200);

    const moved = await newOrder({ ahead: 49 * HOUR });
    const newTime = at(base, 73 * HOUR).toISOString(); // a day later
    expect((await call('POST', `/api/v1/orders/${moved.id}/reschedule`, buyer, { meetupAt: newTime })).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/orders/${moved.id}/reschedule/accept`, seller)).statusCode).toBe(200);

    // The old evening-before time passes: nothing for either order.
    t.clock.set(at(base, 33 * HOUR + 30_000));
    await t.app.services.orders.sendDueReminders();
    expect(await reminderNotes(cancelled.id)).toHaveLength(0);
    expect(await reminderNotes(moved.id)).toHaveLength(0);
    // The old hour-before: still nothing; the new evening-before: the moved one is reminded.
    t.clock.set(at(base, 48 * HOUR + 30_000));
    await t.app.services.orders.sendDueReminders();
    expect(await reminderNotes(moved.id)).toHaveLength(0);
    t.clock.set(at(base, 57 * HOUR + 30_000));
    await t.app.services.orders.sendDueReminders();
    expect(await reminderNotes(cancelled.id)).toHaveLength(0);
    expect(await reminderNotes(moved.id)).toHaveLength(2);
  });

  it('two processes sending at the same moment send each reminder once', async () => {
    const base = nextUtcHour(7);
    t.clock.set(base);
    const { id } = await newOrder({ ahead: 49 * HOUR });
    t.clock.set(at(base, 33 * HOUR + 30_000));
    const counts = await Promise.all([t.app.services.orders.sendDueReminders(), t.app.services.orders.sendDueReminders(), t.app.services.orders.sendDueReminders()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await reminderNotes(id)).toHaveLength(2);
  });
});

describe(`the calendar file (${dialectUnderTest})`, () => {
  const ics = (id: string, who?: Account) => call('GET', `/api/v1/orders/${id}/calendar.ics`, who);
  /** RFC 5545 lines: CRLF-separated, a continuation starts with a space or tab. */
  const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

  it('is one VEVENT for either party: stable UID, DTSTART in UTC, one hour, title, place and link, text escaped per RFC 5545', async () => {
    const place = 'Library, 2nd floor; by the lifts';
    const title = 'Physics, Vol. 1; Part A\\B\nSecond line';
    const { id, meetupAt } = await newOrder({ title, place });
    const res = await ics(id, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reshelf-meetup-[a-z0-9]{6}\.ics"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    // Folded: no physical line longer than 75 characters.
    expect(body.split('\r\n').filter((line) => [...line].length > 75)).toEqual([]);
    const lines = unfold(body).split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    const start = new Date(meetupAt);
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(lines).toContain(`DTSTART:${stamp(start)}`);
    expect(lines).toContain(`DTEND:${stamp(new Date(start.getTime() + HOUR))}`);
    expect(lines).toContain(`UID:order-${id}@localhost:3000`);
    expect(lines).toContain('SUMMARY:Reshelf meetup: Physics\\, Vol. 1\\; Part A\\\\B\\nSecond line');
    expect(lines).toContain('LOCATION:Library\\, 2nd floor\\; by the lifts');
    expect(lines).toContain(`URL:http://localhost:3000/buyer/orders/${id}`);
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('SEQUENCE:0');
    expect(body).not.toContain(await storedCode(id));

    const sellers = await ics(id, seller);
    expect(sellers.statusCode).toBe(200);
    expect(unfold(sellers.body).split('\r\n')).toContain(`UID:order-${id}@localhost:3000`);
    expect(unfold(sellers.body)).toContain(`URL:http://localhost:3000/seller/orders/${id}`);
    // The same order gives the same UID again.
    expect(unfold((await ics(id, buyer)).body)).toContain(`UID:order-${id}@localhost:3000`);
  });

  it('a cancelled order still answers, with the event cancelled; a request with no meetup yet is 409', async () => {
    const { id } = await newOrder();
    await call('POST', `/api/v1/orders/${id}/cancel`, seller, {});
    expect(unfold((await ics(id, buyer)).body).split('\r\n')).toContain('STATUS:CANCELLED');
    const requested = await newOrder({ accept: false });
    const res = await ics(requested.id, buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This order has no agreed meetup to add to a calendar', code: 'NO_MEETUP' });
  });

  it('anyone but the two parties gets 404 (an admin too); anonymous 401', async () => {
    const { id } = await newOrder();
    for (const who of [otherBuyer, otherSeller, admin]) {
      const res = await ics(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    }
    expect((await ics(id)).statusCode).toBe(401);
    expect((await ics('no-such-order-000')).statusCode).toBe(401);
    expect((await ics('no-such-order-000', buyer)).statusCode).toBe(404);
  });
});

describe(`the migration (${dialectUnderTest})`, () => {
  it('goes down and up again, and gives an accepted order from before it a code of its own', async () => {
    const m = await createTestApp();
    try {
      const names = Object.keys(migrations).sort();
      const previous = names[names.indexOf('2026-11-24-015-handover') - 1]!;
      const migrator = new Migrator({ db: m.database.db, provider: { getMigrations: async () => migrations } });
      const s = await registerAndLogin(m.app, { userType: 'seller' });
      const b = await registerAndLogin(m.app, { userType: 'buyer' });
      const bookId = await insertBook(m.database.db, s.id);
      const created = await m.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { bookId }, headers: { cookie: b.cookie } });
      const id = created.json().order.id as string;

      const down = await migrator.migrateTo(previous);
      expect(down.error).toBeUndefined();
      const tables = await m.database.db.introspection.getTables();
      expect(tables.map((x) => x.name)).not.toContain('no_shows');
      expect(tables.map((x) => x.name)).not.toContain('order_reminders');
      expect(tables.find((x) => x.name === 'orders')!.columns.map((c) => c.name)).not.toContain('handover_code');
      // An order accepted before the migration (as the old code accepted it: no code).
      await m.database.db.updateTable('orders').set({ status: 'accepted', meetup_at: new Date(Date.now() + HOUR).toISOString(), meetup_location: 'Library' } as never).where('id', '=', id).execute();

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const row = await m.database.db.selectFrom('orders').select(['handover_code', 'handover_attempts', 'meetup_sequence']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.handover_code).toMatch(/^\d{6}$/);
      expect(Number(row.handover_attempts)).toBe(0);
      expect(Number(row.meetup_sequence)).toBe(0);
    } finally {
      await m.close();
    }
  });
});
