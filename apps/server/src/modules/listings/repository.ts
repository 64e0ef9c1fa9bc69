// SQL for book listings and their photos. Every function takes the db or a transaction first.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BookImagesTable, BooksTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type BookImageRow = Selectable<BookImagesTable>;
export type BookStatusValue = BookRow['status'];

/** Every column of BooksTable, named, so columns other modules add (a search vector) are not read back. */
const BOOK_COLUMNS = [
  'id', 'seller_id', 'title', 'author', 'isbn', 'isbn_digits', 'publisher', 'publication_year', 'language', 'category',
  'study_level', 'condition', 'price_cents', 'edition', 'number_of_pages', 'description', 'additional_notes', 'status',
  'availability', 'decline_reason', 'university', 'created_at', 'updated_at', 'approved_at',
] as const satisfies readonly (keyof BooksTable)[];
export type BookRow = Pick<Selectable<BooksTable>, (typeof BOOK_COLUMNS)[number]>;

export const insertBook = (db: Q, row: Insertable<BooksTable>) => db.insertInto('books').values(row).execute();

export async function insertImages(db: Q, rows: Insertable<BookImagesTable>[]) {
  if (rows.length) await db.insertInto('book_images').values(rows).execute();
}

export const findBook = (db: Q, id: string) => db.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', id).executeTakeFirst();

/** What the photo route needs to know of a listing: its status and seller, from the primary key alone. */
export const findPhotoOwner = (db: Q, id: string) => db.selectFrom('books').select(['status', 'seller_id']).where('id', '=', id).executeTakeFirst();

export async function findBooks(db: Q, ids: readonly string[]): Promise<BookRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('books').select(BOOK_COLUMNS).where('id', 'in', ids).execute();
}

export async function findImagesOf(db: Q, bookIds: readonly string[]): Promise<BookImageRow[]> {
  if (!bookIds.length) return [];
  return db.selectFrom('book_images').selectAll().where('book_id', 'in', bookIds).orderBy('book_id').orderBy('position').execute();
}

export const listBySeller = (db: Q, sellerId: string, limit: number, offset: number) =>
  db
    .selectFrom('books')
    .select(BOOK_COLUMNS)
    .where('seller_id', '=', sellerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countBySeller(db: Q, sellerId: string): Promise<number> {
  const row = await db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).where('seller_id', '=', sellerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The moderation queue: longest waiting first (an edit puts a listing back at the end of the queue). */
export const listByStatus = (db: Q, status: BookStatusValue, limit: number, offset: number) =>
  db
    .selectFrom('books')
    .select(BOOK_COLUMNS)
    .where('status', '=', status)
    .orderBy('updated_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countByStatus(db: Q, status: BookStatusValue): Promise<number> {
  const row = await db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', status).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Applies an owner's edit only while the book is in no order; returns whether it did. */
export async function updateIfAvailable(db: Q, id: string, sellerId: string, patch: Updateable<BooksTable>): Promise<boolean> {
  const res = await db
    .updateTable('books')
    .set(patch)
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('availability', '=', 'available')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const deleteImagesOf = (db: Q, bookId: string) => db.deleteFrom('book_images').where('book_id', '=', bookId).execute();

/** Deletes an owner's book only while it is in no order; returns whether it did. */
export async function deleteIfAvailable(db: Q, id: string, sellerId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('books')
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('availability', '=', 'available')
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Moves a pending listing to its moderation outcome; returns false when it was no longer pending. */
export async function moderateIfPending(db: Q, id: string, patch: Updateable<BooksTable>): Promise<boolean> {
  const res = await db.updateTable('books').set(patch).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const listBooksOfSeller = (db: Q, sellerId: string) =>
  db.selectFrom('books').select(['id', 'availability']).where('seller_id', '=', sellerId).execute();

export const deleteAvailableBooksOfSeller = (db: Q, sellerId: string) =>
  db.deleteFrom('books').where('seller_id', '=', sellerId).where('availability', '=', 'available').execute();

export async function existingBookIds(db: Q, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('books').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * The public face of sellers: first name and university only. Read here (not through the accounts
 * service) because every book list needs it in one query.
 */
export async function findSellers(db: Q, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('students').select(['id', 'first_name', 'university']).where('id', 'in', ids).execute();
}
