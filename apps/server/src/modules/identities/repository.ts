// SQL for linked identities, started sign-in flows and pending sign-ins. Every function takes the db or a transaction first.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { PendingSignInsTable, SignInFlowsTable, StudentIdentitiesTable } from '../../db/schema.ts';

export type IdentityRow = Selectable<StudentIdentitiesTable>;
export type FlowRow = Selectable<SignInFlowsTable>;
export type PendingRow = Selectable<PendingSignInsTable>;

export const insertFlow = (db: Db, row: Insertable<SignInFlowsTable>) => db.insertInto('sign_in_flows').values(row).execute();

/** Deletes the flow and returns it if it was still there and unexpired: a flow is used once, whatever the timing. */
export const takeFlow = (db: Db, idHash: string, now: string) =>
  db.deleteFrom('sign_in_flows').where('id_hash', '=', idHash).where('expires_at', '>', now).returningAll().executeTakeFirst();

export const insertPending = (db: Db, row: Insertable<PendingSignInsTable>) => db.insertInto('pending_sign_ins').values(row).execute();

export const findPending = (db: Db, tokenHash: string, now: string) =>
  db.selectFrom('pending_sign_ins').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();

/** Deletes the pending sign-in and returns it if it was still there and unexpired (single use). */
export const takePending = (db: Db, tokenHash: string, now: string) =>
  db.deleteFrom('pending_sign_ins').where('token_hash', '=', tokenHash).where('expires_at', '>', now).returningAll().executeTakeFirst();

export const deleteFlow = (db: Db, idHash: string) => db.deleteFrom('sign_in_flows').where('id_hash', '=', idHash).execute();

export const deletePending = (db: Db, tokenHash: string) => db.deleteFrom('pending_sign_ins').where('token_hash', '=', tokenHash).execute();

export const findIdentity = (db: Db, provider: string, subject: string) =>
  db.selectFrom('student_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();

export const insertIdentity = (db: Db, row: Insertable<StudentIdentitiesTable>) => db.insertInto('student_identities').values(row).execute();

/** A student's identities, oldest link first; on PostgreSQL held (FOR UPDATE) until the transaction ends. */
export function identitiesOf(db: Db, studentId: string, opts: { lock?: boolean } = {}) {
  const query = db.selectFrom('student_identities').selectAll().where('student_id', '=', studentId).orderBy('linked_at').orderBy('provider');
  return (opts.lock && isPostgres(db) ? query.forUpdate() : query).execute();
}

export const deleteIdentity = (db: Db, studentId: string, provider: string) =>
  db.deleteFrom('student_identities').where('student_id', '=', studentId).where('provider', '=', provider).execute();

/** Everything of a student's here, as their account is deleted. */
export async function deleteAllOf(db: Db, studentId: string) {
  await db.deleteFrom('student_identities').where('student_id', '=', studentId).execute();
  await db.deleteFrom('sign_in_flows').where('student_id', '=', studentId).execute();
  await db.deleteFrom('pending_sign_ins').where('student_id', '=', studentId).execute();
}

export async function deleteExpired(db: Db, now: string): Promise<number> {
  const a = await db.deleteFrom('sign_in_flows').where('expires_at', '<=', now).executeTakeFirst();
  const b = await db.deleteFrom('pending_sign_ins').where('expires_at', '<=', now).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}
