// Migration 008 on a database that already has listings: the SQLite full-text index is rebuilt over the
// live catalogue only (with campus and category tokens), and going back restores 005's index of every
// listing. PostgreSQL keeps its tsvector, so this is SQLite's alone.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQuerySchema, CATALOGUE_SORTS, LIMITS } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { catalogueStatements } from '../src/modules/catalogue/repository.ts';
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
        expect(reads, `${sort}: ${plan.rows.map((r) => r.detail).join(' | ')}`).toEqual([
          expect.stringMatching(/^SCAN f VIRTUAL TABLE/),
          'SEARCH b USING INTEGER PRIMARY KEY (rowid=?)',
        ]);
      }
    }
  });
});
