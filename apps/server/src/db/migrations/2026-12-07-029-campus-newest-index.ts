// SQLite: a covering index of the listings on each campus, newest first (decision 0059). A search or a
// browse by date that the text index cannot answer alone walks a date index until its page is full,
// testing each entry against the filters; on one campus, the catalogue-wide date index (migration 007)
// holds nine other campuses' listings for each of its own. Here a campus's listings in date order are one
// range, carrying every other filter column and the price, so the walk reads nothing else (the catalogue
// names it in its walks: repository.ts, `byDate`). PostgreSQL's planner picks its own walks and is left
// as it was. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE INDEX books_catalogue_university_newest_idx ON books (status, availability, university, created_at DESC, id, category, study_level, condition, language, price_cents)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DROP INDEX IF EXISTS books_catalogue_university_newest_idx`.execute(db);
}
