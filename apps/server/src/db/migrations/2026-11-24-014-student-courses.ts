// The course codes a student takes this semester (MATH1014), kept with their academic details on their
// own row: `students.course_codes`, the codes space-separated, upper-case, in the student's order, all at
// the student's university. Read with the row every request already reads, so the session's student
// carries them at no extra query; written by PUT /student/courses, which the faculty details' 24-hour
// rule does not limit (docs/decisions/0029-student-courses.md). Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('students').addColumn('course_codes', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('course_codes').execute();
}
