// Full-text search over listings: an FTS5 index kept by triggers on SQLite, a weighted tsvector
// with a GIN index on PostgreSQL. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      ALTER TABLE books ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(author, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(isbn, '') || ' ' || coalesce(isbn_digits, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(publisher, '')), 'C') ||
        setweight(to_tsvector('simple', coalesce(description, '')), 'D')
      ) STORED`.execute(db);
    await sql`CREATE INDEX books_search_idx ON books USING GIN (search_vector)`.execute(db);
    return;
  }
  await sql`
    CREATE VIRTUAL TABLE books_fts USING fts5(
      title, author, isbn, publisher, description,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  const row = (prefix: string) => sql.raw(
    `${prefix}.title, ${prefix}.author, ${prefix}.isbn || ' ' || ${prefix}.isbn_digits, ${prefix}.publisher, ${prefix}.description`,
  );
  await sql`
    CREATE TRIGGER books_fts_insert AFTER INSERT ON books BEGIN
      INSERT INTO books_fts(rowid, title, author, isbn, publisher, description) VALUES (new.rowid, ${row('new')});
    END`.execute(db);
  await sql`
    CREATE TRIGGER books_fts_delete AFTER DELETE ON books BEGIN
      DELETE FROM books_fts WHERE rowid = old.rowid;
    END`.execute(db);
  await sql`
    CREATE TRIGGER books_fts_update AFTER UPDATE OF title, author, isbn, isbn_digits, publisher, description ON books BEGIN
      DELETE FROM books_fts WHERE rowid = old.rowid;
      INSERT INTO books_fts(rowid, title, author, isbn, publisher, description) VALUES (new.rowid, ${row('new')});
    END`.execute(db);
  await sql`
    INSERT INTO books_fts(rowid, title, author, isbn, publisher, description)
    SELECT b.rowid, ${row('b')} FROM books b`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS books_search_idx`.execute(db);
    await sql`ALTER TABLE books DROP COLUMN IF EXISTS search_vector`.execute(db);
    return;
  }
  for (const t of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS books_fts`.execute(db);
}
