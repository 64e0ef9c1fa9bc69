// SQL for orders, their messages and reviews, no-shows and meetup reminders.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { NoShowsTable, OrderMessagesTable, OrdersTable, OrderStatusColumn, ReviewsTable } from '../../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;

export const insertOrder = (db: Db, row: Insertable<OrdersTable>) => db.insertInto('orders').values(row).execute();

/**
 * Makes the caller's transaction the only one placing requests for this buyer until it ends, so the count
 * of their waiting requests it reads stays true until its own insert commits. On PostgreSQL a
 * transaction-scoped advisory lock on the buyer (two requests of one buyer arriving together would
 * otherwise each count the other's as missing, and both pass a cap of one more); SQLite runs one write
 * transaction at a time.
 */
export async function lockBuyerRequests(trx: Db, buyerId: string): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext(${`order-requests:${buyerId}`}))`.execute(trx);
}

/** How many of the buyer's orders wait for their seller's answer (status `requested`), by orders_buyer_idx. */
export async function countWaitingRequests(db: Db, buyerId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findOrder = (db: Db, id: string) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** Moves an order from one of `from` to a new state; false when it was no longer in one of them. */
export async function transitionOrder(db: Db, id: string, from: OrderStatusColumn[], patch: Updateable<OrdersTable>): Promise<boolean> {
  const res = await db.updateTable('orders').set(patch).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listOrders(db: Db, opts: { studentId: string; as: 'buyer' | 'seller'; status?: OrderStatusColumn[]; limit: number; offset: number }) {
  const col = opts.as === 'buyer' ? 'buyer_id' : 'seller_id';
  let q = db.selectFrom('orders').selectAll().where(col, '=', opts.studentId);
  let c = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where(col, '=', opts.studentId);
  if (opts.status?.length) {
    q = q.where('status', 'in', opts.status);
    c = c.where('status', 'in', opts.status);
  }
  const [rows, count] = await Promise.all([
    q.orderBy('created_at', 'desc').orderBy('id').limit(opts.limit).offset(opts.offset).execute(),
    c.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const dueForExpiry = (db: Db, now: string, limit: number) =>
  db.selectFrom('orders').select(['id']).where('status', '=', 'requested').where('expires_at', '<=', now).limit(limit).execute();

/** Counts of one buyer's orders by status, for the buyer's home page. */
export const countOrdersByStatus = (db: Db, column: 'buyer_id' | 'seller_id', studentId: string) =>
  db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where(column, '=', studentId).groupBy('status').execute();

export const insertMessage = (db: Db, row: Insertable<OrderMessagesTable>) => db.insertInto('order_messages').values(row).execute();

export const listMessages = (db: Db, orderId: string, limit: number) =>
  db.selectFrom('order_messages').selectAll().where('order_id', '=', orderId).orderBy('id').limit(limit).execute();

export const insertReview = (db: Db, row: Insertable<ReviewsTable>) => db.insertInto('reviews').values(row).execute();

export const findReview = (db: Db, orderId: string, reviewerId: string) =>
  db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).where('reviewer_id', '=', reviewerId).executeTakeFirst();

export const reviewsOfOrder = (db: Db, orderId: string) => db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).execute();

/** Average rating and count of reviews about each student. */
export async function ratingsOf(db: Db, studentIds: string[]): Promise<Map<string, { rating: number; count: number }>> {
  const out = new Map<string, { rating: number; count: number }>();
  if (!studentIds.length) return out;
  const rows = await db
    .selectFrom('reviews')
    .select(['subject_id', (eb) => eb.fn.avg<number>('rating').as('avg'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('subject_id', 'in', studentIds)
    .groupBy('subject_id')
    .execute();
  for (const r of rows) if (r.subject_id) out.set(r.subject_id, { rating: Math.round(Number(r.avg) * 10) / 10, count: Number(r.n) });
  return out;
}

/**
 * The most recent reviews about a student for their public profile, newest first, with whether the student
 * was the seller of that order (reviews_subject_idx, then each review's order by its primary key).
 */
export const recentReviewsAbout = (db: Db, subjectId: string, limit: number) =>
  db
    .selectFrom('reviews')
    .innerJoin('orders', 'orders.id', 'reviews.order_id')
    .select(['reviews.rating', 'reviews.comment', 'reviews.reviewer_first_name', 'reviews.created_at', 'orders.seller_id'])
    .where('reviews.subject_id', '=', subjectId)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();

/** How many orders a student completed as the seller and as the buyer (orders_seller_idx, orders_buyer_idx). */
export async function completedCountsOf(db: Db, studentId: string): Promise<{ sales: number; purchases: number }> {
  const count = (column: 'seller_id' | 'buyer_id') =>
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', studentId)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
  const [sales, purchases] = await Promise.all([count('seller_id'), count('buyer_id')]);
  return { sales: Number(sales.n), purchases: Number(purchases.n) };
}

export const activeOrdersOf = (db: Db, studentId: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', studentId), eb('seller_id', '=', studentId)]))
    .where('status', 'in', ['requested', 'accepted'])
    .execute();

/** The active order on a listing, if any (at most one: a partial unique index keeps it so). */
export const activeOrderOfBook = (db: Db, bookId: string) =>
  db.selectFrom('orders').selectAll().where('book_id', '=', bookId).where('status', 'in', ['requested', 'accepted']).executeTakeFirst();

/** Orders the student is a party to (their id and the other party's), for erasing their account. */
export const ordersOf = (db: Db, studentId: string) =>
  db
    .selectFrom('orders')
    .select(['id', 'buyer_id', 'seller_id'])
    .where((eb) => eb.or([eb('buyer_id', '=', studentId), eb('seller_id', '=', studentId)]))
    .execute();

/**
 * Replaces the student's name wherever orders kept a copy of it for the other party (orders, messages,
 * reviews).
 */
export async function anonymiseStudent(db: Db, studentId: string, replacement: string) {
  await db.updateTable('orders').set({ buyer_first_name: replacement }).where('buyer_id', '=', studentId).execute();
  await db.updateTable('orders').set({ seller_first_name: replacement }).where('seller_id', '=', studentId).execute();
  await db.updateTable('order_messages').set({ sender_first_name: replacement }).where('sender_id', '=', studentId).execute();
  await db.updateTable('reviews').set({ reviewer_first_name: replacement }).where('reviewer_id', '=', studentId).execute();
}

// ---- The meetup: handover code, no-shows, a new time, reminders ----

/**
 * Counts one try of the handover code, if a try is allowed: the order is accepted and fewer than `max`
 * codes were tried since the last lock ended (a lock that has ended starts the count again). The try that
 * reaches `max` sets the lock until `lockUntil`. One statement, so concurrent tries never count past `max`:
 * true when this try may compare its code, false when completing by code is locked (or the order moved on).
 */
export async function claimHandoverAttempt(db: Db, id: string, now: string, lockUntil: string, max: number): Promise<boolean> {
  const lockEnded = sql<boolean>`handover_locked_until IS NOT NULL AND handover_locked_until <= ${now}`;
  const res = await db
    .updateTable('orders')
    .set({
      handover_attempts: sql<number>`CASE WHEN ${lockEnded} THEN 1 ELSE handover_attempts + 1 END`,
      handover_locked_until: sql<string | null>`CASE WHEN ${lockEnded} THEN NULL WHEN handover_attempts + 1 >= ${max} THEN ${lockUntil} ELSE NULL END`,
    })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('handover_attempts', '<', max), eb.and([eb('handover_locked_until', 'is not', null), eb('handover_locked_until', '<=', now)])]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Cancels an accepted order whose meetup time has passed (a no-show); false when it is not that any more. */
export async function cancelForNoShow(db: Db, id: string, now: string, reason: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: 'cancelled', reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .where('meetup_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const insertNoShow = (db: Db, row: Insertable<NoShowsTable>) => db.insertInto('no_shows').values(row).execute();

export const findNoShow = (db: Db, orderId: string) => db.selectFrom('no_shows').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** How many no-shows were recorded against each student. */
export async function noShowCounts(db: Db, studentIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!studentIds.length) return out;
  const rows = await db
    .selectFrom('no_shows')
    .select(['student_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('student_id', 'in', studentIds)
    .groupBy('student_id')
    .execute();
  for (const r of rows) if (r.student_id) out.set(r.student_id, Number(r.n));
  return out;
}

/** Stores a proposed meetup time on an accepted order (replacing one that was waiting); false once it is no longer accepted. */
export async function proposeMeetup(
  db: Db,
  id: string,
  proposal: { proposed_meetup_at: string; proposed_meetup_location: string; proposed_by: 'buyer' | 'seller'; proposed_at: string },
): Promise<boolean> {
  const res = await db.updateTable('orders').set({ ...proposal, updated_at: proposal.proposed_at }).where('id', '=', id).where('status', '=', 'accepted').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Moves the meetup to the proposal that was read (`expected`: made at that moment by that party), clears
 * it and moves the calendar sequence on; false when the order or the proposal changed meanwhile.
 */
export async function acceptProposal(db: Db, id: string, expected: { proposed_at: string; proposed_by: 'buyer' | 'seller' }, now: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({
      meetup_at: sql<string>`proposed_meetup_at`,
      meetup_location: sql<string>`proposed_meetup_location`,
      meetup_sequence: sql<number>`meetup_sequence + 1`,
      proposed_meetup_at: null,
      proposed_meetup_location: null,
      proposed_by: null,
      proposed_at: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .where('proposed_at', '=', expected.proposed_at)
    .where('proposed_by', '=', expected.proposed_by)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The reminders of an order's meetup, replacing any earlier ones (the meetup was agreed or moved). */
export async function replaceReminders(db: Db, orderId: string, rows: { kind: 'evening' | 'hour'; due_at: string; meetup_at: string }[]) {
  await db.deleteFrom('order_reminders').where('order_id', '=', orderId).execute();
  if (rows.length) await db.insertInto('order_reminders').values(rows.map((r) => ({ ...r, order_id: orderId, sent_at: null }))).execute();
}

export const dueReminders = (db: Db, now: string, limit: number) =>
  db.selectFrom('order_reminders').selectAll().where('sent_at', 'is', null).where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();

/** Marks a due reminder sent; true for exactly one of the processes racing to send it. */
export async function claimReminder(db: Db, r: { order_id: string; kind: string; due_at: string }, now: string): Promise<boolean> {
  const res = await db
    .updateTable('order_reminders')
    .set({ sent_at: now })
    .where('order_id', '=', r.order_id)
    .where('kind', '=', r.kind as 'evening' | 'hour')
    .where('due_at', '=', r.due_at)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
