// Scheduled work (newsletter retries, session pruning, order expiry) that runs once per interval across
// every server process sharing the database, not once per process.
import { hostname } from 'node:os';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import { claimJob } from './repository.ts';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export function createScheduler(ctx: AppContext, log: { warn(obj: object, msg: string): void }) {
  const jobs: Job[] = [];
  const timers: NodeJS.Timeout[] = [];
  const me = `${hostname()}:${process.pid}`;

  /** Runs the job if this process wins the claim for the current interval; returns whether it ran. */
  async function tick(job: Job): Promise<boolean> {
    const now = ctx.clock.now();
    const won = await claimJob(ctx.db, job.name, iso(now), iso(new Date(now.getTime() + job.everyMs)), me);
    if (!won) return false;
    try {
      await job.run();
    } catch (err) {
      log.warn({ err, job: job.name }, 'scheduled job failed');
    }
    return true;
  }

  return {
    add(job: Job) {
      jobs.push(job);
    },
    tick,
    /** Runs every job whose interval has come, now, each as its own timer would (a test does it by its own clock). */
    async runDue(): Promise<string[]> {
      const ran: string[] = [];
      for (const job of jobs) if (await tick(job)) ran.push(job.name);
      return ran;
    },
    start(pollMs = 15_000) {
      for (const job of jobs) {
        const timer = setInterval(() => void tick(job).catch((err) => log.warn({ err, job: job.name }, 'job claim failed')), Math.min(pollMs, job.everyMs));
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      for (const t of timers) clearInterval(t);
      timers.length = 0;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
