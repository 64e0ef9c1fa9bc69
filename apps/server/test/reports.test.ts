// Reports and the admin's decisions (docs/decisions/0031-listing-lifecycle.md) through the HTTP API on a
// real migrated database: who may report what, the three-student rule and its races, the admin queue,
// dismissing, taking down and suspending, with what each does to the catalogue, orders and sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, REPORT_MESSAGES } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let seller: Account;
let buyer: Account;
let admin: Account;
/** Students who report; each test takes fresh ones where the hourly limit or earlier reports could matter. */
let reporters: Account[];

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Busi' });
  admin = await adminAccount(t.app);
  reporters = await students(4);
});
afterAll(async () => t.close());

/** `n` new students (typed so that the first four can be taken apart without checks). */
const students = async (n: number, userType = 'buyer') =>
  (await Promise.all(Array.from({ length: n }, (_, i) => registerAndLogin(t.app, { userType, firstName: `Reporter${i}` })))) as Account[] & [Account, Account, Account, Account];

const call = (method: 'GET' | 'POST', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: who ? { cookie: who.cookie } : {} });

const report = (who: Account | undefined, id: string, reason = 'scam', target = 'book', details?: string) =>
  call('POST', '/api/v1/reports', who, { target, id, reason, ...(details === undefined ? {} : { details }) });

let words = 0;
/** An approved listing with a title word of its own, so a search finds exactly it. */
async function listing(owner = seller, status: 'approved' | 'pending' = 'approved') {
  words += 1;
  const word = `zebrawood${dialectUnderTest}${words}x`;
  const id = await insertBook(t.database.db, owner.id, { title: `Reported ${word}`, status });
  return { id, word };
}

const status = async (id: string) => (await t.database.db.selectFrom('books').select(['status', 'availability']).where('id', '=', id).executeTakeFirstOrThrow()).status;
const searchIds = async (word: string) => ((await call('GET', `/api/v1/books?q=${word}`)).json().items as { id: string }[]).map((b) => b.id);
const browseIds = async () => ((await call('GET', '/api/v1/books?pageSize=50&sort=newest')).json().items as { id: string }[]).map((b) => b.id);
const notices = (studentId: string, kind: string) =>
  t.database.db.selectFrom('notifications').select(['title', 'body', 'link']).where('student_id', '=', studentId).where('kind', '=', kind).execute();
const openReports = async (id: string) =>
  (await t.database.db.selectFrom('reports').select('id').where('target_id', '=', id).where('closed_at', 'is', null).execute()).length;

async function hideByReports(id: string, by = reporters.slice(0, 3)) {
  for (const who of by) expect((await report(who, id)).statusCode).toBe(201);
  expect(await status(id)).toBe('hidden');
}

