// SQL for book listings and their photos. Every function takes the db or a transaction first.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { KEPT_FOR_MODERATION } from '@reshelf/shared';
import { isPostgres } from '../../db/dialect.ts';
import { compiledByCount } from '../../db/compiled-by-count.ts';
import type { Db } from '../../db/index.ts';
import type { BookCoursesTable, BookImagesTable, BooksTable, EditionPricesTable } from '../../db/schema.ts';

export type BookImageRow = Selectable<BookImagesTable>;
export type BookCourseRow = Selectable<BookCoursesTable>;
export type BookStatusValue = BookRow['status'];

/** Every column of BooksTable, named, so columns other modules add (a search vector) are not read back. */
const BOOK_COLUMNS = [
  'id', 'seller_id', 'title', 'author', 'isbn', 'isbn_digits', 'publisher', 'publication_year', 'language', 'category',
  'study_level', 'condition', 'price_cents', 'edition', 'number_of_pages', 'description', 'additional_notes', 'status',
  'availability', 'decline_reason', 'university', 'created_at', 'updated_at', 'approved_at',
] as const satisfies readonly (keyof BooksTable)[];
export type BookRow = Pick<Selectable<BooksTable>, (typeof BOOK_COLUMNS)[number]>;

export const insertBook = (db: Db, row: Insertable<BooksTable>) => db.insertInto('books').values(row).execute();

export async function insertImages(db: Db, rows: Insertable<BookImagesTable>[]) {
  if (rows.length) await db.insertInto('book_images').values(rows).execute();
}

export const findBook = (db: Db, id: string) => db.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', id).executeTakeFirst();

/** What the photo route needs to know of a listing: its status and seller, from the primary key alone. */
export const findPhotoOwner = (db: Db, id: string) => db.selectFrom('books').select(['status', 'seller_id']).where('id', '=', id).executeTakeFirst();

/** What Book JSON is made of besides the listing's row and its seller: its photos, its courses and its edition's median. */
export interface BookParts {
  id: string;
  images: Pick<BookImageRow, 'position' | 'path_full' | 'path_thumb' | 'width' | 'height'>[];
  courses: Pick<BookCourseRow, 'university' | 'code' | 'position'>[];
  /** The edition's counted copies and their median (edition_medians), when it has any. */
  median_copies: number | null;
  median_cents: number | null;
}

/**
 * The parts of these listings in one statement: the photos and courses as JSON arrays beside each row, and
 * the edition's median joined by ISBN. One round trip instead of three (four with the rows): on
 * PostgreSQL each costs more than the reading itself (docs/performance.md, "Book detail on PostgreSQL").
 */
function selectParts(db: Db, ids: readonly string[]) {
  const jsonArrayFrom = isPostgres(db) ? pgJsonArrayFrom : sqliteJsonArrayFrom;
  return db
    .selectFrom('books as b')
    .leftJoin('edition_medians as m', 'm.isbn', 'b.isbn')
    .where('b.id', 'in', ids)
    .select((eb) => [
      'b.id',
      'm.copies as median_copies',
      'm.median_cents',
      jsonArrayFrom(
        eb.selectFrom('book_images as i').select(['i.position', 'i.path_full', 'i.path_thumb', 'i.width', 'i.height']).whereRef('i.book_id', '=', 'b.id').orderBy('i.position'),
      ).as('images'),
      jsonArrayFrom(eb.selectFrom('book_courses as c').select(['c.university', 'c.code', 'c.position']).whereRef('c.book_id', '=', 'b.id').orderBy('c.position')).as('courses'),
    ]);
}

/** SQLite hands the JSON arrays over as text, PostgreSQL as values; the order is put right here, whatever the engine's aggregate kept. */
const parsedParts = (r: { images: unknown; courses: unknown }) => {
  const list = <T extends { position: number }>(v: unknown): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : (v as T[])).sort((a, b) => a.position - b.position);
  return { images: list<BookParts['images'][number]>(r.images), courses: list<BookParts['courses'][number]>(r.courses) };
};

