// SQL for in-app notifications. Every function takes the db or a transaction first.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { NotificationsTable } from '../../db/schema.ts';


export const insertNotification = (db: Db, row: Insertable<NotificationsTable>) => db.insertInto('notifications').values(row).execute();

export const listNotifications = (db: Db, studentId: string, limit: number, offset: number) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countNotifications(db: Db, studentId: string): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread')])
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export const findNotification = (db: Db, studentId: string, id: string) =>
  db.selectFrom('notifications').selectAll().where('id', '=', id).where('student_id', '=', studentId).executeTakeFirst();

export const markRead = (db: Db, studentId: string, id: string, at: string) =>
  db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).where('student_id', '=', studentId).where('read_at', 'is', null).execute();

export const markAllRead = (db: Db, studentId: string, at: string) =>
  db.updateTable('notifications').set({ read_at: at }).where('student_id', '=', studentId).where('read_at', 'is', null).execute();

/** Titles about the given links that start with `name` now start with `replacement` (an account was erased). */
export function renameInTitles(db: Db, links: readonly string[], name: string, replacement: string) {
  const prefix = `${name} `;
  return db
    .updateTable('notifications')
    .set({ title: sql<string>`${replacement} || substr(title, ${prefix.length})` })
    .where('link', 'in', links)
    .where(sql<boolean>`substr(title, 1, ${prefix.length}) = ${prefix}`)
    .execute();
}
