// Read model: SQL for the public catalogue over the listings module's tables (`books`, its search
// index, and `book_courses` for the course filter), which it only ever reads: approved, available listings filtered, searched and sorted, one page
// of ids at a time (the listings module turns ids into Book JSON); and the books for a student's courses. Search needs the engine's own text
// index in the same statement as the filters, which no listings function could offer without becoming
// the catalogue. Search differs per engine: FTS5 on SQLite, tsvector on PostgreSQL
// (docs/decisions/0002-database.md).
import { sql, type RawBuilder } from 'kysely';
import { LIMITS, type CatalogueQuery } from '@reshelf/shared';
import type { Db } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import { rankedTextScorer } from './relevance.ts';
import { monthsBack, monthsQuery, postgresCampusWordsQuery, postgresExpandedWords, postgresFacetQuery, postgresTsQuery, sqliteMatch } from './search-terms.ts';
import { maxDistance, pickClosest, type VocabularyWord } from './spelling.ts';

export interface CataloguePage {
  ids: string[];
  /** How many books the question finds, counted no further than LIMITS.catalogueCountCap. */
  total: number;
  /** Whether it finds more than that. */
  capped: boolean;
}

/** The count stops here, and a search matching more listings ranks the newest this many (decision 0038). */
const CAP = LIMITS.catalogueCountCap;
/**
 * A search sorted by date or price whose words are in many listings either walks its sort index asking
 * the text index about each listing (a probe) until the page is full, or tests the index's entries
 * against the set of every match (each entry of the set costing a small fraction of a probe to build).
 * The walk asks about the listings that pass the filters, and needs about (offset + page size) / among
 * probes, `among` being how densely the words lie among those listings; the set costs density × listings
 * entries, `density` being how densely the matches lie among all listings. So it walks when among ×
 * density × listings > PROBE_COST × (offset + page size), PROBE_COST being a probe's cost in set entries,
 * as measured (docs/performance.md); a walk that needs three times the expected probes gives up for the
 * set. Either way loses badly where the other wins: a word in most listings by date, or a rarer one by
 * price. A probe looks the listing up in every segment of the index, so its cost follows their number: 200
 * was measured on an index in many; with the index kept in one piece (the merge-search-index job) a probe
 * took 5-7 µs and a set entry 0.15-0.16 µs at a million listings (decision 0056).
 */
const PROBE_COST = 40;
const PROBE_WALK_MAX = 5000;
/**
 * SQLite: what reading a match from the text index (its id, date and price) and sorting it costs, in
 * entries of a sort index walked against the set of matches. Reading every match costs matches ×
 * READ_COST; the walk, (offset + page size) / density; with matches about density × listings, the matches
 * are read when density² × listings × READ_COST < offset + page size. Measured at a million listings
 * (docs/performance.md): a match read 5-7 µs, a walked entry 0.2-0.4 µs.
 */
const READ_COST = 25;
/**
 * SQLite: what reading a match's price from the text index costs (newest first, so from neighbouring
 * pages), in matches put in the set of every match (`pricedSet`): 0.5 µs against 0.2 for a common word at a
 * million listings (decision 0060).
 */
const PRICE_READ_COST = 2.5;
/**
 * SQLite, a search past the cap with a price range: how many times the rowids of the newest CAP + 1 matches
 * are read for those in the range, before the share found there chooses how to go on (newestInPriceRange).
 */
const PRICED_SPANS = 4;
/** PostgreSQL: how many listings a date or price page walks, at most, before it reads every match instead. */
const PG_PROBE_WALK = 2000;
/**
 * PostgreSQL: how far that walk goes on, at most, when the first PG_PROBE_WALK listings held matches but
 * not enough for the page: a listing walked costs about what a match read does (a row each, from the
 * table's pages in no useful order either way).
 */
const PG_PROBE_WALK_MAX = 20_000;
/**
 * PostgreSQL, by relevance or by date: past this many expected matches, the newest CAP (or to the end of
 * the page) are read month by month (newestMatchesByMonth) rather than every match with its row; fewer
 * cost less read at once.
 */
const PG_MONTHS_FROM = 2 * CAP;
/**
 * PostgreSQL: what each month after the first costs a statement that asks the live index for the matches of
 * several months (their lexemes OR-ed), in matches read with their rows. GIN reads the whole list of each
 * OR-ed month, where one month alone (AND-ed) it skips through: `fundamentals accounting` (3,254 matches)
 * in its newest 11 months took 92 ms in the index, in one month 6 ms, and reading every match's row 30 ms,
 * at a million listings (docs/performance.md).
 */
const PG_MONTH_COST = 900;
/**
 * PostgreSQL, browsing by a language or study level: what a listing read through the live index costs, in
 * entries of a covering index walked in sort order. Measured at a million listings: 3,500 listings read
 * that way took 19 ms, and a walk of a page ten deep 8-13 ms (docs/performance.md).
 */
const PG_FACET_ROW_COST = 10;

/**
 * SQLite: each campus's number in the campus index `books_fts_campus` (migration 022, which states it
 * again): a listing's key there is its campus's number times CAMPUS_SPAN plus its rowid, so a campus's
 * listings are one range of keys. A campus without a number is searched in `books_fts`, by its token.
 */
const CAMPUS_NUMBERS: Readonly<Record<string, number>> = { uct: 1, wits: 2, up: 3, sun: 4, uj: 5, ru: 6, ukzn: 7, uwc: 8, nmu: 9, ufs: 10 };
const CAMPUS_SPAN = 2 ** 40;

/** SQLite: the lowest key of a campus's listings in the campus index (exported for its test); none for a campus it does not number. */
export const campusKeyBase = (university: string): number | undefined =>
  Object.hasOwn(CAMPUS_NUMBERS, university) ? CAMPUS_NUMBERS[university]! * CAMPUS_SPAN : undefined;

/**
 * SQLite: the text index a search reads, and how a listing's key there relates to its rowid: the campus
 * index when given a campus's lowest key (`base`), else `books_fts`. `fts` is the index; `keyOf` a
 * listing's key in it from its rowid, `rowidOf` the reverse; `inRange` keeps a search to the campus's keys.
 */
function textIndex(base: number | undefined) {
  return {
    fts: sql.raw(base === undefined ? 'books_fts' : 'books_fts_campus'),
    keyOf: (rowid: string) => sql.raw(base === undefined ? rowid : `(${rowid} + ${base})`),
    rowidOf: (key: string) => sql.raw(base === undefined ? key : `(${key} - ${base})`),
    inRange: (key: string) => sql.raw(base === undefined ? '' : ` AND ${key} BETWEEN ${base} AND ${base + CAMPUS_SPAN - 1}`),
  };
}

/** What the catalogue shows: approved listings still for sale (`b` is the listing). */
const FOR_SALE = sql`b.status = 'approved' AND b.availability = 'available'`;

/**
 * PostgreSQL: a listing's words (`search_vector`) with its campus, category, language, study level and
 * condition as lexemes, each alone and every combination of them as one (postgresFacetQuery), its month
 * (`#t2026-11`, monthsQuery), and its words again with its campus before each (`#uuct:introduction`,
 * postgresCampusWordsQuery), as the live index `books_live_search_idx` holds them (migrations 024, 025 and
 * 028, whose expression this must equal for the planner to use the index; a test holds them to it).
 * Exported so the tests read the index as the catalogue does.
 */
export const LIVE_VECTOR = sql.raw(
  `(b.search_vector || array_to_tsvector(ARRAY['#u' || b.university, '#c' || b.category, '#l' || b.language, '#s' || b.study_level, '#d' || b.condition, '#t' || substr(b.created_at, 1, 7)]) || campus_words(b.search_vector, b.university) || facet_combinations(b.university, b.category, b.language, b.study_level, b.condition))`,
);

