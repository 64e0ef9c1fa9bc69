// SQL for a buyer's cart: books and packages they mean to order.
import type { Db } from '../../db/index.ts';


export const listCart = (db: Db, studentId: string) =>
  db.selectFrom('cart_items').selectAll().where('student_id', '=', studentId).orderBy('created_at').execute();

export const addToCart = (db: Db, row: { student_id: string; item_type: 'book' | 'package'; item_id: string; created_at: string }) =>
  db.insertInto('cart_items').values(row).onConflict((oc) => oc.columns(['student_id', 'item_type', 'item_id']).doNothing()).execute();

export const removeFromCart = (db: Db, studentId: string, type: 'book' | 'package', id: string) =>
  db.deleteFrom('cart_items').where('student_id', '=', studentId).where('item_type', '=', type).where('item_id', '=', id).executeTakeFirst();

export const countCart = (db: Db, studentId: string) =>
  db.selectFrom('cart_items').select((eb) => eb.fn.countAll<number>().as('n')).where('student_id', '=', studentId).executeTakeFirstOrThrow();
