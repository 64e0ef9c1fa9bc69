// PostgreSQL: the live text index (`books_live_search_idx`, migrations 024 and 025) also holds one lexeme
// for each combination of two or more of a listing's filters, beside each filter's own lexeme
// (docs/decisions/0057-postgresql-filters-together-as-one-lexeme.md), as SQLite's indexes hold one token
// each since migration 027. GIN answered several filters by intersecting each filter's list with the
// words' and with each other's, and a filter most listings have (English, undergraduate) has a list as long
// as the catalogue. A combination's lexeme is `#x`, then each filter's lexeme without its `#` in the order
// campus, category, language, study level, condition, joined by `:` (`#xuuct:cbiology:lenglish`): a
// value is letters and hyphens (`packages/shared`), so no two combinations write the same lexeme, and a
// student's words (letters and digits) never start with `#`. `facet_combinations` makes the 26 of a
// listing; it is IMMUTABLE (the same filters always give the same lexemes), as an index expression must
// be. The index keeps its name, its for-sale condition and everything 024 and 025 put in it; building it
// reads every listing once (timed at a million listings in docs/performance.md), and going down builds
// 025's again. SQLite is unchanged. Frozen: the repository's LIVE_VECTOR states the expression again, and
// must match it.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const FACETS = `array_to_tsvector(ARRAY['#u' || university, '#c' || category, '#l' || language, '#s' || study_level, '#d' || condition, '#t' || substr(created_at, 1, 7)])`;
/** Migration 025's expression. */
const LIVE_VECTOR_025 = `(search_vector || ${FACETS} || campus_words(search_vector, university))`;
const LIVE_VECTOR = `(search_vector || ${FACETS} || campus_words(search_vector, university) || facet_combinations(university, category, language, study_level, condition))`;
const FOR_SALE = `WHERE status = 'approved' AND availability = 'available'`;

/** Each filter's lexeme without its `#`, from the function's arguments, in the order a combination joins them. */
const FILTERS = [`'u' || u`, `'c' || c`, `'l' || l`, `'s' || s`, `'d' || d`];

/** Every combination of two or more filters, each as the text of one lexeme (`#x`, then their lexemes joined by `:`). */
function combinations(): string[] {
  const out: string[] = [];
  for (let set = 1; set < 1 << FILTERS.length; set++) {
    const chosen = FILTERS.filter((_, i) => set & (1 << i));
    if (chosen.length >= 2) out.push(`'#x' || ${chosen.join(` || ':' || `)}`);
  }
  return out;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Only functions of pg_catalog, which is searched first whatever the search_path (a restore sets it empty).
  // A missing filter would make a combination NULL, which array_to_tsvector refuses: it is left out.
  // PL/pgSQL and COST 1, so that the planner neither inlines it nor weighs it at a SQL function's default
  // cost: it counts an index expression's cost on every row a bitmap scan of the index reads, though the
  // expression is worked out again only for a page the bitmap kept whole (lossy). Inlined, the 26
  // concatenations made a search of some thousands of matches look dear enough to plan as a parallel scan,
  // whose workers took 5 ms to start where the whole statement took 1.5 (docs/performance.md).
  await sql
    .raw(
      `CREATE FUNCTION facet_combinations(u text, c text, l text, s text, d text) RETURNS tsvector
       LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 1 AS $$
       BEGIN
         RETURN array_to_tsvector(array_remove(ARRAY[${combinations().join(', ')}], NULL));
       END $$`,
    )
    .execute(db);
  await sql`DROP INDEX IF EXISTS books_live_search_idx`.execute(db);
  await sql.raw(`CREATE INDEX books_live_search_idx ON books USING GIN (${LIVE_VECTOR}) ${FOR_SALE}`).execute(db);
  // The planner's statistics of the new expression (the share of listings each lexeme is in), at once: a
  // new index has none until the table is next analysed, which autovacuum does only after a tenth of the
  // listings have changed.
  await sql`ANALYZE books`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX IF EXISTS books_live_search_idx`.execute(db);
  await sql.raw(`CREATE INDEX books_live_search_idx ON books USING GIN (${LIVE_VECTOR_025}) ${FOR_SALE}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS facet_combinations(text, text, text, text, text)`.execute(db);
}
