// The catalogue's vocabulary for spelling suggestions: the words of live listings' titles, authors and
// publishers, with how many live listings have each (docs/decisions/0024-search-that-forgives.md).
// SQLite: an fts5vocab table over the live full-text index of 008, so it is always exactly the index's
// words. PostgreSQL: a `search_words` table kept by a trigger on `books` (a listing's words count while it
// is approved and available), with a pg_trgm index to find the words near a misspelt one. If pg_trgm
// cannot be installed (no permission, not available) the migration still succeeds without the index and
// searches answer without suggestions (the server logs why). Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The key of the transaction-scoped advisory lock writers of the vocabulary take in turn (any constant no
 * other lock uses; the server takes no other advisory locks). */
const SEARCH_WORDS_LOCK = 2_026_112_410;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`CREATE VIRTUAL TABLE books_fts_vocab USING fts5vocab(books_fts, 'col')`.execute(db);
    return;
  }
  // An exception block is its own subtransaction: a refused CREATE EXTENSION leaves the migration's
  // transaction usable.
  await sql
    .raw(
      `DO $$ BEGIN
         CREATE EXTENSION IF NOT EXISTS pg_trgm;
       EXCEPTION WHEN OTHERS THEN
         RAISE WARNING 'pg_trgm could not be installed (%): catalogue searches will carry no spelling suggestions', SQLERRM;
       END $$`,
    )
    .execute(db);
  // "C" collation: byte order, so that a prefix is a range of the primary key.
  await sql`CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY, listings integer NOT NULL)`.execute(db);
  // The words of a listing as the catalogue's tsvector (005) splits them, letters only, sorted.
  await sql`
    CREATE FUNCTION book_vocabulary(title text, author text, publisher text) RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(array_agg(w ORDER BY w), '{}')
      FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(author, '') || ' ' || coalesce(publisher, '')))) AS w
      WHERE w ~ '^[[:alpha:]]+$'
    $$`.execute(db);
  // One statement per change, its rows in word order, so concurrent single-listing changes lock the same words in the
  // same order and each count moves by exactly what changed. Rows at 0 stay (a later
  // listing may bring the word back) and are never suggested.
  await sql`
    CREATE FUNCTION search_words_track() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      leaving text[] := '{}';
      entering text[] := '{}';
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.status = 'approved' AND OLD.availability = 'available' THEN
        leaving := book_vocabulary(OLD.title, OLD.author, OLD.publisher);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NEW.availability = 'available' THEN
        entering := book_vocabulary(NEW.title, NEW.author, NEW.publisher);
      END IF;
      IF leaving = entering THEN RETURN NULL; END IF;
      INSERT INTO search_words AS s (word, listings)
      SELECT w, sum(d) FROM (
        SELECT unnest(entering) AS w, 1 AS d UNION ALL SELECT unnest(leaving), -1
      ) AS change GROUP BY w HAVING sum(d) <> 0 ORDER BY w
      ON CONFLICT (word) DO UPDATE SET listings = s.listings + excluded.listings;
      RETURN NULL;
    END $$`.execute(db);
  // Sorted words keep one statement from deadlocking with another, but not two transactions whose
  // statements cross (one changes listing A then C, the other B then D, with A and D sharing a word and B
  // and C another), nor a statement that changes many listings against one that changes one. So each
  // statement that can move the vocabulary first takes one transaction-scoped lock, before it locks any
  // book row: writers of the vocabulary take their turns instead of waiting on each other in a circle.
  // They already queued on the rows of common words ("of", "and", a big publisher) until commit, so the
  // cost in throughput is small.
  await sql`
    CREATE FUNCTION search_words_take_turn() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(${sql.lit(SEARCH_WORDS_LOCK)});
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER books_search_words_turn BEFORE INSERT OR DELETE OR UPDATE OF title, author, publisher, status, availability
    ON books FOR EACH STATEMENT EXECUTE FUNCTION search_words_take_turn()`.execute(db);
  await sql`
    CREATE TRIGGER books_search_words AFTER INSERT OR DELETE OR UPDATE OF title, author, publisher, status, availability
    ON books FOR EACH ROW EXECUTE FUNCTION search_words_track()`.execute(db);
  await sql`
    INSERT INTO search_words (word, listings)
    SELECT w, count(*) FROM books b, unnest(book_vocabulary(b.title, b.author, b.publisher)) AS w
    WHERE b.status = 'approved' AND b.availability = 'available' GROUP BY w`.execute(db);
  await sql
    .raw(
      `DO $$ BEGIN
         IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
           CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);
         END IF;
       END $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TABLE IF EXISTS books_fts_vocab`.execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS books_search_words ON books`.execute(db);
  await sql`DROP TRIGGER IF EXISTS books_search_words_turn ON books`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_words_track()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_words_take_turn()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
  await sql`DROP FUNCTION IF EXISTS book_vocabulary(text, text, text)`.execute(db);
}