describe(`POST /reports: who may report what (${dialectUnderTest})`, () => {
  it('takes a report of a listing from a student: 201 with the report, and nothing else changes', async () => {
    const { id, word } = await listing();
    const res = await report(reporters[0], id, 'wrong_details', 'book', '  Photos are of another book\r\nand the edition is wrong  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().report).toMatchObject({ target: 'book', targetId: id, reason: 'wrong_details', details: 'Photos are of another book\nand the edition is wrong' });
    expect(await status(id)).toBe('approved');
    expect(await searchIds(word)).toEqual([id]);
  });

  it('refuses the wrong callers: 401 anonymous, 403 an admin, 403 the seller of the listing, 403 reporting oneself', async () => {
    const { id } = await listing();
    const anonymous = await report(undefined, id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
    const byAdmin = await report(admin, id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ error: REPORT_MESSAGES.adminsDoNotReport, code: 'ADMIN' });
    // Who is asking is settled before what they sent: an admin's bad report is the same 403, not a 400.
    const badByAdmin = await report(admin, id, 'no-such-reason', 'nothing');
    expect(badByAdmin.statusCode).toBe(403);
    expect(badByAdmin.json()).toEqual({ error: REPORT_MESSAGES.adminsDoNotReport, code: 'ADMIN' });
    const own = await report(seller, id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: 'You cannot report your own listing', code: 'OWN_LISTING' });
    const self = await report(buyer, buyer.id, 'other', 'student');
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ error: 'You cannot report yourself', code: 'YOURSELF' });
    expect(await openReports(id)).toBe(0);
  });

  it('answers 404 for a listing nobody else may see (unknown, pending, declined) and for an unknown student or an admin', async () => {
    const pending = await listing(seller, 'pending');
    for (const id of ['no-such-listing-id-0001', pending.id]) {
      const res = await report(reporters[1], id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'This listing is not in the catalogue', code: 'NOT_FOUND' });
    }
    for (const id of ['no-such-student-id-0001', admin.id]) {
      const res = await report(reporters[1], id, 'offensive', 'student');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Student not found', code: 'NOT_FOUND' });
    }
  });

  it('checks the body: target, id and reason from the lists, details at most 1000 characters', async () => {
    const { id } = await listing();
    const cases: [unknown, string, string][] = [
      [{ target: 'book', id }, 'Please choose a reason', 'reason'],
      [{ target: 'book', id, reason: 'boring' }, 'Please choose a reason', 'reason'],
      [{ target: 'course', id, reason: 'scam' }, 'Choose what you are reporting: a book or a student', 'target'],
      [{ target: 'book', reason: 'scam' }, 'Say which book or student you are reporting', 'id'],
      [{ target: 'book', id, reason: 'scam', details: 'x'.repeat(1001) }, 'Details must be at most 1000 characters', 'details'],
      [{ target: 'book', id, reason: 'scam', details: 42 }, 'Details must be text', 'details'],
    ];
    for (const [body, message, field] of cases) {
      const res = await call('POST', '/api/v1/reports', reporters[2], body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
      expect(res.json().fields[field]).toBe(message);
    }
    expect((await report(reporters[2], id, 'scam', 'book', 'x'.repeat(1000))).statusCode).toBe(201);
  });

  it('keeps one open report per student and target: the second is 409 with the exact message, for a listing and for a student', async () => {
    const { id } = await listing();
    expect((await report(reporters[3], id)).statusCode).toBe(201);
    const again = await report(reporters[3], id, 'offensive');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'You have already reported this listing. The Reshelf team will look at it.', code: 'ALREADY_REPORTED' });
    expect((await report(reporters[3], seller.id, 'scam', 'student')).statusCode).toBe(201);
    const studentAgain = await report(reporters[3], seller.id, 'scam', 'student');
    expect(studentAgain.statusCode).toBe(409);
    expect(studentAgain.json()).toEqual({ error: 'You have already reported this student. The Reshelf team will look at it.', code: 'ALREADY_REPORTED' });
  });

  it('one student sending the same report at once many times stores one: the others are 409', async () => {
    const { id } = await listing();
    const [who] = await students(1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => report(who, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await openReports(id)).toBe(1);
  });

  it('limits a student to 10 reports an hour (429 with Retry-After), every attempt counted', async () => {
    const [who] = await students(1);
    const ids = await Promise.all(Array.from({ length: 11 }, async () => (await listing()).id));
    for (const id of ids.slice(0, 10)) expect((await report(who, id)).statusCode).toBe(201);
    const over = await report(who, ids[10]!);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: 'You have sent many reports in a short time. Please try again later.', code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`three students hide a listing until an admin decides (${dialectUnderTest})`, () => {
  it('the third different student hides it at once: out of the catalogue, its search, its edition and the book page for others; the seller is told', async () => {
    const { id, word } = await listing();
    const isbn = (await t.database.db.selectFrom('books').select('isbn').where('id', '=', id).executeTakeFirstOrThrow()).isbn;
    await insertBook(t.database.db, seller.id, { isbn });
    expect((await call('GET', `/api/v1/editions/${isbn}`)).json().edition.available).toBe(2);
    const [carting] = await students(1);
    expect((await call('POST', '/api/v1/cart/items', carting, { type: 'book', id })).statusCode).toBe(201);
    for (const who of reporters.slice(0, 2)) expect((await report(who, id)).statusCode).toBe(201);
    expect(await status(id)).toBe('approved');
    expect((await report(reporters[2]!, id)).statusCode).toBe(201);
    expect(await status(id)).toBe('hidden');
    expect(await searchIds(word)).toEqual([]);
    expect(await browseIds()).not.toContain(id);
    expect((await call('GET', `/api/v1/editions/${isbn}`)).json().edition.available).toBe(1);
    for (const who of [undefined, buyer, reporters[0]]) expect((await call('GET', `/api/v1/books/${id}`, who)).statusCode).toBe(404);
    const own = await call('GET', `/api/v1/books/${id}`, seller);
    expect(own.json().book.status).toBe('hidden');
    expect(await notices(seller.id, 'listing_hidden')).toContainEqual({
      title: 'Your listing "Reported ' + word + '" is hidden for now',
      body: 'Several students reported it, so it is out of the catalogue until the Reshelf team has looked at it. You will hear what they decide.',
      link: '/seller/books',
    });
    // A buyer's cart still lists it, by its id alone (nothing of a listing taken out of sight), out of the
    // total, and it cannot be ordered.
    const cart = (await call('GET', '/api/v1/cart', carting)).json().cart;
    expect(cart.books).toEqual([{ id, listed: false }]);
    expect(cart.total).toBe(0);
    const order = await call('POST', '/api/v1/orders', buyer, { bookId: id });
    expect(order.statusCode).toBe(409);
    expect(order.json().error).toBe('This book is no longer available');
  });

  it('the same student three times hides nothing, nor do two students plus one of them again', async () => {
    const { id, word } = await listing();
    const [one, two] = await students(2);
    expect((await report(one, id)).statusCode).toBe(201);
    expect((await report(one, id)).statusCode).toBe(409);
    expect((await report(one, id, 'offensive')).statusCode).toBe(409);
    expect((await report(two, id)).statusCode).toBe(201);
    expect((await report(two, id, 'other')).statusCode).toBe(409);
    expect(await status(id)).toBe('approved');
    expect(await searchIds(word)).toEqual([id]);
  });

  it('reports about the seller as a student do not hide their listing', async () => {
    const [owner] = await students(1, 'seller');
    const { id } = await listing(owner);
    for (const who of reporters.slice(0, 3)) expect((await report(who, owner.id, 'scam', 'student')).statusCode).toBe(201);
    expect(await status(id)).toBe('approved');
  });

  it('the second and third reports arriving together hide it once', async () => {
    const { id } = await listing();
    const [a, b, c] = await students(3);
    expect((await report(a, id)).statusCode).toBe(201);
    const before = (await notices(seller.id, 'listing_hidden')).length;
    const both = await Promise.all([report(b, id), report(c, id)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await status(id)).toBe('hidden');
    expect((await notices(seller.id, 'listing_hidden')).length - before).toBe(1);
  });

  it('the third and fourth reports arriving together hide it, and the seller is told once', async () => {
    const { id, word } = await listing();
    const [a, b, c, d] = await students(4);
    for (const who of [a, b]) expect((await report(who, id)).statusCode).toBe(201);
    const before = (await notices(seller.id, 'listing_hidden')).length;
    const both = await Promise.all([report(c, id), report(d, id)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await status(id)).toBe('hidden');
    const after = await notices(seller.id, 'listing_hidden');
    expect(after.length - before).toBe(1);
    expect(after.at(-1)?.title).toContain(word);
    expect(await openReports(id)).toBe(4);
  });

  it('a report and an admin dismissing at the same moment leave the rule true: hidden only with three counting reports open', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id } = await listing();
      const [a, b, c] = await students(3);
      for (const who of [a, b]) expect((await report(who, id)).statusCode).toBe(201);
      const [third, dismissed] = await Promise.all([report(c, id), call('POST', '/api/v1/admin/reports/dismiss', admin, { target: 'book', id })]);
      expect(third.statusCode).toBe(201);
      expect(dismissed.statusCode).toBe(200);
      // Either the dismissal came first (two closed, the third open and alone) or second (all three closed).
      const closed: number = dismissed.json().closed;
      expect([2, 3]).toContain(closed);
      expect(await openReports(id)).toBe(3 - closed);
      expect(await status(id)).toBe('approved');
    }
  });
});

describe(`the admin queue (${dialectUnderTest})`, () => {
  it('is for admins only: 401 anonymous, 403 a buyer and a seller, for the queue and every decision', async () => {
    const { id } = await listing();
    const calls: [('GET' | 'POST'), string, unknown][] = [
      ['GET', '/api/v1/admin/reports', undefined],
      ['POST', '/api/v1/admin/reports/dismiss', { target: 'book', id }],
      ['POST', `/api/v1/admin/books/${id}/take-down`, { reason: 'Prohibited item' }],
      ['POST', `/api/v1/admin/students/${buyer.id}/suspend`, { reason: 'Scam attempts' }],
      ['POST', `/api/v1/admin/students/${buyer.id}/unsuspend`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await call(method, url, undefined, body);
      expect(anonymous.statusCode, url).toBe(401);
      for (const who of [buyer, seller]) {
        const res = await call(method, url, who, body);
        expect(res.statusCode, `${who.role} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Access denied. Admin account required.', code: 'FORBIDDEN' });
      }
    }
    expect(await status(id)).toBe('approved');
    const me = await call('GET', '/api/v1/auth/session', buyer);
    expect(me.statusCode).toBe(200);
  });

  it('groups open reports by what they are about, with counts and reasons, the most recently reported first, paged', async () => {
    const [owner] = await students(1, 'seller');
    const first = await listing(owner);
    const second = await listing(owner);
    const [a, b] = await students(2);
    expect((await report(a, first.id, 'scam', 'book', 'Asked me to pay by EFT first')).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(b, first.id, 'scam')).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(a, owner.id, 'offensive', 'student', 'Rude messages')).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(b, second.id, 'not_textbook')).statusCode).toBe(201);
    t.clock.advance(1000);

    const res = await call('GET', '/api/v1/admin/reports?pageSize=3', admin);
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json();
    expect(queue.page).toBe(1);
    expect(queue.pageSize).toBe(3);
    expect(queue.items.map((g: { targetId: string }) => g.targetId)).toEqual([second.id, owner.id, first.id]);
    const [secondGroup, studentGroup, firstGroup] = queue.items;
    expect(secondGroup).toMatchObject({ target: 'book', openReports: 1, reporters: 1, reasons: [{ reason: 'not_textbook', count: 1 }] });
    expect(secondGroup.book).toMatchObject({ id: second.id, status: 'approved' });
    expect(secondGroup.subject).toMatchObject({ id: owner.id, firstName: 'Reporter0', suspended: null });
    expect(secondGroup.subject).not.toHaveProperty('email');
    expect(studentGroup).toMatchObject({ target: 'student', targetId: owner.id, openReports: 1, book: null, reports: [{ reason: 'offensive', details: 'Rude messages' }] });
    expect(firstGroup).toMatchObject({ openReports: 2, reporters: 2, reasons: [{ reason: 'scam', count: 2 }] });
    expect(firstGroup.reports.map((r: { reporter: { id: string } }) => r.reporter.id)).toEqual([b.id, a.id]);
    expect(firstGroup.reports[1]).toMatchObject({ details: 'Asked me to pay by EFT first', countsTowardsHiding: true });
    const page2 = (await call('GET', '/api/v1/admin/reports?pageSize=3&page=2', admin)).json();
    expect(page2.items.map((g: { targetId: string }) => g.targetId)).not.toContain(first.id);
    expect(page2.total).toBe(queue.total);
    expect((await call('GET', '/api/v1/admin/reports?pageSize=51', admin)).statusCode).toBe(400);
  });
});

describe(`dismiss (${dialectUnderTest})`, () => {
  it('closes the reports and a hidden listing returns; the seller is told; nothing open is 409', async () => {
    const { id, word } = await listing();
    const trio = await students(3);
    await hideByReports(id, trio);
    const res = await call('POST', '/api/v1/admin/reports/dismiss', admin, { target: 'book', id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ closed: 3 });
    expect(await status(id)).toBe('approved');
    expect(await searchIds(word)).toEqual([id]);
    expect((await call('GET', `/api/v1/books/${id}`, buyer)).statusCode).toBe(200);
    expect((await notices(seller.id, 'listing_restored')).some((n) => n.title === `Your listing "Reported ${word}" is back in the catalogue`)).toBe(true);
    const again = await call('POST', '/api/v1/admin/reports/dismiss', admin, { target: 'book', id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'There are no open reports about this', code: 'NOTHING_OPEN' });

    // The same three may report again, and are heard, but their reports no longer hide it.
    for (const who of trio) expect((await report(who, id)).statusCode).toBe(201);
    expect(await status(id)).toBe('approved');
    const group = (await call('GET', '/api/v1/admin/reports?pageSize=50', admin)).json().items.find((g: { targetId: string }) => g.targetId === id);
    expect(group.reports.every((r: { countsTowardsHiding: boolean }) => !r.countsTowardsHiding)).toBe(true);
    // A fresh student's report alongside them does not hide it either: it counts alone.
    const [fresh] = await students(1);
    expect((await report(fresh, id)).statusCode).toBe(201);
    expect(await status(id)).toBe('approved');
  });

  it('a hidden listing whose time ran out meanwhile comes back expired', async () => {
    const { id } = await listing();
    await t.database.db.updateTable('books').set({ expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() }).where('id', '=', id).execute();
    await hideByReports(id, await students(3));
    t.clock.advance(120_000);
    expect((await call('POST', '/api/v1/admin/reports/dismiss', admin, { target: 'book', id })).statusCode).toBe(200);
    expect(await status(id)).toBe('expired');
  });
});

describe(`take down (${dialectUnderTest})`, () => {
  it('takes a hidden listing down with a reason the seller reads in the app, by email and on My Books; others get 404', async () => {
    const { id, word } = await listing();
    await hideByReports(id, await students(3));
    const res = await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, { reason: '  Selling a photocopied book  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().book).toMatchObject({ id, status: 'taken_down', takenDown: { reason: 'Selling a photocopied book' } });
    expect(await openReports(id)).toBe(0);
    const mine = (await call('GET', '/api/v1/seller/books?pageSize=50', seller)).json().items.find((b: { id: string }) => b.id === id);
    expect(mine).toMatchObject({ status: 'taken_down', takenDown: { reason: 'Selling a photocopied book', at: t.clock.now().toISOString() } });
    expect((await call('GET', `/api/v1/books/${id}`, buyer)).statusCode).toBe(404);
    expect(await notices(seller.id, 'listing_taken_down')).toContainEqual({
      title: `Your listing "Reported ${word}" was taken down`,
      body: 'Reason: Selling a photocopied book. It is no longer in the catalogue. You can edit it and submit it for review again.',
      link: '/seller/books',
    });
    await expect.poll(() => t.mailer.sent.find((m) => m.to === seller.email && m.subject === `Your listing "Reported ${word}" was taken down`)?.text ?? '').toContain(
      'Reason: Selling a photocopied book',
    );
    const again = await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Only a listing that was approved and is not sold can be taken down', code: 'INVALID_STATE' });
  });

  it('an admin takes down an approved listing without any report; a pending one is 409, an unknown one 404; the reason is required', async () => {
    const { id, word } = await listing();
    const missing = await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Please give a reason the seller will read');
    expect((await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, { reason: 'ab' })).json().error).toBe('Reason must be at least 3 characters');
    expect((await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, { reason: 'Counterfeit copy' })).statusCode).toBe(200);
    expect(await searchIds(word)).toEqual([]);
    const pending = await listing(seller, 'pending');
    expect((await call('POST', `/api/v1/admin/books/${pending.id}/take-down`, admin, { reason: 'Counterfeit copy' })).statusCode).toBe(409);
    expect((await call('POST', '/api/v1/admin/books/no-such-listing-01/take-down', admin, { reason: 'Counterfeit copy' })).statusCode).toBe(404);
  });

  it('a reserved listing taken down cancels its order and tells the buyer', async () => {
    const { id, word } = await listing();
    const order = await call('POST', '/api/v1/orders', buyer, { bookId: id });
    expect(order.statusCode).toBe(201);
    expect((await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, { reason: 'Stolen library book' })).statusCode).toBe(200);
    const o = (await call('GET', `/api/v1/orders/${order.json().order.id}`, buyer)).json().order;
    expect(o).toMatchObject({ status: 'cancelled', reason: 'The listing was taken down by the Reshelf team' });
    expect(await status(id)).toBe('taken_down');
    await expect.poll(async () => (await notices(buyer.id, 'order')).some((n) => n.title === `Your order for "Reported ${word}" was cancelled`)).toBe(true);
  });

  it('the seller may edit a taken-down listing to send it back to review, which clears the reason', async () => {
    const { id } = await listing();
    expect((await call('POST', `/api/v1/admin/books/${id}/take-down`, admin, { reason: 'Wrong edition in photos' })).statusCode).toBe(200);
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${id}`, payload: { edition: '4th' }, headers: { cookie: seller.cookie } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().book).toMatchObject({ status: 'pending', takenDown: null, expiresAt: null });
  });
});

describe(`suspend (${dialectUnderTest})`, () => {
  it('ends the student’s sessions, refuses their sign-in, takes their listings out and cancels their orders with a notice to the other party; unsuspend undoes it', async () => {
    const suspect = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Shady' });
    const other = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Olwe' });
    const { id, word } = await listing(suspect);
    const second = await listing(suspect);
    const theirs = await listing(other);
    const sold = await call('POST', '/api/v1/orders', buyer, { bookId: second.id });
    expect(sold.statusCode).toBe(201);
    expect((await report(reporters[0]!, suspect.id, 'scam', 'student')).statusCode).toBe(201);

    const res = await call('POST', `/api/v1/admin/students/${suspect.id}/suspend`, admin, { reason: 'Took deposits and never met buyers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().student).toMatchObject({ id: suspect.id, suspended: { reason: 'Took deposits and never met buyers', at: t.clock.now().toISOString() } });

    const session = await call('GET', '/api/v1/auth/session', suspect);
    expect(session.statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: suspect.email, password: suspect.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: LIFECYCLE_MESSAGES.accountSuspended, code: 'ACCOUNT_SUSPENDED' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: suspect.email, password: 'Wr0ng!Password' } });
    expect(wrong.statusCode).toBe(401);

    expect(await status(id)).toBe('suspended');
    expect(await status(second.id)).toBe('suspended');
    expect(await status(theirs.id)).toBe('approved');
    expect(await searchIds(word)).toEqual([]);
    expect((await call('GET', `/api/v1/books/${id}`, buyer)).statusCode).toBe(404);
    const o = (await call('GET', `/api/v1/orders/${sold.json().order.id}`, buyer)).json().order;
    expect(o).toMatchObject({ status: 'cancelled', reason: 'An account in this order was suspended' });
    await expect.poll(async () => (await notices(buyer.id, 'order')).some((n) => n.body === "The other student's account was suspended, so the order cannot go ahead.")).toBe(true);
    await expect.poll(() => t.mailer.sent.find((m) => m.to === suspect.email && m.subject === 'Your Reshelf account is suspended')?.text ?? '').toContain(
      'Reason: Took deposits and never met buyers',
    );
    expect(await openReports(suspect.id)).toBe(0);

    const twice = await call('POST', `/api/v1/admin/students/${suspect.id}/suspend`, admin, { reason: 'Again and again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'This student is already suspended', code: 'ALREADY_SUSPENDED' });

    const lifted = await call('POST', `/api/v1/admin/students/${suspect.id}/unsuspend`, admin);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().student.suspended).toBeNull();
    expect(await status(id)).toBe('approved');
    expect(await searchIds(word)).toEqual([id]);
    const back = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: suspect.email, password: suspect.password } });
    expect(back.statusCode).toBe(200);
    const notAgain = await call('POST', `/api/v1/admin/students/${suspect.id}/unsuspend`, admin);
    expect(notAgain.statusCode).toBe(409);
    expect(notAgain.json()).toEqual({ error: 'This student is not suspended', code: 'NOT_SUSPENDED' });
  });

  it('a suspended buyer’s order is cancelled and the seller told; an admin cannot be suspended; an unknown student is 404', async () => {
    const suspect = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Sneaky' });
    const { id } = await listing();
    const order = await call('POST', '/api/v1/orders', suspect, { bookId: id });
    expect(order.statusCode).toBe(201);
    expect((await call('POST', `/api/v1/admin/students/${suspect.id}/suspend`, admin, { reason: 'Fake orders' })).statusCode).toBe(200);
    expect((await t.database.db.selectFrom('books').select('availability').where('id', '=', id).executeTakeFirstOrThrow()).availability).toBe('available');
    expect(await status(id)).toBe('approved');
    await expect.poll(async () => (await notices(seller.id, 'order')).some((n) => n.body === "The other student's account was suspended, so the order cannot go ahead.")).toBe(true);
    const adminTarget = await call('POST', `/api/v1/admin/students/${admin.id}/suspend`, admin, { reason: 'Testing' });
    expect(adminTarget.statusCode).toBe(409);
    expect(adminTarget.json().error).toBe('Admin accounts cannot be suspended');
    expect((await call('POST', '/api/v1/admin/students/no-such-student-1/suspend', admin, { reason: 'Testing' })).statusCode).toBe(404);
    const noReason = await call('POST', `/api/v1/admin/students/${buyer.id}/suspend`, admin, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Please give a reason the student will read');
  });

  it('a listing of a suspended seller approved by a moderator stays out of the catalogue until the suspension is lifted', async () => {
    const suspect = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Waiting' });
    const pending = await listing(suspect, 'pending');
    const { isbn } = await t.database.db.selectFrom('books').select('isbn').where('id', '=', pending.id).executeTakeFirstOrThrow();
    const [waiting] = await students(1);
    expect((await call('POST', '/api/v1/wishlist', waiting, { isbn })).statusCode).toBe(201);
    expect((await call('POST', `/api/v1/admin/students/${suspect.id}/suspend`, admin, { reason: 'Under investigation' })).statusCode).toBe(200);
    const approved = await call('POST', `/api/v1/admin/books/${pending.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await status(pending.id)).toBe('suspended');
    expect(await searchIds(pending.word)).toEqual([]);
    // Nobody's wishlist hears of a listing nobody can buy.
    expect(await notices(waiting.id, 'wishlist_match')).toEqual([]);
    expect((await call('POST', `/api/v1/admin/students/${suspect.id}/unsuspend`, admin)).statusCode).toBe(200);
    expect(await searchIds(pending.word)).toEqual([pending.id]);
  });

  it('a suspension and an approval racing each other never leave the suspended seller’s listing in the catalogue', async () => {
    for (let round = 0; round < 3; round += 1) {
      const suspect = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Racer' });
      const pending = await listing(suspect, 'pending');
      const [suspended, approved] = await Promise.all([
        call('POST', `/api/v1/admin/students/${suspect.id}/suspend`, admin, { reason: 'Race' }),
        call('POST', `/api/v1/admin/books/${pending.id}/approve`, admin),
      ]);
      expect([suspended.statusCode, approved.statusCode]).toEqual([200, 200]);
      expect(await status(pending.id)).toBe('suspended');
    }
  });
});
