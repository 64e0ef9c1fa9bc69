// Read model: SQL for the public catalogue over the listings module's tables (`books`, its search
// index, and `book_courses` for the course filter), which it only ever reads: approved, available listings filtered, searched and sorted, one page
// of ids at a time (the listings module turns ids into Book JSON); and the books for a student's courses. Search needs the engine's own text
// index in the same statement as the filters, which no listings function could offer without becoming
// the catalogue. Search differs per engine: FTS5 on SQLite, tsvector on PostgreSQL
// (docs/decisions/0002-database.md).
import { sql, type RawBuilder } from 'kysely';
import type { CatalogueQuery } from '@reshelf/shared';
import type { Db } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import { postgresTsQuery, sqliteMatch } from './search-terms.ts';
import { maxDistance, pickClosest, type VocabularyWord } from './spelling.ts';

export interface CataloguePage {
  ids: string[];
  total: number;
}

/** What the catalogue shows: approved listings still for sale (`b` is the listing). */
const FOR_SALE = sql`b.status = 'approved' AND b.availability = 'available'`;

/** A price filter in cents, kept inside PostgreSQL's integer range (no listing costs more; beyond it PostgreSQL errs). */
const priceBound = (rand: number) => Math.min(Math.round(rand * 100), 2_147_483_647);

/** The catalogue's statements for one question: `page` (its ids, and for a search the total in the same
 * pass), `count` (the total, when the page does not tell it) and `countUpTo` (the total up to a limit).
 * Exported so the tests can read their plans. */
