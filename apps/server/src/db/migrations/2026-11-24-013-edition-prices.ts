// Prices of editions, both owned by the listings module (docs/decisions/0028-new-prices-and-good-price.md):
// - `edition_prices`: the price of a new copy of an ISBN-13, entered by an admin, with who set it and when.
//   GET /editions/:isbn answers it as `newPrice`.
// - `edition_medians`: per ISBN, how many copies count towards its price and their median, kept by
//   triggers on `books` whenever a listing enters or leaves the counted set (an approval, a reservation, a
//   cancelled order, a sale, an edit, a withdrawal, an erased account), so the catalogue marks a copy below
//   the median ("Good price") with one primary-key read per ISBN of a page instead of reading every copy.
//   The copies that count are those of GET /editions/:isbn's price range: approved and available or sold
//   (not reserved, pending or declined). The median of an even count is the mean of the middle two,
//   rounded half up to the cent, as editions.ts computes it.
// - `books_edition_prices_idx`: each recount reads the ISBN's counted prices from this index alone.
// PostgreSQL: statements that can change a median first take the transaction-scoped advisory lock
// migration 010 gives writers of listings, so two transactions never recount one ISBN from views that miss
// each other's change. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** Migration 010's lock: one key for every statement-level lock on `books`, so no two of them can deadlock. */
const LISTING_WRITERS_LOCK = 2_026_112_410;

const COUNTED = (p: string) => `${p}.status = 'approved' AND ${p}.availability IN ('available', 'sold')`;

/**
 * Recounts the medians of the ISBNs `a` and `b` (SQL expressions; the same one twice for one ISBN): the row
 * goes, and comes back if any copy still counts. row_number and count over the ISBN's prices, cheapest
 * first, pick the middle one (odd count) or two (even count); (low + high + 1) / 2 in integers is their
 * mean rounded half up, the same as Math.round((low + high) / 2) for cents.
 */
const recount = (a: string, b: string) => `
  DELETE FROM edition_medians WHERE isbn IN (${a}, ${b});
  INSERT INTO edition_medians (isbn, copies, median_cents)
  SELECT isbn, n, (min(price_cents) + max(price_cents) + 1) / 2 FROM (
    SELECT b.isbn, b.price_cents,
      row_number() OVER (PARTITION BY b.isbn ORDER BY b.price_cents) AS r,
      count(*) OVER (PARTITION BY b.isbn) AS n
    FROM books b WHERE b.isbn IN (${a}, ${b}) AND ${COUNTED('b')}
  ) AS counted
  WHERE r IN ((n + 1) / 2, (n + 2) / 2)
  GROUP BY isbn, n;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('edition_prices')
    .addColumn('isbn', 'text', (c) => c.primaryKey())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    // The admin who set it; kept (as null) if that account is erased.
    .addColumn('set_by', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('edition_medians')
    .addColumn('isbn', 'text', (c) => c.primaryKey())
    .addColumn('copies', 'integer', (c) => c.notNull())
    .addColumn('median_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('books_edition_prices_idx').on('books').columns(['isbn', 'status', 'availability', 'price_cents']).execute();

  if (isPostgres(db)) {
    await sql.raw(`CREATE FUNCTION edition_medians_recount(text, text) RETURNS void LANGUAGE sql AS $$ ${recount('$1', '$2')} $$`).execute(db);
    await sql
      .raw(
        `CREATE FUNCTION edition_medians_track() RETURNS trigger LANGUAGE plpgsql AS $$
         DECLARE
           was boolean := TG_OP <> 'INSERT' AND ${COUNTED('OLD')};
           now_counted boolean := TG_OP <> 'DELETE' AND ${COUNTED('NEW')};
         BEGIN
           IF TG_OP = 'INSERT' THEN
             IF now_counted THEN PERFORM edition_medians_recount(NEW.isbn, NEW.isbn); END IF;
           ELSIF TG_OP = 'DELETE' THEN
             IF was THEN PERFORM edition_medians_recount(OLD.isbn, OLD.isbn); END IF;
           ELSIF (was OR now_counted)
             AND (was IS DISTINCT FROM now_counted OR OLD.isbn IS DISTINCT FROM NEW.isbn OR OLD.price_cents IS DISTINCT FROM NEW.price_cents) THEN
             PERFORM edition_medians_recount(OLD.isbn, NEW.isbn);
           END IF;
           RETURN NULL;
         END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION edition_medians_take_turn() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           PERFORM pg_advisory_xact_lock(${LISTING_WRITERS_LOCK});
           RETURN NULL;
         END $$`,
      )
      .execute(db);
    await sql`
      CREATE TRIGGER books_edition_medians_turn BEFORE INSERT OR DELETE OR UPDATE OF isbn, price_cents, status, availability
      ON books FOR EACH STATEMENT EXECUTE FUNCTION edition_medians_take_turn()`.execute(db);
    await sql`
      CREATE TRIGGER books_edition_medians AFTER INSERT OR DELETE OR UPDATE OF isbn, price_cents, status, availability
      ON books FOR EACH ROW EXECUTE FUNCTION edition_medians_track()`.execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER books_edition_medians_insert AFTER INSERT ON books WHEN ${COUNTED('new')} BEGIN ${recount('new.isbn', 'new.isbn')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER books_edition_medians_delete AFTER DELETE ON books WHEN ${COUNTED('old')} BEGIN ${recount('old.isbn', 'old.isbn')} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER books_edition_medians_update AFTER UPDATE OF isbn, price_cents, status, availability ON books
         WHEN (${COUNTED('old')} OR ${COUNTED('new')})
           AND ((${COUNTED('old')}) IS NOT (${COUNTED('new')}) OR old.isbn IS NOT new.isbn OR old.price_cents IS NOT new.price_cents)
         BEGIN ${recount('old.isbn', 'new.isbn')} END`,
      )
      .execute(db);
  }

  // The listings there are now.
  await sql
    .raw(
      `INSERT INTO edition_medians (isbn, copies, median_cents)
       SELECT isbn, n, (min(price_cents) + max(price_cents) + 1) / 2 FROM (
         SELECT b.isbn, b.price_cents,
           row_number() OVER (PARTITION BY b.isbn ORDER BY b.price_cents) AS r,
           count(*) OVER (PARTITION BY b.isbn) AS n
         FROM books b WHERE ${COUNTED('b')}
       ) AS counted
       WHERE r IN ((n + 1) / 2, (n + 2) / 2)
       GROUP BY isbn, n`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS books_edition_medians ON books`.execute(db);
    await sql`DROP TRIGGER IF EXISTS books_edition_medians_turn ON books`.execute(db);
    await sql`DROP FUNCTION IF EXISTS edition_medians_track()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS edition_medians_take_turn()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS edition_medians_recount(text, text)`.execute(db);
  } else {
    for (const t of ['books_edition_medians_insert', 'books_edition_medians_delete', 'books_edition_medians_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  }
  await db.schema.dropIndex('books_edition_prices_idx').ifExists().execute();
  await db.schema.dropTable('edition_medians').ifExists().execute();
  await db.schema.dropTable('edition_prices').ifExists().execute();
}
