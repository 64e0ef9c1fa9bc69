// SQL for a listing's life after approval (docs/decisions/0031-listing-lifecycle.md): each change of state
// is one conditional UPDATE from the states it may come from, so two changes racing each other (a report
// hiding a listing while an admin takes it down, a renewal while the expiry job runs) cannot both apply
// to the same listing. Every function takes the db or a transaction first.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { BookStatusValue } from './repository.ts';

/** What a seller and the admins see of a listing's lifecycle, beside its Book JSON. */
export async function findLifecycle(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('books').select(['id', 'status', 'expires_at', 'taken_down_at', 'takedown_reason']).where('id', 'in', ids).execute();
}

/** What a lifecycle change needs to know of a listing. */
export const findForLifecycle = (db: Db, id: string) =>
  db.selectFrom('books').select(['id', 'seller_id', 'title', 'status', 'availability', 'expires_at']).where('id', '=', id).executeTakeFirst();

async function changed(query: Promise<{ numUpdatedRows: bigint }>): Promise<boolean> {
  return Number((await query).numUpdatedRows) === 1;
}

/**
 * The status a listing goes back to when what held it out of the catalogue ends (reports dismissed, its
 * seller's suspension lifted): approved, or expired if its time ran out meanwhile. `now` is ISO text;
 * a listing with no expiry never expires.
 */
const backFromHold = (now: string) => sql<BookStatusValue>`CASE WHEN expires_at IS NOT NULL AND expires_at <= ${now} THEN 'expired' ELSE 'approved' END`;

/** Approved → hidden, after enough reports; false when it was not approved (already hidden, taken down, …). */
export const hideIfApproved = (db: Db, id: string, now: string) =>
  changed(db.updateTable('books').set({ status: 'hidden', updated_at: now }).where('id', '=', id).where('status', '=', 'approved').executeTakeFirst());

/** Hidden → back (approved, expired, or suspended when its seller is suspended meanwhile). */
export const restoreIfHidden = (db: Db, id: string, now: string, sellerSuspended: boolean) =>
  changed(
    db
      .updateTable('books')
      .set({ status: sellerSuspended ? 'suspended' : backFromHold(now), updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'hidden')
      .executeTakeFirst(),
  );

/** The statuses an admin may take a listing down from: everything that was approved and is not sold elsewhere. */
export const TAKE_DOWN_FROM = ['approved', 'hidden', 'expired', 'suspended'] as const satisfies readonly BookStatusValue[];

/** Takes a listing down with the reason its seller reads; false when it was not in a state that allows it, or is sold. */
export const takeDown = (db: Db, id: string, reason: string, now: string) =>
  changed(
    db
      .updateTable('books')
      .set({ status: 'taken_down', takedown_reason: reason, taken_down_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', TAKE_DOWN_FROM)
      .where('availability', '!=', 'sold')
      .executeTakeFirst(),
  );

/** Every approved listing of a seller → suspended (others keep their state); the ids it moved. */
export const suspendListingsOf = (db: Db, sellerId: string, now: string) =>
  db
    .updateTable('books')
    .set({ status: 'suspended', updated_at: now })
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'approved')
    .returning('id')
    .execute();

/** Every suspended listing of a seller → approved, or expired if its time ran out meanwhile. */
export const unsuspendListingsOf = (db: Db, sellerId: string, now: string) =>
  db.updateTable('books').set({ status: backFromHold(now), updated_at: now }).where('seller_id', '=', sellerId).where('status', '=', 'suspended').execute();

/** The owner renews an approved or expired listing that is not sold: back in the catalogue until `expiresAt`. */
export const renew = (db: Db, id: string, sellerId: string, expiresAt: string, now: string) =>
  changed(
    db
      .updateTable('books')
      .set({ status: 'approved', expires_at: expiresAt, expiry_reminded_for: null, updated_at: now })
      .where('id', '=', id)
      .where('seller_id', '=', sellerId)
      .where('status', 'in', ['approved', 'expired'])
      .where('availability', '!=', 'sold')
      .executeTakeFirst(),
  );

/** The owner marks an approved or expired listing that is in no order as sold elsewhere. */
export const markSoldElsewhere = (db: Db, id: string, sellerId: string, now: string) =>
  changed(
    db
      .updateTable('books')
      .set({ status: 'sold_elsewhere', updated_at: now })
      .where('id', '=', id)
      .where('seller_id', '=', sellerId)
      .where('status', 'in', ['approved', 'expired'])
      .where('availability', '=', 'available')
      .executeTakeFirst(),
  );

/**
 * Approved, available listings whose expiry has come (a listing in an order is kept by it, and expires
 * at the first run after the order ends without a sale). Oldest expiry first.
 */
export const dueToExpire = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('books')
    .select(['id', 'seller_id', 'title', 'expires_at'])
    .where('status', '=', 'approved')
    .where('availability', '=', 'available')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/** Approved → expired if it is still approved, available and due (one process wins each listing). */
export const expireIfDue = (db: Db, id: string, now: string) =>
  changed(
    db
      .updateTable('books')
      .set({ status: 'expired', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('availability', '=', 'available')
      .where('expires_at', '<=', now)
      .executeTakeFirst(),
  );

/** Approved, available listings expiring before `until` whose seller has not been reminded of that expiry. */
export const dueForReminder = (db: Db, now: string, until: string, limit: number) =>
  db
    .selectFrom('books')
    .select(['id', 'seller_id', 'title', 'expires_at'])
    .where('status', '=', 'approved')
    .where('availability', '=', 'available')
    .where('expires_at', '>', now)
    .where('expires_at', '<=', until)
    .where((eb) => eb.or([eb('expiry_reminded_for', 'is', null), eb('expiry_reminded_for', '!=', eb.ref('expires_at'))]))
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/** Claims the reminder of one expiry date: true for exactly one caller, and only while that date stands. */
export const claimReminder = (db: Db, id: string, expiresAt: string) =>
  changed(
    db
      .updateTable('books')
      .set({ expiry_reminded_for: expiresAt })
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('expires_at', '=', expiresAt)
      .where((eb) => eb.or([eb('expiry_reminded_for', 'is', null), eb('expiry_reminded_for', '!=', expiresAt)]))
      .executeTakeFirst(),
  );
