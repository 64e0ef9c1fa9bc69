// Migration 008 on a database that already has listings: the SQLite full-text index is rebuilt over the
// live catalogue only (with campus and category tokens), and going back restores 005's index of every
// listing. PostgreSQL keeps its tsvector, so this is SQLite's alone.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQuerySchema, CATALOGUE_SORTS, LIMITS } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { catalogueStatements, SQLITE_TEXT_INDEXES } from '../src/modules/catalogue/repository.ts';
import { searchTerms } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

describe.skipIf(dialectUnderTest !== 'sqlite')('the live search index (migration 008, SQLite)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
  /** Rowids of the listings the index holds for a word. */
  const indexed = async (word: string) => {
    const rows = await sql<{ id: string }>`SELECT b.id FROM books_fts f JOIN books b ON b.rowid = f.rowid WHERE books_fts MATCH ${`"${word}"`} ORDER BY b.id`.execute(t.database.db);
    return rows.rows.map((r) => r.id);
  };
  const search = async (qs: string) => (await t.app.inject(`/api/v1/books?${qs}`)).json().items.map((b: { id: string }) => b.id);

  beforeAll(async () => {
    t = await createTestApp();
    const seller = await registerAndLogin(t.app, { userType: 'seller', university: 'wits' });
    const db = t.database.db;
    ids.live = await insertBook(db, seller.id, { title: 'Thermodynamics live', university: 'wits', category: 'computer-science' });
    ids.pending = await insertBook(db, seller.id, { title: 'Thermodynamics pending', status: 'pending' });
    ids.sold = await insertBook(db, seller.id, { title: 'Thermodynamics sold', availability: 'sold' });
    // Back to 007, as a database made before this change is; then listings change under the old index.
    const down = await migrator().migrateTo('2026-11-21-007-catalogue-indexes');
    expect(down.error).toBeUndefined();
    ids.later = await insertBook(db, seller.id, { title: 'Thermodynamics added under 007', university: 'uct', category: 'physics' });
  });
  afterAll(async () => t.close());

  it('005 indexes every listing; 008 rebuilds the index over live listings only, with campus and category', async () => {
    expect(await indexed('thermodynamics')).toEqual([ids.live, ids.pending, ids.sold, ids.later].sort());
    const up = await migrator().migrateTo('2026-11-22-008-live-search-index');
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual(['2026-11-22-008-live-search-index']);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect(await indexed('thermodynamics')).toEqual([ids.live, ids.later].sort());
    expect(await search('q=thermodynamics&university=uct&category=physics')).toEqual([ids.later]);
    expect(await search('q=thermodynamics&university=wits&category=computer-science')).toEqual([ids.live]);
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('integrity-check', 0)`.execute(t.database.db);
  });

  it('going back to 007 restores the index of every listing', async () => {
    const down = await migrator().migrateTo('2026-11-21-007-catalogue-indexes');
    expect(down.error).toBeUndefined();
    expect(await indexed('thermodynamics')).toEqual([ids.live, ids.pending, ids.sold, ids.later].sort());
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  });
});

describe.skipIf(dialectUnderTest !== 'sqlite')('catalogue searches on SQLite read the full-text index first', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // Left to choose, SQLite walked a price index over every live listing and ran the full-text query once
  // per listing: a search with a price range took 2-10 s at 100,000 listings. The plan must not depend
  // on which filters come with the words.
  const filters = [
    {},
    { minPrice: 100 },
    { maxPrice: 300 },
    { minPrice: 100, maxPrice: 300 },
    { university: 'uct' },
    { category: 'law' },
    { condition: 'good' },
    { studyLevel: 'postgraduate' },
    { language: 'afrikaans' },
    { university: 'uct', category: 'law', condition: 'good', studyLevel: 'undergraduate', language: 'english', minPrice: 50, maxPrice: 2000 },
  ];
  it.each(filters)('with filters %o, whatever the sort', async (filter) => {
    for (const sort of CATALOGUE_SORTS) {
      const query = catalogueQuerySchema.parse({ q: 'calculus', sort, ...filter });
      const statements = catalogueStatements(t.database.db, query, searchTerms(query.q!));
      for (const statement of [statements.page, statements.countUpTo(LIMITS.catalogueCountCap + 1)]) {
        const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${statement}`.execute(t.database.db);
        const reads = plan.rows.map((r) => r.detail).filter((d) => /^(SCAN|SEARCH) (f|b)\b/.test(d));
        // The campus, category, condition, study level and language are the index's own tokens (migrations
        // 008 and 023) and it keeps each listing's price (migration 021): it answers alone, from the columns
        // it keeps, and no listing's row is read.
        expect(reads, `${sort}: ${plan.rows.map((r) => r.detail).join(' | ')}`).toEqual([expect.stringMatching(/^SCAN f VIRTUAL TABLE/)]);
      }
    }
  });
});

