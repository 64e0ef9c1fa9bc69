// The public catalogue: approved, available listings, searched with ranking, filtered, sorted, paged;
// and, for a search that finds few or no books, a corrected query when a misspelt word is to blame
// (docs/decisions/0024-search-that-forgives.md); and "Books for your courses" for a signed-in student
// (docs/decisions/0029-student-courses.md).
import { LIMITS, type Book, type CatalogueList, type CatalogueQuery, type CourseBooksResponse, type ListResponse, type Student } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { postgresCorrector, sqliteCorrector, type CorrectWords } from './corrections.ts';
import { postgresPrefixExpander } from './prefix-expansions.ts';
import {
  countCatalogueUpTo,
  findCourseListings,
  findOwnCourseListings,
  mergeSqliteIndexStep,
  SQLITE_TEXT_INDEXES,
  type SqliteTextIndex,
  searchCatalogue,
  sqliteIndexShape,
  type CataloguePage,
  type CourseListings,
} from './repository.ts';

export type { CourseListings } from './repository.ts';
import { searchTerms } from './search-terms.ts';
import { SUGGEST_AT_MOST, correctedQuery, isCorrectable, searchText } from './spelling.ts';

/** How the catalogue turns typed text into search words; wishlist entries' search words match listings the same way. */
export { searchTerms } from './search-terms.ts';

/** Finds one page of ids and the total; on SQLite the search thread's (search-thread.ts), else the repository's. */
export type FindPage = (query: CatalogueQuery, terms: string[]) => Promise<CataloguePage>;

/** How many books a question finds, counted no further than `upTo`. */
export type CountUpTo = (query: CatalogueQuery, terms: string[], upTo: number) => Promise<number>;

export interface SpellingOptions {
  /** On SQLite the search thread's (its vocabulary lives there); by default the main connection's. */
  correct?: CorrectWords | undefined;
  /** On SQLite the search thread's; by default the main connection's. */
  countUpTo?: CountUpTo | undefined;
  /** Told when suggestions cannot be worked out (e.g. pg_trgm is not installed); the search still answers. */
  warn: (err: unknown) => void;
}

/**
 * How many listings beyond those shown each course keeps in the cache, so a seller's own listings among
 * the newest can be left out without asking again (a seller with more than this many among them is).
 */
const OWN_LISTINGS_MARGIN = 6;

/**
 * SQLite: the live text index is merged into one segment when it is in more than this many. At a million
 * listings a search's work on an index in eleven segments (as a million listings written one at a time
 * left it) was a tenth more than on one, and searches over HTTP answered 10-14% fewer a second
 * (docs/performance.md).
 */
const INDEX_SEGMENTS_KEPT = 4;
/** Pages a merge step writes: about 15 ms each at a million listings, 52 ms the longest measured, with a turn of the event loop between steps. */
const MERGE_STEP_PAGES = 200;

/**
 * SQLite: merges a live text index into one segment, `stepPages` at a time (mergeSqliteIndexStep: the
 * first step starts the merge, the later ones carry it on), the event loop turning between steps so
 * requests go on being answered; each step holds the main thread for its length. Listings written
 * meanwhile are new segments, left for the next merge. It stops after writing about twice the index's
 * `pages` (sqliteIndexShape) whatever FTS5 says, a bound in case it never says it is done. Returns the
 * steps that did work.
 */
export async function mergeSqliteIndex(db: Db, index: SqliteTextIndex, stepPages: number, pages: number): Promise<number> {
  const most = 2 * Math.ceil(pages / stepPages) + 10;
  let steps = 0;
  while (steps < most && (await mergeSqliteIndexStep(db, index, stepPages, steps === 0))) {
    steps++;
    await nextTurn();
  }
  return steps;
}

