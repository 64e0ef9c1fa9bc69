import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite } from '../src/cli/backup.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { signupBody } from './helpers/accounts.ts';
import { WAIT_MS } from './helpers/waits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe.skipIf(dialectUnderTest !== 'sqlite')('SQLite backup', () => {
  it('copies a consistent database while sign-ups keep writing', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signupBody(), remoteAddress: `10.9.${written % 250}.1` });
        if (res.statusCode === 201) written += 1;
      }
    })();
    // The copy starts once sign-ups are landing (not after a fixed time, which a busy machine can spend
    // before the first one), so it runs while they keep writing.
    await expect.poll(() => written, { timeout: WAIT_MS, interval: 5 }).toBeGreaterThan(0);
    const out = path.join(t.dataDir, 'backups', 'copy.sqlite');
    const result = await backupSqlite(t.database.sqlitePath!, out);
    writing = false;
    await writer;
    expect(result.integrity).toBe('ok');
    const copy = new SQLite(out, { readonly: true });
    const students = (copy.prepare('SELECT count(*) AS n FROM students').get() as { n: number }).n;
    copy.close();
    expect(written).toBeGreaterThan(0);
    expect(students).toBeGreaterThan(0);
    expect(students).toBeLessThanOrEqual(written);
  });
});
