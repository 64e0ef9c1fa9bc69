// SQLite: the live full-text index of 020 again, now also keeping what a search without row filters
// answers from (docs/decisions/0038-catalogue-at-national-scale.md; docs/performance.md, "The text index
// keeps what a ranked search reads"): each listing's id, date, price and the text relevance is worked out
// from (title, ISBN and its digits, course codes, authors, publisher, joined by U+001F), as columns the
// index stores but does not index (contentless_unindexed, SQLite 3.47). A search that read them from
// `books` looked up up to 1,001 listings scattered over the whole file, a page each, which on a cold
// question cost twice what reading them from the index's own small table does.
// The update trigger also fires on a price change, which the index now keeps. The rebuild reads every
// live listing once (timed at a million listings in docs/performance.md). PostgreSQL's tsvector is
// unchanged. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const TEXT = (p: string) => `${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description`;
const FACETS = (p: string) => `'u' || ${p}.university || ' c' || replace(${p}.category, '-', '')`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available'`;
const RANKED = (p: string) =>
  `${p}.title || char(31) || ${p}.isbn || ' ' || ${p}.isbn_digits || char(31) || ${p}.course_codes || char(31) || ${p}.author || char(31) || ${p}.publisher`;

/** The index's columns and what each listing puts in them, with (`kept`) or without the stored columns. */
function shape(kept: boolean) {
  const columns = `title, author, isbn, publisher, description, facets, courses${kept ? ', id, created_at, price_cents, ranked' : ''}`;
  const values = (p: string) => `${TEXT(p)}, ${FACETS(p)}, ${p}.course_codes${kept ? `, ${p}.id, ${p}.created_at, ${p}.price_cents, ${RANKED(p)}` : ''}`;
  return {
    declared: `title, author, isbn, publisher, description, facets, courses${kept ? ', id UNINDEXED, created_at UNINDEXED, price_cents UNINDEXED, ranked UNINDEXED' : ''}`,
    options: kept ? ', contentless_unindexed=1' : '',
    insert: (p: string) => `INSERT INTO books_fts(rowid, ${columns}) SELECT ${p}.rowid, ${values(p)}`,
    watched: `title, author, isbn, isbn_digits, publisher, description, university, category, status, availability, course_codes${kept ? ', price_cents' : ''}`,
  };
}

async function rebuild(db: Kysely<unknown>, kept: boolean): Promise<void> {
  const s = shape(kept);
  for (const t of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS books_fts`.execute(db);
  // SQLite 3.53's FTS5 leaves the `_content` table of an index with contentless_unindexed behind when it
  // drops (or renames) the index: its clean-up drops `_content` only for an index with full content. Left
  // there, it stops the index being made again ("table 'books_fts_content' already exists"), and until the
  // schema is read again SQLite still counts it as the index's and refuses to drop it.
  await sql`PRAGMA writable_schema = RESET`.execute(db);
  await sql`DROP TABLE IF EXISTS books_fts_content`.execute(db);
  await sql.raw(`
    CREATE VIRTUAL TABLE books_fts USING fts5(
      ${s.declared},
      content='', contentless_delete=1${s.options}, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4', detail=column
    )`).execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_insert AFTER INSERT ON books WHEN ${LIVE('new')} BEGIN ${s.insert('new')}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_delete AFTER DELETE ON books WHEN ${LIVE('old')} BEGIN DELETE FROM books_fts WHERE rowid = old.rowid; END`).execute(db);
  await sql.raw(`
    CREATE TRIGGER books_fts_update AFTER UPDATE OF ${s.watched} ON books BEGIN
      DELETE FROM books_fts WHERE rowid = old.rowid AND ${LIVE('old')};
      ${s.insert('new')} WHERE ${LIVE('new')};
    END`).execute(db);
  await sql.raw(`${s.insert('b')} FROM books b WHERE ${LIVE('b')}`).execute(db);
  await sql`INSERT INTO books_fts(books_fts) VALUES ('optimize')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, false);
}
