// SQLite: the live full-text index of 011 again, built for a million listings (docs/performance.md,
// "National scale"; docs/decisions/0038-catalogue-at-national-scale.md):
// - prefix indexes for the first one to four letters of every word. Every search word is matched as a
//   prefix (what a student is still typing), and FTS5 answers a prefix it has no index for by merging the
//   lists of every word that starts with it before it returns a row, which at a million listings costs a
//   common short prefix (one letter; "chem" or "nurs", which also start course codes such as CHEM1012)
//   hundreds of times what reading a prefix's own list does. Longer words are expanded into the words
//   they start (prefix-expansions.ts).
// - detail=column: the index keeps which columns of a listing hold a word, not where in them. The column
//   filters need no more; positions served only bm25, which relevance no longer uses (relevance.ts).
//   It also keeps the index with four prefix lengths smaller than it was with positions and three.
// The rebuild reads every live listing once (its time at a million listings, and the index's size, are
// in docs/performance.md). PostgreSQL's tsvector (011) is unchanged. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const TEXT = (p: string) => `${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description`;
const FACETS = (p: string) => `'u' || ${p}.university || ' c' || replace(${p}.category, '-', '')`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available'`;
const INSERT_LIVE = (p: string) =>
  `INSERT INTO books_fts(rowid, title, author, isbn, publisher, description, facets, courses) SELECT ${p}.rowid, ${TEXT(p)}, ${FACETS(p)}, ${p}.course_codes`;

/** 011's index and triggers, with `options` added to the index's (none: 011's own). */
async function rebuild(db: Kysely<unknown>, options: string): Promise<void> {
  for (const t of ['books_fts_insert', 'books_fts_delete', 'books_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS books_fts`.execute(db);
  await sql.raw(`
    CREATE VIRTUAL TABLE books_fts USING fts5(
      title, author, isbn, publisher, description, facets, courses,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'${options}
    )`).execute(db);
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

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, `, prefix='1 2 3 4', detail=column`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, '');
}
