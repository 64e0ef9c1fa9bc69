// Reading listings, for anyone: the Book JSON every route and module returns (photos, the seller's public
// summary and rating), who may see which listing, and who may fetch which stored photo. Approved books
// look the same to everyone, so they are read through the catalogue cache when there is one.
import { LIMITS, centsToRand, toIsbn13, type Book, type BookImage, type BookSeller, type BookStatus, type Student, type UniversityId } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { batchedLoads } from '../../lib/batched-loads.ts';
import { notFound } from '../../lib/errors.ts';
import { isValidKey } from '../../lib/photo-store.ts';
import { publicStudents } from '../accounts/service.ts';
import type { CatalogueCache, PhotoOwner } from './public-cache.ts';
import * as repo from './repository.ts';
import type { BookCourseRow, BookImageRow, BookParts, BookRow } from './repository.ts';

/** The URL of a stored file: the same whatever the listing's status; who may fetch it is `photoAudience`'s rule. */
export const uploadUrl = (key: string) => `/uploads/${key}`;

/** Who a stored photo is served to: everyone (cacheable for a year) or only the viewer asking (cached nowhere). */
export type PhotoAudience = 'public' | 'private';

/** The most books one shared statement reads (as many as a statement kept prepared holds ids: compiled-by-count.ts). */
const BOOK_READ_BATCH = 100;

/** Approved listings are everyone's to see; the others only their seller's and the admins'. */
const mayView = (viewer: Student | null, status: BookStatus, sellerId: string) =>
  status === 'approved' || (viewer !== null && (viewer.id === sellerId || viewer.role === 'admin'));

/** How many of an edition's copies count towards its price, and their median in cents (edition_medians, migration 013). */
export interface EditionMedian {
  copies: number;
  median_cents: number;
}

/**
 * "Good price" (docs/decisions/0028-new-prices-and-good-price.md): a listing for sale now whose price is
 * below the median of its edition's copies. The median is GET /editions/:isbn's `price.median`, over the
 * same copies: approved and available or sold (reserved, pending and declined ones do not count; the
 * listing itself does). Fewer than LIMITS.goodPriceMinCopies copies make no median worth the name, so an
 * edition with one or two has no mark; a listing whose stored ISBN is not a valid one has no edition.
 */
function isGoodPrice(row: Pick<BookRow, 'status' | 'availability' | 'price_cents'>, median: EditionMedian | undefined): boolean {
  return (
    row.status === 'approved' &&
    row.availability === 'available' &&
    median !== undefined &&
    median.copies >= LIMITS.goodPriceMinCopies &&
    row.price_cents < median.median_cents
  );
}

/** The median that counts for this row: its edition's, when its stored ISBN is one (a valid ISBN-13). */
const medianFor = (row: BookRow, parts: BookParts): EditionMedian | undefined =>
  parts.median_copies !== null && parts.median_cents !== null && toIsbn13(row.isbn) === row.isbn ? { copies: parts.median_copies, median_cents: parts.median_cents } : undefined;