/** The parts of these listings (rows read before), by id. */
export async function findPartsOf(db: Db, ids: readonly string[]): Promise<Map<string, BookParts>> {
  if (!ids.length) return new Map();
  const rows = await selectParts(db, ids).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, median_copies: r.median_copies, median_cents: r.median_cents, ...parsedParts(r) }]));
}

/** The statement of findBooksWithParts, compiled once for each number of ids (a book page asks for one, a catalogue page for 20). */
const selectBooksWithParts = compiledByCount((db: Db, ids: readonly string[]) => selectParts(db, ids).select(BOOK_COLUMNS.map((c) => `b.${c}` as const)));

/** These listings' rows with their parts, in one statement (ids with no listing are absent). */
export async function findBooksWithParts(db: Db, ids: readonly string[]): Promise<{ row: BookRow; parts: BookParts }[]> {
  if (!ids.length) return [];
  const rows = await selectBooksWithParts(db, ids);
  return rows.map((r) => {
    const row = Object.fromEntries(BOOK_COLUMNS.map((c) => [c, r[c]])) as BookRow;
    return { row, parts: { id: r.id, median_copies: r.median_copies, median_cents: r.median_cents, ...parsedParts(r) } };
  });
}

export async function findImagesOf(db: Db, bookIds: readonly string[]): Promise<BookImageRow[]> {
  if (!bookIds.length) return [];
  return db.selectFrom('book_images').selectAll().where('book_id', 'in', bookIds).orderBy('book_id').orderBy('position').execute();
}

