// The public catalogue is served from a read cache (docs/decisions/0022-catalogue-read-cache-as-it-stands.md); a
// visitor must still see every change at once: an edit, a moderation decision, a reservation, a sale,
// a review of the seller, a deletion. Each test reads first (filling the cache), changes, reads again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let seller: Account;
let buyer: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Busi' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });
const detail = async (id: string) => {
  const res = await call('GET', `/api/v1/books/${id}`);
  return { status: res.statusCode, book: res.statusCode === 200 ? res.json().book : null };
};
const found = async (q: string) => (await call('GET', `/api/v1/books?q=${encodeURIComponent(q)}`)).json() as { total: number; items: { id: string; price: number }[] };
const twice = async <T>(read: () => Promise<T>) => {
  await read();
  return read();
};
const inFuture = (hours = 48) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();

describe(`the cached catalogue shows every change at once (${dialectUnderTest})`, () => {
  it('an edit takes the book out of the catalogue until it is approved again, with its new price', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Organic Chemistry Zeta', priceCents: 50000 });
    expect((await twice(() => detail(id))).book).toMatchObject({ price: 500, status: 'approved' });
    expect((await twice(() => found('zeta'))).total).toBe(1);

    expect((await call('PATCH', `/api/v1/books/${id}`, seller, { price: 420 })).statusCode).toBe(200);
    expect((await detail(id)).status).toBe(404);
    expect((await found('zeta')).total).toBe(0);

    expect((await call('POST', `/api/v1/admin/books/${id}/approve`, admin)).statusCode).toBe(200);
    expect((await detail(id)).book).toMatchObject({ price: 420, status: 'approved' });
    expect((await found('zeta')).items).toMatchObject([{ id, price: 420 }]);
  });

  it('a reservation and a sale show on the book and take it out of the catalogue; the review shows on the seller', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Macroeconomics Omega' });
    const other = await insertBook(t.database.db, seller.id, { title: 'Microeconomics Omega' });
    expect((await twice(() => detail(id))).book).toMatchObject({ availability: 'available' });
    expect((await twice(() => detail(other))).book.seller).toMatchObject({ rating: null, reviewCount: 0 });
    expect((await twice(() => found('omega'))).total).toBe(2);

    const ordered = await call('POST', '/api/v1/orders', buyer, { bookId: id });
    expect(ordered.statusCode).toBe(201);
    const orderId = ordered.json().order.id as string;
    expect((await detail(id)).book).toMatchObject({ availability: 'reserved' });
    expect((await found('omega')).items.map((b) => b.id)).toEqual([other]);

    expect((await call('POST', `/api/v1/orders/${orderId}/accept`, seller, { meetupLocation: 'Library steps', meetupAt: inFuture() })).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/orders/${orderId}/complete`, buyer)).statusCode).toBe(200);
    expect((await detail(id)).book).toMatchObject({ availability: 'sold' });
    expect((await call('POST', `/api/v1/orders/${orderId}/review`, buyer, { rating: 4 })).statusCode).toBe(201);
    expect((await detail(other)).book.seller).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it("a seller's summary, kept for all their books, follows a change to the seller on a book read for the first time", async () => {
    const first = await insertBook(t.database.db, seller.id, { title: 'Linear Algebra Sigma' });
    const second = await insertBook(t.database.db, seller.id, { title: 'Linear Algebra Sigma II' });
    expect((await twice(() => detail(first))).book.seller).toMatchObject({ id: seller.id, firstName: 'Sipho', verified: false });
    await t.database.db.updateTable('students').set({ first_name: 'Sizwe', verified_at: t.clock.now().toISOString() }).where('id', '=', seller.id).execute();
    try {
      // `second` was never read: its seller comes from the summary `first` left, which must be dead by now.
      expect((await detail(second)).book.seller).toMatchObject({ id: seller.id, firstName: 'Sizwe', verified: true });
      expect((await detail(first)).book.seller).toMatchObject({ firstName: 'Sizwe', verified: true });
    } finally {
      await t.database.db.updateTable('students').set({ first_name: 'Sipho', verified_at: null }).where('id', '=', seller.id).execute();
    }
  });

  it('many books read for the first time at once each come back whole and as themselves (on PostgreSQL, in shared statements)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push(await insertBook(t.database.db, seller.id, { title: `Concurrent Reading ${i}`, priceCents: 10_000 + i * 100 }));
    // Each asked twice at once, in a shuffled order, with one id of no listing among them.
    const asked = [...ids, ...ids, 'bk0nosuchlisting'].sort((a, b) => (a.slice(-3) < b.slice(-3) ? -1 : 1));
    const answers = await Promise.all(asked.map((id) => detail(id)));
    answers.forEach((answer, i) => {
      const id = asked[i]!;
      if (id === 'bk0nosuchlisting') return expect(answer.status).toBe(404);
      const n = ids.indexOf(id);
      expect(answer.book, id).toMatchObject({ id, title: `Concurrent Reading ${n}`, price: 100 + n, status: 'approved', seller: { id: seller.id } });
      expect(answer.book.images.length, id).toBeGreaterThan(0);
    });
  });

  it('a withdrawn listing and a newly inserted one show at once', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Thermodynamics Kappa' });
    expect((await twice(() => found('kappa'))).total).toBe(1);
    const second = await insertBook(t.database.db, seller.id, { title: 'Thermodynamics Kappa II' });
    expect((await found('kappa')).total).toBe(2);
    expect((await call('DELETE', `/api/v1/books/${id}`, seller)).statusCode).toBeLessThan(300);
    expect((await detail(id)).status).toBe(404);
    expect((await found('kappa')).items.map((b) => b.id)).toEqual([second]);
  });

  it('only writes to the tables a book is read from count as changes', async () => {
    const tables: string[] = [];
    const stops = ['books', 'book_images', 'students', 'reviews', 'sessions'].map((name) => t.database.onWrite([name], () => void tables.push(name)));
    try {
      // A login writes a session, not a book.
      await registerAndLogin(t.app, { userType: 'buyer' }).then(() => tables.splice(0));
      await call('POST', '/api/v1/auth/login', undefined, { email: buyer.email, password: buyer.password });
      expect(tables).toEqual(['sessions']);
      tables.splice(0);
      await insertBook(t.database.db, seller.id, { title: 'Watched Write' });
      expect(tables).toContain('books');
      expect(tables).toContain('book_images');
      expect(tables).not.toContain('sessions');
    } finally {
      for (const stop of stops) stop();
    }
  });

  it.runIf(dialectUnderTest === 'postgres')('a read made while a change was still uncommitted is not served after the commit', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Statistics Lambda', priceCents: 30000 });
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('books').set({ price_cents: 25000 }).where('id', '=', id).execute();
      // Another connection still sees the old price, and the cache may keep it...
      expect((await detail(id)).book).toMatchObject({ price: 300 });
      expect((await found('lambda')).items).toMatchObject([{ price: 300 }]);
    });
    // ...but not past the commit.
    expect((await detail(id)).book).toMatchObject({ price: 250 });
    expect((await found('lambda')).items).toMatchObject([{ price: 250 }]);
  });
});