export function catalogueStatements(db: Db, query: CatalogueQuery, terms: string[]) {
  const pg = isPostgres(db);
  const where: RawBuilder<unknown>[] = [FOR_SALE];
  if (query.category) where.push(sql`b.category = ${query.category}`);
  if (query.studyLevel) where.push(sql`b.study_level = ${query.studyLevel}`);
  if (query.condition) where.push(sql`b.condition = ${query.condition}`);
  if (query.language) where.push(sql`b.language = ${query.language}`);
  if (query.university) where.push(sql`b.university = ${query.university}`);
  if (query.minPrice !== undefined) where.push(sql`b.price_cents >= ${priceBound(query.minPrice)}`);
  if (query.maxPrice !== undefined) where.push(sql`b.price_cents <= ${priceBound(query.maxPrice)}`);
  let from: RawBuilder<unknown> = sql`books b`;
  // Books tagged with a course: the listings of that code (at that university) come from book_courses'
  // (code, university, book_id) index, so a course reads its own listings, not every live one. A listing
  // may carry one code at two universities, hence DISTINCT without a university.
  if (query.course) {
    const tagged = query.university
      ? sql`SELECT c.book_id FROM book_courses c WHERE c.code = ${query.course} AND c.university = ${query.university}`
      : sql`SELECT DISTINCT c.book_id FROM book_courses c WHERE c.code = ${query.course}`;
    if (!pg && !terms.length) {
      // Browsing a course on SQLite: CROSS JOIN makes it start from the course's rows and read each listing
      // by its key. Given `b.id IN (…)`, it walked a sorted catalogue index over every live listing instead
      // and tested each against the course's rows: 20-150 ms at 100,000 listings (docs/performance.md).
      // A search with words starts from the text index (below), where the IN test is per match.
      from = sql`(${tagged}) t CROSS JOIN books b ON b.id = t.book_id`;
    } else {
      where.push(sql`b.id IN (${tagged})`);
    }
  }

  let score: RawBuilder<unknown> | undefined;
  if (terms.length) {
    // Scoring every match is most of a search's cost; it is only worth it when the answer is sorted by it.
    const ranked = query.sort === 'relevance';
    if (pg) {
      where.push(sql`b.search_vector @@ to_tsquery('simple', ${postgresTsQuery(terms)})`);
      if (ranked) score = sql`ts_rank(b.search_vector, to_tsquery('simple', ${postgresTsQuery(terms)}))`;
    } else {
      // CROSS JOIN makes SQLite read the full-text index first and look each match up by rowid. Left to
      // choose, it walks a price index over every live listing and runs the full-text query once per
      // listing, which makes a search with a price range seconds long at scale (docs/performance.md, Fix 6).
      from = sql`books_fts f CROSS JOIN books b ON b.rowid = f.rowid`;
      // The index holds live listings only, with their campus and category as tokens (migration 008);
      // the row checks above stay as the rule of what is shown.
      where.push(sql`books_fts MATCH ${sqliteMatch(terms, { university: query.university, category: query.category })}`);
      // Weights by column: title, author, isbn, publisher, description, facets (never matched), courses.
      if (ranked) score = sql`bm25(books_fts, 10.0, 8.0, 10.0, 3.0, 1.0, 0.0, 10.0)`;
    }
  }
  // The sort over columns of `t` (b, or the ranked matches m): best match first (ts_rank higher is
  // better, bm25 lower is better), then newest, then id so pages never overlap.
  const orderOver = (t: string) => {
    const c = (column: string) => sql.ref(`${t}.${column}`);
    const newest = sql`${c('created_at')} DESC, ${c('id')}`;
    return {
      relevance: score ? sql`${c('score')} ${sql.raw(pg ? 'DESC' : 'ASC')}, ${newest}` : newest,
      newest,
      price_asc: sql`${c('price_cents')} ASC, ${newest}`,
      price_desc: sql`${c('price_cents')} DESC, ${newest}`,
    }[query.sort];
  };

  const whereSql = sql.join(where, sql` AND `);
  const offset = (query.page - 1) * query.pageSize;
  const page = terms.length
    ? // A search visits every match before it can pick a page (to rank or sort them), so the total is
      // counted in that same pass (a window over the matches) rather than by a second full-text query.
      // On PostgreSQL the matches are a MATERIALIZED step, found through the text index: otherwise,
      // seeing ORDER BY … LIMIT, it walks the price or date index over every live listing and tests each
      // against the words, not counting that the window must see every match anyway. SQLite already reads
      // the text index first (the CROSS JOIN above), and copying the matches would only slow it down
      // (figures in docs/performance.md).
      sql<{ id: string; total?: number | string }>`
      WITH m AS ${sql.raw(pg ? 'MATERIALIZED ' : '')}(SELECT b.id, b.created_at, b.price_cents${score ? sql`, ${score} AS score` : sql``} FROM ${from} WHERE ${whereSql})
      SELECT m.id, count(*) OVER () AS total FROM m
      ORDER BY ${orderOver('m')} LIMIT ${query.pageSize} OFFSET ${offset}`
    : // Browsing reads the page and its count from the covering indexes of migration 007.
      sql<{ id: string; total?: number | string }>`SELECT b.id FROM ${from} WHERE ${whereSql} ORDER BY ${orderOver('b')} LIMIT ${query.pageSize} OFFSET ${offset}`;
  const count = sql<{ n: number | string }>`SELECT count(*) AS n FROM ${from} WHERE ${whereSql}`;
  // The total, but reading no further than `upTo` matches: no order, so it stops at the first ones found.
  const countUpTo = (upTo: number) => sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT 1 AS found FROM ${from} WHERE ${whereSql} LIMIT ${upTo}) x`;
  return { page, count, countUpTo };
}

export async function searchCatalogue(db: Db, query: CatalogueQuery, terms: string[]): Promise<CataloguePage> {
  const statements = catalogueStatements(db, query, terms);
  const rows = (await statements.page.execute(db)).rows;
  // The count only when it is not already known (from the window, or from a short first page).
  let total: number;
  if (rows[0]?.total !== undefined) total = Number(rows[0].total);
  else if (query.page === 1 && rows.length < query.pageSize) total = rows.length;
  else total = Number((await statements.count.execute(db)).rows[0]?.n ?? 0);
  return { ids: rows.map((r) => r.id), total };
}

/**
 * How many books the question finds, counted no further than `upTo`: whether a corrected search finds
 * more than the misspelt one did (service.ts) needs a handful, not the thousands a common word matches.
 */
export async function countCatalogueUpTo(db: Db, query: CatalogueQuery, terms: string[], upTo: number): Promise<number> {
  const rows = (await catalogueStatements(db, query, terms).countUpTo(upTo).execute(db)).rows;
  return Number(rows[0]?.n ?? 0);
}

// ---- Books for a student's courses (docs/decisions/0029-student-courses.md) ----

/**
 * The newest listings for sale for one course at one university (tagged with it there and sold on that
 * campus), each with its seller, and how many there are in all: the same for every student who takes it.
 */
export interface CourseListings {
  listings: { id: string; sellerId: string }[];
  total: number;
}

export interface CourseListingsQuestion {
  university: string;
  codes: readonly string[];
  /** How many of each course's newest listings to answer. */
  perCourse: number;
}

/**
 * The statement of findCourseListings (exported so the tests can read its plan): for each code, its
 * newest `perCourse` listings for sale at `university` (tagged with the code there and sold on that campus,
 * newest first as the catalogue's course filter sorts them) with their sellers, and how many there are, in
 * one pass. Each code's rows come from book_courses' (code, university, book_id) index, each listing by its key.
 */
export function courseListingsStatement(question: CourseListingsQuestion) {
  return sql<{ code: string; id: string; seller_id: string; total: number | string }>`
    SELECT x.code, x.id, x.seller_id, x.total FROM (
      SELECT c.code, b.id, b.seller_id,
        row_number() OVER (PARTITION BY c.code ORDER BY b.created_at DESC, b.id) AS n,
        count(*) OVER (PARTITION BY c.code) AS total
      FROM book_courses c JOIN books b ON b.id = c.book_id
      WHERE c.code IN (${sql.join(question.codes)}) AND c.university = ${question.university}
        AND ${FOR_SALE} AND b.university = ${question.university}
    ) x
    WHERE x.n <= ${question.perCourse}
    ORDER BY x.code, x.n`;
}

/** Each code's newest listings for sale at the university and their number (a code nothing has: none, 0). */
export async function findCourseListings(db: Db, question: CourseListingsQuestion): Promise<Map<string, CourseListings>> {
  const found = new Map<string, CourseListings>(question.codes.map((code) => [code, { listings: [], total: 0 }]));
  if (!question.codes.length) return found;
  for (const row of (await courseListingsStatement(question).execute(db)).rows) {
    const course = found.get(row.code)!;
    course.listings.push({ id: row.id, sellerId: row.seller_id });
    course.total = Number(row.total);
  }
  return found;
}

/**
 * The statement of findOwnCourseListings: `seller`'s listings tagged with those codes at the university,
 * whatever their state, read from the seller's index (SQLite's CROSS JOIN keeps it on it: its own choice would
 * walk every live listing of the campus, whose index matches more of a for-sale condition in the WHERE
 * clause; a seller has a handful of listings, so which of them are for sale is checked on the rows).
 */
export function ownCourseListingsStatement(db: Db, question: Omit<CourseListingsQuestion, 'perCourse'> & { seller: string }) {
  // PostgreSQL has no CROSS JOIN … ON, and its planner, which knows its tables' statistics, needs no telling.
  const join = sql.raw(isPostgres(db) ? 'JOIN' : 'CROSS JOIN');
  return sql<{ code: string; id: string; status: string; availability: string; university: string }>`
    SELECT c.code, b.id, b.status, b.availability, b.university FROM books b ${join} book_courses c ON c.book_id = b.id
    WHERE b.seller_id = ${question.seller} AND c.university = ${question.university} AND c.code IN (${sql.join(question.codes)})`;
}

/** Which of those courses' listings that findCourseListings counts are `seller`'s own (a student never gets their own offered). */
export async function findOwnCourseListings(db: Db, question: Omit<CourseListingsQuestion, 'perCourse'> & { seller: string }) {
  if (!question.codes.length) return [];
  const rows = (await ownCourseListingsStatement(db, question).execute(db)).rows;
  // FOR_SALE and the campus, as findCourseListings asks them.
  return rows
    .filter((r) => r.status === 'approved' && r.availability === 'available' && r.university === question.university)
    .map((r) => ({ code: r.code, id: r.id }));
}

// ---- Search that forgives: the vocabulary of live listings (docs/decisions/0024-search-that-forgives.md) ----

/**
 * SQLite: a fingerprint of the full-text index, which changes with every write to it (FTS5's structure
 * record, one row read by its key), so an in-memory vocabulary is rebuilt only when the index changed.
 */
export async function sqliteIndexVersion(db: Db): Promise<string> {
  const row = (await sql<{ block: Uint8Array }>`SELECT block FROM books_fts_data WHERE id = 10`.execute(db)).rows[0];
  return row ? Buffer.from(row.block).toString('base64') : '';
}

/** SQLite: the words of live listings' titles, authors and publishers, with how many listings have each (migration 010's fts5vocab). */
export async function sqliteVocabulary(db: Db): Promise<VocabularyWord[]> {
  const rows = await sql<{ word: string; listings: number }>`
    SELECT term AS word, sum(doc) AS listings FROM books_fts_vocab
    WHERE col IN ('title', 'author', 'publisher') GROUP BY term`.execute(db);
  return rows.rows;
}

/**
 * PostgreSQL: for each word the vocabulary does not know (no word in `search_words` starts with it), the
 * closest word it does know. Candidates come from the pg_trgm index (similarity at least 0.2, a lower bar
 * than the default 0.3, which misses one transposition in a seven-letter word); the edit distance picks.
 */
export async function postgresCorrections(db: Db, words: string[]): Promise<Map<string, string>> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL pg_trgm.similarity_threshold = 0.2`.execute(trx);
    const corrections = new Map<string, string>();
    for (const word of words) {
      const known = await sql`
        SELECT 1 FROM search_words WHERE word >= ${word} AND word < ${`${word}\u{10FFFF}`} AND listings > 0 LIMIT 1`.execute(trx);
      if (known.rows.length) continue;
      const max = maxDistance(word);
      const candidates = await sql<VocabularyWord>`
        SELECT word, listings FROM search_words
        WHERE word % ${word} AND listings > 0 AND length(word) BETWEEN ${word.length - max} AND ${word.length + max}
        ORDER BY similarity(word, ${word}) DESC LIMIT 50`.execute(trx);
      const closest = pickClosest(word, candidates.rows);
      if (closest) corrections.set(word, closest);
    }
    return corrections;
  });
}
