// Course codes on listings: `courses` in bookData of POST and PATCH /books (checked, upper-cased,
// duplicates collapsed, at most 10), carried by Book JSON; the catalogue's `course=` filter and `q=` search
// by course code; an edition's courses; migration 011 down and up.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, LIMITS, MESSAGES, catalogueQuerySchema } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { catalogueStatements } from '../src/modules/catalogue/repository.ts';
import { searchTerms } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook, listingPayload } from './helpers/books.ts';
import * as img from './fixtures/images.ts';

let t: TestApp;
let seller: Account;
let otherSeller: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho', university: 'wits' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi', university: 'uct' });
});
afterAll(async () => t.close());

async function postBook(cookie: string, bookData: unknown) {
  const body = img.multipart(img.listingParts(bookData, await img.pngs(4)));
  return t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie } });
}
const patch = (id: string, payload: object, cookie = seller.cookie) => t.app.inject({ method: 'PATCH', url: `/api/v1/books/${id}`, payload, headers: { cookie } });
const courseRows = (id: string) =>
  t.database.db.selectFrom('book_courses').select(['university', 'code', 'position']).where('book_id', '=', id).orderBy('position').execute();
const bookCount = async () => Number((await t.database.db.selectFrom('books').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Tags a fixture listing with courses as the listings repository stores them: the rows and the codes as text. */
async function tag(id: string, courses: { university: string; code: string }[]) {
  await t.database.db.insertInto('book_courses').values(courses.map((c, position) => ({ book_id: id, ...c, position }))).execute();
  await t.database.db.updateTable('books').set({ course_codes: courses.map((c) => c.code).join(' ') }).where('id', '=', id).execute();
}
const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((b) => b.id).sort();

describe(`courses on POST /books and PATCH /books/:id (${dialectUnderTest})`, () => {
  it.each([
    ['a code of one character', [{ university: 'wits', code: 'M' }], MESSAGES.courseCode],
    ['a code of 13 characters', [{ university: 'wits', code: 'MATH101400000' }], MESSAGES.courseCode],
    ['a code with a hyphen', [{ university: 'wits', code: 'MATH-1014' }], MESSAGES.courseCode],
    ['a code with a space inside', [{ university: 'wits', code: 'MATH 1014' }], MESSAGES.courseCode],
    ['a code that is not text', [{ university: 'wits', code: 1014 }], MESSAGES.courseCode],
    ['an empty code', [{ university: 'wits', code: '' }], MESSAGES.courseCode],
    ['a university Reshelf does not know', [{ university: 'harvard', code: 'MATH1014' }], MESSAGES.courseUniversity],
    ['a course without its university', [{ code: 'MATH1014' }], MESSAGES.courseUniversity],
    ['a course that is not an object', ['MATH1014'], MESSAGES.coursesInvalid],
    ['courses that are not a list', { university: 'wits', code: 'MATH1014' }, MESSAGES.coursesInvalid],
    ['11 different courses', Array.from({ length: 11 }, (_, i) => ({ university: 'wits', code: `MATH10${10 + i}` })), MESSAGES.tooManyCourses],
  ])('POST refuses %s with 400 and its message on the courses field, and stores nothing', async (_case, courses, message) => {
    const before = await bookCount();
    const res = await postBook(seller.cookie, listingPayload({ courses }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION', fields: { courses: message } });
    expect(await bookCount()).toBe(before);
  });

  it('PATCH refuses a bad course the same way and changes nothing', async () => {
    const id = await insertBook(t.database.db, seller.id, { status: 'approved' });
    await tag(id, [{ university: 'wits', code: 'MATH1014' }]);
    const res = await patch(id, { courses: [{ university: 'wits', code: 'MATH#1014' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.courseCode, code: 'VALIDATION', fields: { courses: MESSAGES.courseCode } });
    expect(await courseRows(id)).toEqual([{ university: 'wits', code: 'MATH1014', position: 0 }]);
    expect((await t.database.db.selectFrom('books').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('approved');
  });

  it('stores courses upper-cased and trimmed, in the order given, duplicates collapsed; the book answers with them', async () => {
    const courses = [
      { university: 'wits', code: ' math1014 ' },
      { university: 'uct', code: 'eco1010f' },
      { university: 'wits', code: 'MATH1014' },
      { university: 'uct', code: 'MATH1014' },
      ...Array.from({ length: 8 }, () => ({ university: 'wits', code: 'Math1014' })),
    ];
    const res = await postBook(seller.cookie, listingPayload({ courses }));
    expect(res.statusCode, res.body).toBe(201);
    const expected = [
      { university: 'wits', code: 'MATH1014' },
      { university: 'uct', code: 'ECO1010F' },
      { university: 'uct', code: 'MATH1014' },
    ];
    const { id, courses: answered } = res.json().book;
    expect(answered).toEqual(expected);
    expect(await courseRows(id)).toEqual(expected.map((c, position) => ({ ...c, position })));
    expect((await t.app.inject({ url: `/api/v1/books/${id}`, headers: { cookie: seller.cookie } })).json().book.courses).toEqual(expected);
    // In the seller's own list too.
    const mine = (await t.app.inject({ url: '/api/v1/seller/books?pageSize=50', headers: { cookie: seller.cookie } })).json();
    expect(mine.items.find((b: { id: string }) => b.id === id).courses).toEqual(expected);
  });

  it('a listing without courses has an empty list', async () => {
    const res = await postBook(seller.cookie, listingPayload());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().book.courses).toEqual([]);
    expect(await courseRows(res.json().book.id)).toEqual([]);
  });

  it('PATCH replaces the whole list (back to review), leaves it alone when not sent, and [] clears it', async () => {
    const id = await insertBook(t.database.db, seller.id, { status: 'approved' });
    await tag(id, [{ university: 'wits', code: 'MATH1014' }, { university: 'wits', code: 'PHYS1000' }]);

    const sameList = await patch(id, { courses: [{ university: 'wits', code: 'math1014' }, { university: 'wits', code: 'PHYS1000' }] });
    expect(sameList.statusCode).toBe(200);
    expect(sameList.json().book.status).toBe('approved');

    const replaced = await patch(id, { courses: [{ university: 'wits', code: 'stat1000' }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().book).toMatchObject({ status: 'pending', courses: [{ university: 'wits', code: 'STAT1000' }] });
    expect(await courseRows(id)).toEqual([{ university: 'wits', code: 'STAT1000', position: 0 }]);

    const titleOnly = await patch(id, { title: 'Calculus Again' });
    expect(titleOnly.json().book.courses).toEqual([{ university: 'wits', code: 'STAT1000' }]);

    const cleared = await patch(id, { courses: [] });
    expect(cleared.json().book.courses).toEqual([]);
    expect(await courseRows(id)).toEqual([]);
    expect((await t.database.db.selectFrom('books').select('course_codes').where('id', '=', id).executeTakeFirstOrThrow()).course_codes).toBe('');
  });

  it("PATCH of someone else's listing is 404 and leaves its courses alone", async () => {
    const id = await insertBook(t.database.db, otherSeller.id, { status: 'approved', university: 'uct' });
    await tag(id, [{ university: 'uct', code: 'ECO1010F' }]);
    const res = await patch(id, { courses: [] }, seller.cookie);
    expect(res.statusCode).toBe(404);
    expect(await courseRows(id)).toEqual([{ university: 'uct', code: 'ECO1010F', position: 0 }]);
  });
});

describe(`the catalogue by course: GET /books?course= and q= (${dialectUnderTest})`, () => {
  const books: Record<string, string> = {};

  beforeAll(async () => {
    const db = t.database.db;
    books.witsCalc = await insertBook(db, seller.id, { title: 'Thomas Calculus', university: 'wits' });
    books.witsCalc2 = await insertBook(db, seller.id, { title: 'Stewart Calculus', university: 'wits' });
    books.uctCalc = await insertBook(db, otherSeller.id, { title: 'Calculus for Economists', university: 'uct' });
    books.pending = await insertBook(db, seller.id, { title: 'Pending Calculus', status: 'pending' });
    books.declined = await insertBook(db, seller.id, { title: 'Declined Calculus', status: 'declined' });
    books.sold = await insertBook(db, seller.id, { title: 'Sold Calculus', availability: 'sold' });
    books.untagged = await insertBook(db, seller.id, { title: 'Untagged Calculus' });
    await tag(books.witsCalc, [{ university: 'wits', code: 'ZMATH1014' }, { university: 'wits', code: 'ZPHYS1000' }]);
    await tag(books.witsCalc2, [{ university: 'wits', code: 'ZMATH1014' }]);
    await tag(books.uctCalc, [{ university: 'uct', code: 'ZMATH1014' }, { university: 'uct', code: 'ZECO1010F' }]);
    for (const key of ['pending', 'declined', 'sold']) await tag(books[key]!, [{ university: 'wits', code: 'ZMATH1014' }]);
  });

  const get = (query: string) => t.app.inject(`/api/v1/books?${query}`);

  it('course alone finds every live listing tagged with it, at any university; never pending, declined or sold ones', async () => {
    const res = await get('course=ZMATH1014');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([books.witsCalc, books.witsCalc2, books.uctCalc].sort());
    expect(res.json().total).toBe(3);
  });

  it('matches the code in any case and with spaces around it', async () => {
    expect(ids(await get('course=zmath1014'))).toEqual([books.witsCalc, books.witsCalc2, books.uctCalc].sort());
    expect(ids(await get('course=%20zMath1014%20'))).toEqual([books.witsCalc, books.witsCalc2, books.uctCalc].sort());
  });

  it('with university, only that university’s course: another university’s listing of the same code does not match', async () => {
    expect(ids(await get('course=ZMATH1014&university=wits'))).toEqual([books.witsCalc, books.witsCalc2].sort());
    expect(ids(await get('course=zmath1014&university=uct'))).toEqual([books.uctCalc]);
    expect(ids(await get('course=ZECO1010F&university=wits'))).toEqual([]);
    expect(ids(await get('course=ZECO1010F'))).toEqual([books.uctCalc]);
  });

  it('combines with search, other filters, sort and paging', async () => {
    expect(ids(await get('course=ZMATH1014&q=stewart'))).toEqual([books.witsCalc2]);
    expect(ids(await get('course=ZPHYS1000&q=calculus&sort=price_asc'))).toEqual([books.witsCalc]);
    const page = (await get('course=ZMATH1014&pageSize=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(1);
  });

  it('finds a listing tagged with one code at two universities once, counted once, in every sort', async () => {
    const both = await insertBook(t.database.db, seller.id, { title: 'Calculus at Two Campuses', priceCents: 12300 });
    const witsOnly = await insertBook(t.database.db, otherSeller.id, { title: 'Calculus at One Campus', priceCents: 45600 });
    await tag(both, [{ university: 'wits', code: 'ZMATH3003' }, { university: 'uct', code: 'ZMATH3003' }]);
    await tag(witsOnly, [{ university: 'wits', code: 'ZMATH3003' }]);
    const expected = { relevance: [witsOnly, both], newest: [witsOnly, both], price_asc: [both, witsOnly], price_desc: [witsOnly, both] };
    for (const sort of CATALOGUE_SORTS) {
      const res = (await get(`course=ZMATH3003&sort=${sort}`)).json();
      expect(res.total, sort).toBe(2);
      expect(res.items.map((b: { id: string }) => b.id), sort).toEqual(expected[sort]);
    }
  });

  it('a course nobody tagged finds nothing', async () => {
    expect((await get('course=NOPE999')).json()).toMatchObject({ items: [], total: 0 });
  });

  it.each([
    ['M', 'one character'],
    ['MATH101400000', '13 characters'],
    ['MATH-1014', 'a hyphen'],
  ])('refuses course=%s (%s) with 400', async (course) => {
    const res = await get(`course=${encodeURIComponent(course)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.courseFilterCode, code: 'VALIDATION', fields: { course: MESSAGES.courseFilterCode } });
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('on SQLite, the course filter starts from the course’s rows in its index and reads each listing by its key, whatever the sort', async () => {
    for (const extra of [{}, { university: 'wits' }, { category: 'mathematics' }, { q: 'calculus' }, { q: 'calculus', university: 'wits' }]) {
      for (const sort of CATALOGUE_SORTS) {
        const query = catalogueQuerySchema.parse({ course: 'ZMATH1014', sort, ...extra });
        const statements = catalogueStatements(t.database.db, query, query.q ? searchTerms(query.q) : []);
        for (const statement of [statements.page, statements.countUpTo(LIMITS.catalogueCountCap + 1)]) {
          const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${statement}`.execute(t.database.db)).rows.map((r) => r.detail);
          const text = `${JSON.stringify(extra)} ${sort}: ${plan.join(' | ')}`;
          expect(plan.some((d) => d.includes('book_courses_code_idx')), text).toBe(true);
          // Each listing by its key (from the course's rows, or from the text index's matches), never by
          // walking a catalogue index over every live listing, which is a SEARCH on (status, availability).
          expect(plan.filter((d) => /^(SCAN|SEARCH) b\b/.test(d)), text).toEqual([
            expect.stringMatching(/^SEARCH b USING (INDEX sqlite_autoindex_books_1 \(id=\?\)|INTEGER PRIMARY KEY \(rowid=\?\))$/),
          ]);
        }
      }
    }
  });

  it('q= finds listings by their course code, in any case, never pending ones', async () => {
    expect(ids(await get('q=ZMATH1014'))).toEqual([books.witsCalc, books.witsCalc2, books.uctCalc].sort());
    expect(ids(await get('q=zphys1000'))).toEqual([books.witsCalc]);
    expect(ids(await get('q=ZECO1010F&university=uct'))).toEqual([books.uctCalc]);
    expect(ids(await get('q=ZECO1010F&university=wits'))).toEqual([]);
  });

  it('a change of courses shows at once: the cached page is not served after a PATCH, and the edited listing leaves until approved', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Linear Algebra' });
    expect(ids(await get('course=ZMATH2001'))).toEqual([]);
    expect(ids(await get('q=ZMATH2001'))).toEqual([]);
    expect((await patch(id, { courses: [{ university: 'wits', code: 'zmath2001' }] })).statusCode).toBe(200);
    expect(ids(await get('course=ZMATH2001'))).toEqual([]);
    const approved = await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${id}/approve`, headers: { cookie: (await adminAccount(t.app)).cookie } });
    expect(approved.json().book.courses).toEqual([{ university: 'wits', code: 'ZMATH2001' }]);
    expect(ids(await get('course=ZMATH2001'))).toEqual([id]);
    expect(ids(await get('q=zmath2001'))).toEqual([id]);
  });
});

describe(`an edition's courses: GET /editions/:isbn (${dialectUnderTest})`, () => {
  it('lists the distinct courses of its approved listings (sold ones too), never a pending or declined listing’s', async () => {
    const isbn = '978-0-13-110362-7';
    const a = await insertBook(t.database.db, seller.id, { isbn });
    const b = await insertBook(t.database.db, otherSeller.id, { isbn, university: 'uct', availability: 'sold' });
    const pending = await insertBook(t.database.db, seller.id, { isbn, status: 'pending' });
    const declined = await insertBook(t.database.db, seller.id, { isbn, status: 'declined' });
    await tag(a, [{ university: 'wits', code: 'COMS1018' }, { university: 'wits', code: 'COMS2002' }]);
    await tag(b, [{ university: 'uct', code: 'CSC1015F' }, { university: 'wits', code: 'COMS1018' }]);
    await tag(pending, [{ university: 'wits', code: 'SECRET01' }]);
    await tag(declined, [{ university: 'uj', code: 'SECRET02' }]);
    const res = await t.app.inject('/api/v1/editions/0131103628');
    expect(res.statusCode).toBe(200);
    expect(res.json().edition.courses).toEqual([
      { university: 'uct', code: 'CSC1015F' },
      { university: 'wits', code: 'COMS1018' },
      { university: 'wits', code: 'COMS2002' },
    ]);
  });
});

describe(`migration 011: book courses (${dialectUnderTest})`, () => {
  const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });

  it('goes down and up again; the search index then finds listings by words and by course codes written after', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Organic Chemistry Klein' });
    const down = await migrator().migrateTo('2026-11-24-010-search-vocabulary');
    expect(down.error).toBeUndefined();
    // 011 and every migration after it, latest first.
    const names = Object.keys(migrations);
    expect(down.results?.map((r) => r.migrationName)).toEqual(names.slice(names.indexOf('2026-11-24-011-book-courses')).reverse());
    // Back to the shape before (the server's code needs 011, so it is not asked here).
    const tables = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.raw(dialectUnderTest === 'sqlite' ? 'sqlite_master' : 'pg_tables')} WHERE ${sql.raw(dialectUnderTest === 'sqlite' ? 'name' : 'tablename')} = 'book_courses'`.execute(t.database.db);
    expect(Number(tables.rows[0]!.n)).toBe(0);
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(ids(await t.app.inject('/api/v1/books?q=klein'))).toEqual([id]);
    await tag(id, [{ university: 'wits', code: 'CHEM2001' }]);
    expect(ids(await t.app.inject('/api/v1/books?q=chem2001'))).toEqual([id]);
    expect(ids(await t.app.inject('/api/v1/books?course=chem2001'))).toEqual([id]);
    if (dialectUnderTest === 'sqlite') {
      // The filter reads the course's rows from its index (PostgreSQL's planner scans a table this small).
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT book_id FROM book_courses WHERE code = 'CHEM2001'`.execute(t.database.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain('book_courses_code_idx');
    }
  });
});
