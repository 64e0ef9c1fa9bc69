// A listing's availability as orders move it: reserved by one buyer at a time, back to available when an
// order ends without a sale, sold at handover. Each change is one conditional UPDATE, so concurrent
// buyers race in the database and exactly one wins. Used by the orders module inside its transactions.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** Reserves an approved, available listing; false when someone else got there first (or it is not for sale). */
export async function reserveListing(db: Q, bookId: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('books')
    .set({ availability: 'reserved', updated_at: now })
    .where('id', '=', bookId)
    .where('status', '=', 'approved')
    .where('availability', '=', 'available')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releaseListing(db: Q, bookId: string, now: string): Promise<void> {
  await db.updateTable('books').set({ availability: 'available', updated_at: now }).where('id', '=', bookId).where('availability', '=', 'reserved').execute();
}

export async function markListingSold(db: Q, bookId: string, now: string): Promise<void> {
  await db.updateTable('books').set({ availability: 'sold', updated_at: now }).where('id', '=', bookId).execute();
}

/** What an order copies from the listing when it is placed. */
export async function listingForOrder(db: Q, bookId: string) {
  const book = await db
    .selectFrom('books')
    .innerJoin('students', 'students.id', 'books.seller_id')
    .select([
      'books.id',
      'books.seller_id',
      'books.title',
      'books.author',
      'books.edition',
      'books.isbn',
      'books.condition',
      'books.price_cents',
      'books.status',
      'books.availability',
      'students.first_name as seller_first_name',
    ])
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  if (!book) return undefined;
  const image = await db
    .selectFrom('book_images')
    .select(['path_full', 'path_thumb'])
    .where('book_id', '=', bookId)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return { ...book, image };
}
