// SQLite: a second live full-text index, `books_fts_campus`, whose keys put each campus's listings side by
// side (docs/decisions/0046-a-text-index-in-campus-order.md). A listing's key is its campus's number
// shifted 40 bits up, with its rowid in the low bits, so one campus's matches are one range of keys, in
// rowid order within it. A search on one campus reads that range (FTS5 seeks to it in each word's list)
// rather than walking the campus token's list of a tenth of the catalogue beside the word's, as
// `books_fts` must. `books_fts` stays for searches on every campus, which want the newest matches of all.
// The columns, stored values and tokenizer are migration 021's; the facets column holds only the
// category token, the key saying the campus. Campuses this migration does not number are not in it (the
// repository searches them in `books_fts`). The rebuild reads every live listing once (timed at a million
// listings in docs/performance.md). PostgreSQL is unchanged. Frozen: numbering another campus is a new migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** Each campus's number (1-10): the high bits of its listings' keys. */
const CAMPUSES = ['uct', 'wits', 'up', 'sun', 'uj', 'ru', 'ukzn', 'uwc', 'nmu', 'ufs'];
const NUMBER = (p: string) => `(CASE ${p}.university ${CAMPUSES.map((c, i) => `WHEN '${c}' THEN ${i + 1}`).join(' ')} END)`;
const KEY = (p: string) => `((${NUMBER(p)} << 40) | ${p}.rowid)`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available' AND ${p}.university IN (${CAMPUSES.map((c) => `'${c}'`).join(', ')})`;
const RANKED = (p: string) =>
  `${p}.title || char(31) || ${p}.isbn || ' ' || ${p}.isbn_digits || char(31) || ${p}.course_codes || char(31) || ${p}.author || char(31) || ${p}.publisher`;
const INSERT = (p: string) =>
  `INSERT INTO books_fts_campus(rowid, title, author, isbn, publisher, description, facets, courses, id, created_at, price_cents, ranked)
   SELECT ${KEY(p)}, ${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description,
     'c' || replace(${p}.category, '-', ''), ${p}.course_codes, ${p}.id, ${p}.created_at, ${p}.price_cents, ${RANKED(p)}`;
const WATCHED = 'title, author, isbn, isbn_digits, publisher, description, university, category, status, availability, course_codes, price_cents';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`
    CREATE VIRTUAL TABLE books_fts_campus USING fts5(
      title, author, isbn, publisher, description, facets, courses,
      id UNINDEXED, created_at UNINDEXED, price_cents UNINDEXED, ranked UNINDEXED,
      content='', contentless_delete=1, contentless_unindexed=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4', detail=column
    )`).execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_campus_insert AFTER INSERT ON books WHEN ${LIVE('new')} BEGIN ${INSERT('new')}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER books_fts_campus_delete AFTER DELETE ON books WHEN ${LIVE('old')} BEGIN DELETE FROM books_fts_campus WHERE rowid = ${KEY('old')}; END`).execute(db);
  await sql.raw(`
    CREATE TRIGGER books_fts_campus_update AFTER UPDATE OF ${WATCHED} ON books BEGIN
      DELETE FROM books_fts_campus WHERE rowid = ${KEY('old')} AND ${LIVE('old')};
      ${INSERT('new')} WHERE ${LIVE('new')};
    END`).execute(db);
  // In key order: each campus's listings written as one run, as the index keeps them.
  await sql.raw(`${INSERT('b')} FROM books b WHERE ${LIVE('b')} ORDER BY 1`).execute(db);
  await sql`INSERT INTO books_fts_campus(books_fts_campus) VALUES ('optimize')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const t of ['books_fts_campus_insert', 'books_fts_campus_delete', 'books_fts_campus_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS books_fts_campus`.execute(db);
  // As migration 021 says: SQLite 3.53's FTS5 leaves the `_content` table of a contentless_unindexed index behind.
  await sql`PRAGMA writable_schema = RESET`.execute(db);
  await sql`DROP TABLE IF EXISTS books_fts_campus_content`.execute(db);
}
