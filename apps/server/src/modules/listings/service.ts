// Listing rules: a seller lists a book with 4 to 6 photos (all or nothing), edits it (back to moderation),
// withdraws it; who may see which listing; the moderation transitions; the Book JSON everyone returns;
// and erasing a deleted account's listings and photos.
import {
  LIMITS,
  MESSAGES,
  centsToRand,
  fieldErrors,
  firstIssueMessage,
  listingEditSchema,
  listingSchema,
  type Book,
  type BookImage,
  type BookSeller,
  type BookStatus,
  type ListingBody,
  type ListingEditBody,
  type Student,
  type UniversityId,
  randToCents,
} from '@reshelf/shared';
import { createHash } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { BooksTable } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { processImages, type ProcessedImage } from '../../lib/images.ts';
import { isValidKey, type Storage } from '../../lib/storage.ts';
import { createIdempotency } from '../idempotency/service.ts';
import type { CatalogueCache, PhotoOwner } from './public-cache.ts';
import * as repo from './repository.ts';
import type { BookImageRow, BookRow } from './repository.ts';

type Db = AppContext['db'];

export const LISTING_SOLD_MESSAGE = 'This book has been sold and cannot be changed';
export const NOT_PENDING_MESSAGE = 'This listing is not waiting for moderation';

/** The URL of a stored file: the same whatever the listing's status; who may fetch it is `photoAudience`'s rule. */
export const uploadUrl = (key: string) => `/uploads/${key}`;

/** Who a stored photo is served to: everyone (cacheable for a year) or only the viewer asking (cached nowhere). */
export type PhotoAudience = 'public' | 'private';

/** Approved listings are everyone's to see; the others only their seller's and the admins'. */
const mayView = (viewer: Student | null, status: BookStatus, sellerId: string) =>
  status === 'approved' || (viewer !== null && (viewer.id === sellerId || viewer.role === 'admin'));

/** A listing as the API's `Book` (packages/shared/src/api-types.ts): rand from cents, photo URLs, the seller's public summary. */
export function toBookJson(row: BookRow, images: readonly BookImageRow[], seller: BookSeller): Book {
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
    images: [...images].sort((a, b) => a.position - b.position).map((i): BookImage => ({ url: uploadUrl(i.path_full), thumbUrl: uploadUrl(i.path_thumb) })),
    seller,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A payload as the API's 400: the first failing rule as `error`, every field's first message in `fields`. */
function parseOrThrow<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof firstIssueMessage>[0] }): T {
  if (result.success) return result.data;
  throw badRequest(firstIssueMessage(result.error), fieldErrors(result.error));
}

/** `bookData` of POST /books, already JSON-parsed. Unknown fields (studentId, status, ...) are dropped. */
export function parseListing(raw: unknown): ListingBody {
  return parseOrThrow(listingSchema.safeParse(raw ?? {}));
}

export function parseListingEdit(raw: unknown): ListingEditBody {
  return parseOrThrow(listingEditSchema.safeParse(raw ?? {}));
}

function checkImageCount(count: number) {
  if (count < LIMITS.minImages) throw badRequest(MESSAGES.minImages, { images: MESSAGES.minImages });
  if (count > LIMITS.maxImages) throw badRequest(MESSAGES.maxImages, { images: MESSAGES.maxImages });
}

function lockedError(row: BookRow) {
  return row.availability === 'sold' ? conflict(LISTING_SOLD_MESSAGE, 'LISTING_SOLD') : conflict(MESSAGES.listingLocked, 'LISTING_LOCKED');
}

const imageKeys = (images: readonly BookImageRow[]) => images.flatMap((i) => [i.path_full, i.path_thumb]);

/** Reads ratings through `dbh`: inside a transaction on SQLite's single connection, another handle would wait forever. */
export type RatingsProvider = (studentIds: string[], dbh: Db) => Promise<Map<string, { rating: number; count: number }>>;

export type ModerationDecision = { status: 'approved' } | { status: 'declined'; reason: string };

