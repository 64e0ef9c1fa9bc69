// A listing's life after approval (docs/decisions/0031-listing-lifecycle.md) through the HTTP API and the
// scheduled jobs on a real migrated database, with the clock moved instead of waited on: 90 days from
// approval, the reminder 7 days before (once per expiry date), expiry (not while in an order), renewal
// without review, "sold elsewhere", and migration 016 down and up with its backfill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely/migration';
import { LIFECYCLE_MESSAGES } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

const DAY = 86_400_000;
let t: TestApp;
let seller: Account;
let buyer: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Lerato' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bheki' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: who ? { cookie: who.cookie } : {} });

/** Moves the clock on, and signs everyone in again (sessions expire after 30 idle days, as they should). */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const who of [seller, buyer, admin]) who.cookie = await loginAs(t.app, who.email, who.password);
}

let words = 0;
/** A listing approved now by the admin, through the API, with a title word of its own. */
async function approvedListing() {
  words += 1;
  const word = `yellowwood${dialectUnderTest}${words}q`;
  const id = await insertBook(t.database.db, seller.id, { title: `Lifecycle ${word}`, status: 'pending' });
  const res = await call('POST', `/api/v1/admin/books/${id}/approve`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return { id, word, approvedAt: t.clock.now() };
}

const row = (id: string) => t.database.db.selectFrom('books').select(['status', 'availability', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
const searchIds = async (word: string) => ((await call('GET', `/api/v1/books?q=${word}`)).json().items as { id: string }[]).map((b) => b.id);
const sellerView = async (id: string) => (await call('GET', '/api/v1/seller/books?pageSize=50', seller)).json().items.find((b: { id: string }) => b.id === id);
const notices = (kind: string) => t.database.db.selectFrom('notifications').select(['title', 'body', 'link']).where('student_id', '=', seller.id).where('kind', '=', kind).execute();
const runJobs = () => t.app.services.scheduler.runDue();

describe(`expiry (${dialectUnderTest})`, () => {
  it('an approval lasts 90 days; only the seller and admins see when it ends', async () => {
    const { id, approvedAt } = await approvedListing();
    const expected = new Date(approvedAt.getTime() + 90 * DAY).toISOString();
    expect((await row(id)).expires_at).toBe(expected);
    expect((await sellerView(id)).expiresAt).toBe(expected);
    expect((await call('GET', `/api/v1/books/${id}`, seller)).json().book.expiresAt).toBe(expected);
    expect((await call('GET', `/api/v1/books/${id}`, admin)).json().book.expiresAt).toBe(expected);
    for (const who of [undefined, buyer]) {
      const book = (await call('GET', `/api/v1/books/${id}`, who)).json().book;
      expect(book).not.toHaveProperty('expiresAt');
      expect(book).not.toHaveProperty('takenDown');
    }
    const listed = (await call('GET', '/api/v1/books?pageSize=50')).json().items.find((b: { id: string }) => b.id === id);
    expect(listed).not.toHaveProperty('expiresAt');
  });

  it('reminds the seller once, 7 days before, in the app and by email with a one-click renewal; expires it on the day; renewal brings it back for 90 days', async () => {
    const { id, word, approvedAt } = await approvedListing();
    const expiry = new Date(approvedAt.getTime() + 90 * DAY);
    await advance(83 * DAY - 60_000);
    await runJobs();
    expect((await notices('listing_expiring')).filter((n) => n.link === `/seller/books?renew=${id}`)).toHaveLength(0);

    await advance(120_000);
    await runJobs();
    const reminders = (await notices('listing_expiring')).filter((n) => n.link === `/seller/books?renew=${id}`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.title).toMatch(new RegExp(`^Your listing "Lifecycle ${word}" expires on `));
    expect(reminders[0]!.body).toBe('Renew it with one tap to keep it in the catalogue for another 90 days.');
    const mail = t.mailer.sent.filter((m) => m.to === seller.email && m.subject.includes(word) && m.subject.includes('expires on'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`Renew listing: http://localhost:3000/seller/books?renew=${id}`);
    await advance(DAY);
    await runJobs();
    expect((await notices('listing_expiring')).filter((n) => n.link === `/seller/books?renew=${id}`)).toHaveLength(1);
    expect(await searchIds(word)).toEqual([id]);

    await advance(expiry.getTime() - t.clock.now().getTime() + 1000);
    await runJobs();
    expect((await row(id)).status).toBe('expired');
    expect(await searchIds(word)).toEqual([]);
    expect((await call('GET', `/api/v1/books/${id}`, buyer)).statusCode).toBe(404);
    expect((await sellerView(id))).toMatchObject({ status: 'expired', expiresAt: expiry.toISOString() });
    expect(await notices('listing_expired')).toContainEqual({
      title: `Your listing "Lifecycle ${word}" has expired`,
      body: 'It is no longer in the catalogue. Renew it in My Books to list it for another 90 days.',
      link: '/seller/books',
    });

    const renewed = await call('POST', `/api/v1/books/${id}/renew`, seller);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 90 * DAY).toISOString();
    expect(renewed.json().book).toMatchObject({ id, status: 'approved', expiresAt: until });
    expect(await searchIds(word)).toEqual([id]);
    // A renewal is not a new approval: no second "is live" notice.
    expect((await t.database.db.selectFrom('notifications').select('id').where('student_id', '=', seller.id).where('kind', '=', 'listing_approved').where('link', '=', `/books/${id}`).execute()).length).toBe(1);
    // The new date gets its own reminder in its time.
    await advance(83 * DAY + 60_000);
    await runJobs();
    expect((await notices('listing_expiring')).filter((n) => n.link === `/seller/books?renew=${id}`)).toHaveLength(2);
  });

  it('a listing in an order does not expire; once the order ends without a sale, it expires at the next run', async () => {
    const { id } = await approvedListing();
    const order = await call('POST', '/api/v1/orders', buyer, { bookId: id });
    expect(order.statusCode).toBe(201);
    const orderId = order.json().order.id as string;
    const meetupAt = new Date(t.clock.now().getTime() + 20 * DAY).toISOString();
    expect((await call('POST', `/api/v1/orders/${orderId}/accept`, seller, { meetupLocation: 'Library steps', meetupAt })).statusCode).toBe(200);
    await advance(91 * DAY);
    await runJobs();
    expect(await row(id)).toMatchObject({ status: 'approved', availability: 'reserved' });
    expect((await call('POST', `/api/v1/orders/${orderId}/cancel`, buyer, { reason: 'Found it elsewhere' })).statusCode).toBe(200);
    await advance(60_000);
    await runJobs();
    expect(await row(id)).toMatchObject({ status: 'expired', availability: 'available' });
  });

  it('a renewal and the expiry job racing each other leave the listing renewed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, word } = await approvedListing();
      await t.database.db.updateTable('books').set({ expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() }).where('id', '=', id).execute();
      await advance(60_000);
      const [renewed] = await Promise.all([call('POST', `/api/v1/books/${id}/renew`, seller), t.app.services.listings.expireDue()]);
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect((await row(id)).status).toBe('approved');
      expect(await searchIds(word)).toEqual([id]);
    }
  });
});

describe(`renew (${dialectUnderTest})`, () => {
  it('is the owner’s alone: 401 anonymous, 404 anyone else, admins included', async () => {
    const { id } = await approvedListing();
    const before = (await row(id)).expires_at;
    expect((await call('POST', `/api/v1/books/${id}/renew`)).statusCode).toBe(401);
    const other = await registerAndLogin(t.app, { userType: 'seller' });
    for (const who of [buyer, other, admin]) {
      const res = await call('POST', `/api/v1/books/${id}/renew`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    expect((await row(id)).expires_at).toBe(before);
  });

  it('extends an approved listing from now; refuses a pending, sold, hidden or sold-elsewhere one with the reason', async () => {
    const { id } = await approvedListing();
    await advance(10 * DAY);
    const res = await call('POST', `/api/v1/books/${id}/renew`, seller);
    expect(res.json().book.expiresAt).toBe(new Date(t.clock.now().getTime() + 90 * DAY).toISOString());

    const pending = await insertBook(t.database.db, seller.id, { status: 'pending' });
    const refused = await call('POST', `/api/v1/books/${pending}/renew`, seller);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Only an approved or expired listing that is not sold can be renewed', code: 'INVALID_STATE' });
    const sold = await insertBook(t.database.db, seller.id, { availability: 'sold' });
    expect((await call('POST', `/api/v1/books/${sold}/renew`, seller)).statusCode).toBe(409);
    const hidden = await insertBook(t.database.db, seller.id);
    await t.database.db.updateTable('books').set({ status: 'hidden' }).where('id', '=', hidden).execute();
    expect((await call('POST', `/api/v1/books/${hidden}/renew`, seller)).json()).toEqual({ error: LIFECYCLE_MESSAGES.underReview, code: 'UNDER_REVIEW' });
    const gone = await insertBook(t.database.db, seller.id, { status: 'approved' });
    expect((await call('POST', `/api/v1/books/${gone}/sold-elsewhere`, seller)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/books/${gone}/renew`, seller)).json()).toEqual({ error: 'This listing was marked as sold elsewhere', code: 'SOLD_ELSEWHERE' });
  });
});

describe(`sold elsewhere (${dialectUnderTest})`, () => {
  it('takes an available listing out of the catalogue for good, without counting as a Reshelf sale', async () => {
    const { id, word } = await approvedListing();
    const isbn = (await t.database.db.selectFrom('books').select('isbn').where('id', '=', id).executeTakeFirstOrThrow()).isbn;
    const other = await insertBook(t.database.db, seller.id, { isbn, priceCents: 30000 });
    const before = (await call('GET', `/api/v1/editions/${isbn}`)).json().edition;
    expect(before).toMatchObject({ available: 2, sold: 0 });

    const res = await call('POST', `/api/v1/books/${id}/sold-elsewhere`, seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().book).toMatchObject({ status: 'sold_elsewhere', availability: 'available' });
    expect(await searchIds(word)).toEqual([]);
    expect((await call('GET', `/api/v1/books/${id}`, buyer)).statusCode).toBe(404);
    const after = (await call('GET', `/api/v1/editions/${isbn}`)).json().edition;
    expect(after).toMatchObject({ available: 1, sold: 0, price: { low: 300, median: 300, high: 300 } });
    expect(after.copies.map((c: { id: string }) => c.id)).toEqual([other]);
    // The seller's sales are counted from completed orders; this is none.
    expect((await t.database.db.selectFrom('orders').select('id').where('book_id', '=', id).execute()).length).toBe(0);

    const again = await call('POST', `/api/v1/books/${id}/sold-elsewhere`, seller);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This listing was marked as sold elsewhere', code: 'SOLD_ELSEWHERE' });
    const edit = await call('PATCH', `/api/v1/books/${id}`, seller, { price: 10 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ error: 'This listing was marked as sold elsewhere', code: 'SOLD_ELSEWHERE' });
  });

  it('is refused while the book is in an order (409) and for a pending listing; anyone else gets 404', async () => {
    const { id } = await approvedListing();
    expect((await call('POST', '/api/v1/orders', buyer, { bookId: id })).statusCode).toBe(201);
    const locked = await call('POST', `/api/v1/books/${id}/sold-elsewhere`, seller);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ error: 'Only an approved or expired listing that is not in an order can be marked as sold elsewhere', code: 'LISTING_LOCKED' });
    expect((await row(id)).status).toBe('approved');
    const pending = await insertBook(t.database.db, seller.id, { status: 'pending' });
    expect((await call('POST', `/api/v1/books/${pending}/sold-elsewhere`, seller)).statusCode).toBe(409);
    const free = await insertBook(t.database.db, seller.id);
    expect((await call('POST', `/api/v1/books/${free}/sold-elsewhere`)).statusCode).toBe(401);
    for (const who of [buyer, admin]) expect((await call('POST', `/api/v1/books/${free}/sold-elsewhere`, who)).statusCode).toBe(404);
    expect((await row(free)).status).toBe('approved');
  });

  it('an order and "sold elsewhere" racing each other: exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await insertBook(t.database.db, seller.id);
      const [ordered, marked] = await Promise.all([call('POST', '/api/v1/orders', buyer, { bookId: id }), call('POST', `/api/v1/books/${id}/sold-elsewhere`, seller)]);
      const orderWon = ordered.statusCode === 201;
      expect(orderWon ? marked.statusCode : ordered.statusCode).toBe(409);
      expect(orderWon ? ordered.statusCode : marked.statusCode).toBe(orderWon ? 201 : 200);
      const state = await row(id);
      if (ordered.statusCode === 201) expect(state).toMatchObject({ status: 'approved', availability: 'reserved' });
      else expect(state).toMatchObject({ status: 'sold_elsewhere', availability: 'available' });
    }
  });

  it('a hidden listing cannot be edited or marked: an admin decides first', async () => {
    const id = await insertBook(t.database.db, seller.id);
    await t.database.db.updateTable('books').set({ status: 'hidden' }).where('id', '=', id).execute();
    for (const res of [await call('PATCH', `/api/v1/books/${id}`, seller, { price: 10 }), await call('POST', `/api/v1/books/${id}/sold-elsewhere`, seller)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: LIFECYCLE_MESSAGES.underReview, code: 'UNDER_REVIEW' });
    }
  });
});

describe(`migration 016 (${dialectUnderTest})`, () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp();
  });
  afterAll(async () => m.close());
  const migrator = () => new Migrator({ db: m.database.db, provider: { getMigrations: async () => migrations } });

  it('goes down (new states mapped to the old three) and up again (approvals get their expiry: 90 days after approval, at least a week away)', async () => {
    const owner = await registerAndLogin(m.app, { userType: 'seller' });
    const db = m.database.db;
    const ids: Record<string, string> = {};
    for (const status of ['hidden', 'taken_down', 'expired', 'sold_elsewhere', 'suspended'] as const) {
      ids[status] = await insertBook(db, owner.id);
      await db.updateTable('books').set({ status, takedown_reason: status === 'taken_down' ? 'Counterfeit copy' : null }).where('id', '=', ids[status]!).execute();
    }
    const names = Object.keys(migrations);
    const down = await migrator().migrateTo('2026-11-24-015-handover');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(names.slice(names.indexOf('2026-11-24-016-reports-and-expiry')).reverse());
    const state = async (id: string) =>
      (await db.selectFrom('books').select(['status', 'availability', 'decline_reason']).where('id', '=', id).executeTakeFirstOrThrow()) as { status: string; availability: string; decline_reason: string | null };
    expect(await state(ids.taken_down!)).toMatchObject({ status: 'declined', decline_reason: 'Counterfeit copy' });
    expect(await state(ids.hidden!)).toMatchObject({ status: 'pending' });
    expect(await state(ids.suspended!)).toMatchObject({ status: 'pending' });
    expect(await state(ids.expired!)).toMatchObject({ status: 'approved', availability: 'available' });
    expect(await state(ids.sold_elsewhere!)).toMatchObject({ status: 'approved', availability: 'sold' });

    // Approvals made before the migration: recent, long ago, and of unknown time.
    const now = Date.now();
    const recent = await insertBook(db, owner.id);
    const old = await insertBook(db, owner.id);
    const unknown = await insertBook(db, owner.id);
    const pending = await insertBook(db, owner.id, { status: 'pending' });
    await db.updateTable('books').set({ approved_at: new Date(now - 10 * DAY).toISOString() }).where('id', '=', recent).execute();
    await db.updateTable('books').set({ approved_at: new Date(now - 200 * DAY).toISOString() }).where('id', '=', old).execute();
    await db.updateTable('books').set({ approved_at: null }).where('id', '=', unknown).execute();

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const expiry = async (id: string) => (await db.selectFrom('books').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow()).expires_at;
    expect(await expiry(recent)).toBe(new Date(now - 10 * DAY + 90 * DAY).toISOString());
    const near = (iso: string | null, target: number) => Math.abs(new Date(iso!).getTime() - target) < 5 * 60_000;
    expect(near(await expiry(old), now + 7 * DAY)).toBe(true);
    expect(near(await expiry(unknown), now + 90 * DAY)).toBe(true);
    expect(await expiry(pending)).toBeNull();
    // The tables work again: a report is taken.
    const reporter = await registerAndLogin(m.app, { userType: 'buyer' });
    const res = await m.app.inject({ method: 'POST', url: '/api/v1/reports', payload: { target: 'book', id: recent, reason: 'scam' }, headers: { cookie: reporter.cookie } });
    expect(res.statusCode, res.body).toBe(201);
  });
});
