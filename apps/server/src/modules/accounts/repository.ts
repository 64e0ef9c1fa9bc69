// SQL for students, sessions and password resets. Every function takes the db or a transaction first.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Role, UniversityId } from '@reshelf/shared';
import type { Db } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { StudentsTable } from '../../db/schema.ts';

export type StudentRow = Selectable<StudentsTable>;

export const findStudentByEmail = (db: Db, email: string) =>
  db.selectFrom('students').selectAll().where('email', '=', email).executeTakeFirst();

export const findStudentById = (db: Db, id: string) =>
  db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();

export const insertStudent = (db: Db, row: Insertable<StudentsTable>) => db.insertInto('students').values(row).execute();

export const updateStudent = (db: Db, id: string, patch: Updateable<StudentsTable>) =>
  db.updateTable('students').set(patch).where('id', '=', id).execute();

export const deleteStudent = (db: Db, id: string) => db.deleteFrom('students').where('id', '=', id).execute();

// Roles (docs/decisions/0033-one-account-both-roles.md): one row per role an account holds.

/** The roles this student holds, as stored (the sign-up role among them). */
export async function findRoles(db: Db, studentId: string): Promise<Role[]> {
  const rows = await db.selectFrom('student_roles').select('role').where('student_id', '=', studentId).execute();
  return rows.map((r) => r.role);
}

/** Gives the student this role; a second add (even at the same moment) finds the row there and adds nothing. */
export const insertRole = (db: Db, row: { student_id: string; role: Role; created_at: string }) =>
  db
    .insertInto('student_roles')
    .values(row)
    .onConflict((oc) => oc.columns(['student_id', 'role']).doNothing())
    .execute();

/** What anyone may see of students: their first name and university. */
export async function findPublicNames(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('students').select(['id', 'first_name', 'university', 'verified_at']).where('id', 'in', ids).execute();
}

// Verified students (docs/decisions/0035-verified-students.md).

/** Marks a student verified; the partial unique index on verified_email refuses an address another account holds. */
export const setVerified = (
  db: Db,
  id: string,
  v: { university: UniversityId; at: string; via: 'email' | 'microsoft'; email: string | null },
) =>
  db
    .updateTable('students')
    .set({ verified_university: v.university, verified_at: v.at, verified_via: v.via, verified_email: v.email, updated_at: v.at })
    .where('id', '=', id)
    .executeTakeFirst();

/** The student a university address verifies, if any. */
export const findVerifiedEmailHolder = (db: Db, email: string) =>
  db.selectFrom('students').select(['id']).where('verified_email', '=', email).executeTakeFirst();

/** Sets the academic details only if the last change is older than `notAfter`; returns whether it did. */
export async function updateAcademicIfAllowed(
  db: Db,
  id: string,
  patch: Updateable<StudentsTable>,
  notAfter: string,
): Promise<boolean> {
  const res = await db
    .updateTable('students')
    .set(patch)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('academic_updated_at', 'is', null), eb('academic_updated_at', '<=', notAfter)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const insertSession = (
  db: Db,
  row: { token_hash: string; student_id: string; created_at: string; last_seen_at: string; idle_expires_at: string; absolute_expires_at: string },
) => db.insertInto('sessions').values(row).execute();

export const findSession = (db: Db, tokenHash: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const touchSession = (db: Db, tokenHash: string, lastSeenAt: string, idleExpiresAt: string) =>
  db.updateTable('sessions').set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt }).where('token_hash', '=', tokenHash).execute();

export const deleteSession = (db: Db, tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();

export function deleteSessionsOf(db: Db, studentId: string, exceptTokenHash?: string) {
  let q = db.deleteFrom('sessions').where('student_id', '=', studentId);
  if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash);
  return q.execute();
}

/** Deletes the sessions that expired by `now` and returns whose they were. */
export const deleteExpiredSessions = (db: Db, now: string) =>
  db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .returning(['student_id', 'token_hash'])
    .execute();

export const insertPasswordReset = (db: Db, row: { token_hash: string; student_id: string; created_at: string; expires_at: string }) =>
  db.insertInto('password_resets').values({ ...row, used_at: null }).execute();

/** Marks an unused, unexpired reset token used; returns its student id, or undefined. Single use under races. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select(['student_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const res = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.student_id : undefined;
}

export const deleteResetsOf = (db: Db, studentId: string) =>
  db.deleteFrom('password_resets').where('student_id', '=', studentId).execute();

// Suspensions (docs/decisions/0031-listing-lifecycle.md): an admin suspends a student and lifts it again.

/** Suspends a student who is not an admin and not suspended yet; returns whether it did. */
export async function suspendIfActive(db: Db, id: string, at: string, reason: string): Promise<boolean> {
  const res = await db
    .updateTable('students')
    .set({ suspended_at: at, suspension_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('role', '!=', 'admin')
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Lifts a student's suspension; returns whether they were suspended. */
export async function liftSuspension(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('students')
    .set({ suspended_at: null, suspension_reason: null, updated_at: at })
    .where('id', '=', id)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Whether a student is suspended, read inside the caller's transaction. On PostgreSQL the row is held
 * (FOR SHARE) until that transaction ends, so a suspension committing meanwhile waits for it, and one that
 * committed first is seen: an approval can never put a listing of a student suspended at that moment into
 * the catalogue. SQLite runs one write transaction at a time anyway.
 */
export async function findSuspension(db: Db, id: string) {
  const query = db.selectFrom('students').select(['id', 'suspended_at']).where('id', '=', id);
  return (isPostgres(db) ? query.forShare() : query).executeTakeFirst();
}

/** What an admin judging reports sees of these students. */
export async function findForAdmin(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'university', 'role', 'created_at', 'suspended_at', 'suspension_reason'])
    .where('id', 'in', ids)
    .execute();
}
