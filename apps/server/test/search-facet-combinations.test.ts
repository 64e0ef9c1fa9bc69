// Migration 027 (SQLite): both live text indexes hold, for each combination of two or more of a listing's
// filters, one token whose list is exactly the live listings with all of them (decision 0056). A search
// with several filters asks for that token alone (sqliteMatch), so the token must find exactly what the
// filters do, on every campus and on one, after every change to a listing, and after going down and up.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, LANGUAGES, STUDY_LEVELS, UNIVERSITY_IDS } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { campusKeyBase } from '../src/modules/catalogue/repository.ts';
import { sqliteMatch, type SearchFacets } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

/** A live listing's filters, as the catalogue's query names them. */
type Filters = Required<{ [K in keyof SearchFacets]: string }>;
const FILTERS = ['university', 'category', 'language', 'studyLevel', 'condition'] as const;

/** Every set of two or more of `names`. */
const combinations = <T,>(names: readonly T[]) =>
  Array.from({ length: 2 ** names.length }, (_, set) => names.filter((_, i) => set & (2 ** i))).filter((chosen) => chosen.length >= 2);

describe.skipIf(dialectUnderTest !== 'sqlite')('filters together as one token (migration 027, SQLite)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const live = async () =>
    (
      await sql<{ id: string; title: string } & Filters>`
        SELECT id, title, university, category, language, study_level AS "studyLevel", condition FROM books
        WHERE status = 'approved' AND availability = 'available'`.execute(db())
    ).rows;
  /** The ids the index's token for `facets` lists: in `books_fts`, or on one campus in the campus index's range. */
  const listed = async (facets: SearchFacets, onCampus?: string) => {
    const base = onCampus === undefined ? undefined : campusKeyBase(onCampus)!;
    const rows =
      base === undefined
        ? await sql<{ id: string }>`SELECT id FROM books_fts WHERE books_fts MATCH ${sqliteMatch([], facets)}`.execute(db())
        : await sql<{ id: string }>`SELECT id FROM books_fts_campus WHERE books_fts_campus MATCH ${sqliteMatch([], facets)} AND rowid BETWEEN ${base} AND ${base + 2 ** 40 - 1}`.execute(db());
    return rows.rows.map((r) => r.id).sort();
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
        // On the listing's campus: the campus index, its other filters as one token (or one alone).
        const { university, ...rest } = facets;
        if (university && Object.keys(rest).length) expect(await listed(rest, university), `${key} on its campus`).toEqual(want);
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
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('integrity-check', 0)`.execute(db());
    await sql`INSERT INTO books_fts_campus(books_fts_campus, rank) VALUES ('integrity-check', 0)`.execute(db());
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

  it('goes down to 026 and up again, the index answering the same', async () => {
    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
    const before = await listed({ category: 'mathematics', language: 'english' });
    const down = await migrator.migrateTo('2026-11-29-026-postgres-search-lexemes');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations).filter((name) => name > '2026-11-29-026-postgres-search-lexemes').reverse());
    // As 023 left them: the filters' tokens alone, no combination, in both indexes.
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM books_fts WHERE books_fts MATCH 'facets : (cmathematics lenglish)'`.execute(db())).rows[0]!.n).toBe(before.length);
    expect(await listed({ category: 'mathematics', language: 'english' })).toEqual([]);
    const onCampus = (await live()).find((l) => l.category === 'mathematics' && l.language === 'english')!.university;
    expect(await listed({ category: 'mathematics', language: 'english' }, onCampus)).toEqual([]);
    await sql`INSERT INTO books_fts(books_fts, rank) VALUES ('integrity-check', 0)`.execute(db());
    await sql`INSERT INTO books_fts_campus(books_fts_campus, rank) VALUES ('integrity-check', 0)`.execute(db());
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await listed({ category: 'mathematics', language: 'english' })).toEqual(before);
    await everyCombinationFindsItsListings();
  });
});
