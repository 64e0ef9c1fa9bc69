// Wishlists (docs/decisions/0026-wishlist-matching.md): `wishlists`, what a student waits for (an ISBN,
// search words or a course code, optionally a campus and a highest price), and `wishlist_matches`, one row
// per entry and listing that matched it: its primary key is what makes "once per entry and listing" hold
// whatever retries or races happen, and its email columns are the outbox the mail job works through.
// `server_secrets` keeps the key unsubscribe links are signed with, made once and shared by every
// process on the database. Frozen.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wishlists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    // 1..50: a student's entries each hold a slot of their own, so two saves at once cannot both take the last.
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('isbn', 'text')
    .addColumn('q', 'text')
    // The longest word of `q`, folded: a listing's words must contain it, which the matcher checks in SQL first.
    .addColumn('q_key', 'text')
    .addColumn('course', 'text')
    .addColumn('university', 'text')
    .addColumn('max_price_cents', 'integer')
    // The criteria in one canonical text: the same entry twice is refused by the unique constraint below.
    .addColumn('criteria', 'text', (c) => c.notNull())
    .addColumn('emails_stopped_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishlists_student_slot', ['student_id', 'slot'])
    .addUniqueConstraint('wishlists_student_criteria', ['student_id', 'criteria'])
    .execute();
  await db.schema.createIndex('wishlists_isbn_idx').on('wishlists').column('isbn').execute();
  await db.schema.createIndex('wishlists_course_idx').on('wishlists').column('course').execute();

  await db.schema
    .createTable('wishlist_matches')
    .addColumn('wishlist_id', 'text', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('matched_at', 'text', (c) => c.notNull())
    // 'each' (its own email), 'digest' (the entry's daily digest) or 'none' (the entry's emails are off).
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_claim', 'text')
    .addColumn('email_claimed_at', 'text')
    .addColumn('emailed_at', 'text')
    .addColumn('email_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wishlist_matches_pk', ['wishlist_id', 'book_id'])
    .execute();
  // The mail job's work: matches whose email has not gone yet.
  await sql`CREATE INDEX wishlist_matches_unsent_idx ON wishlist_matches (email, matched_at) WHERE emailed_at IS NULL`.execute(db);
  await db.schema.createIndex('wishlist_matches_claim_idx').on('wishlist_matches').column('email_claim').execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('wishlist_matches').execute();
  await db.schema.dropTable('wishlists').execute();
}