/** A price filter in cents, kept inside PostgreSQL's integer range (no listing costs more; beyond it PostgreSQL errs). */
const priceBound = (rand: number) => Math.min(Math.round(rand * 100), 2_147_483_647);

/** The catalogue's statements for one question: `page` (its ids, and for a search the total in the same
 * pass), `countUpTo` (the total up to a limit, when the page does not tell it) and, for a search on
 * SQLite, `common` (the statements of a search with more matches than the cap). Exported so the tests can
 * read their plans. */
export function catalogueStatements(db: Db, asked: CatalogueQuery, terms: string[], expansions?: ReadonlyMap<string, readonly string[]>) {
  const pg = isPostgres(db);
  const query = inBrowseOrder(asked, terms);
  /**
   * SQLite, browsing (no words, no course) with a language or study level: the covering indexes of
   * migration 007 can only check those entry by entry, walking the whole catalogue when few listings pass
   * (most languages and study levels are rare), so the text index's facet tokens answer it, as a search of
   * no words (decision 0047). A condition or a category alone stays with the covering indexes, whose walk
   * is short for them: 2 ms a page at a million listings, against 15 ms through the text index.
   */
  const facetCount = [query.category, query.condition, query.university, query.language, query.studyLevel].filter(Boolean).length;
  const byFacets = !pg && !terms.length && !query.course && (Boolean(query.language || query.studyLevel) || facetCount >= 2);
  const searched = terms.length > 0 || byFacets;
  const where: RawBuilder<unknown>[] = [FOR_SALE];
  if (query.category) where.push(sql`b.category = ${query.category}`);
  if (query.studyLevel) where.push(sql`b.study_level = ${query.studyLevel}`);
  if (query.condition) where.push(sql`b.condition = ${query.condition}`);
  if (query.language) where.push(sql`b.language = ${query.language}`);
  if (query.university) where.push(sql`b.university = ${query.university}`);
  /** The filters no text index holds (the price, and below the course), as they stand in `where`; on PostgreSQL, below, also the words when some are checked on the row. */
  const notInIndex: RawBuilder<unknown>[] = [];
  /**
   * The price range over the price column of `t`: the listing's row (`b`), or SQLite's text index (`f`),
   * which keeps each listing's price. `onRows`: written so that no index of the price can serve it (`+ 0`),
   * for PostgreSQL's browsing by filters through the live text index (`pgFacets`), which is taken only when
   * the filters leave few listings, and checks the price on those rows. Left to choose, the planner ANDed
   * the text index's list with the price index's: `minPrice=406` read 625,000 entries of the price index
   * (39 ms) to spare reading some of 2,878 rows already cached (0.3 ms from the index alone;
   * docs/performance.md, "PostgreSQL: filters together as one lexeme"). A search keeps the plain form: a
   * common word with a narrow range (`and` under R30) needs the price index's list, or it reads every match.
   */
  const priceIn = (t: string, onRows = false) => {
    const price = onRows ? sql`(${sql.ref(`${t}.price_cents`)} + 0)` : sql.ref(`${t}.price_cents`);
    return [
      ...(query.minPrice === undefined ? [] : [sql`${price} >= ${priceBound(query.minPrice)}`]),
      ...(query.maxPrice === undefined ? [] : [sql`${price} <= ${priceBound(query.maxPrice)}`]),
    ];
  };
  notInIndex.push(...priceIn('b'));
  let from: RawBuilder<unknown> = sql`books b`;
  // Books tagged with a course: the listings of that code (at that university) come from book_courses'
  // (code, university, book_id) index, so a course reads its own listings, not every live one. A listing
  // may carry one code at two universities, hence DISTINCT without a university.
  if (query.course) {
    const tagged = query.university
      ? sql`SELECT c.book_id FROM book_courses c WHERE c.code = ${query.course} AND c.university = ${query.university}`
      : sql`SELECT DISTINCT c.book_id FROM book_courses c WHERE c.code = ${query.course}`;
    if (!pg) {
      // On SQLite a course's listings are the place to start: CROSS JOIN makes it read the course's rows and
      // each listing by its key. Given `b.id IN (…)`, it walked a sorted catalogue index over every live
      // listing instead and tested each against the course's rows (docs/performance.md). With words, each
      // of the course's listings is then asked of the text index (below): starting from the words, a
      // common one with a course made it read all its matches to find the course's few.
      from = sql`(${tagged}) t CROSS JOIN books b ON b.id = t.book_id`;
    } else {
      notInIndex.push(sql`b.id IN (${tagged})`);
    }
  }
  where.push(...notInIndex);

  /**
   * PostgreSQL: whether a listing has the words, tested on its row, and how well it matches them (higher
   * is better); and the same words with the filters the live index holds (`pgIndexed`), which its GIN
   * index answers (migration 024).
   */
  let pgMatch: ((t: string) => RawBuilder<unknown>) | undefined;
  let pgRank: RawBuilder<unknown> | undefined;
  let pgIndexed: RawBuilder<unknown> | undefined;
  /** PostgreSQL, when some words are checked on the rows the index finds for the others: those others, as the row holds them. */
  let pgFoundByIndex: RawBuilder<unknown> | undefined;
  /** PostgreSQL: `pgIndexed` for the listings of some months only (`2026-11`), which the live index also answers. */
  let pgInMonths: ((months: readonly string[]) => RawBuilder<unknown>) | undefined;
  /** SQLite: the words (and the campus and category tokens) as the full-text index matches them. */
  let textMatch: string | undefined;
  /**
   * SQLite, words and no course: the index alone answers (its tokens include the campus, category,
   * language, study level and condition, and it keeps each listing's price, for a price range). It holds
   * live listings only, and keeps each one's id, date, price and ranked text (migration 021), so no
   * listing is looked up in `books`, whose rows lie a page each across the whole file.
   */
  let indexOnly = false;
  /**
   * SQLite, words on one campus: the campus index, whose range of keys for the campus holds its matches
   * (decision 0046), rather than `books_fts` and the campus token's list beside the words' (textIndex).
   */
  const base = !pg && searched && query.university ? campusKeyBase(query.university) : undefined;
  const searchedIndex = textIndex(base);
  const { fts, keyOf, rowidOf, inRange } = searchedIndex;
  if (searched) {
    if (pg) {
      const tsquery = sql`to_tsquery('simple', ${postgresTsQuery(terms)})`;
      pgMatch = (t) => sql`${sql.ref(`${t}.search_vector`)} @@ ${tsquery}`;
      // Worked out only by relevance's statements (pgSearch below), for each match as its row is read.
      pgRank = sql`ts_rank(b.search_vector, ${tsquery})`;
      // Each word with an expansion is asked of the index as the words it starts (decision 0050): the index
      // reads a prefix by collecting the lists of every word it starts, whole, before intersecting them with
      // anything. So when any word has an expansion, the words without one (more than MAX_WORDS start them:
      // `law`, with its course codes) are checked on the rows the index finds for the others, against the
      // stored tsvector; otherwise all are prefixes.
      const { expanded, rest } = postgresExpandedWords(terms, expansions);
      const inIndex = expanded ? terms.filter((t) => !rest.includes(t)) : terms;
      // All the words, as a row is checked anywhere else: a word the parser makes no lexeme of is left out
      // of the whole question, not matched alone as an empty one.
      if (expanded && rest.length) {
        notInIndex.push(pgMatch('b'));
        pgFoundByIndex = sql`b.search_vector @@ ${expanded}::tsquery`;
      }
      // On one campus, the words as the campus's lexemes: one list of the campus's matches in the index,
      // not every campus's and the campus's whole list beside it (decision 0049).
      const campusWords = query.university ? postgresCampusWordsQuery(query.university, inIndex, expansions) : undefined;
      const words = campusWords ? sql`${campusWords}::tsquery` : expanded ? sql`${expanded}::tsquery` : tsquery;
      const facets = postgresFacetQuery({ ...query, university: campusWords ? undefined : query.university });
      const indexed = facets ? sql`(${words} && ${facets}::tsquery)` : words;
      pgIndexed = sql`${LIVE_VECTOR} @@ ${indexed}`;
      pgInMonths = (months) => sql`${LIVE_VECTOR} @@ (${indexed} && ${monthsQuery(months)}::tsquery)`;
    } else {
      // The index holds live listings only, with their campus, category, language, study level and
      // condition as tokens, each alone and every combination of them as one (migrations 008, 023 and 027;
      // the campus index, all but the campus); the row checks above stay as the rule of what is shown
      // wherever a listing's row is read anyway.
      textMatch = sqliteMatch(
        terms,
        { ...query, university: base === undefined ? query.university : undefined },
        expansions,
      );
      // Relevance is worked out from the matches' text (relevance.ts), not by bm25 (decision 0038). A price
      // range is checked on the index's own price column: joined to `books` for it, SQLite walked a price
      // index over every live listing, running the full-text query once per listing (docs/performance.md,
      // Fix 6), and reading the matches' rows cost more than the index took to list them.
      indexOnly = !query.course;
      if (indexOnly) from = sql`${fts} f`;
    }
  }
  // The sort over columns of `t` (b, or the matches m), ending newest first, then by id, so pages never
  // overlap. Relevance is ranked apart (rankByRelevance on SQLite, pgSearch on PostgreSQL); a question
  // without words has no relevance to rank by and lists the newest first.
  const orderOver = (t: string) => {
    const c = (column: string) => sql.ref(`${t}.${column}`);
    const newest = sql`${c('created_at')} DESC, ${c('id')}`;
    return {
      relevance: newest,
      newest,
      price_asc: sql`${c('price_cents')} ASC, ${newest}`,
      price_desc: sql`${c('price_cents')} DESC, ${newest}`,
    }[query.sort];
  };

  // The listing's own conditions, and with them the words.
  const rowWhereSql = sql.join(where, sql` AND `);
  let whereSql = rowWhereSql;
  /**
   * PostgreSQL, a search: for sale (the live index's condition), the filters it does not hold, and the
   * words and the rest through it. The planner estimates the expression's matches from the statistics
   * ANALYZE keeps of the index's lexemes (migration 028 analyses the table once it is built), which cover
   * the commonest thousand and put every other at a fixed small share; statements that want an estimate, or
   * a walk in sort order, ask the words of the row (`rowMatched`), whose statistics are the column's own.
   */
  const rowMatched = pgMatch ? sql`${rowWhereSql} AND ${pgMatch('b')}` : rowWhereSql;
  if (pgIndexed) whereSql = sql.join([FOR_SALE, ...notInIndex, pgIndexed], sql` AND `);
  else if (textMatch && query.course) whereSql = sql`${rowWhereSql} AND EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${textMatch} AND rowid = ${keyOf('b.rowid')})`;
  else if (indexOnly) whereSql = sql.join([sql`${fts} MATCH ${textMatch}${inRange('f.rowid')}`, ...priceIn('f')], sql` AND `);
  /** Where a match's id, date and price are read from: the index's own columns when it answers alone, else the listing's row. */
  const matchTable = indexOnly ? 'f' : 'b';
  const offset = (query.page - 1) * query.pageSize;
  /** A search by date or price: the matches (from `from`, under `matchWhere`) sorted, one page of them with their number. */
  const searchPage = (matchWhere: RawBuilder<unknown>) =>
    // This visits every match before it can pick a page (to sort them), so the total is
    // counted in that same pass (a window over the matches) rather than by a second full-text query.
    // On PostgreSQL the matches are a MATERIALIZED step, found through the text index: otherwise,
    // seeing ORDER BY … LIMIT, it walks the price or date index over every live listing and tests each
    // against the words, not counting that the window must see every match anyway. SQLite already reads
    // the text index first (the CROSS JOIN above), and copying the matches would only slow it down
    // (figures in docs/performance.md).
    sql<{ id: string; total?: number | string }>`
      WITH m AS ${sql.raw(pg ? 'MATERIALIZED ' : '')}(SELECT ${sql.raw(`${matchTable}.id, ${matchTable}.created_at, ${matchTable}.price_cents`)} FROM ${from} WHERE ${matchWhere})
      SELECT m.id, count(*) OVER () AS total FROM m
      ORDER BY ${orderOver('m')} LIMIT ${query.pageSize} OFFSET ${offset}`;
  /**
   * The page in the sort's order, straight from the sort's index: browsing, which reads the page from the
   * covering indexes of migration 007 (its count comes apart), and on PostgreSQL a search whose words are
   * common (pgSearch below), testing each listing until the page is full.
   */
  /**
   * SQLite walks a date-sorted page in the date index when told to (`byDate`): given a price range with
   * both ends, it read the range from a price index and sorted it by date, whatever the LIMIT (decision 0047).
   * On one campus, the campus's own range of a date index (migration 029), where the catalogue-wide one
   * holds nine other campuses' listings for each of its own (decision 0059).
   */
  const hasPriceRange = query.minPrice !== undefined || query.maxPrice !== undefined;
  const dateIndex = query.university ? 'books_catalogue_university_newest_idx' : 'books_catalogue_newest_idx';
  const byDate = sql.raw(!pg && query.sort === 'newest' ? ` INDEXED BY ${dateIndex}` : '');
  const priceRangeBrowse = !pg && !searched && !query.course && hasPriceRange && query.sort === 'newest';
  const inSortOrder = sql<{ id: string; total?: number | string }>`SELECT b.id FROM ${from}${priceRangeBrowse ? byDate : sql``} WHERE ${whereSql} ORDER BY ${orderOver('b')} LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`;
  const page = searched ? searchPage(whereSql) : inSortOrder;
  /**
   * SQLite, browsing by date with a price range (no words, no course): the range read from the price index
   * and sorted by date, for when few listings pass the filters (findCataloguePage chooses by their count).
   * `inSortOrder` walks the date index instead, which fills a page at once when many pass, and walks the
   * whole catalogue when none do: 168 ms at a million listings for `maxPrice=20`, against 0.2 ms for the
   * range. Left to choose, SQLite read the range for every such page (269 ms for `minPrice=126`, page 20,
   * against 1.3 ms for the walk): LIMIT and OFFSET are written into both statements, and the walk names the
   * date index (`byDate`).
   */
  const priceRangeByDate = priceRangeBrowse
    ? sql<{ id: string }>`SELECT b.id FROM books b INDEXED BY books_catalogue_price_asc_idx WHERE ${whereSql} ORDER BY ${orderOver('b')} LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`
    : undefined;
  // The total, but reading no further than `upTo` matches: no order, so it stops at the first ones found.
  const countIn = (matchFrom: RawBuilder<unknown>, matchWhere: RawBuilder<unknown>) => (upTo: number) =>
    sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT 1 AS found FROM ${matchFrom} WHERE ${matchWhere} LIMIT ${upTo}) x`;
  const countUpTo = countIn(from, whereSql);

  // ---- SQLite, a search whose words match many listings (decision 0038) ----
  // Looking every match up in `books` costs a common word at a million listings many times what the text
  // index alone takes to list those matches (docs/performance.md). So a common search never looks up all of
  // its matches: ranked, it reads the newest CAP + 1, newest first as the index hands them over; by date or
  // price, the index alone is first asked how many there are (up to one past the cap) and how dense:
  // (A course's listings are few and read from the course, so its searches take the exact statements.)
  /** The newest CAP + 1 of `match` (the question's words and filters) in `index` (the one the search reads), with `conditions` on the index's columns. */
  const newestIn = (conditions: RawBuilder<unknown>[], match = textMatch, index = searchedIndex, limit = CAP + 1) => sql<NewestMatches>`
    SELECT count(*) AS n, ${index.rowidOf('max(rowid)')} AS last, ${index.rowidOf('min(rowid)')} AS first
    FROM (SELECT f.rowid FROM ${index.fts} f WHERE ${sql.join([sql`${index.fts} MATCH ${match}${index.inRange('f.rowid')}`, ...conditions], sql` AND `)} ORDER BY f.rowid DESC LIMIT ${sql.lit(limit)}) x`;
  /** Words with filters: the filters alone as `books_fts` matches them (its tokens include the campus). */
  const filtersAlone = terms.length && facetCount ? sqliteMatch([], query) : undefined;
  /** A walk's question of the text index about each listing: the words alone, the listing's row having passed the filters already. */
  const wordsAlone = terms.length ? sqliteMatch(terms, {}, expansions) : textMatch;
  /**
   * The listings in the price range (a price index's range: on one campus the campus's, and with a category
   * too the campus's in that category) that are in the set of every match: see `pricedSet` below.
   */
  const inPriceRange = sql`books b INDEXED BY ${sql.raw(query.university ? (query.category ? 'books_catalogue_category_idx' : 'books_catalogue_university_idx') : 'books_catalogue_price_asc_idx')}`;
  const inPriceRangeMatched = sql`${rowWhereSql} AND b.rowid IN (SELECT ${rowidOf('rowid')} FROM ${fts} WHERE ${fts} MATCH ${textMatch}${inRange('rowid')})`;
  const pricedSet = textMatch && hasPriceRange
    ? {
        page: sql<{ id: string; total: number | string }>`
      WITH m AS (SELECT b.id, b.created_at, b.price_cents FROM ${inPriceRange} WHERE ${inPriceRangeMatched})
      SELECT m.id, count(*) OVER () AS total FROM m ORDER BY ${orderOver('m')} LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`,
        countUpTo: countIn(inPriceRange, inPriceRangeMatched),
      }
    : undefined;
  const common = textMatch && {
    /**
     * The index alone, in one pass over its newest CAP + 1 matches (it keeps them in rowid order, newest
     * last, and reads them from that end): how many there are, counted no further than CAP + 1, and the
     * rowids of the newest and of the oldest of them, which tell how densely they lie among the listings.
     */
    newestMatches: newestIn([]),
    /**
     * The same for the matches in the price range, when there is one, checked on the index's own price
     * column (no course: the index answers alone): the newest `limit` of them, among the matches from the
     * rowid `since` on, or older than `before`, when given.
     */
    newestPriced: hasPriceRange
      ? ({ since, before, limit = CAP + 1 }: { since?: number; before?: number; limit?: number } = {}) =>
          newestIn(
            [
              ...priceIn('f'),
              ...(since === undefined ? [] : [sql`f.rowid >= ${keyOf(String(Math.floor(since)))}`]),
              ...(before === undefined ? [] : [sql`f.rowid < ${keyOf(String(Math.floor(before)))}`]),
            ],
            textMatch,
            searchedIndex,
            limit,
          )
      : undefined,
    /**
     * A price range that holds few of the matches: the listings in the range, read from a covering index
     * with the price first after the campus and category (when there are), each tested against the set of every
     * matching rowid; all of them, sorted (`page`, with their number), or counted (`countUpTo`). Reading
     * each match's price from the text index instead costs a read a match, for all of them when no more than
     * CAP are in the range: `and` over R2,400 read 400,000 (decision 0060).
     */
    pricedSet,
    /**
     * Words with filters: the newest CAP + 1 listings with those filters, words aside, which tell how
     * densely the filters leave listings, and so how densely the words lie among the listings a walk of a
     * sort index tests (those that pass the filters).
     */
    newestFiltered: filtersAlone ? newestIn([], filtersAlone, textIndex(undefined)) : undefined,
    /**
     * Ranked: the matches with the text relevance.ts scores them by, one value a listing (the index's
     * `ranked` when it answers alone; made from the listing's row where that row is read anyway); all of
     * them, or the `newest` that pass the row filters, newest first as the index keeps them (no sort).
     */
    candidates: (newest?: number) => sql<CandidateRow>`
      SELECT ${sql.raw(`${matchTable}.id, ${matchTable}.created_at`)}, ${indexOnly ? sql`f.ranked` : RANKED_TEXT} AS ranked FROM ${from}
      WHERE ${whereSql}${newest === undefined ? sql`` : sql` ORDER BY f.rowid DESC LIMIT ${sql.lit(newest)}`}`,
    /**
     * By date or price, when the words are in many of the listings: the sort's covering index (migration
     * 007, or on one campus 029) walked in order for at most `walk` entries, each asked of the text index by
     * its rowid, until the page is full. (This and `sorted` leave a course out: findCataloguePage never asks
     * them for one, whose few listings the exact statements read.) The walk is in sort order, so a page found within it is the exact page: SQLite runs a
     * subquery with ORDER BY and LIMIT as a co-routine (it never flattens one) that hands its rows on in
     * that order, and an outer ORDER BY would make it probe the whole walk before answering. The test
     * "both ways SQLite pages a common search" holds it to the exact page.
     */
    probed: (walk: number) => sql<{ id: string }>`
      SELECT x.id FROM (SELECT b.id, b.rowid AS r FROM books b${byDate} WHERE ${rowWhereSql} ORDER BY ${orderOver('b')} LIMIT ${sql.lit(walk)}) x
      WHERE EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${wordsAlone} AND rowid = ${keyOf('x.r')})
      LIMIT ${sql.lit(offset + query.pageSize)}`,
    /**
     * By date or price otherwise: the same index walked against the set of every matching rowid, which
     * the text index lists without a lookup in `books` (~0.1 µs a match). The exact answer, whatever the page.
     * LIMIT and OFFSET are written into the statement (whole numbers of the validated query): given them
     * as parameters, SQLite cannot tell a page is small and, with a price range, read the price index's
     * range and sorted it by date. By date it walks the date index whatever the filters: with a narrow
     * price range SQLite chose that range and a sort, many times slower (docs/performance.md). Filters
     * alone (no words) need no set: the sort index holds them all, and listing every listing that has them
     * from the text index cost more than the walk (`condition=acceptable&studyLevel=undergraduate`, 100,000
     * and more).
     */
    sorted: sql<{ id: string }>`
      SELECT b.id FROM books b${byDate}
      WHERE ${rowWhereSql}${terms.length ? sql` AND b.rowid IN (SELECT ${rowidOf('rowid')} FROM ${fts} WHERE ${fts} MATCH ${textMatch}${inRange('rowid')})` : sql``}
      ORDER BY ${orderOver('b')} LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`,
  };
  // ---- PostgreSQL, a search (decision 0039) ----
  // The text index (GIN) lists a search's matches in no order, so `page` reads every match's row (and ranks
  // each, by relevance). Which way costs least depends on how many listings match, which the planner
  // estimates from its statistics without reading any (`estimate`, EXPLAIN):
  const pgSearch = pgMatch && pgRank && {
    /** The planner's estimate of the matches (the words and the row filters): a plan, no rows read. */
    estimateMatches: sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM books b WHERE ${rowMatched}`,
    /** The count up to a limit with the words checked on each row: the planner walks the table and stops at the limit. */
    countWalked: countIn(from, rowMatched),
    /**
     * When some words are checked on the rows the index finds for the others: the planner's estimate of
     * those rows, every one of which reading every match reads.
     */
    estimateFoundByIndex: pgFoundByIndex && sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM books b WHERE ${rowWhereSql} AND ${pgFoundByIndex}`,
    /**
     * Relevance, from the matches: each one's row read once (id, date and ts_rank, through the text index),
     * the newest CAP of them ranked among themselves, as SQLite ranks its newest matches; the count from
     * the same reading. Ranking each match while its row is at hand costs less than reading the newest CAP
     * rows again to rank them (two common words, 3,254 matches: 9-11 ms against 18-20).
     */
    rankedFromMatches: sql<{ id: string; total: number | string }>`
      WITH m AS MATERIALIZED (SELECT b.id, b.created_at, ${pgRank} AS rank FROM books b WHERE ${whereSql}),
        n AS (SELECT m.id, m.created_at, m.rank FROM m ORDER BY m.created_at DESC, m.id LIMIT ${sql.lit(CAP)})
      SELECT n.id, (SELECT count(*) FROM m) AS total FROM n
      ORDER BY n.rank DESC, n.created_at DESC, n.id LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`,
    /** The months of the oldest and newest listings for sale (`2026-11`), from the date index's two ends. */
    liveMonths: sql<{ first: string | null; last: string | null }>`
      SELECT substr(min(b.created_at), 1, 7) AS first, substr(max(b.created_at), 1, 7) AS last FROM books b WHERE ${FOR_SALE}`,
    /** The matches listed in those months, newest first (then by id, as every sort ends): the index lists them, and only their rows are read. */
    matchesIn: (months: readonly string[]) =>
      sql<{ id: string }>`SELECT b.id FROM books b WHERE ${sql.join([FOR_SALE, ...notInIndex, pgInMonths!(months)], sql` AND `)} ORDER BY b.created_at DESC, b.id`,
    /** Those listings (the newest CAP matches) ranked: a page of them, best first. */
    rankedAmong: (ids: readonly string[]) => sql<{ id: string }>`
      SELECT b.id FROM books b WHERE b.id IN (${sql.join(ids)})
      ORDER BY ${pgRank} DESC, b.created_at DESC, b.id LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`,
    /**
     * Relevance, by date: the newest CAP matches (and one more, which tells whether there are more) found
     * by walking the date index and testing each listing's tsvector (words in many listings fill it after
     * CAP / their share of listings), each ranked as it is found.
     */
    rankedNewest: sql<{ id: string; total: number | string }>`
      WITH n AS MATERIALIZED (SELECT b.id, b.created_at, ${pgRank} AS rank FROM books b WHERE ${rowMatched} ORDER BY b.created_at DESC, b.id LIMIT ${sql.lit(CAP + 1)})
      SELECT k.id, (SELECT count(*) FROM n) AS total
      FROM (SELECT n.id, n.created_at, n.rank FROM n ORDER BY n.created_at DESC, n.id LIMIT ${sql.lit(CAP)}) k
      ORDER BY k.rank DESC, k.created_at DESC, k.id LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`,
    /** By date or price, walking the sort's index without the window that counts every match (the count comes from `countUpTo`). */
    sorted: sql<{ id: string }>`SELECT b.id FROM books b WHERE ${rowMatched} ORDER BY ${orderOver('b')} LIMIT ${sql.lit(query.pageSize)} OFFSET ${sql.lit(offset)}`,
    /**
     * By date or price, when the estimate says the words are rare among the listings the filters leave: at
     * most `walk` of those listings in the sort's order, each tested, in case the words are common among
     * them after all (the planner takes a word and a filter to be independent: `law` in the law category
     * is estimated at 7,843 listings and is in 73,387). The listings up to the end of the page when there
     * are that many; otherwise the exact statement answers.
     */
    probed: (walk: number) => sql<{ id: string }>`
      SELECT x.id FROM (SELECT b.id, b.created_at, b.price_cents, b.search_vector FROM books b WHERE ${rowWhereSql} ORDER BY ${orderOver('b')} LIMIT ${sql.lit(walk)}) x
      WHERE ${pgMatch('x')}
      ORDER BY ${orderOver('x')} LIMIT ${sql.lit(offset + query.pageSize)}`,
  };
  // ---- PostgreSQL, browsing with a language or a study level (decision 0049) ----
  // Most languages and study levels are rare, and the covering indexes can only test them listing by
  // listing: three rare filters, a price range and page 18 walked for 1.9 s at a million listings. The live
  // index holds them as lexemes (migration 024), so when the filters leave few listings, the index lists
  // them, their rows are read and sorted, and the page comes from those, as a search's does.
  const facetQuery =
    pg && !terms.length && !query.course && (query.language || query.studyLevel)
      ? postgresFacetQuery(query)
      : '';
  // Without words or a course, the price is all the index does not hold (notInIndex), checked on the rows.
  const facetWhere = facetQuery && sql.join([FOR_SALE, ...priceIn('b', true), sql`${LIVE_VECTOR} @@ ${facetQuery}::tsquery`], sql` AND `);
  const pgFacets = facetWhere && {
    /** The planner's estimate of the listings the filters leave (from the columns' statistics). */
    estimate: sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM books b WHERE ${rowWhereSql}`,
    /** The page, with the count, from the listings the index lists. */
    page: searchPage(facetWhere),
    countUpTo: countIn(sql`books b`, facetWhere),
  };
  return { page, countUpTo, priceRangeByDate, common: common || undefined, pgSearch: pgSearch || undefined, pgFacets: pgFacets || undefined };
}

