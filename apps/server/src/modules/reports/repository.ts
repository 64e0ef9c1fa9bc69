// SQL for reports (docs/decisions/0031-listing-lifecycle.md). Every function takes the db or a
// transaction first.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { ReportsTable } from '../../db/schema.ts';

export type ReportTargetType = ReportsTable['target_type'];

/**
 * Makes the caller's transaction the only one deciding about this target until it ends: a report and the
 * count that may hide the listing, an admin's dismissal or take-down. On PostgreSQL a transaction-scoped
 * advisory lock on the target (two students' reports arriving together would otherwise each count the
 * other's as missing, and neither would hide the listing); SQLite runs one write transaction at a time.
 */
export async function lockTarget(trx: Db, type: ReportTargetType, id: string): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext(${`report:${type}:${id}`}))`.execute(trx);
}

/** Stores a report; a second open report of the same reporter about the same target breaks the partial unique index. */
export const insertReport = (db: Db, row: Insertable<ReportsTable>) => db.insertInto('reports').values(row).execute();

/** The reporter's open report about this target, if any. */
export const findOpenReport = (db: Db, reporterId: string, type: ReportTargetType, id: string) =>
  db
    .selectFrom('reports')
    .select(['id'])
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();

/** Whether the reporter had a report about this target dismissed before. */
export async function hadDismissed(db: Db, reporterId: string, type: ReportTargetType, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select(['id'])
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('outcome', '=', 'dismissed')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many different students have an open report about this target that counts towards hiding it. */
export async function countingReporters(db: Db, type: ReportTargetType, id: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.count<number>('reporter_id').distinct().as('n'))
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('closed_at', 'is', null)
    .where('counts', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Closes every open report about a target with the admin's outcome; returns how many it closed. */
export async function closeReports(db: Db, type: ReportTargetType, id: string, outcome: NonNullable<ReportsTable['outcome']>, by: string, at: string): Promise<number> {
  const res = await db
    .updateTable('reports')
    .set({ closed_at: at, outcome, closed_by: by })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The queue: one row per target with open reports, the newest report first (then by target, so pages never overlap). */
export const listOpenTargets = (db: Db, limit: number, offset: number) =>
  db
    .selectFrom('reports')
    .select((eb) => [
      'target_type',
      'target_id',
      eb.fn.max('subject_id').as('subject_id'),
      eb.fn.countAll<number>().as('reports'),
      eb.fn.count<number>('reporter_id').distinct().as('reporters'),
      eb.fn.max('created_at').as('latest_at'),
    ])
    .where('closed_at', 'is', null)
    .groupBy(['target_type', 'target_id'])
    .orderBy('latest_at', 'desc')
    .orderBy('target_type')
    .orderBy('target_id')
    .limit(limit)
    .offset(offset)
    .execute();

/** How many targets have open reports. */
export async function countOpenTargets(db: Db): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('reports')
        .select(['target_type', 'target_id'])
        .where('closed_at', 'is', null)
        .groupBy(['target_type', 'target_id'])
        .as('t'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The open reports about these targets (of one type), newest first. */
export async function openReportsAbout(db: Db, type: ReportTargetType, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('reports')
    .select(['id', 'target_id', 'reporter_id', 'reason', 'details', 'counts', 'created_at'])
    .where('target_type', '=', type)
    .where('target_id', 'in', ids)
    .where('closed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
