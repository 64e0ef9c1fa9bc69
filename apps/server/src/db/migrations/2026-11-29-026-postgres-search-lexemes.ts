// PostgreSQL: `search_lexemes`, every word any listing's tsvector (005 and 011's `search_vector`) has held,
// so a search word can be matched as the indexed words it starts rather than as a prefix
// (docs/decisions/0050-postgresql-prefixes-as-words.md). The live GIN index (025) answers a prefix
// (`'law':*`) by collecting the whole list of every word that starts with it before it can intersect
// anything; past its memory it keeps pages, not rows, and every listing on those pages is read again to
// check its words. The same question asked as the words (`'labour' & 'law'`) is intersected list against
// list, skipping ahead, and needs no second check: at a million listings 4 ms against 30. SQLite's fts5vocab
// (migration 010) is its index's own vocabulary; PostgreSQL has no such view of a GIN index, so this table
// is kept beside it.
//
// Words are only ever added, by the statement that inserts or changes listings (triggers): a word no
// listing has any more stays and matches nothing, which costs a search a lookup of an empty list. Words
// of listings not for sale are in it too, so it needs no change when a listing is approved, reserved or
// sold. A statement that changes a listing's text first takes the turn that writers of the vocabulary
// take (migration 010's advisory lock, before any row is locked), as statements changing its title,
// author, publisher, status or availability, or inserting a listing, already do: so two transactions never
// wait on each other's new words. The words of the listings already stored are added here (one pass over
// the catalogue, timed at a million listings in docs/performance.md). SQLite is unchanged. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The columns `search_vector` is made of (migration 011). */
const TEXT_COLUMNS = 'title, author, isbn, isbn_digits, publisher, description, course_codes';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // "C" collation: byte order, so the words a prefix starts are a range of the primary key.
  await sql`CREATE TABLE search_lexemes (word text COLLATE "C" PRIMARY KEY)`.execute(db);
  // In word order, as every other writer of the vocabulary writes its rows.
  await sql`
    CREATE FUNCTION search_lexemes_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_lexemes (word)
      SELECT DISTINCT w FROM changed, unnest(tsvector_to_array(changed.search_vector)) AS w ORDER BY w
      ON CONFLICT (word) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  // Once per statement, for all its rows: the bench's seeder inserts 500 listings a statement.
  await sql`
    CREATE TRIGGER books_search_lexemes_insert AFTER INSERT ON books
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add()`.execute(db);
  // A trigger with a transition table cannot name columns; this one fires on every update of listings and
  // looks for new words among the rows whose words changed.
  await sql`
    CREATE FUNCTION search_lexemes_add_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_lexemes (word)
      SELECT DISTINCT w FROM after_change a JOIN before_change b USING (id), unnest(tsvector_to_array(a.search_vector)) AS w
      WHERE a.search_vector IS DISTINCT FROM b.search_vector ORDER BY w
      ON CONFLICT (word) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER books_search_lexemes_update AFTER UPDATE ON books
    REFERENCING OLD TABLE AS before_change NEW TABLE AS after_change
    FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add_changed()`.execute(db);
  // The text columns migration 010's turn does not cover (it covers the title, author and publisher).
  await sql
    .raw(
      `CREATE TRIGGER books_search_lexemes_turn BEFORE UPDATE OF ${TEXT_COLUMNS} ON books
       FOR EACH STATEMENT EXECUTE FUNCTION search_words_take_turn()`,
    )
    .execute(db);
  await sql`
    INSERT INTO search_lexemes (word)
    SELECT DISTINCT w FROM books, unnest(tsvector_to_array(search_vector)) AS w`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS books_search_lexemes_turn ON books`.execute(db);
  await sql`DROP TRIGGER IF EXISTS books_search_lexemes_update ON books`.execute(db);
  await sql`DROP TRIGGER IF EXISTS books_search_lexemes_insert ON books`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_lexemes_add_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_lexemes_add()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_lexemes`.execute(db);
}
