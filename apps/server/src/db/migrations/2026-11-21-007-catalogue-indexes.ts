// Indexes for browsing the catalogue at scale (docs/performance.md). Every browse query filters on
// status = 'approved' AND availability = 'available', then on any of category, university, study level,
// condition, language and a price range, and sorts by newest or by price. With 100,000 listings the
// old (status, availability, created_at) index made SQLite sort ~90,000 wide rows for a filtered,
// price-sorted page (2-8 s under load). Each index below serves one sort order (or a selective filter)
// in index order, and carries every filter column plus the id, so both the page and its count are read
// from the index alone, never from the wide rows. The narrow index of 004 stays: counting every
// available listing reads it in half the time of a wide one on PostgreSQL. Frozen.
import { sql, type Kysely } from 'kysely';

const FILTERS = 'category, university, study_level, condition, language';

const INDEXES = {
  // Newest first (the default sort, and the tie-break of every other sort).
  books_catalogue_newest_idx: `status, availability, created_at DESC, id, ${FILTERS}, price_cents`,
  // Cheapest first and dearest first: one index per direction, so each is read forwards without a sort.
  books_catalogue_price_asc_idx: `status, availability, price_cents, created_at DESC, id, ${FILTERS}`,
  books_catalogue_price_desc_idx: `status, availability, price_cents DESC, created_at DESC, id, ${FILTERS}`,
  // The two selective filters students use most (their campus, their subject), alone or together.
  books_catalogue_category_idx: 'status, availability, category, university, price_cents, created_at DESC, id, study_level, condition, language',
  books_catalogue_university_idx: 'status, availability, university, price_cents, created_at DESC, id, category, study_level, condition, language',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) await sql.raw(`CREATE INDEX ${name} ON books (${columns})`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
}
