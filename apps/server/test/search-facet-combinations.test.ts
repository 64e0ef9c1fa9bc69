// Migrations 027 (SQLite) and 028 (PostgreSQL): the live text indexes hold, for each combination of two or
// more of a listing's filters, one token (SQLite) or lexeme (PostgreSQL) whose list is exactly the live
// listings with all of them (decisions 0056 and 0057). A search with several filters asks for that one
// alone (sqliteMatch, postgresFacetQuery), so it must find exactly what the filters do, on every campus and
// (SQLite's campus index) on one, after every change to a listing, and after going down and up.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, LANGUAGES, STUDY_LEVELS, UNIVERSITY_IDS } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { campusKeyBase, LIVE_VECTOR } from '../src/modules/catalogue/repository.ts';
import { postgresFacetQuery, sqliteMatch, type SearchFacets } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { withOnlyTheLiveIndex } from './helpers/live-index.ts';

/** A live listing's filters, as the catalogue's query names them. */
type Filters = Required<{ [K in keyof SearchFacets]: string }>;
const FILTERS = ['university', 'category', 'language', 'studyLevel', 'condition'] as const;

/** Every set of two or more of `names`. */
const combinations = <T,>(names: readonly T[]) =>
  Array.from({ length: 2 ** names.length }, (_, set) => names.filter((_, i) => set & (2 ** i))).filter((chosen) => chosen.length >= 2);

const postgres = dialectUnderTest === 'postgres';
/** The migration before this dialect's: going down to it takes the combinations away. */
const BEFORE = postgres ? '2026-11-29-027-search-facet-combinations' : '2026-11-29-026-postgres-search-lexemes';