/** A listing as the API's `Book` (packages/shared/src/api-types.ts): rand from cents, photo URLs, the seller's public summary. */
export function toBookJson(
  row: BookRow,
  images: readonly Pick<BookImageRow, 'position' | 'path_full' | 'path_thumb' | 'width' | 'height'>[],
  seller: BookSeller,
  courses: readonly Pick<BookCourseRow, 'university' | 'code'>[],
  goodPrice = false,
): Book {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    isbn: row.isbn,
    publisher: row.publisher,
    publicationYear: row.publication_year,
    language: row.language as Book['language'],
    category: row.category as Book['category'],
    studyLevel: row.study_level as Book['studyLevel'],
    condition: row.condition as Book['condition'],
    price: centsToRand(row.price_cents),
    edition: row.edition,
    numberOfPages: row.number_of_pages,
    description: row.description,
    additionalNotes: row.additional_notes,
    status: row.status,
    availability: row.availability,
    declineReason: row.decline_reason,
    images: [...images]
      .sort((a, b) => a.position - b.position)
      .map((i): BookImage => ({ url: uploadUrl(i.path_full), thumbUrl: uploadUrl(i.path_thumb), width: i.width, height: i.height })),
    courses: courses.map((c) => ({ university: c.university as UniversityId, code: c.code })),
    goodPrice,
    seller,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Reads ratings through `db`: inside a transaction on SQLite's single connection, another handle would wait forever. */
export type RatingsProvider = (studentIds: string[], db: Db) => Promise<Map<string, { rating: number; count: number }>>;

export function createListingReader(ctx: AppContext, cache?: CatalogueCache) {
  /** Reviews belong to the orders module; it hands in how to read sellers' ratings (app.ts). */
  let ratingsOf: RatingsProvider = async () => new Map();

  /** The public summary of each seller, with their average rating: the one place a seller summary is made. */
  async function loadSellerSummaries(db: Db, sellerIds: readonly string[]): Promise<Map<string, BookSeller>> {
    const ids = [...new Set(sellerIds)];
    const [students, ratings] = await Promise.all([publicStudents(db, ids), ratingsOf(ids, db)]);
    return new Map(
      students.map((s) => {
        const r = ratings.get(s.id);
        return [s.id, { id: s.id, firstName: s.firstName, university: s.university as UniversityId, rating: r?.rating ?? null, reviewCount: r?.count ?? 0, verified: s.verified }];
      }),
    );
  }

  /**
   * Seller summaries, from the catalogue cache when there is one: a seller's books share one, so a book
   * read for the first time usually costs the one statement of its own row and parts. Inside a
   * transaction (db is not the app's handle) the caller must see its own view, never the cache.
   */
  async function sellerSummaries(db: Db, sellerIds: readonly string[]): Promise<Map<string, BookSeller>> {
    if (!cache || db !== ctx.db) return loadSellerSummaries(db, sellerIds);
    return cache.sellers.readMany([...new Set(sellerIds)], (missing) => loadSellerSummaries(db, missing));
  }

  /** Book JSON from rows, their parts and their sellers, keeping the order (a seller with no public summary, an erased account, keeps an empty one). */
  function assemble(found: readonly { row: BookRow; parts: BookParts | undefined }[], sellers: ReadonlyMap<string, BookSeller>): Book[] {
    return found.map(({ row, parts }) =>
      toBookJson(
        row,
        parts?.images ?? [],
        sellers.get(row.seller_id) ?? { id: row.seller_id, firstName: '', university: row.university as UniversityId, rating: null, reviewCount: 0, verified: false },
        parts?.courses ?? [],
        parts !== undefined && isGoodPrice(row, medianFor(row, parts)),
      ),
    );
  }

  /** Book JSON for rows already read: their parts in one statement and their sellers, at the same time. */
  async function toBooks(rows: readonly BookRow[], db: Db = ctx.db): Promise<Book[]> {
    const [parts, sellers] = await Promise.all([repo.findPartsOf(db, rows.map((r) => r.id)), sellerSummaries(db, rows.map((r) => r.seller_id))]);
    return assemble(rows.map((row) => ({ row, parts: parts.get(row.id) })), sellers);
  }

  async function toBook(row: BookRow, db: Db = ctx.db): Promise<Book> {
    const [book] = await toBooks([row], db);
    return book!;
  }

  const byId = (found: { row: BookRow; parts: BookParts }[]) => new Map(found.map((f) => [f.row.id, f]));
  /**
   * Rows and parts read through the app's handle on PostgreSQL, where each statement is a round trip: the
   * books asked for while one statement is out go together in the next (batchedLoads). With five requests
   * at a time on a process, a book read the first time costs half as much (docs/decisions/0053-book-reads-in-batches.md).
   */
  const sharedRows = isPostgres(ctx.db) ? batchedLoads(async (ids: readonly string[]) => byId(await repo.findBooksWithParts(ctx.db, ids)), BOOK_READ_BATCH) : undefined;
  /** Rows and parts by id; inside a transaction (db is not the app's handle) on its own connection, as it must. */
  const rowsWithParts = async (db: Db, ids: readonly string[]) => (db === ctx.db && sharedRows ? sharedRows(ids) : byId(await repo.findBooksWithParts(db, ids)));

  /**
   * Book JSON for these ids in the same order (ids with no book are skipped), whatever their status.
   * Approved books look the same to everyone, so they come from the catalogue cache when there is one.
   */
  async function booksByIds(ids: readonly string[], db: Db = ctx.db): Promise<Book[]> {
    const load = async (wanted: readonly string[]) => {
      const found = await rowsWithParts(db, wanted);
      const ordered = wanted.flatMap((id) => found.get(id) ?? []);
      return assemble(ordered, await sellerSummaries(db, ordered.map((f) => f.row.seller_id)));
    };
    // Inside a transaction (db is not the app's handle) the caller must see its own view, never the cache.
    if (!cache || db !== ctx.db) return load(ids);
    const found = await cache.books.readMany(ids, async (missing) => new Map((await load(missing)).map((b) => [b.id, b])), (b) => b.status === 'approved');
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** A listing's status and seller for its photos, from memory when the catalogue cache is there. */
  async function photoOwner(bookId: string): Promise<PhotoOwner | null> {
    const load = async () => {
      const row = await repo.findPhotoOwner(ctx.db, bookId);
      return row ? { status: row.status, sellerId: row.seller_id } : null;
    };
    return cache ? cache.photoOwners.read(bookId, load) : load();
  }

  return {
    toBooks,
    toBook,
    sellerSummaries,
    booksByIds,

    /**
     * A seller's newest `limit` listings for sale now (approved and available), as Book JSON through the
     * catalogue cache, and how many they have: their public profile (docs/decisions/0034-public-profiles.md).
     */
    async forSaleBy(sellerId: string, limit: number): Promise<{ books: Book[]; total: number }> {
      const { ids, total } = await repo.listForSaleBySeller(ctx.db, sellerId, limit);
      // A listing reserved or taken down between the two reads is left out.
      const books = await booksByIds(ids);
      return { books: books.filter((b) => b.status === 'approved' && b.availability === 'available'), total };
    },

    /** Where seller ratings come from (the orders module's reviews). */
    useRatings(provider: RatingsProvider) {
      ratingsOf = provider;
    },

    /** A listing as `viewer` may see it: approved ones for anyone, others only for the owner or an admin. */
    async viewBook(viewer: Student | null, id: string): Promise<Book> {
      const [book] = await booksByIds([id]);
      if (!book || !mayView(viewer, book.status, book.seller.id)) throw notFound();
      return book;
    },

    /**
     * Who may fetch the stored photo `key`. Its folder is its listing (`<bookId>/<file>`), and a photo is
     * seen by whoever may see that listing: 'public' while it is approved; 'private' for its seller and
     * the admins while it is pending or declined; null (404, as for a file that does not exist) for anyone
     * else and for a key of no listing. `viewer` reads the session and is called only for photos that are
     * not public, so the catalogue's photos cost neither a session lookup nor, once the listing is in the
     * cache, a query.
     *
     * An edit sends an approved listing back to review, and its photos follow it: hidden again until the
     * next approval, and for good if it is then declined. Copies public caches took while it was approved
     * cannot be called back, but nothing links to them any more; photos the edit replaced are new files,
     * never public before a moderator has seen them. Letting once-approved photos stay public would need a
     * record of approval per photo and would leave a declined listing's photos public.
     */
    async photoAudience(key: string, viewer: () => Promise<Student | null>): Promise<PhotoAudience | null> {
      const slash = key.indexOf('/');
      if (slash < 1 || !isValidKey(key)) return null;
      const owner = await photoOwner(key.slice(0, slash));
      if (!owner) return null;
      if (owner.status === 'approved') return 'public';
      return mayView(await viewer(), owner.status, owner.sellerId) ? 'private' : null;
    },
  };
}

export type ListingReader = ReturnType<typeof createListingReader>;
