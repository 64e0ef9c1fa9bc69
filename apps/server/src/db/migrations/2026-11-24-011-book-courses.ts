// Course codes a listing is used for (MATH1014 at Wits): `book_courses`, owned by the listings module,
// one row per course of a listing in the seller's order, indexed by (code, university) so the catalogue's
// `course=` filter finds the listings of a course without reading every live listing. A listing's codes
// are also kept as text on the listing (`books.course_codes`, space-separated, written with the rows in
// one transaction) so the catalogue's text index, which is built from the listing's own columns, can
// find a listing by its course code (`q=MATH1014`): a `courses` column of SQLite's live index (008's
// triggers with the codes added), and in PostgreSQL's tsvector (005's, with the codes weighted as a
// title). Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import * as liveSearchIndex from './2026-11-22-008-live-search-index.ts';

const TEXT = (p: string) => `${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description`;
const FACETS = (p: string) => `'u' || ${p}.university || ' c' || replace(${p}.category, '-', '')`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available'`;
const INSERT_LIVE = (p: string) =>
  `INSERT INTO books_fts(rowid, title, author, isbn, publisher, description, facets, courses) SELECT ${p}.rowid, ${TEXT(p)}, ${FACETS(p)}, ${p}.course_codes`;

/** 005's tsvector, with or without the course codes. */
const searchVector = (withCourses: boolean) => `
  ALTER TABLE books ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(author, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(isbn, '') || ' ' || coalesce(isbn_digits, '')), 'A') ||${withCourses ? `\n    setweight(to_tsvector('simple', course_codes), 'A') ||` : ''}
    setweight(to_tsvector('simple', coalesce(publisher, '')), 'C') ||
    setweight(to_tsvector('simple', coalesce(description, '')), 'D')
  ) STORED`;

async function replaceSearchVector(db: Kysely<unknown>, withCourses: boolean) {
  await sql`DROP INDEX IF EXISTS books_search_idx`.execute(db);
  await sql`ALTER TABLE books DROP COLUMN IF EXISTS search_vector`.execute(db);
  await sql.raw(searchVector(withCourses)).execute(db);
  await sql`CREATE INDEX books_search_idx ON books USING GIN (search_vector)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_courses')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('university', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_courses_pk', ['book_id', 'university', 'code'])
    .execute();
  // The filter asks by code (any university) or by code and university; the book id completes the index.
  await db.schema.createIndex('book_courses_code_idx').on('book_courses').columns(['code', 'university', 'book_id']).execute();
  await db.schema.alterTable('books').addColumn('course_codes', 'text', (c) => c.notNull().defaultTo('')).execute();

  if (isPostgres(db)) {
    await replaceSearchVector(db, true);
    return;
  }
  // SQLite: 008's live index again, with a `courses` column after `facets`.
  for (const t of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS books_fts`.execute(db);
  await sql`
    CREATE VIRTUAL TABLE books_fts USING fts5(
      title, author, isbn, publisher, description, facets, courses,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_insert AFTER INSERT ON books WHEN ${LIVE('new')} BEGIN ${INSERT_LIVE('new')}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_delete AFTER DELETE ON books WHEN ${LIVE('old')} BEGIN DELETE FROM books_fts WHERE rowid = old.rowid; END`).execute(db);
  await sql.raw(`
    CREATE TRIGGER books_fts_update
    AFTER UPDATE OF title, author, isbn, isbn_digits, publisher, description, university, category, status, availability, course_codes ON books BEGIN
      DELETE FROM books_fts WHERE rowid = old.rowid AND ${LIVE('old')};
      ${INSERT_LIVE('new')} WHERE ${LIVE('new')};
    END`).execute(db);
  await sql.raw(`${INSERT_LIVE('b')} FROM books b WHERE ${LIVE('b')}`).execute(db);
  await sql`INSERT INTO books_fts(books_fts) VALUES ('optimize')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await replaceSearchVector(db, false);
  } else {
    // 008's index and triggers (they must go before the column they name).
    await liveSearchIndex.up(db);
  }
  await db.schema.alterTable('books').dropColumn('course_codes').execute();
  await db.schema.dropTable('book_courses').execute();
}
