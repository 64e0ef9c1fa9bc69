// SQL for newsletter subscribers and their sync with the email provider.
import type { Db } from '../../db/index.ts';


/** Adds the subscriber, or refreshes an existing one (subscribing twice is not an error); queues a sync. */
export async function upsertSubscriber(db: Db, row: { email: string; list_id: number; source: string; now: string }) {
  await db
    .insertInto('newsletter_subscribers')
    .values({
      email: row.email,
      list_id: row.list_id,
      source: row.source,
      signup_date: row.now,
      updated_at: row.now,
      synced_at: null,
      next_sync_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ updated_at: row.now, list_id: row.list_id, next_sync_at: row.now, sync_attempts: 0 }),
    )
    .execute();
}

export const findSubscriber = (db: Db, email: string) =>
  db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

export const dueForSync = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('next_sync_at', 'is not', null)
    .where('next_sync_at', '<=', now)
    .orderBy('next_sync_at')
    .limit(limit)
    .execute();

export const markSynced = (db: Db, email: string, now: string) =>
  db.updateTable('newsletter_subscribers').set({ synced_at: now, next_sync_at: null, sync_attempts: 0 }).where('email', '=', email).execute();

export const markSyncFailed = (db: Db, email: string, attempts: number, nextSyncAt: string | null) =>
  db.updateTable('newsletter_subscribers').set({ sync_attempts: attempts, next_sync_at: nextSyncAt }).where('email', '=', email).execute();
