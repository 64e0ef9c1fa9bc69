// Runs the migrations. PostgreSQL: Kysely's migrator takes a table lock, so processes starting together
// migrate once. SQLite: a lock file beside the database does the same for processes on one machine.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './index.ts';
import { migrations } from './migrations/index.ts';

async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock left by a crashed process (its pid is gone) is stale.
      const pid = Number(fs.readFileSync(lockPath, 'utf8') || 0);
      if (pid && !processAlive(pid)) fs.rmSync(lockPath, { force: true });
      else if (Date.now() > deadline) throw new Error(`Timed out waiting for migration lock ${lockPath}`);
      else await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const run = async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  return handle.sqlitePath ? withFileLock(`${handle.sqlitePath}.migrate-lock`, run) : run();
}
