// Prices of editions (docs/decisions/0028-new-prices-and-good-price.md): admins' new prices (GET, PUT and
// DELETE /admin/new-prices, only for admins) answered by GET /editions/:isbn as `newPrice`, cached editions
// seeing a change at once; and the "Good price" mark (`goodPrice` on Book JSON, in the catalogue and on the
// book page): below the median of the edition's counted copies, the median migration 013's triggers keep
// through approvals, reservations, sales, edits, withdrawals and ISBN changes, racing buyers included.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let admin: Account;
let seller: Account;
let otherSeller: Account;
let buyer: Account;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminAccount(t.app);
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Buhle' });
});
afterAll(async () => t.close());

const send = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const putPrice = (isbn: string, payload: unknown, cookie = admin.cookie) => send('PUT', `/api/v1/admin/new-prices/${isbn}`, cookie, payload);
const edition = (isbn: string) => send('GET', `/api/v1/editions/${isbn}`);
const db = () => t.database.db;
const setAvailability = (id: string, availability: 'available' | 'reserved' | 'sold') => db().updateTable('books').set({ availability }).where('id', '=', id).execute();

/** goodPrice of each listing as GET /books/:id answers it. */
async function marks(ids: readonly string[]): Promise<boolean[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await send('GET', `/api/v1/books/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().book.goodPrice as boolean;
    }),
  );
}

/** The catalogue's answer for a search by ISBN: each book's price and goodPrice, cheapest first. */
async function catalogue(isbn13: string): Promise<[number, boolean][]> {
  const res = await send('GET', `/api/v1/books?q=${isbn13}&sort=price_asc`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((b: { price: number; goodPrice: boolean }) => [b.price, b.goodPrice]);
}

const storedMedian = (isbn: string) => db().selectFrom('edition_medians').select(['copies', 'median_cents']).where('isbn', '=', isbn).executeTakeFirst();

/** The median of an ISBN's counted copies recounted from scratch, as editions.ts computes it. */
async function recounted(isbn: string) {
  const rows = await db()
    .selectFrom('books')
    .select('price_cents')
    .where('isbn', '=', isbn)
    .where('status', '=', 'approved')
    .where('availability', 'in', ['available', 'sold'])
    .orderBy('price_cents')
    .execute();
  if (!rows.length) return undefined;
  const cents = rows.map((r) => r.price_cents);
  const mid = Math.floor(cents.length / 2);
  return { copies: cents.length, median_cents: cents.length % 2 ? cents[mid]! : Math.round((cents[mid - 1]! + cents[mid]!) / 2) };
}

describe(`new prices: permissions (${dialectUnderTest})`, () => {
  it('answers 401 to a visitor and 403 to a buyer and a seller on every new-price route, and changes nothing', async () => {
    const isbn = '9780131103627';
    for (const [method, url, payload] of [
      ['GET', '/api/v1/admin/new-prices', undefined],
      ['PUT', `/api/v1/admin/new-prices/${isbn}`, { price: 500 }],
      ['DELETE', `/api/v1/admin/new-prices/${isbn}`, undefined],
    ] as const) {
      const anonymous = await send(method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ error: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' });
      for (const account of [buyer, seller]) {
        const res = await send(method, url, account.cookie, payload);
        expect(res.statusCode, `${method} ${url} as ${account.role}`).toBe(403);
        expect(res.json()).toEqual({ error: MESSAGES.adminRequired, code: 'FORBIDDEN' });
      }
    }
    expect(await db().selectFrom('edition_prices').selectAll().execute()).toEqual([]);
  });
});

describe(`new prices: an admin sets, replaces, lists and removes them (${dialectUnderTest})`, () => {
  it('stores an ISBN-10 as its ISBN-13, answers the title of its latest approved listing and who set it when, and replaces it on a second PUT', async () => {
    await insertBook(db(), seller.id, { isbn: '978-0-262-04630-5', title: 'Introduction to Algorithms' });
    const first = await putPrice('0-262-04630-X', { price: 1299.99 });
    expect(first.statusCode, first.body).toBe(200);
    const setAt = t.clock.now().toISOString();
    expect(first.json()).toEqual({
      newPrice: { isbn13: '9780262046305', price: 1299.99, title: 'Introduction to Algorithms', setBy: { id: admin.id, firstName: 'Reshelf' }, setAt },
    });
    t.clock.advance(60_000);
    const second = await putPrice('9780262046305', { price: 1450 });
    expect(second.json().newPrice).toMatchObject({ isbn13: '9780262046305', price: 1450, setAt: t.clock.now().toISOString() });
    expect(await db().selectFrom('edition_prices').select(['isbn', 'price_cents']).where('isbn', '=', '9780262046305').execute()).toEqual([
      { isbn: '9780262046305', price_cents: 145000 },
    ]);
  });

  it('takes an ISBN nobody has listed yet (title null) and lists the most recently set first, paged', async () => {
    t.clock.advance(60_000);
    const unlisted = await putPrice('978-0-13-468599-1', { price: 899.5 });
    expect(unlisted.json().newPrice).toMatchObject({ isbn13: '9780134685991', price: 899.5, title: null });
    const list = await send('GET', '/api/v1/admin/new-prices?pageSize=1', admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ isbn13: '9780134685991', price: 899.5, title: null }] });
    const page2 = await send('GET', '/api/v1/admin/new-prices?pageSize=1&page=2', admin.cookie);
    expect(page2.json().items.map((p: { isbn13: string }) => p.isbn13)).toEqual(['9780262046305']);
  });

  it('refuses a wrong ISBN with 400 Invalid ISBN and each bad price with its message, storing nothing', async () => {
    const before = await db().selectFrom('edition_prices').selectAll().orderBy('isbn').execute();
    const invalid = await putPrice('978-0-262-04630-4', { price: 100 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: MESSAGES.invalidIsbn, code: 'VALIDATION', fields: { isbn: MESSAGES.invalidIsbn } });
    const short = await putPrice('12345', { price: 100 });
    expect(short.json()).toEqual({ error: 'ISBN must have 10 or 13 digits', code: 'VALIDATION', fields: { isbn: 'ISBN must have 10 or 13 digits' } });
    for (const [body, message] of [
      [{}, MESSAGES.newPriceRequired],
      [{ price: null }, MESSAGES.newPriceRequired],
      [{ price: '500' }, MESSAGES.newPriceNumber],
      [{ price: 0 }, MESSAGES.newPricePositive],
      [{ price: -20 }, MESSAGES.newPricePositive],
      [{ price: 1_000_000 }, MESSAGES.newPriceDigits],
      [{ price: 12.345 }, MESSAGES.newPriceDigits],
    ] as const) {
      const res = await putPrice('9780262046305', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ error: message, code: 'VALIDATION', fields: { price: message } });
    }
    // The largest price a listing may have is a new price too.
    expect((await putPrice('9780131103627', { price: 999999.99 })).statusCode).toBe(200);
    expect((await send('DELETE', '/api/v1/admin/new-prices/9780131103627', admin.cookie)).statusCode).toBe(204);
    expect(await db().selectFrom('edition_prices').selectAll().orderBy('isbn').execute()).toEqual(before);
  });

  it('removes a new price (204), then answers 404 with its message; a wrong ISBN is 400', async () => {
    await putPrice('9780393884821', { price: 300 });
    const removed = await send('DELETE', '/api/v1/admin/new-prices/978-0-393-88482-1', admin.cookie);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const again = await send('DELETE', '/api/v1/admin/new-prices/9780393884821', admin.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MESSAGES.newPriceNotFound, code: 'NOT_FOUND' });
    const wrong = await send('DELETE', '/api/v1/admin/new-prices/9780393884822', admin.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: MESSAGES.invalidIsbn, code: 'VALIDATION', fields: { isbn: MESSAGES.invalidIsbn } });
  });

  it("keeps a new price when the admin who set it erases their account, with setBy null", async () => {
    const other = await adminAccount(t.app, 'second-admin@reshelf.test', 'Admin-Passw0rd!2');
    await putPrice('9781285741550', { price: 750 }, other.cookie);
    const gone = await send('DELETE', '/api/v1/account', other.cookie, { password: other.password });
    expect(gone.statusCode, gone.body).toBe(204);
    const list = await send('GET', '/api/v1/admin/new-prices?pageSize=50', admin.cookie);
    expect(list.json().items.find((p: { isbn13: string }) => p.isbn13 === '9781285741550')).toMatchObject({ price: 750, setBy: null });
  });
});

describe(`new prices on GET /editions/:isbn (${dialectUnderTest})`, () => {
  it('answers newPrice from the admin table, at once after a change although the edition is cached', async () => {
    const isbn = '978-1-319-22800-2';
    await insertBook(db(), seller.id, { isbn, priceCents: 40000 });
    expect((await edition(isbn)).json().edition.newPrice).toBeNull();
    // Read twice: the second answer comes from the cache.
    expect((await edition(isbn)).json().edition.newPrice).toBeNull();
    await putPrice(isbn, { price: 1099.95 });
    expect((await edition(isbn)).json().edition).toMatchObject({ isbn13: '9781319228002', newPrice: 1099.95, price: { low: 400, median: 400, high: 400 } });
    await putPrice(isbn, { price: 999 });
    expect((await edition(isbn)).json().edition.newPrice).toBe(999);
    await send('DELETE', `/api/v1/admin/new-prices/${isbn}`, admin.cookie);
    expect((await edition(isbn)).json().edition.newPrice).toBeNull();
  });

  it('still answers 404 for an ISBN with a new price but no approved listing', async () => {
    const res = await edition('9780134685991');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.editionNotFound, code: 'NOT_FOUND' });
  });
});

describe(`"Good price": below the median of the edition's copies (${dialectUnderTest})`, () => {
  it('marks no copy of an edition with one or two copies', async () => {
    const isbn = '9780198526636';
    const only = await insertBook(db(), seller.id, { isbn, priceCents: 10000 });
    expect(await marks([only])).toEqual([false]);
    const dearer = await insertBook(db(), otherSeller.id, { isbn, priceCents: 90000 });
    expect(await marks([only, dearer])).toEqual([false, false]);
    expect(await storedMedian(isbn)).toEqual({ copies: 2, median_cents: 50000 });
  });

  it('marks the copies below the median once there are three, never the one at the median, in the catalogue and on the book page', async () => {
    const isbn = '9780306406157';
    const ids: string[] = [];
    for (const cents of [30000, 10000, 20000]) ids.push(await insertBook(db(), seller.id, { isbn, priceCents: cents }));
    expect(await marks(ids)).toEqual([false, true, false]);
    expect(await catalogue(isbn)).toEqual([
      [100, true],
      [200, false],
      [300, false],
    ]);
    expect((await edition(isbn)).json().edition.price).toEqual({ low: 100, median: 200, high: 300 });
  });

  it('uses the edition endpoint\'s median for an even count: the mean of the middle two, rounded half up to the cent', async () => {
    const isbn = '9780131103627';
    const ids: string[] = [];
    for (const cents of [10000, 20001, 30000, 40000, 25001]) ids.push(await insertBook(db(), seller.id, { isbn, priceCents: cents }));
    // Five copies: the median is R250.01, and the copy at exactly R250.01 is not below it.
    expect((await edition(isbn)).json().edition.price.median).toBe(250.01);
    expect(await marks(ids)).toEqual([true, true, false, false, false]);
    // Four copies (R100, R200.01, R300, R400): (20001 + 30000) / 2 = 25000.5 cents, rounded up to R250.01.
    await db().deleteFrom('books').where('id', '=', ids[4]!).execute();
    expect((await edition(isbn)).json().edition.price.median).toBe(250.01);
    expect(await storedMedian(isbn)).toEqual({ copies: 4, median_cents: 25001 });
    expect(await marks(ids.slice(0, 4))).toEqual([true, true, false, false]);
  });

  it('counts sold copies (never marked) but not reserved, pending or declined ones', async () => {
    const isbn = '9780262033848';
    const cheap = await insertBook(db(), seller.id, { isbn, priceCents: 10000 });
    const dear = await insertBook(db(), seller.id, { isbn, priceCents: 30000 });
    const sold = await insertBook(db(), otherSeller.id, { isbn, priceCents: 5000, availability: 'sold' });
    // Waiting for moderation or declined: never counted, however cheap.
    await insertBook(db(), otherSeller.id, { isbn, priceCents: 100, status: 'pending' });
    await insertBook(db(), otherSeller.id, { isbn, priceCents: 100, status: 'declined' });
    // Counted: R50 (sold), R100, R300; the median is R100, so nothing for sale is below it.
    expect(await storedMedian(isbn)).toEqual({ copies: 3, median_cents: 10000 });
    expect(await marks([cheap, dear])).toEqual([false, false]);
    expect((await send('GET', `/api/v1/books/${sold}`)).json().book.goodPrice).toBe(false);
    // A fourth copy at R400: the median is R200 and the R100 copy is a good price.
    const dearest = await insertBook(db(), otherSeller.id, { isbn, priceCents: 40000 });
    expect(await marks([cheap, dear, dearest])).toEqual([true, false, false]);
    // Reserved copies leave the count (R50, R100, R300 again), and come back when released.
    await setAvailability(dearest, 'reserved');
    expect(await storedMedian(isbn)).toEqual({ copies: 3, median_cents: 10000 });
    expect(await marks([cheap])).toEqual([false]);
    await setAvailability(dearest, 'available');
    expect(await marks([cheap])).toEqual([true]);
    expect(await storedMedian(isbn)).toEqual(await recounted(isbn));
  });

  it("follows a seller's edit (out of the count while pending), the approval, a withdrawal and an ISBN change", async () => {
    const isbn = '9780393884821';
    const ids: string[] = [];
    for (const cents of [20000, 30000, 40000]) ids.push(await insertBook(db(), seller.id, { isbn, priceCents: cents }));
    const [cheap, middle, dear] = ids as [string, string, string];
    expect(await marks(ids)).toEqual([true, false, false]);

    // The dearest copy is cut to R150 by its seller: pending again, so two copies count and nothing is marked.
    const edited = await send('PATCH', `/api/v1/books/${dear}`, seller.cookie, { price: 150 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().book).toMatchObject({ status: 'pending', goodPrice: false });
    expect(await storedMedian(isbn)).toEqual({ copies: 2, median_cents: 25000 });
    expect(await marks([cheap, middle])).toEqual([false, false]);

    // Approved at R150: R150, R200, R300, median R200.
    const approved = await send('POST', `/api/v1/admin/books/${dear}/approve`, admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().book.goodPrice).toBe(true);
    expect(await marks(ids)).toEqual([false, false, true]);

    // Withdrawn: two copies left, no mark.
    expect((await send('DELETE', `/api/v1/books/${dear}`, seller.cookie)).statusCode).toBe(204);
    expect(await marks([cheap, middle])).toEqual([false, false]);

    // A copy moved to another ISBN is recounted under both.
    const other = '9781337613927';
    for (const cents of [10000, 50000]) await insertBook(db(), otherSeller.id, { isbn: other, priceCents: cents });
    await db().updateTable('books').set({ isbn: other, isbn_digits: other }).where('id', '=', middle).execute();
    expect(await storedMedian(isbn)).toEqual({ copies: 1, median_cents: 20000 });
    expect(await storedMedian(other)).toEqual({ copies: 3, median_cents: 30000 });
    expect(await marks([middle])).toEqual([false]);
    // The last copy of the first ISBN goes: its row goes too.
    await db().deleteFrom('books').where('id', '=', cheap).execute();
    expect(await storedMedian(isbn)).toBeUndefined();
  });

  it('changes a cached catalogue page and book at once when another copy of the edition is sold', async () => {
    const isbn = '9780134093413';
    const ids: string[] = [];
    for (const cents of [10000, 20000, 30000]) ids.push(await insertBook(db(), seller.id, { isbn, priceCents: cents }));
    expect(await catalogue(isbn)).toEqual([
      [100, true],
      [200, false],
      [300, false],
    ]);
    expect(await marks([ids[0]!])).toEqual([true]);
    // Answered from the cache now; then the R300 copy is sold and a R50 one is listed.
    expect(await catalogue(isbn)).toEqual([
      [100, true],
      [200, false],
      [300, false],
    ]);
    await setAvailability(ids[2]!, 'sold');
    await insertBook(db(), otherSeller.id, { isbn, priceCents: 5000 });
    // Median of R50, R100, R200, R300: R150.
    expect(await catalogue(isbn)).toEqual([
      [50, true],
      [100, true],
      [200, false],
    ]);
    expect(await marks([ids[0]!, ids[1]!])).toEqual([true, false]);
  });

  it('gives no mark to a listing whose stored ISBN has a wrong check digit (it has no edition)', async () => {
    const wrong = '978-0-7021-7338-3';
    const ids: string[] = [];
    for (const cents of [10000, 20000, 30000]) {
      const id = await insertBook(db(), seller.id, { priceCents: cents });
      await db().updateTable('books').set({ isbn: wrong, isbn_digits: '9780702173383' }).where('id', '=', id).execute();
      ids.push(id);
    }
    expect(await marks(ids)).toEqual([false, false, false]);
  });

  it('keeps the median right when buyers reserve copies of one edition at the same moment', async () => {
    const isbn = '9780321573513';
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await insertBook(db(), otherSeller.id, { isbn, priceCents: 10000 + i * 5000 }));
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => registerAndLogin(t.app, { userType: 'buyer', firstName: `Racer${i}` })));
    const answers = await Promise.all(buyers.map((b, i) => send('POST', '/api/v1/orders', b.cookie, { bookId: ids[i] })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    // Two copies left for sale: R400 and R450 (their mean, R425, is the median).
    expect(await storedMedian(isbn)).toEqual({ copies: 2, median_cents: 42500 });
    expect(await storedMedian(isbn)).toEqual(await recounted(isbn));
    // And all released at once: the eight copies count again.
    const orders = answers.map((a) => a.json().order.id as string);
    const cancels = await Promise.all(orders.map((id, i) => send('POST', `/api/v1/orders/${id}/cancel`, buyers[i]!.cookie, {})));
    expect(cancels.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await storedMedian(isbn)).toEqual({ copies: 8, median_cents: 27500 });
    expect(await storedMedian(isbn)).toEqual(await recounted(isbn));
    expect(await marks(ids)).toEqual([true, true, true, true, false, false, false, false]);
  });

  it('keeps every stored median equal to a recount from scratch', async () => {
    const isbns = (await db().selectFrom('books').select('isbn').distinct().execute()).map((r) => r.isbn);
    for (const isbn of isbns) expect(await storedMedian(isbn), isbn).toEqual(await recounted(isbn));
  });
});