describe(`filters together as one ${postgres ? 'lexeme (migration 028, PostgreSQL)' : 'token (migration 027, SQLite)'}`, () => {
  let t: TestApp;
  const db = () => t.database.db;
  const live = async () =>
    (
      await sql<{ id: string; title: string } & Filters>`
        SELECT id, title, university, category, language, study_level AS "studyLevel", condition FROM books
        WHERE status = 'approved' AND availability = 'available'`.execute(db())
    ).rows;
  /**
   * The ids the index's token or lexeme for `facets` lists. SQLite: in `books_fts`, or on one campus in the
   * campus index's range. PostgreSQL: in the live index, the only way left to read books
   * (withOnlyTheLiveIndex), so the index itself answers.
   */
  const listed = async (facets: SearchFacets, onCampus?: string) => {
    if (postgres) {
      return withOnlyTheLiveIndex(db(), async (trx) => {
        const where = sql`b.status = 'approved' AND b.availability = 'available' AND ${LIVE_VECTOR} @@ ${postgresFacetQuery(facets)}::tsquery`;
        const plan = (await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT b.id FROM books b WHERE ${where}`.execute(trx)).rows.map((r) => r['QUERY PLAN']);
        expect(plan.join('\n')).toContain('Bitmap Index Scan on books_live_search_idx');
        return (await sql<{ id: string }>`SELECT b.id FROM books b WHERE ${where}`.execute(trx)).rows.map((r) => r.id).sort();
      });
    }
    const base = onCampus === undefined ? undefined : campusKeyBase(onCampus)!;
    const rows =
      base === undefined
        ? await sql<{ id: string }>`SELECT id FROM books_fts WHERE books_fts MATCH ${sqliteMatch([], facets)}`.execute(db())
        : await sql<{ id: string }>`SELECT id FROM books_fts_campus WHERE books_fts_campus MATCH ${sqliteMatch([], facets)} AND rowid BETWEEN ${base} AND ${base + 2 ** 40 - 1}`.execute(db());
    return rows.rows.map((r) => r.id).sort();
  };
  /** SQLite's own check of both text indexes (PostgreSQL has none to ask). */
  const indexesIntact = async () => {
    if (postgres) return;
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('integrity-check', 0)`.execute(db());
    await sql`INSERT INTO books_fts_campus(books_fts_campus, rank) VALUES ('integrity-check', 0)`.execute(db());
  };
  /** Every combination of every live listing's filters finds exactly the live listings that have them all, in both indexes. */
  const everyCombinationFindsItsListings = async () => {
    const listings = await live();
    expect(listings.length).toBeGreaterThan(20);
    const asked = new Set<string>();
    for (const listing of listings) {
      for (const names of combinations(FILTERS)) {
        const facets = Object.fromEntries(names.map((n) => [n, listing[n]])) as SearchFacets;
        const key = JSON.stringify(facets);
        if (asked.has(key)) continue;
        asked.add(key);
        const want = listings.filter((l) => names.every((n) => l[n] === listing[n])).map((l) => l.id).sort();
        expect(await listed(facets), key).toEqual(want);
        // SQLite, on the listing's campus: the campus index, its other filters as one token (or one alone).
        const { university, ...rest } = facets;
        if (!postgres && university && Object.keys(rest).length) expect(await listed(rest, university), `${key} on its campus`).toEqual(want);
      }
    }
    return asked.size;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const seller = await registerAndLogin(t.app, { userType: 'seller', university: 'wits' });
    for (let i = 0; i < 90; i++) {
      await insertBook(db(), seller.id, {
        title: i % 2 ? 'Organic Chemistry' : 'Calculus',
        // Few campuses and categories, so listings share combinations; every value of the rest, no two
        // filters in step (a token that left one out would find listings without it).
        university: UNIVERSITY_IDS[i % 7],
        category: CATEGORIES[i % 4],
        language: LANGUAGES[i % LANGUAGES.length],
        studyLevel: STUDY_LEVELS[i % STUDY_LEVELS.length],
        condition: CONDITIONS[(i >> 1) % CONDITIONS.length],
        status: i % 17 === 5 ? 'pending' : 'approved',
        availability: i % 19 === 3 ? 'sold' : 'available',
      });
    }
  });
  afterAll(async () => t.close());

  it('lists, for every combination of filters, exactly the live listings that have them all, on every campus and on one', async () => {
    expect(await everyCombinationFindsItsListings()).toBeGreaterThan(200);
  });

  it('follows every change to a listing: a filter changed, sold, approved, deleted', async () => {
    const [first, second, third] = await live();
    await db().updateTable('books').set({ language: 'xhosa', condition: 'like-new' }).where('id', '=', first!.id).execute();
    await db().updateTable('books').set({ study_level: 'professional', university: 'ufs', category: 'law' }).where('id', '=', second!.id).execute();
    await db().updateTable('books').set({ availability: 'sold' }).where('id', '=', third!.id).execute();
    await db().updateTable('books').set({ status: 'approved' }).where('status', '=', 'pending').execute();
    const gone = (await live()).at(-1)!;
    await db().deleteFrom('book_images').where('book_id', '=', gone.id).execute();
    await db().deleteFrom('books').where('id', '=', gone.id).execute();
    await everyCombinationFindsItsListings();
    expect(await listed({ university: 'ufs', category: 'law', studyLevel: 'professional' })).toContain(second!.id);
    await indexesIntact();
  });

  it('answers several filters over HTTP as the rows say, with words and without', async () => {
    const listings = await live();
    // Filters some live listing has: two, three on every campus, three on one, and with words.
    const [a, b, c, d] = [listings[0]!, listings[7]!, listings[11]!, listings[20]!];
    for (const qs of [
      `category=${a.category}&condition=${a.condition}`,
      `language=${b.language}&studyLevel=${b.studyLevel}&condition=${b.condition}`,
      `university=${c.university}&category=${c.category}&language=${c.language}`,
      `q=${d.title.split(' ')[0]!.toLowerCase()}&language=${d.language}&condition=${d.condition}`,
      `q=${a.title.split(' ').at(-1)!.toLowerCase()}&university=${a.university}&studyLevel=${a.studyLevel}&category=${a.category}`,
    ]) {
      const params = new URLSearchParams(qs);
      const res = await t.app.inject(`/api/v1/books?${qs}&pageSize=50`);
      expect(res.statusCode, res.body).toBe(200);
      const want = listings
        .filter((l) => FILTERS.every((n) => !params.has(n) || l[n] === params.get(n)))
        .filter((l) => !params.has('q') || l.title.toLowerCase().includes(params.get('q')!))
        .map((l) => l.id);
      expect(want.length, qs).toBeGreaterThan(0);
      const body = res.json() as { items: { id: string }[]; total: number };
      expect(body.items.map((b) => b.id).sort(), qs).toEqual(want.sort());
      expect(body.total, qs).toBe(want.length);
    }
  });

  it(`goes down to ${BEFORE.slice(11, 14)} and up again, the index answering the same`, async () => {
    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
    const before = await listed({ category: 'mathematics', language: 'english' });
    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations).filter((name) => name > BEFORE).reverse());
    if (postgres) {
      // As 025 made it: the filters' lexemes alone, no combination, and no function that made them. 025's
      // own index, built again by going down to 024 and up to 025, is the one to equal.
      const definition = async () =>
        (await sql<{ definition: string }>`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'books_live_search_idx'`.execute(db())).rows[0]!.definition;
      const afterDown = await definition();
      expect(afterDown).toContain('campus_words');
      expect(afterDown).not.toContain('facet_combinations');
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'facet_combinations'`.execute(db())).rows[0]!.n).toBe(0);
      expect((await migrator.migrateTo('2026-11-28-024-postgres-search-facets')).error).toBeUndefined();
      expect((await migrator.migrateTo('2026-11-29-025-postgres-campus-words')).error).toBeUndefined();
      expect(await definition()).toBe(afterDown);
    } else {
      // As 023 left them: the filters' tokens alone, no combination, in both indexes.
      expect((await sql<{ n: number }>`SELECT count(*) AS n FROM books_fts WHERE books_fts MATCH 'facets : (cmathematics lenglish)'`.execute(db())).rows[0]!.n).toBe(before.length);
      expect(await listed({ category: 'mathematics', language: 'english' })).toEqual([]);
      const onCampus = (await live()).find((l) => l.category === 'mathematics' && l.language === 'english')!.university;
      expect(await listed({ category: 'mathematics', language: 'english' }, onCampus)).toEqual([]);
      await indexesIntact();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await listed({ category: 'mathematics', language: 'english' })).toEqual(before);
    await everyCombinationFindsItsListings();
  });
});
