// One account, both roles (docs/decisions/0033-one-account-both-roles.md):
// - `student_roles` (accounts module): one row per role an account holds, keyed by (student_id, role), so
//   two adds of the same role at the same moment leave one row whatever the timing. It goes with the
//   account. `students.role` stays the role chosen at sign-up.
// Every student already here holds the role they chose at sign-up (an admin holds admin). Frozen.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('student_roles')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('student_roles_pk', ['student_id', 'role'])
    .execute();
  await sql`INSERT INTO student_roles (student_id, role, created_at) SELECT id, role, created_at FROM students`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('student_roles').execute();
}
