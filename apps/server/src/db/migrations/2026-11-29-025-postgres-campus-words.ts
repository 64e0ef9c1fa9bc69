// PostgreSQL: the live text index also holds each listing's words prefixed by its campus
// (docs/decisions/0049-postgresql-words-on-a-campus.md). Migration 024's index answered a word on a campus
// as two lists, the word's (every campus's listings with it) and the campus's (every listing there), and
// intersected them: for a common word on a large campus, some 150,000 entries decoded to find 5,000. Now a
// listing's words are in it a second time as `#u<campus>:<word>` (`#uuct:introduction`), so the same question
// is one list of the campus's matches, and a word as typed is a prefix of those lexemes
// (`'#uuct:introduc':*`) just as it is of the words. `campus_words` makes the lexemes; it is IMMUTABLE
// (the same words and campus always give the same lexemes), as an index expression must be, and leaves out a
// word too long to be a lexeme with its prefix (no search word is near that long). The index keeps 024's
// name, its for-sale condition and everything 024 put in it; building it reads every listing once and
// calls the function on each (timed at a million listings in docs/performance.md). SQLite is unchanged: its
// campus index (migration 022) answers the same question its own way. Frozen: the repository's LIVE_VECTOR
// states the expression again, and must match it.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const FACETS = `array_to_tsvector(ARRAY['#u' || university, '#c' || category, '#l' || language, '#s' || study_level, '#d' || condition, '#t' || substr(created_at, 1, 7)])`;
/** Migration 024's expression. */
const LIVE_VECTOR_024 = `(search_vector || ${FACETS})`;
const LIVE_VECTOR = `(search_vector || ${FACETS} || campus_words(search_vector, university))`;
const FOR_SALE = `WHERE status = 'approved' AND availability = 'available'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Only functions of pg_catalog, which is searched first whatever the search_path (a restore sets it empty).
  await sql`
    CREATE FUNCTION campus_words(words tsvector, campus text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_to_tsvector(array_agg('#u' || coalesce(campus, '') || ':' || w)), ''::tsvector)
      FROM unnest(tsvector_to_array(coalesce(words, ''::tsvector))) AS w
      WHERE octet_length(w) <= 1000
    $$`.execute(db);
  await sql`DROP INDEX IF EXISTS books_live_search_idx`.execute(db);
  await sql.raw(`CREATE INDEX books_live_search_idx ON books USING GIN (${LIVE_VECTOR}) ${FOR_SALE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX IF EXISTS books_live_search_idx`.execute(db);
  await sql.raw(`CREATE INDEX books_live_search_idx ON books USING GIN (${LIVE_VECTOR_024}) ${FOR_SALE}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS campus_words(tsvector, text)`.execute(db);
}
