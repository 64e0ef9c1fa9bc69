// Verified students (docs/decisions/0035-verified-students.md): a student proves enrolment by confirming
// an address at their university's domain (a mailed link) or by signing in with Microsoft from a
// university tenant.
// - `students` (accounts module): `verified_university` and `verified_at`, set together (both null until
//   verified); `verified_via` ('email' or 'microsoft'); `verified_email`, the university address that
//   verified the account, lower-case. One university address verifies one account at most at a time: a
//   partial unique index refuses a second, whatever the timing.
// - `student_verifications` (accounts module): the one pending mailed link per student (a new request
//   replaces it), its token stored only as a SHA-256 hash, expiring; confirming deletes the row, so a
//   token works once.
// Frozen.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('students').addColumn('verified_university', 'text').execute();
  await db.schema.alterTable('students').addColumn('verified_at', 'text').execute();
  await db.schema.alterTable('students').addColumn('verified_via', 'text').execute();
  await db.schema.alterTable('students').addColumn('verified_email', 'text').execute();
  await sql`CREATE UNIQUE INDEX students_verified_email_idx ON students (verified_email) WHERE verified_email IS NOT NULL`.execute(db);

  await db.schema
    .createTable('student_verifications')
    // One pending link per student; it goes with the account.
    .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('university', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('student_verifications').execute();
  await sql`DROP INDEX students_verified_email_idx`.execute(db);
  await db.schema.alterTable('students').dropColumn('verified_email').execute();
  await db.schema.alterTable('students').dropColumn('verified_via').execute();
  await db.schema.alterTable('students').dropColumn('verified_at').execute();
  await db.schema.alterTable('students').dropColumn('verified_university').execute();
}
