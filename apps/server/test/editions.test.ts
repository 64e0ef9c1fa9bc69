// ISBNs checked by their check digit and stored as ISBN-13 (POST and PATCH /books), one edition per ISBN
// (GET /editions/:isbn), and migration 009, which puts listings stored before into ISBN-13 form.
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { editionListingsQuery } from '../src/modules/listings/repository.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook, listingPayload } from './helpers/books.ts';
import * as img from './fixtures/images.ts';

let t: TestApp;
let seller: Account;
let otherSeller: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho', university: 'uct' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi', university: 'wits' });
});
afterAll(async () => t.close());

const INVALID_ISBN = { error: 'Invalid ISBN', code: 'VALIDATION', fields: { isbn: 'Invalid ISBN' } };

async function postBook(cookie: string, bookData: unknown) {
  const body = img.multipart(img.listingParts(bookData, await img.pngs(4)));
  return t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie } });
}
const patch = (id: string, payload: object, cookie = seller.cookie) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/books/${id}`, payload, headers: { cookie } });
const edition = (isbn: string) => t.app.inject(`/api/v1/editions/${isbn}`);
const bookRow = (id: string) => t.database.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bookCount = async () => Number((await t.database.db.selectFrom('books').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const storedFiles = () => {
  const root = path.join(t.dataDir, 'uploads');
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()) : [];
};
const approve = (id: string) => t.database.db.updateTable('books').set({ status: 'approved' }).where('id', '=', id).execute();

describe(`ISBNs on POST /books and PATCH /books/:id (${dialectUnderTest})`, () => {
  it.each([
    ['an ISBN-13 with a wrong check digit', '978-0-13-110362-8'],
    ['an ISBN-10 with a wrong check digit', '0-13-110362-9'],
    ['a 979 ISBN-13 with a wrong check digit', '979-10-90636-07-2'],
    ['an X that is not the right ISBN-10 check digit', '0-13-110362-X'],
    ['13 digits with a book prefix other than 978 or 979', '977-1-234-56700-3'],
  ])('refuses %s with 400 Invalid ISBN on the isbn field and stores nothing', async (_case, isbn) => {
    const [books, files] = [await bookCount(), storedFiles().length];
    const res = await postBook(seller.cookie, listingPayload({ isbn }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_ISBN);
    expect(await bookCount()).toBe(books);
    expect(storedFiles()).toHaveLength(files);
  });

  it.each([
    ['12345', 'ISBN must have 10 or 13 digits'],
    ['97801311036277', 'ISBN must have 10 or 13 digits'],
    ['978-0-13-11O362-7', 'ISBN may only contain digits, hyphens, spaces and a final X'],
  ])('refuses %s with its own message', async (isbn, message) => {
    const res = await postBook(seller.cookie, listingPayload({ isbn }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION', fields: { isbn: message } });
  });

  it.each([
    ['an ISBN-10 with hyphens', '0-13-110362-8', '9780131103627'],
    ['an ISBN-10 ending in X', '0-8044-2957-X', '9780804429573'],
    ['an ISBN-10 ending in a lower-case x, with spaces', '0 8044 2957 x', '9780804429573'],
    ['an ISBN-13 with spaces', '978 0 13 110362 7', '9780131103627'],
    ['a 979 ISBN-13', '979-10-90636-07-1', '9791090636071'],
  ])('lists %s and stores its ISBN-13', async (_case, isbn, isbn13) => {
    const res = await postBook(seller.cookie, listingPayload({ isbn }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().book.isbn).toBe(isbn13);
    expect(await bookRow(res.json().book.id)).toMatchObject({ isbn: isbn13, isbn_digits: isbn13 });
  });

  it('refuses an edit with a wrong check digit with 400 Invalid ISBN and changes nothing', async () => {
    const id = await insertBook(t.database.db, seller.id, { isbn: '978-1-285-74155-0' });
    const before = await bookRow(id);
    for (const isbn of ['978-1-285-74155-1', '1-285-74155-3']) {
      const res = await patch(id, { isbn, title: 'Another Title' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_ISBN);
    }
    expect(await bookRow(id)).toEqual(before);
  });

  it('stores an edited ISBN as its ISBN-13', async () => {
    const id = await insertBook(t.database.db, seller.id, { isbn: '978-1-285-74155-0' });
    const res = await patch(id, { isbn: '1-285-74155-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().book).toMatchObject({ isbn: '9781285741550', status: 'pending' });
    expect(await bookRow(id)).toMatchObject({ isbn: '9781285741550', isbn_digits: '9781285741550' });
  });

  it('makes a book listed as an ISBN-10 and one listed as its ISBN-13 one edition', async () => {
    const tenRes = await postBook(seller.cookie, listingPayload({ isbn: '0-19-852663-6', title: 'The Selfish Gene' }));
    const thirteenRes = await postBook(otherSeller.cookie, listingPayload({ isbn: '9780198526636', title: 'The Selfish Gene' }));
    const [ten, thirteen] = [tenRes.json().book, thirteenRes.json().book];
    expect([ten.isbn, thirteen.isbn]).toEqual(['9780198526636', '9780198526636']);
    // Not approved yet: no edition.
    expect((await edition('0-19-852663-6')).statusCode).toBe(404);
    await approve(ten.id);
    await approve(thirteen.id);
    for (const form of ['0-19-852663-6', '0198526636', '978-0-19-852663-6', '9780198526636']) {
      const res = await edition(form);
      expect(res.statusCode, form).toBe(200);
      expect(res.json().edition).toMatchObject({ isbn13: '9780198526636', title: 'The Selfish Gene', available: 2 });
      expect(res.json().edition.copies.map((c: { id: string }) => c.id).sort()).toEqual([ten.id, thirteen.id].sort());
    }
  });
});

describe(`GET /api/v1/editions/:isbn (${dialectUnderTest})`, () => {
  const ISBN = '9780262046305';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = t.database.db;
    const at = (day: number) => new Date(Date.UTC(2026, 9, day)).toISOString();
    const book = (sellerId: string, f: Parameters<typeof insertBook>[2]) => insertBook(db, sellerId, { isbn: '978-0-262-04630-5', title: 'Introduction to Algorithms', ...f });
    ids.cheap = await book(seller.id, { priceCents: 30000, condition: 'acceptable', university: 'uct', createdAt: at(1) });
    ids.dear = await book(otherSeller.id, { priceCents: 90000, condition: 'like-new', university: 'wits', createdAt: at(2) });
    ids.sold = await book(seller.id, { priceCents: 50000, availability: 'sold', createdAt: at(3) });
    ids.sold2 = await book(otherSeller.id, { priceCents: 45050, availability: 'sold', createdAt: at(4) });
    // The most recent approved listing names the edition (reserved: still approved, not for sale).
    ids.reserved = await book(otherSeller.id, { priceCents: 1000, availability: 'reserved', createdAt: at(5), title: 'Introduction to Algorithms (4th)', author: 'T. Cormen', publisher: 'MIT Press' });
    // Never counted, never shown: waiting for moderation or declined, even when newer.
    ids.pending = await book(seller.id, { priceCents: 100, status: 'pending', createdAt: at(6), title: 'Unchecked Title' });
    ids.declined = await book(seller.id, { priceCents: 999900, status: 'declined', createdAt: at(7), title: 'Declined Title' });
    // Another ISBN altogether.
    await insertBook(db, seller.id, { isbn: '978-1-337-61392-7', priceCents: 5000 });
  });

  it('answers the edition: details of the latest approved listing, counts, prices and the available copies cheapest first', async () => {
    const res = await edition('978-0-262-04630-5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const photo = (id: string) => ({ url: `/uploads/${id}/cover-full.webp`, thumbUrl: `/uploads/${id}/cover-thumb.webp` });
    const cheap = await bookRow(ids.cheap!);
    const dear = await bookRow(ids.dear!);
    expect(res.json()).toEqual({
      edition: {
        isbn13: ISBN,
        title: 'Introduction to Algorithms (4th)',
        author: 'T. Cormen',
        publisher: 'MIT Press',
        publicationYear: 2020,
        edition: '3rd',
        available: 2,
        sold: 2,
        // Over the two available (R300, R900) and two sold (R500, R450.50) copies: the median is the mean of R450.50 and R500.
        price: { low: 300, median: 475.25, high: 900 },
        newPrice: null,
        courses: [],
        copies: [
          { id: ids.cheap, condition: 'acceptable', price: 300, university: 'uct', image: photo(ids.cheap!), createdAt: cheap.created_at },
          { id: ids.dear, condition: 'like-new', price: 900, university: 'wits', image: photo(ids.dear!), createdAt: dear.created_at },
        ],
      },
    });
  });

  it('takes the ISBN-10 of the same edition, with or without hyphens', async () => {
    for (const form of ['0-262-04630-X', '026204630X', '026204630x']) {
      const res = await edition(form);
      expect(res.statusCode, form).toBe(200);
      expect(res.json().edition.isbn13).toBe(ISBN);
    }
  });

  it('answers 400 Invalid ISBN for a wrong check digit, and the length rule for a wrong length', async () => {
    for (const isbn of ['978-0-262-04630-4', '0-262-04630-1', '9790000000000']) {
      const res = await edition(isbn);
      expect(res.statusCode, isbn).toBe(400);
      expect(res.json()).toEqual(INVALID_ISBN);
    }
    const short = await edition('97802620463');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'ISBN must have 10 or 13 digits', code: 'VALIDATION', fields: { isbn: 'ISBN must have 10 or 13 digits' } });
  });

  it('answers 404 for an ISBN no approved listing has, pending or declined ones included', async () => {
    const pendingOnly = await insertBook(t.database.db, seller.id, { isbn: '978-0-13-518874-3', status: 'pending' });
    await insertBook(t.database.db, seller.id, { isbn: '978-0-13-518874-3', status: 'declined' });
    for (const isbn of ['978-0-306-40615-7', '978-0-13-518874-3']) {
      const res = await edition(isbn);
      expect(res.statusCode, isbn).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.editionNotFound, code: 'NOT_FOUND' });
    }
    // Approved, and sold since: the edition exists with nothing available and no copies.
    await t.database.db.updateTable('books').set({ status: 'approved', availability: 'sold' }).where('id', '=', pendingOnly).execute();
    const res = await edition('978-0-13-518874-3');
    expect(res.statusCode).toBe(200);
    expect(res.json().edition).toMatchObject({ available: 0, sold: 1, price: { low: 250, median: 250, high: 250 }, copies: [] });
  });

  it('has no price range when no copy is available or sold', async () => {
    await insertBook(t.database.db, seller.id, { isbn: '978-0-13-409341-3', availability: 'reserved' });
    const res = await edition('978-0-13-409341-3');
    expect(res.statusCode).toBe(200);
    expect(res.json().edition).toMatchObject({ available: 0, sold: 0, price: null, copies: [] });
  });

  it('is answered from the cache until a listing changes, then at once from the database', async () => {
    const isbn = '978-1-319-22800-2';
    const first = await insertBook(t.database.db, seller.id, { isbn, priceCents: 20000 });
    expect((await edition(isbn)).json().edition).toMatchObject({ available: 1, sold: 0 });
    expect((await edition(isbn)).json().edition).toMatchObject({ available: 1, sold: 0 });
    await t.database.db.updateTable('books').set({ availability: 'sold' }).where('id', '=', first).execute();
    expect((await edition(isbn)).json().edition).toMatchObject({ available: 0, sold: 1 });
    await insertBook(t.database.db, otherSeller.id, { isbn, priceCents: 30000, title: 'Newer Title' });
    expect((await edition(isbn)).json().edition).toMatchObject({ available: 1, sold: 1, title: 'Newer Title', price: { low: 200, median: 250, high: 300 } });
  });

  it('lists at most 50 copies, the cheapest', async () => {
    const isbn = '978-0-393-88482-1';
    for (let i = 0; i < 52; i++) await insertBook(t.database.db, seller.id, { isbn, priceCents: 10000 + i * 100 });
    const body = (await edition(isbn)).json().edition;
    expect(body.available).toBe(52);
    expect(body.copies).toHaveLength(50);
    expect(body.copies.map((c: { price: number }) => c.price)).toEqual(Array.from({ length: 50 }, (_, i) => 100 + i));
    expect(body.price).toEqual({ low: 100, median: 125.5, high: 151 });
  });

  it('lists copies of one price newest first, and copies listed at the same moment in the order of their ids', async () => {
    const isbn = '978-0-07-352332-3';
    const at = (minute: number) => new Date(Date.UTC(2026, 9, 10, 12, minute)).toISOString();
    const first = await insertBook(t.database.db, seller.id, { isbn, priceCents: 20000, createdAt: at(1) });
    const second = await insertBook(t.database.db, otherSeller.id, { isbn, priceCents: 20000, createdAt: at(1) });
    const newest = await insertBook(t.database.db, seller.id, { isbn, priceCents: 20000, createdAt: at(2) });
    const cheapest = await insertBook(t.database.db, otherSeller.id, { isbn, priceCents: 15000, createdAt: at(0) });
    const body = (await edition(isbn)).json().edition;
    // insertBook's ids grow with each insert.
    expect(body.copies.map((c: { id: string }) => c.id)).toEqual([cheapest, newest, first, second]);
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('on SQLite, reads an edition’s listings through an index that starts with the ISBN, never a catalogue index', async () => {
    const statement = editionListingsQuery(t.database.db, ISBN).compile();
    const explained = await t.database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]));
    const plan = explained.rows.map((r) => r.detail);
    expect(plan, plan.join(' | ')).toHaveLength(1);
    expect(plan[0]).toMatch(/^SEARCH books USING (COVERING )?INDEX \w+ \(isbn=\?/);
  });
});

describe(`migration 009: stored ISBNs as ISBN-13 (${dialectUnderTest})`, () => {
  let m: TestApp;
  const migrator = () => new Migrator({ db: m.database.db, provider: { getMigrations: async () => migrations } });
  const isbnIndex = async () => {
    const rows =
      dialectUnderTest === 'postgres'
        ? (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'books'`.execute(m.database.db)).rows
        : (await sql<{ name: string }>`SELECT name FROM pragma_index_list('books')`.execute(m.database.db)).rows;
    return rows.some((r) => r.name === 'books_isbn_idx');
  };

  beforeAll(async () => {
    m = await createTestApp();
  });
  afterAll(async () => m.close());

  it('rewrites valid ISBNs to ISBN-13, leaves invalid ones as they were, and adds the isbn index', async () => {
    const sellerId = (await registerAndLogin(m.app, { userType: 'seller' })).id;
    const down = await migrator().migrateTo('2026-11-22-008-live-search-index');
    expect(down.error).toBeUndefined();
    expect(await isbnIndex()).toBe(false);
    // Listings as they were stored before: the ISBN as typed, hyphens and all.
    const legacy = { ten: '0-13-110362-8', tenX: '0-8044-2957-X', thirteen: '978-0-13-110362-7', plain: '9781337613927', wrong: '978-0-7021-7338-3', short: '12345-678-9' };
    const ids: Record<string, string> = {};
    for (const [key, isbn] of Object.entries(legacy)) {
      ids[key] = await insertBook(m.database.db, sellerId, { title: `Legacy ${key}` });
      await m.database.db.updateTable('books').set({ isbn, isbn_digits: isbn.replace(/\D/g, '') }).where('id', '=', ids[key]!).execute();
    }
    // Orders keep a copy of their book's ISBN as it was stored.
    const order = (id: string, isbn: string) => ({
      id, book_id: null, buyer_id: null, seller_id: null, buyer_first_name: 'Thandi', seller_first_name: 'Sipho', book_title: 'Legacy', book_author: 'A. Author',
      book_edition: '2nd', book_isbn: isbn, book_condition: 'good', book_image_url: null, book_thumb_url: null, amount_cents: 20000, status: 'completed' as const,
      meetup_location: null, meetup_at: null, reason: null, expires_at: '2026-01-04T00:00:00.000Z', completed_at: '2026-01-02T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z',
    });
    await m.database.db.insertInto('orders').values([order('order-ten', legacy.ten), order('order-wrong', legacy.wrong)]).execute();
    const up = await migrator().migrateTo('2026-11-24-009-isbn-13');
    expect(up.error).toBeUndefined();
    const rows = await m.database.db.selectFrom('books').select(['id', 'isbn', 'isbn_digits']).execute();
    const byId = new Map(rows.map((r) => [r.id, [r.isbn, r.isbn_digits]]));
    expect(byId.get(ids.ten!)).toEqual(['9780131103627', '9780131103627']);
    expect(byId.get(ids.tenX!)).toEqual(['9780804429573', '9780804429573']);
    expect(byId.get(ids.thirteen!)).toEqual(['9780131103627', '9780131103627']);
    expect(byId.get(ids.plain!)).toEqual(['9781337613927', '9781337613927']);
    expect(byId.get(ids.wrong!)).toEqual(['978-0-7021-7338-3', '9780702173383']);
    expect(byId.get(ids.short!)).toEqual(['12345-678-9', '123456789']);
    const orders = await m.database.db.selectFrom('orders').select(['id', 'book_isbn']).orderBy('id').execute();
    expect(orders).toEqual([{ id: 'order-ten', book_isbn: '9780131103627' }, { id: 'order-wrong', book_isbn: '978-0-7021-7338-3' }]);
    expect(await isbnIndex()).toBe(true);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    // The two forms of one book are one edition now; search finds them by either form.
    await m.database.db.updateTable('books').set({ status: 'approved' }).execute();
    const res = await m.app.inject('/api/v1/editions/0131103628');
    expect(res.json().edition).toMatchObject({ isbn13: '9780131103627', available: 2 });
    const found = await m.app.inject('/api/v1/books?q=0-13-110362-8');
    expect(found.json().items.map((b: { id: string }) => b.id).sort()).toEqual([ids.ten, ids.thirteen].sort());
    // The invalid one keeps its listing (and its search by its own text), with no edition.
    expect((await m.app.inject('/api/v1/editions/978-0-7021-7338-3')).statusCode).toBe(400);
    expect((await m.app.inject('/api/v1/books?q=978-0-7021-7338-3')).json().items.map((b: { id: string }) => b.id)).toEqual([ids.wrong]);
  });
});
