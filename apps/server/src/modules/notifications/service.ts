// In-app notifications: other modules call `notify` (inside their own transaction when they have one);
// the signed-in student lists them and marks them read.
import type { Notification, NotificationKind } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './repository.ts';

export interface NotificationInput {
  /** One of NOTIFICATION_KINDS (typed as text so modules adding kinds need no change here). */
  kind: NotificationKind | (string & {});
  title: string;
  body: string;
  /** An in-app path such as '/seller/books'. */
  link?: string | null;
  /** When it happened; pass the app clock's now so tests and ordering agree. */
  at?: Date;
}

export function toNotification(row: NotificationsTable): Notification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, readAt: row.read_at, createdAt: row.created_at };
}

/**
 * After an account is erased: notifications that others got about `links` (their orders with the erased
 * student) and that begin with the erased student's first name begin with `replacement` instead.
 */
export async function anonymiseNotifications(db: Db, links: readonly string[], firstName: string, replacement: string): Promise<void> {
  if (links.length) await repo.renameInTitles(db, links, firstName, replacement);
}

/** Stores a notification for `studentId`; `db` may be a transaction so it commits with the change it reports. */
export async function notify(db: Db, studentId: string, input: NotificationInput): Promise<Notification> {
  const row: NotificationsTable = {
    id: newId(),
    student_id: studentId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link ?? null,
    read_at: null,
    created_at: iso(input.at ?? new Date()),
  };
  await repo.insertNotification(db, row);
  return toNotification(row);
}

export function createNotificationsService(ctx: AppContext) {
  const { db, clock } = ctx;
  return {
    notify: (studentId: string, input: NotificationInput) => notify(db, studentId, { at: clock.now(), ...input }),

    /** The student's notifications, newest first, with the number still unread. */
    async list(studentId: string, page: number, pageSize: number) {
      const [rows, counts] = await Promise.all([
        repo.listNotifications(db, studentId, pageSize, (page - 1) * pageSize),
        repo.countNotifications(db, studentId),
      ]);
      return { items: rows.map(toNotification), total: counts.total, page, pageSize, unread: counts.unread };
    },

    /** Marks one of the student's notifications read (again is fine); someone else's is 404. */
    async markRead(studentId: string, id: string): Promise<Notification> {
      await repo.markRead(db, studentId, id, iso(clock.now()));
      const row = await repo.findNotification(db, studentId, id);
      if (!row) throw notFound();
      return toNotification(row);
    },

    async markAllRead(studentId: string): Promise<void> {
      await repo.markAllRead(db, studentId, iso(clock.now()));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