export function createCatalogueService(
  ctx: AppContext,
  hydrate: (ids: string[]) => Promise<Book[]>,
  pages?: ReadCache<ListResponse<Book>>,
  searchThreadFind?: FindPage,
  spelling: SpellingOptions = { warn: () => {} },
  courseListings?: ReadCache<CourseListings>,
) {
  // Without a search thread, the main connection answers; on PostgreSQL with the words each search word
  // starts (prefix-expansions.ts).
  const expand = isPostgres(ctx.db) ? postgresPrefixExpander(ctx.db) : undefined;
  const findPage: FindPage = searchThreadFind ?? (async (query, terms) => searchCatalogue(ctx.db, query, terms, await expand?.(terms)));
  const correct = spelling.correct ?? (isPostgres(ctx.db) ? postgresCorrector(ctx.db) : sqliteCorrector(ctx.db));
  const countUpTo = spelling.countUpTo ?? (async (query, terms, upTo) => countCatalogueUpTo(ctx.db, query, terms, upTo, await expand?.(terms)));
  const warned = new Set<string>();

  /** The query with its unknown words corrected, if that finds more books than `total` with the same filters. */
  async function suggest(query: CatalogueQuery, terms: string[], total: number): Promise<string | null> {
    const words = terms.filter(isCorrectable);
    if (!words.length || !query.q) return null;
    try {
      const corrections = await correct(words);
      if (!corrections.size) return null;
      const suggestion = correctedQuery(query.q, corrections);
      if (!suggestion) return null;
      // Whether it finds more, not how many: a corrected common word matches thousands, and counting them
      // all was most of a misspelt search's time (docs/performance.md).
      const found = await countUpTo({ ...query, q: suggestion }, terms.map((t) => corrections.get(t) ?? t), total + 1);
      return found > total ? suggestion : null;
    } catch (err) {
      // No suggestion is no worse than before; the search itself has answered. Said once per kind of failure.
      const key = err instanceof Error ? err.message : String(err);
      if (!warned.has(key)) {
        warned.add(key);
        spelling.warn(err);
      }
      return null;
    }
  }

  return {
    /**
     * SQLite: builds the spelling vocabulary now rather than on the first misspelt search, which would
     * otherwise wait for it (1.7 s at a million listings; corrections.ts). The server asks once it listens.
     * PostgreSQL keeps its vocabulary in a table, so there is nothing to build.
     */
    async prepareSuggestions(): Promise<void> {
      if (isPostgres(ctx.db)) return;
      try {
        await correct([]);
      } catch (err) {
        spelling.warn(err);
      }
    },

    /**
     * SQLite (the scheduled job 'merge-search-index'): each live text index (SQLITE_TEXT_INDEXES) in
     * more than INDEX_SEGMENTS_KEPT segments is merged into one (mergeSqliteIndex). The merge rewrites the
     * whole index: 291 steps, 4.6 s in all, for `books_fts` at a million listings. Returns the steps that
     * did work. PostgreSQL's text index needs nothing of the kind.
     */
    async mergeSearchIndex(stepPages = MERGE_STEP_PAGES): Promise<number> {
      if (isPostgres(ctx.db)) return 0;
      let steps = 0;
      for (const index of SQLITE_TEXT_INDEXES) {
        const { segments, pages } = await sqliteIndexShape(ctx.db, index);
        if (segments > INDEX_SEGMENTS_KEPT) steps += await mergeSqliteIndex(ctx.db, index, stepPages, pages);
      }
      return steps;
    },

    async search(query: CatalogueQuery): Promise<CatalogueList> {
      const terms = query.q ? searchTerms(query.q) : [];
      // Text with no searchable characters (only punctuation) finds nothing rather than everything.
      if (query.q && !terms.length) return { items: [], total: 0, totalCapped: false, page: query.page, pageSize: query.pageSize, suggestion: null };
      const load = async (): Promise<CatalogueList> => {
        const { ids, total, capped } = await findPage(query, terms);
        // Worked out only for a search that finds few books, so the common search costs nothing more;
        // kept in the cached page with the rest.
        const suggestion = terms.length && total <= SUGGEST_AT_MOST ? await suggest(query, terms, total) : null;
        return { items: await hydrate(ids), total, totalCapped: capped, page: query.page, pageSize: query.pageSize, suggestion };
      };
      // The same question in other words ('Calculus ' and 'calculus') is one entry. Keyed by the text the
      // suggestion repeats, not only by its terms: 'calculas!' and 'calculas' (or 'calculas calculas')
      // search alike but are each suggested what they typed, so they are entries of their own.
      const key = JSON.stringify({ ...query, q: query.q === undefined ? undefined : searchText(query.q) });
      return pages ? (pages.read(key, load) as Promise<CatalogueList>) : load();
    },

    /**
     * For each of the student's course codes, in their order: the newest books for sale tagged with it at
     * their university and sold there, never their own listings, and how many there are. Each course's
     * newest listings are the same for every student who takes it, so they are read through the catalogue
     * cache (one statement for the courses it does not hold); the student's own are then left out, and
     * the books' JSON comes through `hydrate` (the catalogue's book cache).
     */
    async courseBooks(student: Pick<Student, 'id' | 'university' | 'courses'>): Promise<CourseBooksResponse> {
      const { university, courses: codes } = student;
      if (!codes.length) return { courses: [] };
      const perCourse = LIMITS.courseBooksPerCourse;
      const window = perCourse + OWN_LISTINGS_MARGIN;
      const keyOf = (code: string) => `${university} ${code}`;
      const load = (wanted: readonly string[]) => findCourseListings(ctx.db, { university, codes: wanted, perCourse: window });
      const [cached, own] = await Promise.all([
        courseListings
          ? courseListings.readMany(codes.map(keyOf), async (keys) => {
              const loaded = await load(keys.map((key) => key.slice(university.length + 1)));
              return new Map([...loaded].map(([code, listings]) => [keyOf(code), listings]));
            })
          : load(codes).then((loaded) => new Map([...loaded].map(([code, listings]) => [keyOf(code), listings]))),
        findOwnCourseListings(ctx.db, { university, codes, seller: student.id }),
      ]);
      const picked = await Promise.all(
        codes.map(async (code) => {
          const mine = new Set(own.filter((row) => row.code === code).map((row) => row.id));
          let course = cached.get(keyOf(code)) ?? { listings: [], total: 0 };
          // A seller whose own listings fill the window: their course read for them alone, far enough to get past them.
          if (course.listings.length === window && course.listings.filter((l) => !mine.has(l.id)).length < perCourse) {
            course = (await findCourseListings(ctx.db, { university, codes: [code], perCourse: window + mine.size })).get(code)!;
          }
          const ids = course.listings.filter((l) => !mine.has(l.id)).map((l) => l.id);
          return { code, ids, total: Math.max(0, course.total - mine.size) };
        }),
      );
      const books = new Map(
        // A book reserved or withdrawn since its course was read is left out rather than offered.
        (await hydrate([...new Set(picked.flatMap((p) => p.ids))])).filter((b) => b.status === 'approved' && b.availability === 'available').map((b) => [b.id, b]),
      );
      return {
        courses: picked.map(({ code, ids, total }) => ({
          code,
          university,
          total,
          books: ids.flatMap((id) => books.get(id) ?? []).slice(0, perCourse),
        })),
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
