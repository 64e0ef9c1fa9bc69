// SQL for the pending mailed verification links (docs/decisions/0035-verified-students.md). Every
// function takes the db or a transaction first.
import type { Db } from '../../db/index.ts';
import type { StudentVerificationsTable } from '../../db/schema.ts';

export type PendingVerification = StudentVerificationsTable;

/** The student's one pending link: a new request replaces the old one, whose token then works no more. */
export const replacePending = (db: Db, row: PendingVerification) =>
  db
    .insertInto('student_verifications')
    .values(row)
    .onConflict((oc) =>
      oc.column('student_id').doUpdateSet({
        token_hash: row.token_hash,
        email: row.email,
        university: row.university,
        created_at: row.created_at,
        expires_at: row.expires_at,
      }),
    )
    .execute();

/**
 * Uses up a link of `studentId`: deletes the row of this token hash, if it is that student's, and returns
 * it, or undefined. Another student's token is left as it was, for its owner. Of two confirmations at once
 * only one deletes the row (the other finds it gone), so a token works once whatever the timing.
 */
export const takePending = (db: Db, tokenHash: string, studentId: string): Promise<PendingVerification | undefined> =>
  db
    .deleteFrom('student_verifications')
    .where('token_hash', '=', tokenHash)
    .where('student_id', '=', studentId)
    .returningAll()
    .executeTakeFirst();

export const deletePendingOf = (db: Db, studentId: string) =>
  db.deleteFrom('student_verifications').where('student_id', '=', studentId).execute();