describe(`migration 013 (${dialectUnderTest})`, () => {
  let m: TestApp;
  const migrator = () => new Migrator({ db: m.database.db, provider: { getMigrations: async () => migrations } });
  const tables = async () => {
    const names =
      dialectUnderTest === 'postgres'
        ? (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(m.database.db)).rows
        : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(m.database.db)).rows;
    return names.map((r) => r.name).filter((n) => n.startsWith('edition_'));
  };

  beforeAll(async () => {
    m = await createTestApp();
  });
  afterAll(async () => m.close());

  it('counts the listings already there on the way up, and goes down without a trace', async () => {
    const sellerId = (await registerAndLogin(m.app, { userType: 'seller' })).id;
    expect((await migrator().migrateTo('2026-11-24-011-book-courses')).error).toBeUndefined();
    expect(await tables()).toEqual([]);
    const isbn = '9780262046305';
    for (const cents of [30000, 10000, 20000, 90000]) await insertBook(m.database.db, sellerId, { isbn, priceCents: cents });
    await insertBook(m.database.db, sellerId, { isbn, priceCents: 100, availability: 'reserved' });
    expect((await migrator().migrateTo('2026-11-24-013-edition-prices')).error).toBeUndefined();
    expect((await tables()).sort()).toEqual(['edition_medians', 'edition_prices']);
    expect(await m.database.db.selectFrom('edition_medians').selectAll().execute()).toEqual([{ isbn, copies: 4, median_cents: 25000 }]);
    // The triggers run from then on.
    await insertBook(m.database.db, sellerId, { isbn, priceCents: 15000 });
    expect(await m.database.db.selectFrom('edition_medians').select(['copies', 'median_cents']).execute()).toEqual([{ copies: 5, median_cents: 20000 }]);
    // Down: the tables, triggers and index go, and books can still be written.
    expect((await migrator().migrateTo('2026-11-24-011-book-courses')).error).toBeUndefined();
    expect(await tables()).toEqual([]);
    await insertBook(m.database.db, sellerId, { isbn, priceCents: 15000 });
    await m.database.db.updateTable('books').set({ availability: 'sold' }).execute();
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    // All seven sold, the once reserved R1 copy too: R1, R100, R150, R150, R200, R300, R900.
    expect(await m.database.db.selectFrom('edition_medians').select(['copies', 'median_cents']).execute()).toEqual([{ copies: 7, median_cents: 15000 }]);
  });
});