export const listBySeller = (db: Db, sellerId: string, limit: number, offset: number) =>
  db
    .selectFrom('books')
    .select(BOOK_COLUMNS)
    .where('seller_id', '=', sellerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countBySeller(db: Db, sellerId: string): Promise<number> {
  const row = await db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).where('seller_id', '=', sellerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A seller's listings for sale now (approved and available), newest first, and how many there are: what
 * their public profile shows (books_seller_created_idx).
 */
export async function listForSaleBySeller(db: Db, sellerId: string, limit: number): Promise<{ ids: string[]; total: number }> {
  const forSale = () => db.selectFrom('books').where('seller_id', '=', sellerId).where('status', '=', 'approved').where('availability', '=', 'available');
  const [rows, count] = await Promise.all([
    forSale().select(['id']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    forSale()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

/** The moderation queue: longest waiting first (an edit puts a listing back at the end of the queue). */
export const listByStatus = (db: Db, status: BookStatusValue, limit: number, offset: number) =>
  db
    .selectFrom('books')
    .select(BOOK_COLUMNS)
    .where('status', '=', status)
    .orderBy('updated_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countByStatus(db: Db, status: BookStatusValue): Promise<number> {
  const row = await db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', status).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A listing's `updated_at` is also its version, which a moderator's decision names (moderateIfPending):
 * every change of what a moderator reviews must give it a value it never had. `now`, unless the row's own
 * value is not older (a second change in the same millisecond, or this process's clock behind the one
 * that wrote it): then one millisecond past it. Worked out from the row as the UPDATE finds it, so two
 * changes racing each other still end with different versions (PostgreSQL evaluates it again on the row
 * a waiting UPDATE gets). ISO-8601 UTC text throughout, so the later of two times is the larger string.
 */
function nextVersion(db: Db, now: string) {
  const oneMsLater = isPostgres(db)
    ? sql<string>`to_char((updated_at::timestamptz + interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds')`;
  return sql<string>`CASE WHEN updated_at < ${now} THEN ${now} ELSE ${oneMsLater} END`;
}

/**
 * Applies an owner's edit, with `now` as its time (and version), only while the book is in no order and
 * not frozen (hidden after reports, sold elsewhere, suspended); returns whether it did.
 */
export async function updateIfAvailable(db: Db, id: string, sellerId: string, patch: Omit<Updateable<BooksTable>, 'updated_at'>, now: string): Promise<boolean> {
  const res = await db
    .updateTable('books')
    .set({ ...patch, updated_at: nextVersion(db, now) })
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('availability', '=', 'available')
    .where('status', 'not in', ['hidden', 'sold_elsewhere', 'suspended'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// A listing's courses (migration 011): rows in the seller's order, and the codes as text on the listing
// for the catalogue's text index. Always replaced together, in the caller's transaction.

/** Sets a listing's courses to exactly `courses` (already checked, upper-cased and distinct). */
export async function replaceCourses(trx: Db, bookId: string, courses: readonly { university: string; code: string }[]): Promise<void> {
  await trx.deleteFrom('book_courses').where('book_id', '=', bookId).execute();
  if (courses.length) {
    await trx
      .insertInto('book_courses')
      .values(courses.map((c, position) => ({ book_id: bookId, university: c.university, code: c.code, position })))
      .execute();
  }
  await trx.updateTable('books').set({ course_codes: courses.map((c) => c.code).join(' ') }).where('id', '=', bookId).execute();
}

/** The courses of these listings, each listing's in the seller's order. */
export async function findCoursesOf(db: Db, bookIds: readonly string[]): Promise<BookCourseRow[]> {
  if (!bookIds.length) return [];
  return db.selectFrom('book_courses').selectAll().where('book_id', 'in', bookIds).orderBy('book_id').orderBy('position').execute();
}

export const deleteImagesOf = (db: Db, bookId: string) => db.deleteFrom('book_images').where('book_id', '=', bookId).execute();

/** Deletes an owner's book only while it is in no order and not kept for moderation; returns whether it did. */
export async function deleteIfAvailable(db: Db, id: string, sellerId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('books')
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('availability', '=', 'available')
    .where('status', 'not in', KEPT_FOR_MODERATION)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * Moves a pending listing to its moderation outcome, with `now` as its time (and a new version); with
 * `seen`, only while the listing is still that version. Returns false when it was no longer pending, or
 * was changed since `seen`.
 */
export async function moderateIfPending(db: Db, id: string, patch: Omit<Updateable<BooksTable>, 'updated_at'>, now: string, seen?: string): Promise<boolean> {
  let query = db.updateTable('books').set({ ...patch, updated_at: nextVersion(db, now) }).where('id', '=', id).where('status', '=', 'pending');
  if (seen !== undefined) query = query.where('updated_at', '=', seen);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const listBooksOfSeller = (db: Db, sellerId: string) =>
  db.selectFrom('books').select(['id', 'availability']).where('seller_id', '=', sellerId).execute();

export const deleteAvailableBooksOfSeller = (db: Db, sellerId: string) =>
  db.deleteFrom('books').where('seller_id', '=', sellerId).where('availability', '=', 'available').execute();

export async function existingBookIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('books').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

// A listing's availability as orders move it: reserved by one buyer at a time, back to available when an
// order ends without a sale, sold at handover. Each change is one conditional UPDATE, so concurrent
// buyers race in the database and exactly one wins.

/** Reserves an approved, available listing; false when someone else got there first (or it is not for sale). */
export async function reserveIfAvailable(db: Db, bookId: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('books')
    .set({ availability: 'reserved', updated_at: now })
    .where('id', '=', bookId)
    .where('status', '=', 'approved')
    .where('availability', '=', 'available')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releaseReserved(db: Db, bookId: string, now: string): Promise<void> {
  await db.updateTable('books').set({ availability: 'available', updated_at: now }).where('id', '=', bookId).where('availability', '=', 'reserved').execute();
}

export async function markSold(db: Db, bookId: string, now: string): Promise<void> {
  await db.updateTable('books').set({ availability: 'sold', updated_at: now }).where('id', '=', bookId).execute();
}

/** The first photo of a listing (the one an order keeps a copy of). */
export const findFirstImage = (db: Db, bookId: string) =>
  db.selectFrom('book_images').select(['path_full', 'path_thumb']).where('book_id', '=', bookId).orderBy('position').limit(1).executeTakeFirst();

/** The moderation state and availability of these listings (the orders module shows them beside an order). */
export async function findStates(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('books').select(['id', 'status', 'availability']).where('id', 'in', ids).execute();
}

// An edition is every listing of one ISBN (stored as its ISBN-13): GET /editions/:isbn (editions.ts).

/**
 * What the public catalogue shows: approved listings nobody has reserved or bought. The catalogue's read
 * model (catalogue/repository.ts) and SQLite's live search index (migration 008) filter on the same two columns.
 */
const LIVE = { status: 'approved', availability: 'available' } as const;

/** The edition's details from its most recent approved listing (reserved and sold ones too); undefined when there is none. */
export const findLatestApprovedOfIsbn = (db: Db, isbn: string) =>
  db
    .selectFrom('books')
    .select(['title', 'author', 'publisher', 'publication_year', 'edition'])
    .where('isbn', '=', isbn)
    .where('status', '=', LIVE.status)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Every approved listing of an ISBN (reserved and sold ones too) with what its edition page shows of it,
 * in no order: the edition reader counts, prices and sorts them itself. Without an ORDER BY and a LIMIT
 * the only index worth using is one that starts with the ISBN; asked for the 50 cheapest available copies
 * in SQL, SQLite walked the catalogue's price index (status, availability, price_cents, ...) over every
 * live listing instead, up to a second at 100,000 listings (docs/performance.md). The statement is
 * exported for the test that reads its plan.
 */
export const editionListingsQuery = (db: Db, isbn: string) =>
  db
    .selectFrom('books')
    .select(['id', 'availability', 'condition', 'price_cents', 'university', 'created_at'])
    .where('isbn', '=', isbn)
    .where('status', '=', LIVE.status);
export const listEditionListings = (db: Db, isbn: string) => editionListingsQuery(db, isbn).execute();

/** The distinct courses of an ISBN's approved listings (reserved and sold ones too), by university then code. */
export const listEditionCourses = (db: Db, isbn: string) =>
  db
    .selectFrom('book_courses as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.university', 'c.code'])
    .distinct()
    .where('b.isbn', '=', isbn)
    .where('b.status', '=', LIVE.status)
    .orderBy('c.university')
    .orderBy('c.code')
    .execute();

// Prices of editions (migration 013): the median of each ISBN's counted copies, kept by triggers on books,
// and the new prices admins enter.

/** The new price of an ISBN-13, if an admin has set one. */
export const findNewPrice = (db: Db, isbn: string) =>
  db.selectFrom('edition_prices').select(['isbn', 'price_cents', 'set_by', 'set_at']).where('isbn', '=', isbn).executeTakeFirst();

/** New prices, the most recently set first. */
export const listNewPrices = (db: Db, limit: number, offset: number) =>
  db
    .selectFrom('edition_prices')
    .select(['isbn', 'price_cents', 'set_by', 'set_at'])
    .orderBy('set_at', 'desc')
    .orderBy('isbn')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countNewPrices(db: Db): Promise<number> {
  const row = await db.selectFrom('edition_prices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets or replaces the new price of an ISBN-13. */
export const upsertNewPrice = (db: Db, row: Insertable<EditionPricesTable>) =>
  db
    .insertInto('edition_prices')
    .values(row)
    .onConflict((oc) => oc.column('isbn').doUpdateSet({ price_cents: row.price_cents, set_by: row.set_by, set_at: row.set_at }))
    .execute();

/** Removes the new price of an ISBN-13; false when it had none. */
export async function deleteNewPrice(db: Db, isbn: string): Promise<boolean> {
  const res = await db.deleteFrom('edition_prices').where('isbn', '=', isbn).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
