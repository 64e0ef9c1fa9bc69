// Book listings, their photos, and in-app notifications. Frozen: change the schema in a new migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('books')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('isbn', 'text', (c) => c.notNull())
    // The ISBN without hyphens, so a search for 9780131103627 finds 978-0-13-110362-7.
    .addColumn('isbn_digits', 'text', (c) => c.notNull())
    .addColumn('publisher', 'text', (c) => c.notNull())
    .addColumn('publication_year', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('study_level', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('number_of_pages', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('additional_notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('availability', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('decline_reason', 'text')
    // Copied from the seller at listing time so the catalogue filters by campus without a join.
    .addColumn('university', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .execute();
  await db.schema.createIndex('books_status_availability_created_idx').on('books').columns(['status', 'availability', 'created_at']).execute();
  await db.schema.createIndex('books_seller_created_idx').on('books').columns(['seller_id', 'created_at']).execute();
  await db.schema.createIndex('books_category_idx').on('books').column('category').execute();
  await db.schema.createIndex('books_price_idx').on('books').column('price_cents').execute();

  await db.schema
    .createTable('book_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path_full', 'text', (c) => c.notNull())
    .addColumn('path_thumb', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('book_images_book_idx').on('book_images').column('book_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_student_created_idx').on('notifications').columns(['student_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('book_images').execute();
  await db.schema.dropTable('books').execute();
}
