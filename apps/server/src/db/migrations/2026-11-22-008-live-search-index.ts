// SQLite: the full-text index holds the live catalogue only (approved and available listings), with
// each listing's campus and category as tokens of an extra `facets` column. A search on one campus or in
// one category then intersects two lists inside the index (the word's and the campus's) and reads only
// the listings that pass, instead of reading every listing with the word to check its status and campus
// (docs/performance.md, Fix 5; docs/decisions/0008-live-search-index.md). PostgreSQL keeps its tsvector
// of 005. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import * as catalogueSearch from './2026-11-21-005-catalogue-search.ts';

const TEXT = (p: string) => `${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description`;
// 'u' + campus id and 'c' + category with its hyphens dropped ('computer-science' → 'ccomputerscience'):
// single tokens for the unicode61 tokenizer, in a column the student's words are never matched against.
const FACETS = (p: string) => `'u' || ${p}.university || ' c' || replace(${p}.category, '-', '')`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available'`;
const INSERT_LIVE = (p: string) =>
  `INSERT INTO books_fts(rowid, title, author, isbn, publisher, description, facets) SELECT ${p}.rowid, ${TEXT(p)}, ${FACETS(p)}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const t of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS books_fts`.execute(db);
  await sql`
    CREATE VIRTUAL TABLE books_fts USING fts5(
      title, author, isbn, publisher, description, facets,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_insert AFTER INSERT ON books WHEN ${LIVE('new')} BEGIN ${INSERT_LIVE('new')}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_delete AFTER DELETE ON books WHEN ${LIVE('old')} BEGIN DELETE FROM books_fts WHERE rowid = old.rowid; END`).execute(db);
  // Anything that changes what is indexed, or whether the listing is live at all (an approval, a
  // reservation, a sale, a cancelled order): out with the old entry, in with the new one if live.
  await sql.raw(`
    CREATE TRIGGER books_fts_update
    AFTER UPDATE OF title, author, isbn, isbn_digits, publisher, description, university, category, status, availability ON books BEGIN
      DELETE FROM books_fts WHERE rowid = old.rowid AND ${LIVE('old')};
      ${INSERT_LIVE('new')} WHERE ${LIVE('new')};
    END`).execute(db);
  await sql.raw(`${INSERT_LIVE('b')} FROM books b WHERE ${LIVE('b')}`).execute(db);
  await sql`INSERT INTO books_fts(books_fts) VALUES ('optimize')`.execute(db);
}

/** Back to 005's index of every listing. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await catalogueSearch.down(db);
  await catalogueSearch.up(db);
}
