// SQL for orders, their messages and reviews.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { OrderMessagesTable, OrdersTable, OrderStatusColumn, ReviewsTable } from '../../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;

export const insertOrder = (db: Db, row: Insertable<OrdersTable>) => db.insertInto('orders').values(row).execute();

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

export const activeOrdersOf = (db: Db, studentId: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', studentId), eb('seller_id', '=', studentId)]))
    .where('status', 'in', ['requested', 'accepted'])
    .execute();

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
