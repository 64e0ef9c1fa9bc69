// Managing listings: a seller lists a book with 4 to 6 photos (all or nothing), edits it (back to
// moderation) or withdraws it; a moderator approves or declines it (an approval lasts 90 days, and a
// listing of a suspended seller stays out of the catalogue); a deleted account's listings and photos are
// erased. What happens after approval is lifecycle.ts.
import {
  LIFECYCLE_MESSAGES,
  LIMITS,
  MESSAGES,
  expiryFrom,
  isEditFrozen,
  isKeptForModeration,
  listingEditSchema,
  listingSchema,
  pageOffset,
  randToCents,
  type Book,
  type BookStatus,
  type ListingBody,
  type ListingEditBody,
  type Student,
} from '@reshelf/shared';
import { createHash } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { BooksTable } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, tooManyRequests, validationError, type ValidationIssue } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { processImages, type ProcessedImage } from '../../lib/images.ts';
import type { PhotoStore } from '../../lib/photo-store.ts';
import { isSuspended } from '../accounts/service.ts';
import { createIdempotency } from '../idempotency/service.ts';
import type { ListingLifecycle } from './lifecycle.ts';
import type { ListingReader } from './reading.ts';
import { toBookJson } from './reading.ts';
import * as repo from './repository.ts';
import type { BookImageRow, BookRow } from './repository.ts';

