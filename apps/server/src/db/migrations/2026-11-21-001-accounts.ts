// Students, their sessions and password resets. Frozen: change the schema in a new migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('students')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('student_number', 'text', (c) => c.notNull())
    .addColumn('university', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('buyer'))
    .addColumn('faculty_name', 'text')
    .addColumn('department_name', 'text')
    .addColumn('year_of_study', 'text')
    .addColumn('semester', 'text')
    .addColumn('academic_year', 'text')
    .addColumn('academic_updated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('idle_expires_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_student_idx').on('sessions').column('student_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_student_idx').on('password_resets').column('student_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('students').execute();
}
