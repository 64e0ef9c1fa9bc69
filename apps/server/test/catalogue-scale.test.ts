// The catalogue past its count cap (decision 0038): a question that finds more books than
// LIMITS.catalogueCountCap says so (`total` at the cap, `totalCapped: true`) rather than counting them all,
// and a search whose words match more listings than the cap answers pages by date and price exactly as if
// every match had been sorted (on SQLite it walks the sort's index against the text index's matches), and
// by relevance ranks the newest cap of them (on both databases: decisions 0038 and 0039).
import { sql, type RawBuilder } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQuerySchema, LIMITS } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { catalogueStatements, newestInPriceRange, newestMatchesByMonth } from '../src/modules/catalogue/repository.ts';
import { searchTerms } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { withOnlyTheLiveIndex } from './helpers/live-index.ts';

const CAP = LIMITS.catalogueCountCap;
const MANY = CAP + 200;

interface Fixture {
  id: string;
  priceCents: number;
  createdAt: string;
  condition: string;
  university: string;
}

let t: TestApp;
/** The matches of `introduction`, oldest first. */
const intro: Fixture[] = [];
let strongOld = '';
let strongNew = '';

beforeAll(async () => {
  t = await createTestApp();
  const seller = await registerAndLogin(t.app, { userType: 'seller', university: 'uj' });
  const db = t.database.db;
  const add = async (i: number, f: { title: string; author?: string; description?: string }) => {
    // Prices repeat (so the newest-then-id tie-break is exercised), dates only go forward, as listings arrive.
    const row: Fixture = {
      id: '',
      priceCents: 5000 + ((i * 7919) % 97) * 1000,
      // A day and a half apart, so the newest matches lie across many months (PostgreSQL reads them month by month).
      createdAt: new Date(Date.UTC(2021, 0, 1) + i * 36 * 3_600_000).toISOString(),
      condition: i % 3 ? 'good' : 'new',
      university: i % 2 ? 'wits' : 'uct',
    };
    row.id = await insertBook(db, seller.id, { ...f, priceCents: row.priceCents, createdAt: row.createdAt, condition: row.condition, university: row.university });
    intro.push(row);
    return row.id;
  };
  // The strongest match of all (the word in its title, author and description), listed first of all...
  strongOld = await add(0, { title: 'Introduction', author: 'Introduction Press', description: 'Introduction introduction.' });
  for (let i = 1; i < MANY - 1; i++) await add(i, { title: `An Introduction to Subject ${i}`, description: 'A clean copy.' });
  // ...and one as strong, listed last.
  strongNew = await add(MANY - 1, { title: 'Introduction', author: 'Introduction Press', description: 'Introduction introduction.' });
  for (let i = 0; i < 30; i++) await insertBook(db, seller.id, { title: `Zymurgy Handbook ${i}` });
});
afterAll(async () => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject(`/api/v1/books?${qs}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: string }[]; total: number; totalCapped: boolean; page: number; pageSize: number };
};
const byNewest = (a: Fixture, b: Fixture) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1);
const sorts: Record<string, (a: Fixture, b: Fixture) => number> = {
  newest: byNewest,
  price_asc: (a, b) => a.priceCents - b.priceCents || byNewest(a, b),
  price_desc: (a, b) => b.priceCents - a.priceCents || byNewest(a, b),
};

describe(`catalogue past its count cap (${dialectUnderTest})`, () => {
  it('counts no further than the cap, and says there are more', async () => {
    expect(await search('')).toMatchObject({ total: CAP, totalCapped: true });
    expect(await search('q=introduction')).toMatchObject({ total: CAP, totalCapped: true });
    expect(await search('q=intro&sort=price_asc')).toMatchObject({ total: CAP, totalCapped: true });
    // Under the cap the count is exact: with a filter the text index cannot answer, on one campus, or few matches.
    const good = intro.filter((b) => b.condition === 'good').length;
    expect(good).toBeLessThan(CAP);
    expect(await search('q=introduction&condition=good')).toMatchObject({ total: good, totalCapped: false });
    expect(await search('q=introduction&university=uct&sort=price_desc')).toMatchObject({ total: intro.filter((b) => b.university === 'uct').length, totalCapped: false });
    expect(await search('q=zymurgy')).toMatchObject({ total: 30, totalCapped: false });
    expect(await search('condition=new')).toMatchObject({ total: intro.filter((b) => b.condition === 'new').length, totalCapped: false });
  });

  it('pages by date and price exactly, however many listings the words match, deep pages too', async () => {
    for (const [sort, compare] of Object.entries(sorts)) {
      const expected = [...intro].sort(compare).map((b) => b.id);
      for (const page of [1, 2, 13, Math.ceil(MANY / 50)]) {
        const body = await search(`q=introduction&sort=${sort}&pageSize=50&page=${page}`);
        expect(body.items.map((b) => b.id), `${sort}, page ${page}`).toEqual(expected.slice((page - 1) * 50, page * 50));
      }
      // With a filter the text index cannot answer, checked on each listing.
      const good = [...intro].filter((b) => b.condition === 'good' && b.priceCents >= 20000).sort(compare).map((b) => b.id);
      const body = await search(`q=introduction&condition=good&minPrice=200&sort=${sort}&pageSize=50&page=2`);
      expect(body.items.map((b) => b.id), `${sort}, filtered`).toEqual(good.slice(50, 100));
      expect(body.total).toBe(good.length);
      // Filters every one of them has (the fixtures' language and study level), past the cap: on SQLite the
      // words' density among the listings with those filters chooses the walk or the set (decision 0056),
      // asked for pages near the start (deeper, the set wins without asking).
      for (const page of [1, 2, 13]) {
        const all = await search(`q=introduction&language=english&studyLevel=undergraduate&sort=${sort}&pageSize=10&page=${page}`);
        expect(all.items.map((b) => b.id), `${sort}, filters every match has, page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10));
        expect(all).toMatchObject({ total: CAP, totalCapped: true });
      }
    }
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('every way SQLite pages a common search by date or price gives the exact page', async () => {
    // Which way a question takes depends on how dense its words are (a walk of the sort index asking the
    // text index, the set of all matches, or every match read from the index and sorted); each must give
    // the same page.
    for (const [sort, compare] of Object.entries(sorts)) {
      for (const [filter, keep] of [
        ['', () => true],
        ['&condition=good&minPrice=200', (b: Fixture) => b.condition === 'good' && b.priceCents >= 20000],
        // One campus: the campus index's range of keys (migration 022).
        ['&university=uct', (b: Fixture) => b.university === 'uct'],
        ['&university=wits&condition=good', (b: Fixture) => b.university === 'wits' && b.condition === 'good'],
      ] as const) {
        const expected = [...intro].filter(keep).sort(compare).map((b) => b.id);
        for (const page of [1, 3]) {
          const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(`q=introduction&sort=${sort}&pageSize=50&page=${page}${filter}`)));
          const common = catalogueStatements(t.database.db, query, searchTerms(query.q!)).common!;
          if (sort === 'newest' && filter.includes('university')) {
            // By date on one campus, both walks read the campus's range of its own date index (migration 029).
            for (const walk of [common.probed(MANY), common.sorted]) {
              const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${walk}`.execute(t.database.db)).rows.map((r) => r.detail).join('\n');
              expect(plan, `${filter} p${page}`).toMatch(/USING COVERING INDEX books_catalogue_university_newest_idx \(status=\? AND availability=\? AND university=\?\)/);
            }
          }
          const want = expected.slice((page - 1) * 50, page * 50);
          expect((await common.probed(MANY).execute(t.database.db)).rows.map((r) => r.id).slice((page - 1) * 50), `${sort}${filter} p${page} walked`).toEqual(want);
          expect((await common.sorted.execute(t.database.db)).rows.map((r) => r.id), `${sort}${filter} p${page} set`).toEqual(want);
          const statements = catalogueStatements(t.database.db, query, searchTerms(query.q!));
          expect((await statements.page.execute(t.database.db)).rows.map((r) => r.id), `${sort}${filter} p${page} every match`).toEqual(want);
        }
      }
      // The filters alone, for how densely they leave listings: the newest CAP + 1 with them (every fixture has them).
      const withFilters = catalogueQuerySchema.parse({ q: 'introduction', language: 'english', studyLevel: 'undergraduate', sort });
      const newestFiltered = catalogueStatements(t.database.db, withFilters, ['introduction']).common!.newestFiltered!;
      expect(Number((await newestFiltered.execute(t.database.db)).rows[0]!.n)).toBe(CAP + 1);
      // Filters alone (two of them: through the text index's tokens): the sort index walked, no set.
      const expected = [...intro].filter((b) => b.university === 'uct' && b.condition === 'good').sort(compare).map((b) => b.id);
      const query = catalogueQuerySchema.parse({ university: 'uct', condition: 'good', sort, pageSize: '50', page: '2' });
      const statements = catalogueStatements(t.database.db, query, []);
      for (const [way, statement] of [['walked', statements.common!.sorted], ['every match', statements.page]] as const) {
        expect((await statement.execute(t.database.db)).rows.map((r) => r.id), `${sort}, filters alone, ${way}`).toEqual(expected.slice(50, 100));
      }
    }
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('a price range that holds few of a common search\'s matches gives the exact page and count, read either way', async () => {
    // The matches in the range from a price index tested against the set of every match (`pricedSet`), and
    // the newest matches in the range read in two steps (`newestPriced` from a rowid on, then below it),
    // against the same read at once (decision 0060).
    for (const [range, campus] of [
      ['minPrice=145', undefined],
      ['minPrice=60&maxPrice=62', undefined],
      ['minPrice=60&maxPrice=90', 'wits'],
      ['maxPrice=10', undefined],
    ] as const) {
      const inRange = (b: Fixture) => {
        const q = new URLSearchParams(range);
        const min = q.get('minPrice') === null ? 0 : Number(q.get('minPrice')) * 100;
        const max = q.get('maxPrice') === null ? Infinity : Number(q.get('maxPrice')) * 100;
        return b.priceCents >= min && b.priceCents <= max && (!campus || b.university === campus);
      };
      for (const [sort, compare] of Object.entries(sorts)) {
        const expected = [...intro].filter(inRange).sort(compare).map((b) => b.id);
        for (const page of [1, 2, 30]) {
          const qs = `q=introduction&${range}&sort=${sort}&pageSize=20&page=${page}${campus ? `&university=${campus}` : ''}`;
          const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
          const common = catalogueStatements(t.database.db, query, searchTerms(query.q!)).common!;
          const rows = (await common.pricedSet!.page.execute(t.database.db)).rows;
          expect(rows.map((r) => r.id), qs).toEqual(expected.slice((page - 1) * 20, page * 20));
          if (rows[0]) expect(Number(rows[0].total), qs).toBe(expected.length);
          expect(Number((await common.pricedSet!.countUpTo(CAP + 1).execute(t.database.db)).rows[0]!.n), qs).toBe(Math.min(expected.length, CAP + 1));
          if (page === 1) {
            const atOnce = (await common.newestPriced!().execute(t.database.db)).rows[0]!;
            const middle = Math.floor((Number(atOnce.first ?? 0) + Number(atOnce.last ?? 0)) / 2);
            const newer = (await common.newestPriced!({ since: middle }).execute(t.database.db)).rows[0]!;
            const older = (await common.newestPriced!({ before: middle, limit: CAP + 1 - Number(newer.n) }).execute(t.database.db)).rows[0]!;
            expect(Number(newer.n) + Number(older.n), qs).toBe(Number(atOnce.n));
            // Split at a rowid between the oldest and the newest, both steps find some (on one campus too, whose keys are not rowids).
            if (Number(atOnce.n) >= 2) expect([Number(newer.n) > 0, Number(older.n) > 0], qs).toEqual([true, true]);
            if (Number(atOnce.n)) expect([Number(newer.n) ? newer.last : older.last, Number(older.n) ? older.first : newer.first], qs).toEqual([atOnce.last, atOnce.first]);
          }
        }
      }
    }
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('each way a common search counts the matches in a price range gives the answer read at once', async () => {
    // newestInPriceRange chooses by what it is given of the newest matches (their rowids' span, and how many
    // listings there are); given made-up ones, each way is taken here with this catalogue (decision 0060).
    const db = t.database.db;
    const ask = (qs: string) => {
      const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      return catalogueStatements(db, query, searchTerms(query.q!));
    };
    const newestOf = async (statements: ReturnType<typeof ask>) => (await statements.common!.newestMatches.execute(db)).rows[0]!;
    // More than CAP in the range among the newest read (every price): that count is the answer.
    const every = ask('q=introduction&minPrice=1&sort=price_asc');
    const last = Number((await newestOf(every)).last);
    const atOnceEvery = (await every.common!.newestPriced!().execute(db)).rows[0]!;
    expect(Number(atOnceEvery.n)).toBe(CAP + 1);
    expect(await newestInPriceRange(db, every.common!, { n: CAP + 1, last, first: last - 250 }, 1)).toEqual(atOnceEvery);
    // Few in the range among the few newest read, with few matches in all: reading on, below them.
    const few = ask('q=introduction&minPrice=60&maxPrice=140&sort=price_asc');
    const atOnce = (await few.common!.newestPriced!().execute(db)).rows[0]!;
    const readOn = await newestInPriceRange(db, few.common!, { n: CAP + 1, last, first: last - 10 }, 1);
    expect('n' in readOn && Number(readOn.n) > 0 && readOn.n !== undefined).toBe(true);
    expect(readOn).toEqual({ n: Number(atOnce.n), last: atOnce.last, first: atOnce.first });
    // None in the range among the newest read, and (as it is told) a million matches: the set, the exact page.
    for (const [qs, keep] of [
      ['q=introduction&minPrice=60&maxPrice=140&sort=price_desc&pageSize=20&page=3', (b: Fixture) => b.priceCents >= 6000 && b.priceCents <= 14000],
      ['q=introduction&university=wits&category=law&minPrice=145&sort=newest&pageSize=20&page=1', () => false],
      ['q=introduction&university=uct&minPrice=140&sort=price_asc&pageSize=5&page=2', (b: Fixture) => b.university === 'uct' && b.priceCents >= 14000],
      ['q=introduction&minPrice=145&sort=newest&pageSize=20&page=9', (b: Fixture) => b.priceCents >= 14500],
    ] as const) {
      const statements = ask(qs);
      const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const expected = [...intro].filter(keep).sort(sorts[query.sort]!).map((b) => b.id);
      const far = 1e9;
      const bySet = await newestInPriceRange(db, statements.common!, { n: CAP + 1, last: far, first: far - 10 }, 1);
      expect(bySet, qs).toEqual({ rows: expected.slice((query.page - 1) * query.pageSize, query.page * query.pageSize).map((id) => ({ id, total: expected.length })), total: expected.length });
    }
  });

  it('browses by date within a price range exactly, whether many listings are in the range or few', async () => {
    const rows = await t.database.db
      .selectFrom('books')
      .select(['id', 'created_at', 'price_cents', 'university'])
      .where('status', '=', 'approved')
      .where('availability', '=', 'available')
      .execute();
    const newest = (a: (typeof rows)[number], b: (typeof rows)[number]) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : 1);
    // More than the cap in the first range (the date index walked), a dozen in the second (the range read), none in the third;
    // then the first on one campus (on SQLite its own date index, migration 029).
    for (const [min, max, campus] of [
      [50, 2000, undefined],
      [60, 60, undefined],
      [1, 20, undefined],
      [50, 2000, 'wits'],
    ] as const) {
      const expected = rows.filter((r) => r.price_cents >= min * 100 && r.price_cents <= max * 100 && (!campus || r.university === campus)).sort(newest).map((r) => r.id);
      for (const sort of ['newest', 'relevance']) {
        for (const page of [1, 2, 21]) {
          const qs = `minPrice=${min}&maxPrice=${max}&sort=${sort}&pageSize=50&page=${page}${campus ? `&university=${campus}` : ''}`;
          const body = await search(qs);
          expect(body.items.map((b) => b.id), qs).toEqual(expected.slice((page - 1) * 50, page * 50));
          expect(body.total, qs).toBe(Math.min(expected.length, CAP));
          expect(body.totalCapped, qs).toBe(expected.length > CAP);
          if (dialectUnderTest === 'sqlite') {
            // Both of SQLite's ways give the same page, whichever it takes.
            const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
            const statements = catalogueStatements(t.database.db, query, []);
            const ways = [statements.page, statements.priceRangeByDate!];
            for (const way of ways) expect((await way.execute(t.database.db)).rows.map((r) => r.id), qs).toEqual(expected.slice((page - 1) * 50, page * 50));
          }
        }
      }
    }
  });

  it('browses by language, study level and condition exactly, in every sort, deep pages too, however many pass', async () => {
    // On SQLite these come from the text index's facet tokens (migration 023), on PostgreSQL from the rows.
    const rows = await t.database.db
      .selectFrom('books')
      .select(['id', 'created_at', 'price_cents', 'condition', 'language', 'study_level', 'university'])
      .where('status', '=', 'approved')
      .where('availability', '=', 'available')
      .execute();
    type Row = (typeof rows)[number];
    const newest = (a: Row, b: Row) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : 1);
    const order: Record<string, (a: Row, b: Row) => number> = {
      relevance: newest,
      newest,
      price_asc: (a, b) => a.price_cents - b.price_cents || newest(a, b),
      price_desc: (a, b) => b.price_cents - a.price_cents || newest(a, b),
    };
    const cases: [string, (r: Row) => boolean][] = [
      ['condition=good', (r) => r.condition === 'good'],
      ['condition=new&university=uct', (r) => r.condition === 'new' && r.university === 'uct'],
      // More than the cap pass.
      ['language=english', (r) => r.language === 'english'],
      ['language=english&studyLevel=undergraduate&minPrice=100', (r) => r.language === 'english' && r.study_level === 'undergraduate' && r.price_cents >= 10_000],
      ['language=zulu', (r) => r.language === 'zulu'],
    ];
    for (const [filter, keep] of cases) {
      for (const [sort, compare] of Object.entries(order)) {
        const expected = rows.filter(keep).sort(compare).map((r) => r.id);
        for (const page of [1, 3, 21]) {
          const qs = `${filter}&sort=${sort}&pageSize=50&page=${page}`;
          const body = await search(qs);
          expect(body.items.map((b) => b.id), qs).toEqual(expected.slice((page - 1) * 50, page * 50));
          expect(body.total, qs).toBe(Math.min(expected.length, CAP));
          expect(body.totalCapped, qs).toBe(expected.length > CAP);
        }
      }
    }
  });

  it.skipIf(dialectUnderTest !== 'postgres')('PostgreSQL finds a search with filters, and a month of its matches, in the live index', async () => {
    // The index's expression (migrations 024, 025 and 028) and the repository's must be the same for the planner to use it.
    const db = t.database.db;
    const query = catalogueQuerySchema.parse({ q: 'introduction', university: 'uct', condition: 'new', language: 'english', category: 'chemistry', studyLevel: 'undergraduate' });
    const pg = catalogueStatements(db, query, searchTerms(query.q!)).pgSearch!;
    // The live index serves the statement or nothing does (withOnlyTheLiveIndex).
    const plan = async (statement: RawBuilder<unknown>) => {
      const text = await withOnlyTheLiveIndex(db, async (trx) => (await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${statement}`.execute(trx)).rows[0]?.['QUERY PLAN']);
      // The plan's nodes that read the live index by the words (not merely for its for-sale condition).
      const reads: string[] = [];
      const walk = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        const n = node as Record<string, unknown>;
        if (n['Index Name'] === 'books_live_search_idx' && String(n['Index Cond'] ?? '').includes('@@')) reads.push(String(n['Index Cond']));
        for (const value of Object.values(n)) walk(value);
      };
      walk(text);
      return reads;
    };
    for (const statement of [catalogueStatements(db, query, searchTerms(query.q!)).countUpTo(CAP + 1), pg.matchesIn(['2026-01', '2025-12']), pg.rankedFromMatches]) {
      const reads = await plan(statement);
      expect(reads.length).toBe(1);
      // On one campus the words are the campus's lexemes (migration 025), not the word's list and the
      // campus's (the plan writes the tsquery as a string constant, its quotes doubled).
      expect(reads[0]).toContain(`''#uuct:introduction'':*`);
      expect(reads[0]).not.toContain(`''#uuct''`);
      // The other filters as the one lexeme of them together (migration 028), not each filter's list.
      expect(reads[0]).toContain(`''#xcchemistry:lenglish:sundergraduate:dnew''`);
      expect(reads[0]).not.toContain(`''#lenglish''`);
    }
  });

  it.skipIf(dialectUnderTest !== 'postgres')('PostgreSQL goes down to 023 and up again: the words-only index comes back, then the live index, and searches find the same', async () => {
    const db = t.database.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const indexes = async () =>
      (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'books' AND indexname IN ('books_search_idx', 'books_live_search_idx')`.execute(db)).rows.map((r) => r.name);
    const questions = ['q=introduction&pageSize=50&page=3', 'q=introduction&university=uct&condition=new', 'q=introduction&sort=price_asc&page=5', 'q=zymurgy'];
    const before = await Promise.all(questions.map(search));
    const down = await migrator.migrateTo('2026-11-28-023-search-facets');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations).filter((name) => name > '2026-11-28-023-search-facets').reverse());
    expect(await indexes()).toEqual(['books_search_idx']);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await indexes()).toEqual(['books_live_search_idx']);
    expect(await Promise.all(questions.map(search))).toEqual(before);
  });

  it.skipIf(dialectUnderTest !== 'postgres')('PostgreSQL browsing with a language or study level gives the same page and count from the live index as from the walk', async () => {
    const db = t.database.db;
    const questions = [
      'language=english&condition=new&sort=newest&page=3',
      'studyLevel=undergraduate&university=uct&minPrice=60&maxPrice=90&sort=price_asc&page=2',
      'language=english&studyLevel=undergraduate&sort=price_desc&page=30',
      'language=english&category=mathematics&condition=good&sort=newest&page=200',
      'language=xhosa&sort=newest',
    ];
    for (const qs of questions) {
      const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(`${qs}&pageSize=20`)));
      const statements = catalogueStatements(db, query, []);
      const facets = statements.pgFacets!;
      const fromIndex = (await facets.page.execute(db)).rows;
      const walked = (await statements.page.execute(db)).rows;
      expect(fromIndex.map((r) => r.id), qs).toEqual(walked.map((r) => r.id));
      const count = Number((await statements.countUpTo(CAP + 1).execute(db)).rows[0]?.n);
      expect(Number((await facets.countUpTo(CAP + 1).execute(db)).rows[0]?.n), qs).toBe(count);
      if (fromIndex[0]) expect(Math.min(Number(fromIndex[0].total), CAP + 1), qs).toBe(count);
    }
    // Without a language or study level, or with words or a course, browsing walks as before.
    for (const qs of ['condition=new', 'category=mathematics&university=uct', 'q=introduction&language=english', 'course=MATH1014&language=english']) {
      const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      expect(catalogueStatements(db, query, query.q ? searchTerms(query.q) : []).pgFacets, qs).toBeUndefined();
    }
  });

  it.skipIf(dialectUnderTest !== 'postgres')('both ways PostgreSQL answers a search give the same page and count', async () => {
    // Which way a question takes depends on the planner's estimate of its matches (reading every match, or
    // walking an index in order); each must give the same page, and the same count where it gives one.
    const db = t.database.db;
    for (const qs of ['q=introduction', 'q=introduction&condition=good', 'q=introduction&university=uct&page=7', 'q=introduction&page=21', 'q=zymurgy']) {
      for (const page of [1, 3]) {
        const query = catalogueQuerySchema.parse(Object.fromEntries(new URLSearchParams(`${qs}&pageSize=50&page=${page}`)));
        const statements = catalogueStatements(db, query, searchTerms(query.q!));
        const pg = statements.pgSearch!;
        // The count walked, row by row, is the count through the index.
        for (const upTo of [10, CAP + 1]) {
          const n = async (count: typeof statements.countUpTo) => Number((await count(upTo).execute(db)).rows[0]?.n);
          expect(await n(pg.countWalked), `${qs} count up to ${upTo}`).toBe(await n(statements.countUpTo));
        }
        const fromMatches = (await pg.rankedFromMatches.execute(db)).rows;
        const walked = (await pg.rankedNewest.execute(db)).rows;
        expect(walked.map((r) => r.id), `${qs} p${page} relevance`).toEqual(fromMatches.map((r) => r.id));
        expect(walked.map((r) => Math.min(Number(r.total), CAP + 1)), `${qs} p${page} count`).toEqual(fromMatches.map((r) => Math.min(Number(r.total), CAP + 1)));
        // Month by month (the matches lie across some 50 months): the same newest matches, ranked alike,
        // whether the estimate that sizes the first step is far too low, about right, or far too high.
        // Asked for only when cheaper than reading every match: not when few are expected, each month's
        // share so small that many months would be asked at once; nor when the newest month says so,
        // whatever the estimate (zymurgy's 30 matches all lie in it).
        expect(await newestMatchesByMonth(db, pg, 2 * CAP, CAP + 1, true), qs).toBeUndefined();
        if (qs === 'q=zymurgy') expect(await newestMatchesByMonth(db, pg, 1e9, CAP + 1, true), qs).toBeUndefined();
        else expect(await newestMatchesByMonth(db, pg, 1e9, CAP + 1, true), qs).toBeDefined();
        // Unless reading every match reads many rows for each (words checked on the rows the index finds
        // for the others, decision 0055): then the months go on and find the same newest ones. (The newest
        // month holds none of introduction's matches, so the estimate sizes the next step; zymurgy's newest
        // month holds all it has, and the months before it none.)
        if (qs !== 'q=zymurgy') {
          const costly = await newestMatchesByMonth(db, pg, 2 * CAP, CAP + 1, true, 1e6);
          expect(costly?.map((r) => r.id), qs).toEqual((await newestMatchesByMonth(db, pg, 2 * CAP))!.map((r) => r.id));
        }
        for (const expected of [1, 2 * CAP, 1e9]) {
          const newest = (await newestMatchesByMonth(db, pg, expected))!.map((r) => r.id);
          const ranked = newest.length > (page - 1) * 50 ? (await pg.rankedAmong(newest.slice(0, CAP)).execute(db)).rows : [];
          expect(ranked.map((r) => r.id), `${qs} p${page} by month, ${expected}`).toEqual(fromMatches.map((r) => r.id));
          if (fromMatches[0]) expect(newest.length, `${qs} p${page} by month, ${expected}, count`).toBe(Math.min(Number(fromMatches[0].total), CAP + 1));
        }
        for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
          const sorted = catalogueStatements(db, { ...query, sort }, searchTerms(query.q!));
          const exact = (await sorted.page.execute(db)).rows.map((r) => r.id);
          if (sort === 'newest') {
            // By date, month by month: the same page, and as many as the count tells (up to CAP + 1).
            for (const expected of [1, 2 * CAP, 1e9]) {
              const newest = (await newestMatchesByMonth(db, sorted.pgSearch!, expected, Math.max(page * 50, CAP + 1)))!.map((r) => r.id);
              expect(newest.slice((page - 1) * 50, page * 50), `${qs} p${page} newest by month, ${expected}`).toEqual(exact);
              const total = (await sorted.page.execute(db)).rows[0]?.total;
              if (total !== undefined) expect(newest.length, `${qs} p${page} newest by month, ${expected}, count`).toBe(Math.min(Number(total), CAP + 1));
            }
          }
          expect((await sorted.pgSearch!.sorted.execute(db)).rows.map((r) => r.id), `${qs} p${page} ${sort}`).toEqual(exact);
          // The short walk: when it reaches the end of the page, the same page.
          const walked = (await sorted.pgSearch!.probed(MANY).execute(db)).rows.map((r) => r.id);
          expect(walked.slice((page - 1) * 50), `${qs} p${page} ${sort} walked`).toEqual(exact);
        }
      }
    }
  });

  it('by relevance with filters, every listing the total counts is on a page, once', async () => {
    const good = intro.filter((b) => b.condition === 'good').map((b) => b.id);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(good.length / 50) + 1; page++) seen.push(...(await search(`q=introduction&condition=good&pageSize=50&page=${page}`)).items.map((b) => b.id));
    expect(seen).toHaveLength(good.length);
    expect(new Set(seen)).toEqual(new Set(good));
    // A course's listings among the oldest matches: found by its words, every sort.
    const oldest = intro.slice(1, 4).map((b) => b.id);
    for (const id of oldest) {
      await t.database.db.insertInto('book_courses').values({ book_id: id, university: 'wits', code: 'ZINT1000', position: 0 }).execute();
      await t.database.db.updateTable('books').set({ course_codes: 'ZINT1000' }).where('id', '=', id).execute();
    }
    for (const sort of ['relevance', 'newest', 'price_asc']) {
      const body = await search(`q=introduction&course=ZINT1000&sort=${sort}`);
      expect(body.items.map((b) => b.id).sort(), sort).toEqual([...oldest].sort());
      expect(body).toMatchObject({ total: 3, totalCapped: false });
    }
  });

  it('ranks by relevance the newest matches up to the cap, the best of them first', async () => {
    const first = await search('q=introduction&pageSize=50');
    expect(first.items[0]!.id).toBe(strongNew);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(MANY / 50); page++) seen.push(...(await search(`q=introduction&pageSize=50&page=${page}`)).items.map((b) => b.id));
    // Exactly the newest CAP matches, each once; the old strong match is past them.
    expect(seen).toHaveLength(CAP);
    expect(new Set(seen)).toEqual(new Set([...intro].sort(byNewest).slice(0, CAP).map((b) => b.id)));
    expect(seen).not.toContain(strongOld);
  });
});
