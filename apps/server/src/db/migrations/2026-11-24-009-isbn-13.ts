// Every listing's ISBN as its ISBN-13, digits only, the form POST/PATCH /books now store (isbn.ts in
// packages/shared), so that "0-13-110362-8" and "978-0-13-110362-7" listed before are one edition; and an
// index on it for GET /editions/:isbn. A stored value whose check digit is wrong stays as it was: it was
// accepted once, the listing still shows it, and it simply belongs to no edition. Orders keep a copy of
// the ISBN of the book they are for, normalised the same way. Frozen (the ISBN rule itself never changes).
import { sql, type Kysely } from 'kysely';
import { toIsbn13 } from '@reshelf/shared';

interface IsbnRow {
  id: string;
  isbn: string;
}

/** Rewrites `column` (and with books, `isbn_digits`) of every row whose value is a valid ISBN not yet in ISBN-13 form. */
async function normalise(db: Kysely<unknown>, table: 'books' | 'orders', column: 'isbn' | 'book_isbn') {
  const rows = (await sql<IsbnRow>`SELECT id, ${sql.ref(column)} AS isbn FROM ${sql.table(table)}`.execute(db)).rows;
  for (const row of rows) {
    const isbn13 = toIsbn13(row.isbn);
    if (!isbn13 || isbn13 === row.isbn) continue;
    if (table === 'books') await sql`UPDATE books SET isbn = ${isbn13}, isbn_digits = ${isbn13} WHERE id = ${row.id}`.execute(db);
    else await sql`UPDATE orders SET book_isbn = ${isbn13} WHERE id = ${row.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One transaction for all the rewrites (PostgreSQL's migrator already runs each migration in one):
  // on SQLite, one commit per row would make a large catalogue's upgrade take minutes.
  const rewrite = async (trx: Kysely<unknown>) => {
    await normalise(trx, 'books', 'isbn');
    await normalise(trx, 'orders', 'book_isbn');
  };
  if (db.isTransaction) await rewrite(db);
  else await db.transaction().execute(rewrite);
  // An edition's listings, newest first (its details come from the most recent approved one).
  await db.schema.createIndex('books_isbn_idx').on('books').columns(['isbn', 'created_at']).execute();
}

/** The index goes; the ISBNs stay in ISBN-13 form (the form typed before is not kept anywhere). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('books_isbn_idx').ifExists().execute();
}