describe.skipIf(dialectUnderTest !== 'sqlite')('the index keeps what a search without row filters reads (migration 021, SQLite)', () => {
  let t: TestApp;
  let seller: { id: string };
  const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
  /** What the index keeps of each live listing, by rowid. */
  const kept = async () =>
    (await sql<{ rowid: number; id: string; created_at: string; price_cents: number; ranked: string }>`SELECT rowid, id, created_at, price_cents, ranked FROM books_fts ORDER BY rowid`.execute(t.database.db)).rows;
  /** The same, made from the live listings' rows. */
  const fromRows = async () =>
    (
      await sql<{ rowid: number; id: string; created_at: string; price_cents: number; ranked: string }>`
        SELECT rowid, id, created_at, price_cents,
          title || char(31) || isbn || ' ' || isbn_digits || char(31) || course_codes || char(31) || author || char(31) || publisher AS ranked
        FROM books WHERE status = 'approved' AND availability = 'available' ORDER BY rowid`.execute(t.database.db)
    ).rows;
  const page = async (qs: string) => {
    const res = await t.app.inject(`/api/v1/books?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ids: body.items.map((b: { id: string }) => b.id), total: body.total, capped: body.totalCapped };
  };

  beforeAll(async () => {
    t = await createTestApp();
    seller = await registerAndLogin(t.app, { userType: 'seller', university: 'wits' });
    const db = t.database.db;
    const titles = ['Organic Chemistry', 'Chemistry: The Central Science', 'Physical Chemistry', 'Inorganic Chemistry Essentials', 'Calculus'];
    for (let i = 0; i < 30; i++) {
      await insertBook(db, seller.id, {
        title: titles[i % titles.length],
        author: i % 4 === 0 ? 'Chemistry Society' : 'P. Atkins',
        university: i % 3 === 0 ? 'uct' : 'wits',
        category: i % 2 ? 'chemistry' : 'mathematics',
        priceCents: 10_000 + ((i * 7919) % 50) * 1000,
        condition: i % 2 ? 'good' : 'fair',
        status: i === 7 ? 'pending' : 'approved',
        availability: i === 11 ? 'sold' : 'available',
      });
    }
  });
  afterAll(async () => t.close());

  it("keeps each live listing's id, date, price and ranked text, and follows every change to them", async () => {
    expect(await kept()).toEqual(await fromRows());
    const db = t.database.db;
    const [first, second, third] = await fromRows();
    // A price, a title and a course code changed on a live listing; one sold; one approved.
    await db.updateTable('books').set({ price_cents: 123_400 }).where('id', '=', first!.id).execute();
    await db.updateTable('books').set({ title: 'Chemistry Renamed' }).where('id', '=', second!.id).execute();
    await db.updateTable('books').set({ course_codes: 'CHEM1012' }).where('id', '=', first!.id).execute();
    await db.updateTable('books').set({ availability: 'sold' }).where('id', '=', third!.id).execute();
    await db.updateTable('books').set({ status: 'approved' }).where('status', '=', 'pending').execute();
    const after = await kept();
    expect(after).toEqual(await fromRows());
    expect(after.find((r) => r.id === first!.id)).toMatchObject({ price_cents: 123_400, ranked: expect.stringContaining('CHEM1012') });
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('integrity-check', 0)`.execute(db);
  });

  it('answers a price range from the price it keeps: the listings of the answer without it that are in the range, in the same order', async () => {
    const priced = async (qs: string) => {
      const res = await t.app.inject(`/api/v1/books?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { items: body.items.map((b: { id: string; price: number }) => ({ id: b.id, price: b.price })) as { id: string; price: number }[], total: body.total as number };
    };
    // The first listing's price was changed by the test before, which the index must have followed.
    for (const sort of CATALOGUE_SORTS) {
      for (const where of ['', '&university=uct', '&category=chemistry', '&university=wits&category=chemistry', '&condition=good', '&university=uct&condition=good&language=english&studyLevel=undergraduate']) {
        for (const q of ['chemistry', 'chem', 'organic chemistry', 'atkins', 'calc']) {
          const qs = `q=${encodeURIComponent(q)}&sort=${sort}&pageSize=50${where}`;
          const all = await priced(qs);
          if (q === 'chemistry' && !where) expect(all.total, qs).toBeGreaterThan(5);
          for (const [min, max] of [[0, undefined], [200, undefined], [undefined, 300], [150, 400], [1234, 1234], [600, undefined]] as const) {
            const range = `${min === undefined ? '' : `&minPrice=${min}`}${max === undefined ? '' : `&maxPrice=${max}`}`;
            const inRange = all.items.filter((b) => (min === undefined || b.price >= min) && (max === undefined || b.price <= max));
            const answer = await priced(`${qs}${range}`);
            expect(answer, `${qs}${range}`).toEqual({ items: inRange, total: inRange.length });
          }
        }
      }
    }
  });

  it('goes down to 020 and up again, and the catalogue then finds every live listing from what the index keeps', async () => {
    // Down and up twice: an index made again where one with kept columns was must leave nothing behind.
    for (let i = 0; i < 2; i++) {
      const down = await migrator().migrateTo('2026-11-24-020-search-prefixes');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations).filter((name) => name > '2026-11-24-020-search-prefixes').reverse());
      expect((await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'books_fts_content'`.execute(t.database.db)).rows[0]!.n).toBe(0);
      expect((await migrator().migrateToLatest()).error).toBeUndefined();
    }
    expect(await kept()).toEqual(await fromRows());
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('integrity-check', 0)`.execute(t.database.db);
    const live = (await fromRows()).filter((r) => /chem/i.test(r.ranked)).map((r) => r.id);
    const found = await page('q=chem&sort=newest&pageSize=50');
    expect([...found.ids].sort()).toEqual([...live].sort());
    expect(found).toEqual(await page('q=chem&sort=newest&pageSize=50&minPrice=0'));
  });
});

describe.skipIf(dialectUnderTest !== 'sqlite')('the live index kept in one piece (the merge-search-index job, SQLite)', () => {
  let t: TestApp;
  let sellerId: string;
  /** The segments of `books_fts` (what these tests write to), checked against the campus index's where both should be merged. */
  const segments = async (index = 'books_fts') => Number((await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM ${sql.table(`${index}_idx`)}`.execute(t.database.db)).rows[0]!.n);
  /** FTS5's own merging off (0) or back on (4), in both live indexes. */
  const automerge = async (n: number) => {
    for (const index of SQLITE_TEXT_INDEXES) await sql`INSERT INTO ${sql.table(index)}(${sql.ref(index)}, rank) VALUES ('automerge', ${sql.lit(n)})`.execute(t.database.db);
  };
  const search = async (qs: string) => (await t.app.inject(`/api/v1/books?${qs}`)).json();

  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await registerAndLogin(t.app, { userType: 'seller', university: 'wits' })).id;
  });
  afterAll(async () => t.close());

  it('merges an index in more than four segments into one, finding exactly what it found before, and leaves one in four or fewer alone', async () => {
    const db = t.database.db;
    // FTS5's own merging off: each listing written is a segment of its own, as a busy day leaves them.
    await automerge(0);
    for (let i = 0; i < 12; i++) await insertBook(db, sellerId, { title: `Hydrology ${i}`, priceCents: (100 + i) * 100, university: i % 2 ? 'uct' : 'wits' });
    expect(await segments()).toBeGreaterThan(4);
    expect(await segments('books_fts_campus')).toBeGreaterThan(4);
    const questions = ['q=hydrology', 'q=hydro&sort=price_desc', 'q=hydrology&university=uct&sort=newest', 'q=hydrology+7', 'q=hydrology&pageSize=5&page=2'];
    const answers = await Promise.all(questions.map(search));
    // The job, as the scheduler runs it: a fresh app's every job is due.
    expect(await t.app.services.scheduler.runDue()).toContain('merge-search-index');
    expect(await segments()).toBe(1);
    expect(await segments('books_fts_campus')).toBe(1);
    expect(await Promise.all(questions.map(search))).toEqual(answers);
    // Writes go on into the merged index, and the next run has nothing to merge.
    const id = await insertBook(db, sellerId, { title: 'Hydrology Advanced', university: 'uct' });
    expect((await search('q=hydrology+advanced')).items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect(await segments()).toBe(2);
    expect(await t.app.services.catalogue.mergeSearchIndex()).toBe(0);
    expect(await segments()).toBe(2);
    await automerge(4);
  });

  it('ends while listings are written during the merge, which stay findable, in segments of their own', async () => {
    const db = t.database.db;
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('automerge', 0)`.execute(db);
    // Descriptions of 1,500 different made-up words each: an index of a few hundred pages.
    const word = (n: number) => `s${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;
    for (let i = 0; i < 40; i++) {
      await insertBook(db, sellerId, { title: `Seismology ${i}`, description: Array.from({ length: 1_500 }, (_, k) => word(i * 1_500 + k)).join(' ') });
    }
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('automerge', 4)`.execute(db);
    expect(await segments()).toBeGreaterThan(4);
    const pages = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM books_fts_data`.execute(db)).rows[0]!.n);
    // Two pages a step, so the merge takes many steps, and a listing is written between them (both turn the
    // event loop once a step). Given a negative count each step, FTS5 started the merge over with every new
    // segment and never ended.
    let merging = true;
    const written: string[] = [];
    const writer = (async () => {
      while (merging) {
        written.push(await insertBook(db, sellerId, { title: `Seismology written during ${written.length}` }));
        await nextTurn();
      }
    })();
    const steps = await t.app.services.catalogue.mergeSearchIndex(2);
    merging = false;
    await writer;
    // Ended by FTS5 having no more to do, well before the job's own bound (about twice the index's pages).
    expect(steps).toBeGreaterThan(10);
    expect(steps).toBeLessThan(pages);
    expect(written.length).toBeGreaterThan(1);
    expect(await segments()).toBeLessThan(1 + written.length);
    expect((await search('q=seismology')).total).toBe(40 + written.length);
  });
});

describe.skipIf(dialectUnderTest !== 'postgres')('the merge-search-index job on PostgreSQL', () => {
  it('runs and has nothing to do: the text index is a GIN index PostgreSQL keeps itself', async () => {
    const t = await createTestApp();
    try {
      expect(await t.app.services.scheduler.runDue()).toContain('merge-search-index');
      expect(await t.app.services.catalogue.mergeSearchIndex()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