/** A payload as the API's 400: the first failing rule as `error`, every field's first message in `fields`. */
function parseOrThrow<T>(result: { success: true; data: T } | { success: false; error: { issues: ValidationIssue[] } }): T {
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

/** `bookData` of POST /books, already JSON-parsed. Unknown fields (studentId, status, ...) are dropped. */
export function parseListing(raw: unknown): ListingBody {
  return parseOrThrow(listingSchema.safeParse(raw ?? {}));
}

function parseListingEdit(raw: unknown): ListingEditBody {
  return parseOrThrow(listingEditSchema.safeParse(raw ?? {}));
}

function checkImageCount(count: number) {
  if (count < LIMITS.minImages) throw badRequest(MESSAGES.minImages, { images: MESSAGES.minImages });
  if (count > LIMITS.maxImages) throw badRequest(MESSAGES.maxImages, { images: MESSAGES.maxImages });
}

function lockedError(row: BookRow) {
  return row.availability === 'sold' ? conflict(MESSAGES.listingSold, 'LISTING_SOLD') : conflict(MESSAGES.listingLocked, 'LISTING_LOCKED');
}

/** Why the owner cannot edit the listing in its state (EDIT_FROZEN_STATUSES, which the web's My Books reads too). */
function frozenError(row: BookRow) {
  if (!isEditFrozen(row.status)) return undefined;
  if (row.status === 'hidden') return conflict(LIFECYCLE_MESSAGES.underReview, 'UNDER_REVIEW');
  if (row.status === 'sold_elsewhere') return conflict(LIFECYCLE_MESSAGES.soldElsewhere, 'SOLD_ELSEWHERE');
  return conflict(MESSAGES.listingLocked, 'SUSPENDED');
}

/** Why the owner cannot withdraw the listing in its state (KEPT_FOR_MODERATION, which the web's My Books reads too). */
function keptError(row: BookRow) {
  if (!isKeptForModeration(row.status)) return undefined;
  if (row.status === 'hidden') return conflict(LIFECYCLE_MESSAGES.underReview, 'UNDER_REVIEW');
  return conflict(LIFECYCLE_MESSAGES.takenDown, 'TAKEN_DOWN');
}

/** Why the owner cannot change the listing now, if they cannot: in an order, or frozen. */
const editRefusal = (row: BookRow) => (row.availability !== 'available' ? lockedError(row) : frozenError(row));

const imageKeys = (images: readonly BookImageRow[]) => images.flatMap((i) => [i.path_full, i.path_thumb]);

/**
 * A moderator's decision. `seen` is the version of the listing they were shown (its Book JSON's
 * updatedAt): when given, the decision applies only to that version.
 */
export type ModerationDecision = ({ status: 'approved' } | { status: 'declined'; reason: string }) & { seen?: string };

const HOUR = 3_600_000;

export function createListingManagement(ctx: AppContext, photos: PhotoStore, reader: ListingReader, lifecycle: ListingLifecycle) {
  const { db, clock } = ctx;
  const now = () => iso(clock.now());
  const idempotency = createIdempotency(ctx);
  const { toBooks } = reader;
  // Each listing's photos are decoded and re-encoded: the limit bounds that work per seller, counting
  // refused uploads too (decision 0012: counted before the work).
  const listingsPerHour = ctx.limiter.limit('listings', { max: ctx.config.listingsPerSellerPerHour, windowMs: HOUR });

  async function removeFiles(keys: readonly string[]) {
    // A file that cannot be removed must not turn a finished request into a failure.
    await Promise.all(keys.map((key) => photos.delete(key).catch(() => undefined)));
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
        await photos.put(full, image.full.data, 'image/webp');
        stored.push(full);
        await photos.put(thumb, image.thumb.data, 'image/webp');
        stored.push(thumb);
        rows.push({ id: imageId, book_id: bookId, position, path_full: full, path_thumb: thumb, width: image.full.width, height: image.full.height });
      }
      return { rows, keys: stored };
    } catch (err) {
      await removeFiles(stored);
      throw err;
    }
  }

  /** Whether a listing's courses are already exactly `courses`, in that order. */
  async function sameCourses(bookId: string, courses: readonly { university: string; code: string }[]): Promise<boolean> {
    const current = await repo.findCoursesOf(db, [bookId]);
    return current.length === courses.length && current.every((c, i) => c.university === courses[i]!.university && c.code === courses[i]!.code);
  }

  /** The caller's own book, or 404 (someone else's book is as good as missing). */
  async function ownBook(sellerId: string, id: string): Promise<BookRow> {
    const row = await repo.findBook(db, id);
    if (!row || row.seller_id !== sellerId) throw notFound();
    return row;
  }

  /** Deletes the student's unsold, order-free listings; returns the files of every book that is gone. */
  async function listingsCleanupForStudent(trx: Db, studentId: string): Promise<string[]> {
    const books = await repo.listBooksOfSeller(trx, studentId);
    const images = await repo.findImagesOf(trx, books.map((b) => b.id));
    await repo.deleteAvailableBooksOfSeller(trx, studentId);
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
    const courses = data.courses ?? [];
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
        if (courses.length) await repo.replaceCourses(trx, bookId, courses);
      });
    } catch (err) {
      await removeFiles(stored.keys);
      throw err;
    }
    return toBookJson(row, stored.rows, (await reader.sellerSummaries(db, [seller.id])).get(seller.id)!, courses);
  }

  /** The caller's own listing while they may change it; otherwise the answer an edit would get. */
  async function editableBook(sellerId: string, id: string): Promise<BookRow> {
    const row = await ownBook(sellerId, id);
    const refused = editRefusal(row);
    if (refused) throw refused;
    return row;
  }

  return {
    /**
     * Counts one listing upload of the seller, before any of it is read: 429 past the hourly limit.
     */
    async admitListing(seller: Student): Promise<void> {
      const verdict = await listingsPerHour.take(seller.id);
      if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
    },

    /**
     * The checks of an edit that need no body (someone else's listing is 404, one in an order or frozen
     * 409), so an edit's photos are read only for a listing the caller may change.
     */
    async checkEditable(seller: Student, id: string): Promise<void> {
      await editableBook(seller.id, id);
    },

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
      const [rows, total] = await Promise.all([repo.listBySeller(db, sellerId, pageSize, pageOffset({ page, pageSize })), repo.countBySeller(db, sellerId)]);
      return { items: await lifecycle.ownerViews(await toBooks(rows)), total, page, pageSize };
    },

    /**
     * The owner's edit of any detail and (optionally) all photos at once. Any change sends the listing
     * back to moderation, out of the catalogue until it is approved again (a moderator approved what it
     * said, not what it says now); a book in an order cannot be changed.
     */
    async editListing(seller: Student, id: string, rawEdit: unknown, images?: readonly Buffer[]): Promise<Book> {
      const row = await editableBook(seller.id, id);
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
      // `courses` replaces the whole list; the same list again is no change.
      const courses = edit.courses && !(await sameCourses(row.id, edit.courses)) ? edit.courses : undefined;
      if (!Object.keys(patch).length && !images && !courses) return lifecycle.ownerView(row.id);

      let stored: Awaited<ReturnType<typeof storeImages>> | undefined;
      if (images) {
        checkImageCount(images.length);
        stored = await storeImages(row.id, await processImages(images));
      }
      const oldImages = stored ? await repo.findImagesOf(db, [row.id]) : [];
      try {
        await db.transaction().execute(async (trx) => {
          // The update gives the listing a new version, which a moderator's decision on the old one no
          // longer matches; the new photos are written in the same transaction, so they are part of it.
          const changed = await repo.updateIfAvailable(
            trx,
            row.id,
            seller.id,
            {
              ...patch,
              status: 'pending',
              decline_reason: null,
              approved_at: null,
              // A new review, then a new approval: the old one's expiry and a take-down's reason go.
              expires_at: null,
              expiry_reminded_for: null,
              taken_down_at: null,
              takedown_reason: null,
            },
            now(),
          );
          if (!changed) {
            // An order reserved it, reports hid it (or it was withdrawn) since we looked.
            const current = await repo.findBook(trx, row.id);
            throw current ? (frozenError(current) ?? lockedError(current)) : notFound();
          }
          if (stored) {
            await repo.deleteImagesOf(trx, row.id);
            await repo.insertImages(trx, stored.rows);
          }
          if (courses) await repo.replaceCourses(trx, row.id, courses);
        });
      } catch (err) {
        if (stored) await removeFiles(stored.keys);
        throw err;
      }
      if (stored) await removeFiles(imageKeys(oldImages));
      return lifecycle.ownerView(row.id);
    },

    /**
     * The owner withdraws a listing: its rows and photo files go; not while it is in an order, nor while
     * reports hid it or a moderator took it down (what the admins judge must stay as it is).
     */
    async withdrawListing(seller: Student, id: string): Promise<void> {
      const row = await ownBook(seller.id, id);
      if (row.availability !== 'available') throw lockedError(row);
      const kept = keptError(row);
      if (kept) throw kept;
      const images = await repo.findImagesOf(db, [row.id]);
      await db.transaction().execute(async (trx) => {
        await repo.deleteImagesOf(trx, row.id);
        if (!(await repo.deleteIfAvailable(trx, row.id, seller.id))) {
          // An order reserved it, or reports hid it, since we looked: the rollback keeps its photos.
          const current = await repo.findBook(trx, row.id);
          throw current ? (keptError(current) ?? lockedError(current)) : notFound();
        }
      });
      await removeFiles(imageKeys(images));
    },

    /** Listings in one moderation state, longest waiting first. */
    async moderationQueue(status: BookStatus, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([repo.listByStatus(db, status, pageSize, pageOffset({ page, pageSize })), repo.countByStatus(db, status)]);
      return { items: await lifecycle.ownerViews(await toBooks(rows)), total, page, pageSize };
    },

    /**
     * Approves or declines a pending listing. With `decision.seen`, only the version the moderator was
     * shown: a listing edited since (details or photos) is 409 `LISTING_CHANGED`, decided in the same
     * conditional UPDATE as the decision, so an edit landing at the same moment cannot slip under it.
     * `inTransaction` runs with the change (the moderation module records the seller's notification
     * there), so both commit or neither does. An approval keeps the listing in the catalogue for 90 days;
     * a listing whose seller is suspended is approved into `suspended` instead, and joins the catalogue
     * when the suspension is lifted.
     */
    async moderate(id: string, decision: ModerationDecision, inTransaction?: (trx: Db, book: Book) => Promise<void>): Promise<Book> {
      const refusal = (current: BookRow) =>
        current.status !== 'pending'
          ? conflict(MESSAGES.listingNotPending, 'NOT_PENDING')
          : conflict(decision.status === 'approved' ? MESSAGES.listingChangedBeforeApproval : MESSAGES.listingChangedBeforeDecline, 'LISTING_CHANGED');
      const row = await repo.findBook(db, id);
      if (!row) throw notFound();
      if (row.status !== 'pending' || (decision.seen !== undefined && decision.seen !== row.updated_at)) throw refusal(row);
      return db.transaction().execute(async (trx) => {
        const t = now();
        const approved = { expires_at: iso(expiryFrom(new Date(t))), expiry_reminded_for: null, approved_at: t, decline_reason: null };
        const patch: Omit<Updateable<BooksTable>, 'updated_at'> =
          decision.status === 'approved'
            ? { status: (await isSuspended(trx, row.seller_id)) ? 'suspended' : 'approved', ...approved }
            : { status: 'declined', decline_reason: decision.reason, approved_at: null };
        if (!(await repo.moderateIfPending(trx, id, patch, t, decision.seen))) {
          const current = await repo.findBook(trx, id);
          throw current ? refusal(current) : notFound();
        }
        const book = await lifecycle.ownerView(id, trx);
        await inTransaction?.(trx, book);
        return book;
      });
    },

    /** Registered with the accounts service: erase the account's listings with it, then their files. */
    accountDeletionHook: {
      async beforeDelete(trx: Db, studentId: string) {
        pendingFileRemovals.set(studentId, await listingsCleanupForStudent(trx, studentId));
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
