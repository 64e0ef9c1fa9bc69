// SQL for stored idempotent answers: one row per (student, key), claimed before the work starts and
// completed with the answer once it is known.
import type { Db } from '../../db/index.ts';


/** Claims the key; false when the student already used it (finished or still in progress). */
export async function claimKey(db: Db, row: { student_id: string; key: string; request_hash: string; created_at: string }): Promise<boolean> {
  const res = await db
    .insertInto('idempotency_keys')
    .values({ ...row, status_code: null, response_body: null })
    .onConflict((oc) => oc.columns(['student_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const findKey = (db: Db, studentId: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('student_id', '=', studentId).where('key', '=', key).executeTakeFirst();

export const completeKey = (db: Db, studentId: string, key: string, statusCode: number, body: string) =>
  db.updateTable('idempotency_keys').set({ status_code: statusCode, response_body: body }).where('student_id', '=', studentId).where('key', '=', key).execute();

/** Frees a claim that has no answer yet, so a retry runs the request again. */
export const releaseKey = (db: Db, studentId: string, key: string) =>
  db.deleteFrom('idempotency_keys').where('student_id', '=', studentId).where('key', '=', key).where('status_code', 'is', null).execute();

export const deleteKeysBefore = (db: Db, before: string) => db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();

/** Drops stored answers that quote a student (their id appears in the body), for erasing their account. */
export const deleteAnswersQuoting = (db: Db, studentId: string) =>
  db.deleteFrom('idempotency_keys').where('response_body', 'like', `%${studentId}%`).execute();