export function createListingsService(ctx: AppContext, storage: Storage, cache?: CatalogueCache) {
  const { db, clock } = ctx;
  const now = () => iso(clock.now());
  const idempotency = createIdempotency(ctx);

  async function removeFiles(keys: readonly string[]) {
    // A file that cannot be removed must not turn a finished request into a failure.
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  }

  /** Stores processed photos of `bookId`; on failure removes what it stored and rethrows. */
  async function storeImages(bookId: string, processed: readonly ProcessedImage[]) {
    const stored: string[] = [];
    try {
      const rows = [];
      for (const [position, image] of processed.entries()) {
        const imageId = newId();
        const full = `${bookId}/${imageId}-full.webp`;
        const thumb = `${bookId}/${imageId}-thumb.webp`;
        await storage.put(full, image.full.data, 'image/webp');
        stored.push(full);
        await storage.put(thumb, image.thumb.data, 'image/webp');
        stored.push(thumb);
        rows.push({ id: imageId, book_id: bookId, position, path_full: full, path_thumb: thumb, width: image.full.width, height: image.full.height });
      }
      return { rows, keys: stored };
    } catch (err) {
      await removeFiles(stored);
      throw err;
    }
  }

  /** Reviews belong to the orders module; it hands in how to read sellers' ratings (app.ts). */
  let ratingsOf: RatingsProvider = async () => new Map();

  /** The public summary of each seller, with their average rating: the one place a seller summary is made. */
  async function sellerSummaries(dbh: Db, sellerIds: readonly string[]): Promise<Map<string, BookSeller>> {
    const ids = [...new Set(sellerIds)];
    const [rows, ratings] = await Promise.all([repo.findSellers(dbh, ids), ratingsOf(ids, dbh)]);
    return new Map(
      rows.map((s) => {
        const r = ratings.get(s.id);
        return [s.id, { id: s.id, firstName: s.first_name, university: s.university as UniversityId, rating: r?.rating ?? null, reviewCount: r?.count ?? 0 }];
      }),
    );
  }

  /** Book JSON for many rows with two queries (photos, sellers), keeping the rows' order. */
  async function toBooks(rows: readonly BookRow[], dbh: Db = db): Promise<Book[]> {
    const [images, sellers] = await Promise.all([
      repo.findImagesOf(dbh, rows.map((r) => r.id)),
      sellerSummaries(dbh, rows.map((r) => r.seller_id)),
    ]);
    const byBook = new Map<string, BookImageRow[]>();
    for (const image of images) byBook.set(image.book_id, [...(byBook.get(image.book_id) ?? []), image]);
    return rows.map((row) =>
      toBookJson(
        row,
        byBook.get(row.id) ?? [],
        sellers.get(row.seller_id) ?? { id: row.seller_id, firstName: '', university: row.university as UniversityId, rating: null, reviewCount: 0 },
      ),
    );
  }

  /**
   * Book JSON for these ids in the same order (ids with no book are skipped), whatever their status.
   * Approved books look the same to everyone, so they come from the catalogue cache when there is one.
   */
  async function booksByIds(ids: readonly string[], dbh: Db = db): Promise<Book[]> {
    const load = async (wanted: readonly string[]) => {
      const rows = await repo.findBooks(dbh, wanted);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return toBooks(wanted.flatMap((id) => byId.get(id) ?? []), dbh);
    };
    // Inside a transaction (dbh is not db) the caller must see its own view, never the cache.
    if (!cache || dbh !== db) return load(ids);
    const found = await cache.books.readMany(ids, async (missing) => new Map((await load(missing)).map((b) => [b.id, b])), (b) => b.status === 'approved');
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async function toBook(row: BookRow, dbh: Db = db): Promise<Book> {
    const [book] = await toBooks([row], dbh);
    return book!;
  }

  /** A listing's status and seller for its photos, from memory when the catalogue cache is there. */
  async function photoOwner(bookId: string): Promise<PhotoOwner | null> {
    const load = async () => {
      const row = await repo.findPhotoOwner(db, bookId);
      return row ? { status: row.status, sellerId: row.seller_id } : null;
    };
    return cache ? cache.photoOwners.read(bookId, load) : load();
  }

  /** The caller's own book, or 404 (someone else's book is as good as missing). */
  async function ownBook(sellerId: string, id: string): Promise<BookRow> {
    const row = await repo.findBook(db, id);
    if (!row || row.seller_id !== sellerId) throw notFound();
    return row;
  }

  /** Deletes the student's unsold, order-free listings; returns the files of every book that is gone. */
  async function listingsCleanupForStudent(dbh: Db, studentId: string): Promise<string[]> {
    const books = await repo.listBooksOfSeller(dbh, studentId);
    const images = await repo.findImagesOf(dbh, books.map((b) => b.id));
    await repo.deleteAvailableBooksOfSeller(dbh, studentId);
    // Books in an order (reserved or sold) are left to the orders module's rules; the account row's
    // cascade may still remove them, which is why their files are judged after the commit.
    return imageKeys(images);
  }

  const pendingFileRemovals = new Map<string, string[]>();

  /**
   * Lists a book: checks the details and photo count, processes every photo, stores them, then writes
   * the book and its photos in one transaction. Any failure leaves no rows and no files.
   */
  async function createListing(seller: Student, rawBookData: unknown, images: readonly Buffer[]): Promise<Book> {
    const data = parseListing(rawBookData);
    checkImageCount(images.length);
    const processed = await processImages(images);
    const bookId = newId();
    const stored = await storeImages(bookId, processed);
    const t = now();
    const row: BookRow = {
      id: bookId,
      seller_id: seller.id,
      title: data.title,
      author: data.author,
      isbn: data.isbn,
      isbn_digits: data.isbn.replace(/\D/g, ''),
      publisher: data.publisher,
      publication_year: data.publicationYear,
      language: data.language,
      category: data.category,
      study_level: data.studyLevel,
      condition: data.condition,
      price_cents: randToCents(data.price),
      edition: data.edition,
      number_of_pages: data.numberOfPages,
      description: data.description,
      additional_notes: data.additionalNotes ?? null,
      status: 'pending',
      availability: 'available',
      decline_reason: null,
      university: seller.university,
      created_at: t,
      updated_at: t,
      approved_at: null,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertBook(trx, row);
        await repo.insertImages(trx, stored.rows);
      });
    } catch (err) {
      await removeFiles(stored.keys);
      throw err;
    }
    return toBookJson(row, stored.rows, (await sellerSummaries(db, [seller.id])).get(seller.id)!);
  }

  return {
    toBookJson,
    toBooks,
    /** Where seller ratings come from (the orders module's reviews). */
    useRatings(provider: RatingsProvider) {
      ratingsOf = provider;
    },
    sellerSummaries: (ids: readonly string[]) => sellerSummaries(db, ids),
    parseListing,
    listingsCleanupForStudent,

    /** Book JSON for these ids in the same order (ids with no book are skipped), whatever their status. */
    booksByIds,

    /** Any listing as Book JSON, whatever its status (for other modules: orders, catalogue). */
    async getBook(id: string, dbh: Db = db): Promise<Book | null> {
      const row = await repo.findBook(dbh, id);
      return row ? toBook(row, dbh) : null;
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

    createListing,

    /**
     * POST /books with an optional Idempotency-Key: a retry of an upload whose answer was lost gets the
     * first answer back instead of listing the book twice. The photos' hashes are part of the request, so
     * the key reused with other photos is a mismatch. A refusal frees the key: the seller fixes the form
     * and tries again with it.
     */
    createListingIdempotent(seller: Student, rawBookData: unknown, images: readonly Buffer[], key: string | undefined) {
      return idempotency.handle({
        studentId: seller.id,
        key,
        request: { route: 'POST /api/v1/books', bookData: rawBookData, images: images.map((image) => createHash('sha256').update(image).digest('hex')) },
        keepRefusals: false,
        run: async () => ({ book: await createListing(seller, rawBookData, images) }),
      });
    },

    /** The seller's own listings, every status, newest first. */
    async sellerBooks(sellerId: string, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([repo.listBySeller(db, sellerId, pageSize, (page - 1) * pageSize), repo.countBySeller(db, sellerId)]);
      return { items: await toBooks(rows), total, page, pageSize };
    },

    /**
     * The owner's edit of any detail and (optionally) all photos at once. Any change sends the listing
     * back to moderation, out of the catalogue until it is approved again (a moderator approved what it
     * said, not what it says now); a book in an order cannot be changed.
     */
    async editListing(seller: Student, id: string, rawEdit: unknown, images?: readonly Buffer[]): Promise<Book> {
      const row = await ownBook(seller.id, id);
      if (row.availability !== 'available') throw lockedError(row);
      const edit = parseListingEdit(rawEdit);
      const patch: Updateable<BooksTable> = {};
      if (edit.title !== undefined) patch.title = edit.title;
      if (edit.author !== undefined) patch.author = edit.author;
      if (edit.isbn !== undefined) {
        patch.isbn = edit.isbn;
        patch.isbn_digits = edit.isbn.replace(/\D/g, '');
      }
      if (edit.publisher !== undefined) patch.publisher = edit.publisher;
      if (edit.publicationYear !== undefined) patch.publication_year = edit.publicationYear;
      if (edit.language !== undefined) patch.language = edit.language;
      if (edit.category !== undefined) patch.category = edit.category;
      if (edit.studyLevel !== undefined) patch.study_level = edit.studyLevel;
      if (edit.condition !== undefined) patch.condition = edit.condition;
      if (edit.price !== undefined) patch.price_cents = randToCents(edit.price);
      if (edit.edition !== undefined) patch.edition = edit.edition;
      if (edit.numberOfPages !== undefined) patch.number_of_pages = edit.numberOfPages;
      if (edit.description !== undefined) patch.description = edit.description;
      if (edit.additionalNotes !== undefined) patch.additional_notes = edit.additionalNotes;
      if (!Object.keys(patch).length && !images) return toBook(row);

      let stored: Awaited<ReturnType<typeof storeImages>> | undefined;
      if (images) {
        checkImageCount(images.length);
        stored = await storeImages(row.id, await processImages(images));
      }
      const oldImages = stored ? await repo.findImagesOf(db, [row.id]) : [];
      try {
        await db.transaction().execute(async (trx) => {
          const t = now();
          const changed = await repo.updateIfAvailable(trx, row.id, seller.id, {
            ...patch,
            status: 'pending',
            decline_reason: null,
            approved_at: null,
            updated_at: t,
          });
          if (!changed) {
            // An order reserved it (or it was withdrawn) since we looked.
            const current = await repo.findBook(trx, row.id);
            throw current ? lockedError(current) : notFound();
          }
          if (stored) {
            await repo.deleteImagesOf(trx, row.id);
            await repo.insertImages(trx, stored.rows);
          }
        });
      } catch (err) {
        if (stored) await removeFiles(stored.keys);
        throw err;
      }
      if (stored) await removeFiles(imageKeys(oldImages));
      return toBook((await repo.findBook(db, row.id))!);
    },

    /** The owner withdraws a listing: its rows and photo files go; not while it is in an order. */
    async withdrawListing(seller: Student, id: string): Promise<void> {
      const row = await ownBook(seller.id, id);
      if (row.availability !== 'available') throw lockedError(row);
      const images = await repo.findImagesOf(db, [row.id]);
      await db.transaction().execute(async (trx) => {
        await repo.deleteImagesOf(trx, row.id);
        if (!(await repo.deleteIfAvailable(trx, row.id, seller.id))) {
          // An order reserved it since we looked: the rollback keeps its photos.
          const current = await repo.findBook(trx, row.id);
          throw current ? lockedError(current) : notFound();
        }
      });
      await removeFiles(imageKeys(images));
    },

    /** Listings in one moderation state, longest waiting first. */
    async moderationQueue(status: BookStatus, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([repo.listByStatus(db, status, pageSize, (page - 1) * pageSize), repo.countByStatus(db, status)]);
      return { items: await toBooks(rows), total, page, pageSize };
    },

    /**
     * Approves or declines a pending listing. `inTransaction` runs with the change (the moderation
     * module records the seller's notification there), so both commit or neither does.
     */
    async moderate(id: string, decision: ModerationDecision, inTransaction?: (trx: Db, book: Book) => Promise<void>): Promise<Book> {
      const row = await repo.findBook(db, id);
      if (!row) throw notFound();
      if (row.status !== 'pending') throw conflict(NOT_PENDING_MESSAGE, 'NOT_PENDING');
      return db.transaction().execute(async (trx) => {
        const t = now();
        const patch: Updateable<BooksTable> =
          decision.status === 'approved'
            ? { status: 'approved', approved_at: t, decline_reason: null, updated_at: t }
            : { status: 'declined', decline_reason: decision.reason, approved_at: null, updated_at: t };
        if (!(await repo.moderateIfPending(trx, id, patch))) throw conflict(NOT_PENDING_MESSAGE, 'NOT_PENDING');
        const book = await toBook((await repo.findBook(trx, id))!, trx);
        await inTransaction?.(trx, book);
        return book;
      });
    },

    /** Registered with the accounts service: erase the account's listings with it, then their files. */
    accountDeletionHook: {
      async beforeDelete(dbh: Db, studentId: string) {
        pendingFileRemovals.set(studentId, await listingsCleanupForStudent(dbh, studentId));
      },
      async afterDelete(studentId: string) {
        const keys = pendingFileRemovals.get(studentId) ?? [];
        pendingFileRemovals.delete(studentId);
        // Only the files of books whose rows are really gone (the account's cascade included).
        const remaining = await repo.existingBookIds(db, [...new Set(keys.map((k) => k.split('/')[0]!))]);
        await removeFiles(keys.filter((k) => !remaining.has(k.split('/')[0]!)));
      },
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
