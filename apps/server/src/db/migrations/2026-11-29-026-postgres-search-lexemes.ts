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
// sold. The table has no unique key, so that a writer never waits for another transaction's new word (a
// wait that, with row locks and migration 010's turn, could close a circle): two listings written at the
// same moment with the same new word may both add it, and reading takes each word once. The words of the
// listings already stored are added here (one pass over the catalogue, timed at a million listings in
// docs/performance.md). A later migration that rebuilds `search_vector` fires no trigger and must add its
// words again. SQLite is unchanged. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // "C" collation: byte order, so the words a prefix starts are a range of the index.
  await sql`CREATE TABLE search_lexemes (word text COLLATE "C" NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION search_lexemes_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_lexemes (word)
      SELECT DISTINCT w FROM changed, unnest(tsvector_to_array(changed.search_vector)) AS w
      WHERE NOT EXISTS (SELECT 1 FROM search_lexemes s WHERE s.word = w);
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
      WHERE a.search_vector IS DISTINCT FROM b.search_vector AND NOT EXISTS (SELECT 1 FROM search_lexemes s WHERE s.word = w);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER books_search_lexemes_update AFTER UPDATE ON books
    REFERENCING OLD TABLE AS before_change NEW TABLE AS after_change
    FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add_changed()`.execute(db);
  await sql`
    INSERT INTO search_lexemes (word)
    SELECT DISTINCT w FROM books, unnest(tsvector_to_array(search_vector)) AS w`.execute(db);
  await sql`CREATE INDEX search_lexemes_word_idx ON search_lexemes (word)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS books_search_lexemes_update ON books`.execute(db);
  await sql`DROP TRIGGER IF EXISTS books_search_lexemes_insert ON books`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_lexemes_add_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_lexemes_add()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_lexemes`.execute(db);
}
