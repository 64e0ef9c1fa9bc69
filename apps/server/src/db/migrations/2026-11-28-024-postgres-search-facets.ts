// PostgreSQL: the catalogue's text index holds every filter it can, as SQLite's do since migration 023
// (docs/decisions/0048-postgresql-filters-and-months-in-the-text-index.md). `books_live_search_idx` is a GIN index
// over each live listing's tsvector (005 and 011's `search_vector`) with its campus, category, language,
// study level and condition added as lexemes (`#u…`, `#c…`, `#l…`, `#s…`, `#d…`: a student's words,
// letters and digits only, never start with `#`) and the month it was listed in (`#t2026-11`, the first
// seven characters of its ISO `created_at`), and only over listings for sale (a partial index). A
// search on one campus, or with any of those filters, then finds its matches in the index alone, where
// `books_search_idx` listed every listing with the words and each was read from its row (most of a page
// of the table each) to check the rest; and a search ranked by relevance reads its newest matches month by
// month, newest first, rather than every match. `books_search_idx` goes: no statement is left that it serves.
// Building the index reads every listing once (timed at a million listings in docs/performance.md).
// SQLite is unchanged. Frozen: the repository's LIVE_VECTOR states the expression again, and must match it.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const LIVE_VECTOR = `(search_vector || array_to_tsvector(ARRAY['#u' || university, '#c' || category, '#l' || language, '#s' || study_level, '#d' || condition, '#t' || substr(created_at, 1, 7)]))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(`CREATE INDEX books_live_search_idx ON books USING GIN (${LIVE_VECTOR}) WHERE status = 'approved' AND availability = 'available'`).execute(db);
  await sql`DROP INDEX IF EXISTS books_search_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE INDEX books_search_idx ON books USING GIN (search_vector)`.execute(db);
  await sql`DROP INDEX IF EXISTS books_live_search_idx`.execute(db);
}
