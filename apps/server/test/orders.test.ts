import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let seller: Account;
let buyer: Account;
let otherBuyer: Account;
let stranger: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sello' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bongi' });
  otherBuyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Olwethu' });
  stranger = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Stranger' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: Account, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

const order = async (bookId: string, who = buyer) => call('POST', '/api/v1/orders', who, { bookId });
const inFuture = (hours = 48) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();
const bookState = async (id: string) => (await t.database.db.selectFrom('books').select(['availability']).where('id', '=', id).executeTakeFirstOrThrow()).availability;

describe(`orders (${dialectUnderTest})`, () => {
  it('a buyer reserves an available book; the seller is notified in-app and by email', async () => {
    const bookId = await insertBook(t.database.db, seller.id, { title: 'Calculus Early Transcendentals', priceCents: 45050 });
    const res = await order(bookId);
    expect(res.statusCode).toBe(201);
    const o = res.json().order;
    expect(o).toMatchObject({ status: 'requested', amount: 450.5, buyer: { id: buyer.id, firstName: 'Bongi' }, seller: { id: seller.id, firstName: 'Sello' }, myReview: null });
    expect(o.book).toMatchObject({ id: bookId, title: 'Calculus Early Transcendentals', price: 450.5 });
    expect(await bookState(bookId)).toBe('reserved');
    const notes = await t.database.db.selectFrom('notifications').selectAll().where('student_id', '=', seller.id).execute();
    expect(notes.some((n) => n.title.includes('Bongi wants to buy'))).toBe(true);
    await expect.poll(() => t.mailer.last(seller.email)?.subject ?? '').toContain('Bongi wants to buy');
  });

  it('a second buyer gets 409 with the exact message', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    expect((await order(bookId)).statusCode).toBe(201);
    const second = await order(bookId, otherBuyer);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'This book is no longer available', code: 'BOOK_UNAVAILABLE' });
  });

  it('exactly one of 25 concurrent buyers wins', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => registerAndLogin(t.app, { userType: 'buyer' })));
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => order(bookId, buyers[i % buyers.length])));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(24);
    const active = await t.database.db.selectFrom('orders').select('id').where('book_id', '=', bookId).where('status', 'in', ['requested', 'accepted']).execute();
    expect(active).toHaveLength(1);
  });

  it('refuses pending, declined, sold and missing books, and your own book; sellers and admins cannot order', async () => {
    for (const status of ['pending', 'declined'] as const) {
      const id = await insertBook(t.database.db, seller.id, { status });
      expect((await order(id)).statusCode).toBe(409);
    }
    expect((await order(await insertBook(t.database.db, seller.id, { availability: 'sold' }))).statusCode).toBe(409);
    expect((await order('does-not-exist-123')).statusCode).toBe(409);
    const own = await insertBook(t.database.db, buyer.id);
    const mine = await order(own);
    expect(mine.statusCode).toBe(403);
    const book = await insertBook(t.database.db, seller.id);
    expect((await order(book, stranger)).statusCode).toBe(403);
    expect((await order(book, admin)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/orders', undefined, { bookId: book })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/orders', buyer, {})).statusCode).toBe(400);
  });

  it('your own book is one rule whichever way you try: the order and the cart both answer 403 with one message', async () => {
    const own = await insertBook(t.database.db, buyer.id);
    const refusal = { error: 'You cannot buy your own book', code: 'OWN_BOOK' };
    const viaOrder = await order(own);
    expect(viaOrder.statusCode).toBe(403);
    expect(viaOrder.json()).toEqual(refusal);
    const viaCart = await call('POST', '/api/v1/cart/items', buyer, { type: 'book', id: own });
    expect(viaCart.statusCode).toBe(403);
    expect(viaCart.json()).toEqual(refusal);
    expect((await call('GET', '/api/v1/cart', buyer)).json().cart.count).toBe(0);
    // Someone else may still order it.
    expect((await order(own, otherBuyer)).statusCode).toBe(201);
    // Reserved by them, it is still your own book first, and both ways answer alike.
    expect((await order(own)).json()).toEqual(refusal);
    expect((await call('POST', '/api/v1/cart/items', buyer, { type: 'book', id: own })).json()).toEqual(refusal);
  });

  it('a meetup must be in the future and within 30 days, with the exact messages', async () => {
    const o = (await order(await insertBook(t.database.db, seller.id))).json().order;
    const accept = (meetupAt: string) => call('POST', `/api/v1/orders/${o.id}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt });
    const past = await accept(inFuture(-1));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: 'Please choose a meetup time in the future', fields: { meetupAt: 'Please choose a meetup time in the future' } });
    const late = await accept(inFuture(30 * 24 + 1));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'Please choose a meetup time within the next 30 days', fields: { meetupAt: 'Please choose a meetup time within the next 30 days' } });
    expect((await accept(inFuture(30 * 24 - 1))).statusCode).toBe(200);
  });

  it('walks the happy path: accept with a meetup, messages, complete (book sold), reviews both ways', async () => {
    const bookId = await insertBook(t.database.db, seller.id, { title: 'Principles of Economics' });
    const o = (await order(bookId)).json().order;

    // Only the seller may accept, with a future time.
    expect((await call('POST', `/api/v1/orders/${o.id}/accept`, buyer, { meetupLocation: 'Wits Library Lawns', meetupAt: inFuture() })).statusCode).toBe(403);
    const past = await call('POST', `/api/v1/orders/${o.id}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt: inFuture(-1) });
    expect(past.statusCode).toBe(400);
    expect((await call('POST', `/api/v1/orders/${o.id}/complete`, buyer)).statusCode).toBe(409);
    const accepted = await call('POST', `/api/v1/orders/${o.id}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt: inFuture() });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().order).toMatchObject({ status: 'accepted', meetupLocation: 'Wits Library Lawns' });
    expect((await call('POST', `/api/v1/orders/${o.id}/accept`, seller, { meetupLocation: 'x y z', meetupAt: inFuture() })).statusCode).toBe(409);

    // Reviews wait for completion.
    expect((await call('POST', `/api/v1/orders/${o.id}/review`, buyer, { rating: 5 })).statusCode).toBe(409);

    const m1 = await call('POST', `/api/v1/orders/${o.id}/messages`, buyer, { body: 'See you at 2, I will wear a green cap' });
    expect(m1.statusCode).toBe(201);
    await call('POST', `/api/v1/orders/${o.id}/messages`, seller, { body: 'Great, see you there' });
    const thread = await call('GET', `/api/v1/orders/${o.id}/messages`, seller);
    expect(thread.json().items.map((m: { body: string }) => m.body)).toEqual(['See you at 2, I will wear a green cap', 'Great, see you there']);
    expect((await call('POST', `/api/v1/orders/${o.id}/messages`, buyer, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/orders/${o.id}/messages`, buyer, { body: 'x'.repeat(2001) })).statusCode).toBe(400);

    // The seller completes only with the buyer's handover code (meetup.test.ts).
    expect((await call('POST', `/api/v1/orders/${o.id}/complete`, seller)).statusCode).toBe(400);
    const done = await call('POST', `/api/v1/orders/${o.id}/complete`, buyer);
    expect(done.statusCode).toBe(200);
    expect(done.json().order.status).toBe('completed');
    expect(await bookState(bookId)).toBe('sold');
    expect((await call('POST', `/api/v1/orders/${o.id}/cancel`, buyer)).statusCode).toBe(409);

    const r1 = await call('POST', `/api/v1/orders/${o.id}/review`, buyer, { rating: 5, comment: 'Book exactly as described' });
    expect(r1.statusCode).toBe(201);
    expect((await call('POST', `/api/v1/orders/${o.id}/review`, buyer, { rating: 4 })).statusCode).toBe(409);
    expect((await call('POST', `/api/v1/orders/${o.id}/review`, seller, { rating: 0 })).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/orders/${o.id}/review`, seller, { rating: 4.5 })).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/orders/${o.id}/review`, seller, { rating: 4 })).statusCode).toBe(201);
    const view = await call('GET', `/api/v1/orders/${o.id}`, buyer);
    expect(view.json().order.myReview).toEqual({ rating: 5, comment: 'Book exactly as described' });
    const ratings = await t.app.services.orders.ratingsOf([seller.id, buyer.id]);
    expect(ratings.get(buyer.id)).toEqual({ rating: 4, count: 1 });
    // The seller's average shows on their listings.
    const another = await insertBook(t.database.db, seller.id);
    const listing = await call('GET', `/api/v1/books/${another}`);
    expect(listing.json().book.seller).toMatchObject({ id: seller.id, rating: 5, reviewCount: 1 });
  });

  it('the seller declines (book available again) and either party cancels before handover', async () => {
    const a = await insertBook(t.database.db, seller.id);
    const oa = (await order(a)).json().order;
    expect((await call('POST', `/api/v1/orders/${oa.id}/decline`, buyer, { reason: 'x' })).statusCode).toBe(403);
    const declined = await call('POST', `/api/v1/orders/${oa.id}/decline`, seller, { reason: 'Already promised to a classmate' });
    expect(declined.json().order.status).toBe('declined');
    expect(await bookState(a)).toBe('available');
    expect((await call('POST', `/api/v1/orders/${oa.id}/decline`, seller)).statusCode).toBe(409);

    const ob = (await order(a, otherBuyer)).json().order;
    await call('POST', `/api/v1/orders/${ob.id}/accept`, seller, { meetupLocation: 'Matrix Student Centre', meetupAt: inFuture() });
    const cancelled = await call('POST', `/api/v1/orders/${ob.id}/cancel`, otherBuyer, { reason: 'Found it cheaper' });
    expect(cancelled.json().order.status).toBe('cancelled');
    expect(await bookState(a)).toBe('available');

    const oc = (await order(a)).json().order;
    expect((await call('POST', `/api/v1/orders/${oc.id}/cancel`, seller)).json().order.status).toBe('cancelled');
  });

  it('an order that ended without a sale takes no more messages from either party, and its thread stays readable', async () => {
    const a = await insertBook(t.database.db, seller.id);
    const declinedOrder = (await order(a)).json().order;
    await call('POST', `/api/v1/orders/${declinedOrder.id}/messages`, buyer, { body: 'Is it still available?' });
    await call('POST', `/api/v1/orders/${declinedOrder.id}/decline`, seller, { reason: 'Already promised to a classmate' });
    const cancelledOrder = (await order(a, otherBuyer)).json().order;
    await call('POST', `/api/v1/orders/${cancelledOrder.id}/cancel`, otherBuyer, {});
    for (const [o, who] of [[declinedOrder, buyer], [declinedOrder, seller], [cancelledOrder, otherBuyer], [cancelledOrder, seller]] as const) {
      const res = await call('POST', `/api/v1/orders/${o.id}/messages`, who, { body: 'One more thing' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'This order ended without a sale, so the conversation is closed', code: 'CONVERSATION_CLOSED' });
    }
    const thread = await call('GET', `/api/v1/orders/${declinedOrder.id}/messages`, buyer);
    expect(thread.json().items.map((m: { body: string }) => m.body)).toEqual(['Is it still available?']);
  });

  it('strangers get 404 on an order and its messages', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const o = (await order(bookId)).json().order;
    for (const who of [stranger, otherBuyer, admin]) {
      expect((await call('GET', `/api/v1/orders/${o.id}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/orders/${o.id}/messages`, who)).statusCode).toBe(404);
      expect((await call('POST', `/api/v1/orders/${o.id}/messages`, who, { body: 'hi' })).statusCode).toBe(404);
      expect((await call('POST', `/api/v1/orders/${o.id}/cancel`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/v1/orders/${o.id}`)).statusCode).toBe(401);
  });

  it('lists a party’s orders newest first', async () => {
    const b = await registerAndLogin(t.app, { userType: 'buyer' });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await order(await insertBook(t.database.db, seller.id), b)).json().order.id);
      t.clock.advance(1000);
    }
    const mine = await call('GET', '/api/v1/orders?as=buyer', b);
    expect(mine.json()).toMatchObject({ total: 3, page: 1 });
    expect(mine.json().items.map((o: { id: string }) => o.id)).toEqual(ids.reverse());
    const asSeller = await call('GET', '/api/v1/orders?as=seller', seller);
    expect(asSeller.json().total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/v1/orders?as=nobody', b)).statusCode).toBe(400);
  });

  it('requests unanswered for 72 hours expire and free the book', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const o = (await order(bookId)).json().order;
    t.clock.advance(71 * 3_600_000);
    expect(await t.app.services.orders.expireDue()).toBe(0);
    t.clock.advance(2 * 3_600_000);
    expect(await t.app.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/v1/orders/${o.id}`, buyer)).json().order.status).toBe('expired');
    expect(await bookState(bookId)).toBe('available');
    expect((await call('POST', `/api/v1/orders/${o.id}/accept`, seller, { meetupLocation: 'Matrix', meetupAt: inFuture() })).statusCode).toBe(409);
  });
});

describe('idempotency', () => {
  it('the same key returns the first answer; another body with it is 422', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const first = await call('POST', '/api/v1/orders', buyer, { bookId }, { 'idempotency-key': 'key-abc-1' });
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 9; i++) {
      const again = await call('POST', '/api/v1/orders', buyer, { bookId }, { 'idempotency-key': 'key-abc-1' });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
    }
    const orders = await t.database.db.selectFrom('orders').select('id').where('book_id', '=', bookId).execute();
    expect(orders).toHaveLength(1);
    const other = await insertBook(t.database.db, seller.id);
    const mismatch = await call('POST', '/api/v1/orders', buyer, { bookId: other }, { 'idempotency-key': 'key-abc-1' });
    expect(mismatch.statusCode).toBe(422);
  });

  it('in parallel, one 201 and 409 for the rest', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/api/v1/orders', buyer, { bookId }, { 'idempotency-key': 'parallel-key' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    const orders = await t.database.db.selectFrom('orders').select('id').where('book_id', '=', bookId).execute();
    expect(orders).toHaveLength(1);
  });
});
