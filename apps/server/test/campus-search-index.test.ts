// Migration 022 (SQLite): the campus index `books_fts_campus`, whose keys put each campus's listings in a
// range of their own, which searches on one campus read (decision 0046). It must hold exactly the live
// listings under the keys the repository reads, follow every change to them, and answer a campus's search
// exactly as the search of every campus answers it for that campus.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQuerySchema, CATALOGUE_SORTS, UNIVERSITY_IDS } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { campusKeyBase, catalogueStatements, SQLITE_TEXT_INDEXES, type SqliteTextIndex } from '../src/modules/catalogue/repository.ts';
import { searchTerms } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

describe.skipIf(dialectUnderTest !== 'sqlite')('the campus text index (migration 022, SQLite)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const migrator = () => new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
  /** What the campus index holds: each key and the id it keeps there. */
  const held = async () => (await sql<{ key: number; id: string }>`SELECT rowid AS key, id FROM books_fts_campus ORDER BY rowid`.execute(db())).rows;
  /** What it should hold: each live listing's id under its campus's base plus its rowid. */
  const live = async () =>
    (
      await sql<{ rowid: number; id: string; university: string }>`
        SELECT rowid, id, university FROM books WHERE status = 'approved' AND availability = 'available'`.execute(db())
    ).rows
      .map((r) => ({ key: campusKeyBase(r.university)! + r.rowid, id: r.id }))
      .sort((a, b) => a.key - b.key);
  const universityOf = async () => new Map((await db().selectFrom('books').select(['id', 'university']).execute()).map((r) => [r.id, r.university]));
  const page = async (qs: string) => {
    const res = await t.app.inject(`/api/v1/books?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ids: body.items.map((b: { id: string }) => b.id) as string[], total: body.total as number, capped: body.totalCapped as boolean };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const seller = await registerAndLogin(t.app, { userType: 'seller', university: 'wits' });
    const titles = ['Organic Chemistry', 'Chemistry: The Central Science', 'Physical Chemistry', 'Calculus', 'Chemical Engineering Design'];
    for (let i = 0; i < 60; i++) {
      const id = await insertBook(db(), seller.id, {
        title: titles[i % titles.length],
        author: i % 4 === 0 ? 'Chemistry Society' : 'P. Atkins',
        university: UNIVERSITY_IDS[i % UNIVERSITY_IDS.length],
        category: i % 2 ? 'chemistry' : 'mathematics',
        priceCents: 10_000 + ((i * 7919) % 13) * 1000,
        condition: i % 3 ? 'good' : 'fair',
        status: i % 17 === 5 ? 'pending' : 'approved',
        availability: i % 19 === 3 ? 'sold' : 'available',
      });
      if (i % 5 === 1) {
        const university = UNIVERSITY_IDS[i % UNIVERSITY_IDS.length]!;
        await db().insertInto('book_courses').values({ book_id: id, university, code: 'CHEM1000', position: 0 }).execute();
        await db().updateTable('books').set({ course_codes: 'CHEM1000' }).where('id', '=', id).execute();
      }
    }
  });
  afterAll(async () => t.close());

  it('numbers every campus, and keeps each live listing under its key, following every change to the listings', async () => {
    const bases = UNIVERSITY_IDS.map(campusKeyBase);
    expect(bases.every((b) => b !== undefined)).toBe(true);
    expect(new Set(bases).size).toBe(UNIVERSITY_IDS.length);
    expect(await held()).toEqual(await live());
    // A listing moved to another campus, one repriced, one sold, one approved, one deleted, one retitled.
    const [first, second, third, fourth] = await live();
    await db().updateTable('books').set({ university: 'ufs' }).where('id', '=', first!.id).execute();
    await db().updateTable('books').set({ price_cents: 99_900 }).where('id', '=', second!.id).execute();
    await db().updateTable('books').set({ availability: 'sold' }).where('id', '=', third!.id).execute();
    await db().updateTable('books').set({ status: 'approved' }).where('status', '=', 'pending').execute();
    await db().deleteFrom('book_images').where('book_id', '=', fourth!.id).execute();
    await db().deleteFrom('book_courses').where('book_id', '=', fourth!.id).execute();
    await db().deleteFrom('books').where('id', '=', fourth!.id).execute();
    await db().updateTable('books').set({ title: 'Chemistry Retitled' }).where('title', '=', 'Calculus').execute();
    const after = await held();
    expect(after).toEqual(await live());
    const rowid = (await sql<{ rowid: number }>`SELECT rowid FROM books WHERE id = ${first!.id}`.execute(db())).rows[0]!.rowid;
    expect(after.find((r) => r.id === first!.id)?.key).toBe(campusKeyBase('ufs')! + rowid);
    expect(after.some((r) => r.id === third!.id || r.id === fourth!.id)).toBe(false);
    expect((await page('q=retitled&university=' + UNIVERSITY_IDS[3])).total).toBeGreaterThan(0);
    await sql`INSERT INTO books_fts_campus(books_fts_campus, rank) VALUES ('integrity-check', 0)`.execute(db());
  });

  it("answers a campus's search as the search of every campus answers it for that campus, in every sort, page and filter", async () => {
    const universities = await universityOf();
    for (const q of ['chemistry', 'chem', 'organic chemistry', 'atkins', 'calculus', 'nothingatall']) {
      for (const sort of CATALOGUE_SORTS) {
        for (const extra of ['', '&category=chemistry', '&condition=good', '&condition=good&category=mathematics&language=english', '&minPrice=0', '&course=CHEM1000']) {
          // Every campus's answer, all of it (two pages of 50 hold every listing), kept to one campus.
          const everywhere = [...(await page(`q=${encodeURIComponent(q)}&sort=${sort}&pageSize=50${extra}`)).ids, ...(await page(`q=${encodeURIComponent(q)}&sort=${sort}&pageSize=50&page=2${extra}`)).ids];
          for (const campus of ['uct', 'wits', 'ufs']) {
            const expected = everywhere.filter((id) => universities.get(id) === campus);
            const qs = `q=${encodeURIComponent(q)}&sort=${sort}&university=${campus}${extra}&pageSize=2`;
            const pages = [await page(`${qs}&page=1`), await page(`${qs}&page=2`), await page(`${qs}&page=3`)];
            expect(pages.flatMap((p) => p.ids), qs).toEqual(expected.slice(0, 6));
            if (!extra.includes('course')) expect(pages[0]!.total, qs).toBe(expected.length);
          }
        }
      }
    }
  });

  it('is the index a search on a numbered campus reads, by its range, with no campus token', () => {
    for (const sort of CATALOGUE_SORTS) {
      const query = catalogueQuerySchema.parse({ q: 'chemistry', university: 'uct', sort });
      const statements = catalogueStatements(db(), query, searchTerms('chemistry'));
      for (const statement of [statements.page, statements.common!.newestMatches, statements.common!.sorted, statements.common!.candidates(1001)]) {
        const compiled = statement.compile(db());
        expect(compiled.sql).toContain('books_fts_campus');
        expect(compiled.sql).toContain(`BETWEEN ${campusKeyBase('uct')} AND ${campusKeyBase('uct')! + 2 ** 40 - 1}`);
        expect(compiled.parameters.join(' ')).not.toMatch(/facets : \(u/);
      }
    }
    // On every campus, the index of them all.
    const everywhere = catalogueStatements(db(), catalogueQuerySchema.parse({ q: 'chemistry' }), searchTerms('chemistry')).page.compile(db());
    expect(everywhere.sql).not.toContain('books_fts_campus');
  });

  it('goes down to 021 and up again, leaving nothing behind and holding every live listing again', async () => {
    const before = await page('q=chemistry&university=wits&sort=price_asc');
    // Down and up twice: an index made again where one was must leave nothing behind.
    for (let i = 0; i < 2; i++) {
      const down = await migrator().migrateTo('2026-11-28-021-search-index-keeps-ranking');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations).filter((name) => name > '2026-11-28-021-search-index-keeps-ranking').reverse());
      expect((await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'books_fts_campus%'`.execute(db())).rows[0]!.n).toBe(0);
      expect((await migrator().migrateToLatest()).error).toBeUndefined();
    }
    expect(await page('q=chemistry&university=wits&sort=price_asc')).toEqual(before);
    expect(await held()).toEqual(await live());
    await sql`INSERT INTO books_fts_campus(books_fts_campus, rank) VALUES ('integrity-check', 0)`.execute(db());
  });
});