/**
 * What relevance.ts scores a listing by, as one value (one string a candidate to hand over rather than
 * six): title, ISBN and its digits, course codes, authors and publisher, joined by U+001F, which no
 * listing's text holds (packages/shared text.ts turns control characters into spaces). The index keeps the
 * same as its `ranked` column (migration 021, frozen, states it again); this one is made from a row read
 * anyway (for a row filter or a course).
 */
const RANKED_TEXT = sql.raw(`b.title || char(31) || b.isbn || ' ' || b.isbn_digits || char(31) || b.course_codes || char(31) || b.author || char(31) || b.publisher`);

/** SQLite: how many of the newest matches were read (no more than CAP + 1), and the rowids of the newest and the oldest of them. */
interface NewestMatches {
  n: number | string;
  last: number | null;
  first: number | null;
}

interface CandidateRow {
  id: string;
  created_at: string;
  /** RANKED_TEXT. */
  ranked: string;
}

/** The candidates' ids, best match first (relevance.ts), then newest, then id (as every sort ends). */
function rankByRelevance(rows: CandidateRow[], terms: string[]): string[] {
  const relevanceOf = rankedTextScorer(terms);
  return rows
    .map((r) => ({ r, score: relevanceOf(r.ranked) }))
    .sort((a, b) => b.score - a.score || (a.r.created_at < b.r.created_at ? 1 : a.r.created_at > b.r.created_at ? -1 : a.r.id < b.r.id ? -1 : a.r.id > b.r.id ? 1 : 0))
    .map(({ r }) => r.id);
}

