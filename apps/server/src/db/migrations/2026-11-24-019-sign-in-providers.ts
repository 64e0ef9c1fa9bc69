// Sign-in with identity providers (docs/decisions/0036-sign-in-providers.md), all owned by the identities module:
// - `student_identities`: a provider's account (provider + its stable subject, unique) linked to a student,
//   at most one per provider and student, with the email the provider gave when it was linked.
// - `sign_in_flows`: a started authorization (its state, nonce and PKCE verifier), keyed by the SHA-256 of
//   the random value in the browser's short-lived httpOnly cookie; the callback deletes it (single use).
// - `pending_sign_ins`: a provider's verified identity waiting for a new person's profile, or for the
//   password of the existing account with its email, keyed by the SHA-256 of a cookie's value; short-lived.
// A provider-only student has no password: `students.password_hash` is '' (no argon2 hash ever is). Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('student_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('student_identities_pk', ['provider', 'subject'])
    .addUniqueConstraint('student_identities_student_provider', ['student_id', 'provider'])
    .execute();

  await db.schema
    .createTable('sign_in_flows')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    // 'sign-in', or 'link' for the signed-in student_id.
    .addColumn('intent', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_flows_expires_idx').on('sign_in_flows').column('expires_at').execute();

  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // The existing account with this email, whose password links the identity; null for a new person.
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_sign_ins_expires_idx').on('pending_sign_ins').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_sign_ins').execute();
  await db.schema.dropTable('sign_in_flows').execute();
  await db.schema.dropTable('student_identities').execute();
}