describe.skipIf(dialectUnderTest !== 'sqlite')('every filter but the price and the course in the text indexes (migration 023, SQLite)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  /** Each index's facet tokens for a listing, as FTS5 matches them: which of the given tokens it holds. */
  const tokensOf = async (index: SqliteTextIndex, id: string, tokens: string[]) => {
    const held: string[] = [];
    for (const token of tokens) {
      const rows = await sql<{ id: string }>`SELECT id FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${`facets : ${token}`}`.execute(db());
      if (rows.rows.some((r) => r.id === id)) held.push(token);
    }
    return held;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("holds a listing's language, study level and condition, and follows a change to any of them", async () => {
    const seller = await registerAndLogin(t.app, { userType: 'seller', university: 'wits' });
    const id = await insertBook(db(), seller.id, { title: 'Hydrology Basics', university: 'uct', language: 'zulu', studyLevel: 'postgraduate', condition: 'like-new' });
    const tokens = ['lzulu', 'lenglish', 'spostgraduate', 'sprofessional', 'dlikenew', 'dacceptable'];
    for (const index of SQLITE_TEXT_INDEXES) expect(await tokensOf(index, id, tokens)).toEqual(['lzulu', 'spostgraduate', 'dlikenew']);
    const found = async (qs: string) => (await t.app.inject(`/api/v1/books?q=hydrology&${qs}`)).json().items.map((b: { id: string }) => b.id);
    expect(await found('language=zulu&studyLevel=postgraduate&condition=like-new')).toEqual([id]);
    expect(await found('university=uct&language=zulu&condition=like-new')).toEqual([id]);
    await db().updateTable('books').set({ language: 'english', study_level: 'professional', condition: 'acceptable' }).where('id', '=', id).execute();
    for (const index of SQLITE_TEXT_INDEXES) expect(await tokensOf(index, id, tokens)).toEqual(['lenglish', 'sprofessional', 'dacceptable']);
    expect(await found('language=zulu')).toEqual([]);
    expect(await found('university=uct&condition=like-new')).toEqual([]);
    expect(await found('university=uct&language=english&studyLevel=professional&condition=acceptable')).toEqual([id]);
    for (const index of SQLITE_TEXT_INDEXES) await sql`INSERT INTO ${sql.table(index)}(${sql.ref(index)}, rank) VALUES ('integrity-check', 0)`.execute(db());
  });
});