/**
 * SQLite, a search past the cap with a price range: first the matches in the range among the newest
 * PRICED_SPANS × (CAP + 1) matches only (the rowids the newest CAP + 1 span, that many times over). When
 * CAP + 1 of them are in the range, that is the answer; when fewer, the share of them in the range says
 * what reading on would cost (each match's price read from the index until CAP + 1 pass: with no more than
 * CAP in the range, all of them, twice) against the set of every match tested on the range's entries of a
 * price index (`pricedSet`). Reading on continues below the rowids already read. Returns the newest CAP + 1
 * matches in the range as newestPriced gives them, or the page itself when the set answers it (decision 0060).
 * Exported for its test.
 */
export async function newestInPriceRange(
  db: Db,
  common: NonNullable<ReturnType<typeof catalogueStatements>['common']>,
  newest: NewestMatches,
  density: number,
): Promise<NewestMatches | { rows: { id: string }[]; total: number }> {
  const priced = common.newestPriced!;
  const last = Number(newest.last ?? 0);
  const since = last - PRICED_SPANS * (last - Number(newest.first ?? 0) + 1);
  // The newest matches are most of them: read them all, as before.
  if (since <= 0) return (await priced().execute(db)).rows[0]!;
  const first = (await priced({ since }).execute(db)).rows[0]!;
  const n = Number(first.n);
  if (n > CAP) return first;
  // Reading on finds the CAP + 1 - n more in the range after (CAP + 1 - n) ÷ share more matches; or, with no
  // more than CAP of them in the range, reads every match left, and the exact page every match again. The
  // set costs a match each, and each listing in the range (about share × listings) about as much again
  // (0.24 µs an entry).
  const share = n / (PRICED_SPANS * (CAP + 1));
  const matches = density * last;
  const left = share * matches > CAP ? (CAP + 1 - n) / share : Math.max(0, 2 * matches - PRICED_SPANS * (CAP + 1));
  if (matches + share * last < left * PRICE_READ_COST) {
    const rows = (await common.pricedSet!.page.execute(db)).rows;
    // Past the last page there is no row to carry the count.
    const total = rows[0] ? Number(rows[0].total) : Number((await common.pricedSet!.countUpTo(CAP + 1).execute(db)).rows[0]?.n ?? 0);
    return { rows, total };
  }
  const rest = (await priced({ before: since, limit: CAP + 1 - n }).execute(db)).rows[0]!;
  const more = Number(rest.n);
  return { n: n + more, last: n ? first.last : rest.last, first: more ? rest.first : first.first };
}

