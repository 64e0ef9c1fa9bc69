// A listing's life after approval, and reports (docs/decisions/0031-listing-lifecycle.md):
// - `books` (listings module): `expires_at`, when an approved listing leaves the catalogue unless its
//   seller renews it; `expiry_reminded_for`, the expiry date the seller was last reminded of (a renewal
//   moves expires_at, so the next reminder is due again); `taken_down_at` and `takedown_reason`, an admin's
//   take-down. The listing's new states are new values of `status` (hidden, taken_down, expired,
//   sold_elsewhere, suspended), so the catalogue's one rule (status 'approved' and availability
//   'available') and everything built on it (the catalogue indexes of 007, the live search index and its
//   triggers of 008/011, the vocabulary of 010, the edition medians of 013) need no change.
// - `students` (accounts module): `suspended_at` and `suspension_reason`.
// - `reports` (reports module): one row per report; at most one open report per reporter and target (a
//   partial unique index); `counts` is 0 for a report whose author had one about the same target dismissed
//   before (it is shown to admins but does not count towards hiding the listing).
// Listings approved before this migration expire 90 days after their approval, but never sooner than 7
// days after the migration (so each seller gets the usual week's reminder), and 90 days after the migration
// when the approval time is unknown. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('books').addColumn('expiry_reminded_for', 'text').execute();
  await db.schema.alterTable('books').addColumn('taken_down_at', 'text').execute();
  await db.schema.alterTable('books').addColumn('takedown_reason', 'text').execute();
  // The expiry and reminder jobs ask for approved, available listings by expiry time.
  await db.schema.createIndex('books_expiry_idx').on('books').columns(['status', 'availability', 'expires_at']).execute();

  const now = new Date();
  const week = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  const unknown = new Date(now.getTime() + 90 * 86_400_000).toISOString();
  // ISO-8601 UTC text throughout, so the later of two times is the larger string.
  const ninetyDaysAfterApproval = isPostgres(db)
    ? sql`to_char((approved_at::timestamptz + interval '90 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', approved_at, '+90 days')`;
  await sql`
    UPDATE books SET expires_at = CASE
      WHEN approved_at IS NULL THEN ${unknown}
      WHEN ${ninetyDaysAfterApproval} < ${week} THEN ${week}
      ELSE ${ninetyDaysAfterApproval}
    END
    WHERE status = 'approved'`.execute(db);

  await db.schema.alterTable('students').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('students').addColumn('suspension_reason', 'text').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // A report goes with its author's account.
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    // The student responsible (the listing's seller, or the student reported): kept if the listing is
    // withdrawn, so an admin can still act on its seller; gone with that student's account.
    .addColumn('subject_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('counts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('closed_by', 'text', (c) => c.references('students.id').onDelete('set null'))
    .execute();
  // One open report per reporter and target: a second is refused by the database, whatever the timing.
  await sql`CREATE UNIQUE INDEX reports_one_open_idx ON reports (reporter_id, target_type, target_id) WHERE closed_at IS NULL`.execute(db);
  // A target's reports (the hiding count, a decision), and the queue of open ones by time.
  await db.schema.createIndex('reports_target_idx').on('reports').columns(['target_type', 'target_id', 'closed_at']).execute();
  await db.schema.createIndex('reports_open_idx').on('reports').columns(['closed_at', 'created_at']).execute();
  await db.schema.createIndex('reports_subject_idx').on('reports').column('subject_id').execute();
}

/**
 * Back to three statuses: a take-down becomes a decline with its reason; hidden and suspended listings go
 * back to review (pending) rather than straight into the catalogue; expired ones are approved again (the
 * code before this migration had no expiry); a listing sold elsewhere reads as sold.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE books SET status = 'declined', decline_reason = takedown_reason WHERE status = 'taken_down'`.execute(db);
  await sql`UPDATE books SET status = 'pending', approved_at = NULL WHERE status IN ('hidden', 'suspended')`.execute(db);
  await sql`UPDATE books SET status = 'approved' WHERE status = 'expired'`.execute(db);
  await sql`UPDATE books SET status = 'approved', availability = 'sold' WHERE status = 'sold_elsewhere'`.execute(db);
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('students').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('students').dropColumn('suspended_at').execute();
  await db.schema.dropIndex('books_expiry_idx').execute();
  await db.schema.alterTable('books').dropColumn('takedown_reason').execute();
  await db.schema.alterTable('books').dropColumn('taken_down_at').execute();
  await db.schema.alterTable('books').dropColumn('expiry_reminded_for').execute();
  await db.schema.alterTable('books').dropColumn('expires_at').execute();
}
