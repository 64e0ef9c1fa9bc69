// SQL for package orders (a buyer's order of a whole textbook package, fulfilled by an admin).
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { PackageOrdersTable } from '../../db/schema.ts';


export const insertPackageOrder = (db: Db, row: Insertable<PackageOrdersTable>) => db.insertInto('package_orders').values(row).execute();

export const listPackageOrders = (db: Db, status: PackageOrdersTable['status'] | undefined, limit: number, offset: number) => {
  let q = db.selectFrom('package_orders').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'asc').orderBy('id').limit(limit).offset(offset).execute();
};

/** How many package orders the admin desk's list holds in all, across every page. */
export async function countPackageOrders(db: Db, status: PackageOrdersTable['status'] | undefined): Promise<number> {
  let q = db.selectFrom('package_orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) q = q.where('status', '=', status);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export const listPackageOrdersOf = (db: Db, studentId: string) =>
  db.selectFrom('package_orders').selectAll().where('student_id', '=', studentId).orderBy('created_at', 'desc').execute();

export async function transitionPackageOrder(db: Db, id: string, from: PackageOrdersTable['status'][], to: PackageOrdersTable['status'], now: string) {
  const res = await db.updateTable('package_orders').set({ status: to, updated_at: now }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const findPackageOrder = (db: Db, id: string) => db.selectFrom('package_orders').selectAll().where('id', '=', id).executeTakeFirst();

/** One of the student's own package orders; another student's reads as missing. */
export const findPackageOrderOf = (db: Db, id: string, studentId: string) =>
  db.selectFrom('package_orders').selectAll().where('id', '=', id).where('student_id', '=', studentId).executeTakeFirst();

/** The student's package orders stay for the admin desk, without their name or email. */
export const anonymiseStudent = (db: Db, studentId: string, replacement: string) =>
  db.updateTable('package_orders').set({ student_first_name: replacement, student_email: null }).where('student_id', '=', studentId).execute();
