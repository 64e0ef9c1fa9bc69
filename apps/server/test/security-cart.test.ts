// A buyer's cart never shows a listing's text that no moderator has seen, nor anything of a listing taken
// out of sight: a carted listing that is not approved (edited back into review, declined, hidden after
// reports, taken down) comes back as its id alone, in the cart and in checkout's report, while its seller
// still sees it in full. On the database under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let seller: Account;
let buyer: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sello' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bongi' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Account, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: who.cookie } });

/** What the seller writes in an edit that no moderator has read yet (each listing its own words). */
const unreviewed = (n: number) => ({
  title: `Unreviewed Title ${n} Zq`,
  description: `Unreviewed description ${n}: call 082 000 000${n} and pay outside Reshelf.`,
  additionalNotes: `Unreviewed notes ${n} xj`,
});
const DECLINE_REASON = 'Declined for a phone number in the description qv';

/**
 * Four carted listings taken out of the catalogue four ways after the buyer added them (edited back into
 * review, edited and declined, hidden after reports, taken down), and one still for sale.
 */
async function cartWithListingsGone() {
  const titles = ['Approved Title Pending Kx', 'Approved Title Declined Kx', 'Approved Title Hidden Kx', 'Approved Title Taken Down Kx'];
  const [pending, declined, hidden, takenDown] = await Promise.all(titles.map((title) => insertBook(t.database.db, seller.id, { title })));
  const live = await insertBook(t.database.db, seller.id, { title: 'Still For Sale Kx', priceCents: 12_300 });
  for (const id of [pending!, declined!, hidden!, takenDown!, live]) {
    expect((await call('POST', '/api/v1/cart/items', buyer, { type: 'book', id })).statusCode).toBe(201);
    t.clock.advance(1000);
  }
  expect((await call('PATCH', `/api/v1/books/${pending}`, seller, unreviewed(1))).json().book.status).toBe('pending');
  expect((await call('PATCH', `/api/v1/books/${declined}`, seller, unreviewed(2))).statusCode).toBe(200);
  const decision = await call('POST', `/api/v1/admin/books/${declined}/decline`, admin, { reason: DECLINE_REASON });
  expect(decision.json().book).toMatchObject({ status: 'declined', declineReason: DECLINE_REASON });
  await t.database.db.updateTable('books').set({ status: 'hidden' }).where('id', '=', hidden!).execute();
  await t.database.db.updateTable('books').set({ status: 'taken_down' }).where('id', '=', takenDown!).execute();
  const secrets = [...titles, ...[1, 2].flatMap((n) => Object.values(unreviewed(n))), DECLINE_REASON, 'Unreviewed', ...[pending, declined, hidden, takenDown].map((id) => `/uploads/${id}`)];
  return { gone: [pending!, declined!, hidden!, takenDown!], live, secrets };
}

describe(`the cart shows nothing of a listing out of the catalogue (${dialectUnderTest})`, () => {
  it('edited back to review, declined, hidden or taken down: only its id, no text, no photo, no decline reason; the seller still sees it all', async () => {
    const { gone, live, secrets } = await cartWithListingsGone();
    const res = await call('GET', '/api/v1/cart', buyer);
    expect(res.statusCode).toBe(200);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    const { cart } = res.json();
    expect(cart.books.slice(0, 4)).toEqual(gone.map((id) => ({ id, listed: false })));
    expect(cart.books[4]).toMatchObject({ id: live, title: 'Still For Sale Kx', status: 'approved', availability: 'available' });
    expect(cart).toMatchObject({ count: 5, total: 123 });
    // Adding another book answers the same cart: nothing of them there either.
    const added = await call('POST', '/api/v1/cart/items', buyer, { type: 'book', id: await insertBook(t.database.db, seller.id) });
    for (const secret of secrets) expect(added.body).not.toContain(secret);

    // Their seller sees each in full, as before: the edit, and the moderator's reason.
    expect((await call('GET', `/api/v1/books/${gone[0]}`, seller)).json().book).toMatchObject({ status: 'pending', ...unreviewed(1) });
    const mine = (await call('GET', '/api/v1/seller/books?pageSize=50', seller)).json().items as { id: string; title: string; declineReason: string | null }[];
    expect(mine.find((b) => b.id === gone[1])).toMatchObject({ title: unreviewed(2).title, declineReason: DECLINE_REASON });
    // And the buyer cannot open them either.
    for (const id of gone) expect((await call('GET', `/api/v1/books/${id}`, buyer)).statusCode).toBe(404);

    // Removed one by one like any item.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/book/${gone[0]}`, headers: { cookie: buyer.cookie } });
    expect(removed.json().cart.books.map((b: { id: string }) => b.id)).not.toContain(gone[0]);
    // An empty cart for the next test.
    expect((await call('POST', '/api/v1/cart/checkout', buyer)).statusCode).toBe(200);
  });

  it("checkout's report names none of them: no title, no text, the book is no longer available", async () => {
    const { gone, live, secrets } = await cartWithListingsGone();
    const res = await call('POST', '/api/v1/cart/checkout', buyer);
    expect(res.statusCode).toBe(200);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    const result = res.json();
    expect(result.orders.map((o: { book: { id: string } }) => o.book.id)).toEqual([live]);
    expect(result.unavailable).toEqual(gone.map((bookId) => ({ bookId, title: null, error: MESSAGES.bookUnavailable })));
  });

  it('once a moderator approves the edit, the cart shows the listing in full again', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'First Words Kx' });
    expect((await call('POST', '/api/v1/cart/items', buyer, { type: 'book', id })).statusCode).toBe(201);
    expect((await call('PATCH', `/api/v1/books/${id}`, seller, unreviewed(3))).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/cart', buyer)).json().cart.books).toContainEqual({ id, listed: false });
    expect((await call('POST', `/api/v1/admin/books/${id}/approve`, admin, {})).statusCode).toBe(200);
    const book = (await call('GET', '/api/v1/cart', buyer)).json().cart.books.find((b: { id: string }) => b.id === id);
    expect(book).toMatchObject({ id, status: 'approved', ...unreviewed(3) });
  });
});