/**
 * PostgreSQL: the planner's estimate of the listings for sale, which every search weighs its matches
 * against. It is the same statement each time and its answer moves only when the table's statistics are
 * renewed (autovacuum's ANALYZE), so a process plans it once a minute rather than once a search.
 */
const LIVE_ESTIMATE_MS = 60_000;
const liveEstimates = new WeakMap<Db, { rows: Promise<number>; at: number }>();
function estimatedLive(db: Db): Promise<number> {
  const known = liveEstimates.get(db);
  if (known && performance.now() - known.at < LIVE_ESTIMATE_MS) return known.rows;
  const rows = planRows(db, sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM books b WHERE ${FOR_SALE}`);
  liveEstimates.set(db, { rows, at: performance.now() });
  // A failed plan is not kept: the next search asks again.
  rows.catch(() => liveEstimates.get(db)?.rows === rows && liveEstimates.delete(db));
  return rows;
}

/** PostgreSQL: the rows the planner expects a statement to give (its EXPLAIN, which reads none). */
async function planRows(db: Db, explain: RawBuilder<{ 'QUERY PLAN': unknown }>): Promise<number> {
  const plan = (await explain.execute(db)).rows[0]?.['QUERY PLAN'] as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.max(1, plan?.[0]?.Plan['Plan Rows'] ?? 1);
}

/**
 * SQLite: a word its tokenizer splits in two (a letter newer than its Unicode tables, such as U+A7B5) is a
 * phrase, which an index without positions (migration 020) refuses to match. No listing's text holds such
 * a phrase as words the index could find, so the search finds nothing rather than failing.
 */
const unmatchable = (err: unknown) => err instanceof Error && /phrase queries are not supported/.test(err.message);

/** One page of a question's ids and its total; `expansions` (prefix-expansions.ts) make words typed as prefixes cheap to match. */
export async function searchCatalogue(db: Db, query: CatalogueQuery, terms: string[], expansions?: ReadonlyMap<string, readonly string[]>): Promise<CataloguePage> {
  try {
    return await findCataloguePage(db, query, terms, expansions);
  } catch (err) {
    if (unmatchable(err)) return { ids: [], total: 0, capped: false };
    throw err;
  }
}

/** Without words there is no relevance to rank by, and a page lists the newest first: the question as `newest`. */
const inBrowseOrder = (query: CatalogueQuery, terms: string[]): CatalogueQuery => (!terms.length && query.sort === 'relevance' ? { ...query, sort: 'newest' } : query);

async function findCataloguePage(db: Db, asked: CatalogueQuery, terms: string[], expansions?: ReadonlyMap<string, readonly string[]>): Promise<CataloguePage> {
  const query = inBrowseOrder(asked, terms);
  const statements = catalogueStatements(db, query, terms, expansions);
  const capped = (n: number): Omit<CataloguePage, 'ids'> => ({ total: Math.min(n, CAP), capped: n > CAP });
  /** The total up to the cap, by the question's count (`countUpTo`) or another way of counting the same listings. */
  const countUpToCap = async (count = statements.countUpTo) => capped(Number((await count(CAP + 1).execute(db)).rows[0]?.n ?? 0));
  const common = statements.common;
  const offset = (query.page - 1) * query.pageSize;
  const end = offset + query.pageSize;
  if (common) {
    if (query.sort === 'relevance') {
      // The newest CAP that pass the filters (one more tells whether there are more), so every page up to
      // the total holds listings, whatever the filters leave; fewer are every match. A course's matches
      // are few and read from the course, not in the index's order: all of them.
      const rows = (await common.candidates(query.course ? undefined : CAP + 1).execute(db)).rows;
      return { ids: rankByRelevance(query.course ? rows : rows.slice(0, CAP), terms).slice(offset, end), ...capped(rows.length) };
    }
    const newest = query.course ? undefined : (await common.newestMatches.execute(db)).rows[0];
    if (newest && Number(newest.n) > CAP) {
      // How dense the matches are: CAP + 1 of them among the listings between the oldest of those and the
      // newest (`spread`); with the newest's rowid, about how many there are in all.
      const last = Number(newest.last ?? 0);
      const spread = (m: NewestMatches) => Number(m.n) / Math.max(Number(m.n), Number(m.last ?? 0) - Number(m.first ?? 0) + 1);
      const density = spread(newest);
      // The total says "more than CAP" without a price range (the index's own count says so). With one,
      // the newest matches in it, checked on the index's price column in the index's order until CAP + 1
      // pass, say how many there are and how densely they lie: the walks below find those. When no more
      // than CAP pass, every match has just been read, and the exact statement reads the same for the page;
      // the walk or the set would go on looking for listings that are not there (decision 0047). (Counted
      // against the set of matches on a sort index instead, a price range made SQLite walk most of that
      // range, several times slower.)
      const priced = common.newestPriced && (await newestInPriceRange(db, common, newest, density));
      if (priced && 'rows' in priced) return { ids: priced.rows.map((r) => r.id), ...capped(priced.total) };
      const found = priced ? capped(Number(priced.n)) : capped(CAP + 1);
      if (!found.capped) return { ids: (await statements.page.execute(db)).rows.map((r) => r.id), ...found };
      // How densely the sort index's entries hold what the page wants, for how far a walk goes through the
      // index: by price it walks the price range only (the index's range), where the words lie as densely
      // as anywhere; by date, every listing, where the matches in the price range lie as densely as their
      // newest do.
      const walked = priced && query.sort === 'newest' ? spread(priced) : density;
      // Matches thinly spread (a word with a rare filter, or on one campus, a page deep): the walk would go
      // through most of the sort index for the page's end (end / walked entries), where reading each match
      // from the index (about density × last of them) and sorting them is the exact page for less.
      if (density * walked * last * READ_COST < end) return { ids: (await statements.page.execute(db)).rows.map((r) => r.id), ...found };
      // Dense words fill a page within a short walk; sparser ones get the set of their matches (about
      // density × last of them). The walk asks the text index only about the listings that pass the filters,
      // where the words lie as densely as their matches do among the listings with those filters (`among`;
      // the price range taken to be independent of the words): `and` in biology is in 1 listing in 15 of the
      // catalogue, and in 5 of 6 of its biology listings. `among` is at most 1: a set no larger than the
      // probes of a walk through listings that all match is built without asking how dense the filters are.
      const worthAsking = terms.length > 0 && density * last > PROBE_COST * end;
      const filteredShare = worthAsking && common.newestFiltered ? spread((await common.newestFiltered.execute(db)).rows[0]!) : 1;
      const among = Math.min(1, density / filteredShare);
      const walk = Math.ceil((3 * end) / among);
      const probe = worthAsking && among * density * last > PROBE_COST * end && walk <= PROBE_WALK_MAX;
      const probed = probe ? (await common.probed(walk).execute(db)).rows : [];
      const rows = probed.length >= end ? probed.slice(offset) : (await common.sorted.execute(db)).rows;
      return { ids: rows.map((r) => r.id), ...found };
    }
  }
  const pgSearch = statements.pgSearch;
  if (pgSearch) {
    const [matches, live, foundByIndex] = await Promise.all([
      planRows(db, pgSearch.estimateMatches),
      estimatedLive(db),
      pgSearch.estimateFoundByIndex && planRows(db, pgSearch.estimateFoundByIndex),
    ]);
    // Rows read for each match when every match is read: more than one when some words are checked on the
    // rows the index finds for the others (`understanding law`: 5,042 matches among some 40,000 rows read).
    const readEach = foundByIndex ? Math.max(1, foundByIndex / matches) : 1;
    // A walk in index order visits about `needed` × live / matches listings before it has the `needed`
    // it wants; reading every match visits `matches` of them. So it walks when matches² > needed × live.
    const walks = (needed: number) => matches * matches > needed * live;
    // Words in more than a few times CAP listings, not so many that the walk finds the newest `needed`
    // soon: their newest matches month by month, rather than every match. Not numbers alone (an ISBN or
    // its digits), which the planner has no statistics for and expects thousands of: they find a few.
    // Two words or more go month by month however few matches the planner expects (unless a walk finds
    // the page soon, or they are numbers alone): the planner takes words to be independent, and two words
    // of one title (`approach modern`) were estimated at 23 listings when 55,904 had both (reading them all
    // took 280 ms). The newest month alone comes first, and the months go on only while they cost less than
    // reading every match (newestMatchesByMonth, `cheaper`), so words that are rare together cost one
    // month's question more (decision 0055).
    const numbers = terms.every((t) => /^\d+$/.test(t));
    const byMonths = (needed: number) => !numbers && !walks(needed) && (matches > PG_MONTHS_FROM || terms.length > 1);
    if (query.sort === 'relevance') {
      const newest = byMonths(CAP) ? await newestMatchesByMonth(db, pgSearch, matches, CAP + 1, true, readEach) : undefined;
      if (newest) {
        const ids = newest.slice(0, CAP).map((r) => r.id);
        const page = offset < ids.length ? (await pgSearch.rankedAmong(ids).execute(db)).rows.map((r) => r.id) : [];
        return { ids: page, ...capped(newest.length) };
      }
      const rows = (await (walks(CAP) ? pgSearch.rankedNewest : pgSearch.rankedFromMatches).execute(db)).rows;
      // Past the last page there is no row to carry the count.
      return { ids: rows.map((r) => r.id), ...(rows[0] ? capped(Number(rows[0].total)) : await countUpToCap()) };
    }
    if (walks(end)) {
      // The count too, when a walk finds CAP + 1 matches soon: through the index, every match of the words
      // is first listed in a bitmap (`and`, in most listings: 81 ms, against 1.6 walked; decision 0055).
      const found = await countUpToCap(walks(CAP + 1) ? pgSearch.countWalked : statements.countUpTo);
      return { ids: (await pgSearch.sorted.execute(db)).rows.map((r) => r.id), ...found };
    }
    // By date, the page is the newest matches' from `offset`; read at least CAP + 1, which counts them too.
    if (query.sort === 'newest' && byMonths(end)) {
      const newest = await newestMatchesByMonth(db, pgSearch, matches, Math.max(end, CAP + 1), true, readEach);
      if (newest) return { ids: newest.slice(offset, end).map((r) => r.id), ...capped(newest.length) };
    }
    // The walk costs at most PG_PROBE_WALK row reads, less than reading the matches is expected to.
    if (matches > PG_PROBE_WALK) {
      const probed = (await pgSearch.probed(PG_PROBE_WALK).execute(db)).rows;
      if (probed.length >= end) return { ids: probed.slice(offset).map((r) => r.id), ...(await countUpToCap()) };
      // The walk found matches, not yet the page's end: as dense as they were, the end is that much further
      // on (with half again to spare). The planner takes the words and the filters to be independent and
      // can expect a tenth of the matches there are: `introduction` under R260 at page 19 read its 30,000
      // matches in 550 ms, where a walk of 9,000 listings finds the page.
      const further = probed.length ? Math.ceil((1.5 * end * PG_PROBE_WALK) / probed.length) : Infinity;
      if (further <= PG_PROBE_WALK_MAX) {
        const walked = (await pgSearch.probed(further).execute(db)).rows;
        if (walked.length >= end) return { ids: walked.slice(offset).map((r) => r.id), ...(await countUpToCap()) };
      }
    }
  }
  const pgFacets = statements.pgFacets;
  if (pgFacets) {
    const [matches, live] = await Promise.all([planRows(db, pgFacets.estimate), estimatedLive(db)]);
    // The walk in sort order visits about `end` × live / matches entries of a covering index; the index
    // lists the matches, and each is read from its row, some ten times the cost of an entry walked.
    if (PG_FACET_ROW_COST * matches * matches <= end * live) {
      const rows = (await pgFacets.page.execute(db)).rows;
      // Past the last page there is no row to carry the count.
      const found = rows[0] ? capped(Number(rows[0].total)) : await countUpToCap(pgFacets.countUpTo);
      return { ids: rows.map((r) => r.id), ...found };
    }
  }
  if (statements.priceRangeByDate) {
    // Past the cap, enough listings pass for the date index's walk to fill the page soon; fewer, and the
    // price range holds them all, and reading it costs about what counting them did.
    const found = await countUpToCap();
    const rows = (await (found.capped ? statements.page : statements.priceRangeByDate).execute(db)).rows;
    return { ids: rows.map((r) => r.id), ...found };
  }
  const rows = (await statements.page.execute(db)).rows;
  // The count only when it is not already known (from the window, or from a short first page).
  let found: Omit<CataloguePage, 'ids'>;
  if (rows[0]?.total !== undefined) found = capped(Number(rows[0].total));
  else if (query.page === 1 && rows.length < query.pageSize) found = capped(rows.length);
  else found = await countUpToCap();
  return { ids: rows.map((r) => r.id), ...found };
}

/**
 * PostgreSQL: the newest matches (`wanted` of them, or all when there are no more), newest first: the
 * matches of the newest months, then of the months before those, and so on, until more than CAP are
 * found, each step as many months as should hold the rest (`expected`, the planner's estimate of the
 * matches, sizes the first). Every match of a month is newer than every match of the
 * months before it, so the newest `wanted` of those read are the newest of all. Undefined when the
 * listings' dates are not ISO dates, and, when `cheaper`, when so many months would be asked for at once
 * that reading every match costs less (decision 0054), reading each match costing `readEach` rows
 * (decision 0055). Exported for its test.
 */
export async function newestMatchesByMonth(
  db: Db,
  search: NonNullable<ReturnType<typeof catalogueStatements>['pgSearch']>,
  expected: number,
  wanted = CAP + 1,
  cheaper = false,
  readEach = 1,
) {
  const live = (await search.liveMonths.execute(db)).rows[0];
  const months = live?.first && live.last ? monthsBack(live.first, live.last) : [];
  if (!months.length) return undefined;
  /** How many months should hold `wanted` more matches, at `perMonth` a month, with a quarter to spare. */
  const monthsFor = (wanted: number, perMonth: number) => Math.max(1, Math.ceil((1.25 * wanted) / perMonth));
  const found: { id: string }[] = [];
  // Each step reads the index's lists of the words again, so as few steps as will do: the first as many
  // months as the planner's estimate says hold `wanted` matches, spread evenly. When `cheaper`, the newest
  // month alone first (its lexeme AND-ed with the words costs the index little), which tells how many
  // matches a month holds better than the planner can (it takes two words to be independent: `made
  // simple` is estimated at a twentieth of its 58,287 matches).
  for (let from = 0, size = cheaper ? 1 : monthsFor(wanted, expected / months.length); from < months.length && found.length < wanted; ) {
    found.push(...(await search.matchesIn(months.slice(from, from + size)).execute(db)).rows);
    from += size;
    // Then as many as the months read so far say hold the rest; all the rest when those say the months hold
    // fewer than `wanted` in all (the estimate can be far off: an ISBN's prefix, say).
    const perMonth = found.length / from;
    size = perMonth * months.length < wanted ? months.length - from : monthsFor(wanted - found.length, perMonth);
    // Matches so few that many months would be asked for at once: reading every match costs less. (With
    // none found yet, the planner's estimate says how many a month holds.)
    const rate = found.length ? perMonth : expected / months.length;
    const left = wanted - found.length;
    if (cheaper && left > 0 && from < months.length && (monthsFor(left, rate) - 1) * PG_MONTH_COST + left * readEach > rate * (months.length - from) * readEach) return undefined;
  }
  // Each step's rows come newest first, and each step's months are older than the last's.
  return found.slice(0, wanted);
}

/**
 * How many books the question finds, counted no further than `upTo`: whether a corrected search finds
 * more than the misspelt one did (service.ts) needs a handful, not the thousands a common word matches.
 */
export async function countCatalogueUpTo(db: Db, query: CatalogueQuery, terms: string[], upTo: number, expansions?: ReadonlyMap<string, readonly string[]>): Promise<number> {
  try {
    const rows = (await catalogueStatements(db, query, terms, expansions).countUpTo(upTo).execute(db)).rows;
    return Number(rows[0]?.n ?? 0);
  } catch (err) {
    if (unmatchable(err)) return 0;
    throw err;
  }
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

/**
 * SQLite: the words of the live index (any column the student's words are matched against) that start
 * with `prefix`, with how many listings have each, read from fts5vocab by its term range (migration 010).
 * Its cost grows with those words' listings, so prefix-expansions.ts keeps the answer for a while.
 */
export async function sqliteWordsStartingWith(db: Db, prefix: string): Promise<VocabularyWord[]> {
  const rows = await sql<{ word: string; listings: number }>`
    SELECT term AS word, sum(doc) AS listings FROM books_fts_vocab
    WHERE term >= ${prefix} AND term < ${`${prefix}\u{10FFFF}`} AND col != 'facets' GROUP BY term`.execute(db);
  return rows.rows;
}

/**
 * PostgreSQL: for each prefix, the first `most` words in `search_lexemes` (migration 026) that start with
 * it, in byte order, each once (the table may hold a word twice): a range of its index each, all in one
 * statement.
 */
export async function postgresWordsStartingWith(db: Db, prefixes: readonly string[], most: number): Promise<Map<string, string[]>> {
  const rows = await sql<{ prefix: string; word: string }>`
    SELECT p.prefix, l.word FROM unnest(${[...prefixes]}::text[]) AS p(prefix)
    CROSS JOIN LATERAL (
      SELECT DISTINCT word FROM search_lexemes WHERE word >= p.prefix AND word < p.prefix || ${'\u{10FFFF}'} ORDER BY word LIMIT ${most}
    ) l`.execute(db);
  const words = new Map<string, string[]>(prefixes.map((p) => [p, []]));
  for (const r of rows.rows) words.get(r.prefix)?.push(r.word);
  return words;
}

/**
 * SQLite: the words of live listings' titles, authors and publishers, with how many listings have each
 * (migration 010's fts5vocab); with `range`, only the words from `from` (inclusive) to `to` (exclusive),
 * which fts5vocab reads by seeking to `from` in each of the index's segments.
 */
export async function sqliteVocabulary(db: Db, range: { from?: string | undefined; to?: string | undefined } = {}): Promise<VocabularyWord[]> {
  const bounds = [
    ...(range.from === undefined ? [] : [sql`term >= ${range.from}`]),
    ...(range.to === undefined ? [] : [sql`term < ${range.to}`]),
  ];
  const rows = await sql<{ word: string; listings: number }>`
    SELECT term AS word, sum(doc) AS listings FROM books_fts_vocab
    WHERE col IN ('title', 'author', 'publisher')${sql.join(bounds.map((b) => sql` AND ${b}`), sql``)} GROUP BY term`.execute(db);
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

// ---- SQLite: keeping the live text index in one piece (docs/decisions/0038-catalogue-at-national-scale.md) ----

/** SQLite: the live text indexes, every campus's (`books_fts`) and the one in campus order (`books_fts_campus`, migration 022). */
export const SQLITE_TEXT_INDEXES = ['books_fts', 'books_fts_campus'] as const;
export type SqliteTextIndex = (typeof SQLITE_TEXT_INDEXES)[number];

/**
 * SQLite: how many segments a live index is in, and how many pages it holds. FTS5 writes each change as a
 * small segment of its own and merges them in groups (its automerge), so a catalogue written one listing
 * at a time ends up in several, and a search reads each word's list from every one of them.
 */
export async function sqliteIndexShape(db: Db, index: SqliteTextIndex): Promise<{ segments: number; pages: number }> {
  const row = (
    await sql<{ segments: number; pages: number }>`
      SELECT (SELECT count(DISTINCT segid) FROM ${sql.table(`${index}_idx`)}) AS segments, (SELECT count(*) FROM ${sql.table(`${index}_data`)}) AS pages`.execute(db)
  ).rows[0];
  return { segments: Number(row?.segments ?? 0), pages: Number(row?.pages ?? 0) };
}

/**
 * SQLite: one step of merging the live index's segments into one, writing about `pages` pages, in a
 * transaction of its own; whether the step found work to do (FTS5 tells so only by the changes it makes:
 * two or more). The first step (`start`) gives FTS5's 'merge' a negative count, which takes every segment
 * into one merge; later ones a positive count, which carries that merge on. Given a negative count again,
 * FTS5 would take the segments written since into a new merge, starting over, so a merge that listings
 * keep being written during would never end.
 */
export async function mergeSqliteIndexStep(db: Db, index: SqliteTextIndex, pages: number, start: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changes = async () => Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(trx)).rows[0]?.n ?? 0);
    const before = await changes();
    await sql`INSERT INTO ${sql.table(index)}(${sql.ref(index)}, rank) VALUES ('merge', ${start ? -Math.abs(pages) : Math.abs(pages)})`.execute(trx);
    return (await changes()) - before >= 2;
  });
}
