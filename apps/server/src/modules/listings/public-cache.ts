// The public catalogue's read cache: approved books by id, catalogue pages, editions by ISBN, and who may
// see a listing's photos, dead as soon as anything a Book is built from changes (the listing, its photos, its seller, the
// seller's reviews), on this process or, with REDIS_URL, on any other
// (docs/decisions/0022-catalogue-read-cache-as-it-stands.md).
import type { Book, BookSeller, BookStatus, Edition, ListResponse } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { createReadCache, localGeneration, redisGeneration, type Generation, type ReadCache } from '../../lib/read-cache.ts';
import type { CourseListings } from '../catalogue/service.ts';

/** The tables Book JSON is read from: a write to any of them may change what a visitor should see. (The
 * editions' medians behind `goodPrice` are written by triggers on `books`, so a write to `books` covers them.) */
export const BOOK_SOURCE_TABLES = ['books', 'book_images', 'book_courses', 'students', 'reviews'] as const;

/** What the cached answers are read from: Book JSON's tables, and the new prices editions carry. */
export const CACHE_SOURCE_TABLES = [...BOOK_SOURCE_TABLES, 'edition_prices'] as const;

const GENERATION_KEY = 'reshelf:catalogue:generation';
export const MAX_AGE_MS = 30_000;

/** What decides who may fetch a listing's photos. */
export interface PhotoOwner {
  status: BookStatus;
  sellerId: string;
}

export interface CatalogueCache {
  /** Book JSON by id; only approved books are kept (others depend on who asks). */
  books: ReadCache<Book>;
  /** Sellers' public summaries (name, campus, rating, verified) by id: every book of a seller carries the same one. */
  sellers: ReadCache<BookSeller>;
  /** Catalogue answers by their normalised query. */
  pages: ReadCache<ListResponse<Book>>;
  /**
   * Each listing's status and seller by id (null: no such listing), asked once per photo request: every
   * photo of the catalogue pages is one, so they are answered from memory, not with a query each.
   */
  photoOwners: ReadCache<PhotoOwner | null>;
  /** Editions by ISBN-13 (null: no approved listing has that ISBN); built from listings, their photos and the new prices. */
  editions: ReadCache<Edition | null>;
  /** Each course's newest listings for sale and their number, by `<university> <code>` ("Books for your courses"). */
  courseListings: ReadCache<CourseListings>;
  /** Stops listening to the database (the app is closing). */
  close(): void;
}

export function createCatalogueCache(ctx: Pick<AppContext, 'database' | 'redis'>, onError: (err: unknown) => void): CatalogueCache {
  const generation: Generation = ctx.redis ? redisGeneration(ctx.redis, GENERATION_KEY, onError) : localGeneration();
  // An entry serves at most this long whatever happens: a bump lost to a Redis outage, or a change made
  // to the database by something other than a Reshelf server (an operator's SQL, a restore).
  const maxAgeMs = MAX_AGE_MS;
  const books = createReadCache<Book>(generation, { max: 20_000, maxAgeMs });
  const sellers = createReadCache<BookSeller>(generation, { max: 20_000, maxAgeMs });
  const pages = createReadCache<ListResponse<Book>>(generation, { max: 500, maxAgeMs });
  // An entry is a listing id, a status and a seller id: 20,000 of them take a few megabytes.
  const photoOwners = createReadCache<PhotoOwner | null>(generation, { max: 20_000, maxAgeMs });
  const editions = createReadCache<Edition | null>(generation, { max: 5_000, maxAgeMs });
  // An entry is a dozen ids and a count: 10,000 courses (every code at every campus, many times over) fit in a few megabytes.
  const courseListings = createReadCache<CourseListings>(generation, { max: 10_000, maxAgeMs });
  const stop = ctx.database.onWrite(CACHE_SOURCE_TABLES, async () => {
    try {
      await generation.bump();
    } catch (err) {
      // Redis is unreachable: this process forgets what it holds; the others cannot read the generation
      // either and load from the database meanwhile (and their entries expire within maxAgeMs).
      books.clear();
      sellers.clear();
      pages.clear();
      photoOwners.clear();
      editions.clear();
      courseListings.clear();
      onError(err);
    }
  });
  return { books, sellers, pages, photoOwners, editions, courseListings, close: stop };
}
