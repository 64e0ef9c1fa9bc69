// SQL for job claims: a conditional update decides which process runs a due job.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Claims the job if it is due; true for exactly one caller among processes racing for the same run. */
export async function claimJob(db: Db, name: string, now: string, nextRunAt: string, by: string): Promise<boolean> {
  await db
    .insertInto('job_runs')
    .values({ name, next_run_at: now, last_run_at: null, last_run_by: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const res = await db
    .updateTable('job_runs')
    .set({ next_run_at: nextRunAt, last_run_at: now, last_run_by: by, run_count: sql`run_count + 1` })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
