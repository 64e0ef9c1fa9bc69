// Test harness: each test file gets a fresh migrated database (SQLite in a temp folder, or a scratch
// PostgreSQL database when TEST_DATABASE_URL is set), a manual clock and a mailer that keeps messages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.ts';
import { manualClock } from '../../src/lib/clock.ts';
import type { Mail, Mailer } from '../../src/lib/mailer.ts';
import { CONTRACT_BREACH } from '../../src/plugins/errors.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const dialectUnderTest = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, empty database of the dialect under test (not yet migrated). */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const handle = openDatabase({ dataDir });
    return { handle, url: undefined, drop: async () => handle.close() };
  }
  const name = `reshelf_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function memoryMailer(): Mailer & { sent: Mail[]; last(to?: string): Mail | undefined } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    last(to) {
      return [...sent].reverse().find((m) => !to || m.to === to);
    },
  };
}

/** A logger that drops everything but errors, each handed to `onError` with its fields and message. */
export function errorLogger(onError: (entry: unknown, message: string | undefined) => void): FastifyBaseLogger {
  const logger: FastifyBaseLogger = {
    level: 'error',
    child: () => logger,
    error: (entry: unknown, message?: string) => onError(entry, message),
    fatal: () => {},
    warn: () => {},
    info: () => {},
    debug: () => {},
    trace: () => {},
    silent: () => {},
  };
  return logger;
}

/**
 * The test app's logger: silent but for an answer that broke its response schema, which is printed with
 * the issues so the failing test says which field broke the contract.
 */
const contractBreachLogger = errorLogger((entry, message) => {
  if (message !== CONTRACT_BREACH || typeof entry !== 'object' || entry === null) return;
  const { err, issues } = entry as { err?: { method?: string; url?: string }; issues?: unknown };
  console.error(`${err?.method} ${err?.url}: ${CONTRACT_BREACH}`, issues);
});

export interface TestApp {
  app: App;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  mailer: ReturnType<typeof memoryMailer>;
  dataDir: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { env?: Record<string, string>; build?: BuildOptions } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-test-'));
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Reshelf</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: webDist,
    PUBLIC_URL: 'http://localhost:3000',
    ...opts.env,
  });
  const testDb = await createTestDatabase(dataDir);
  const clock = manualClock(new Date());
  const mailer = memoryMailer();
  const app = await buildApp(config, { database: testDb.handle, clock, mailer, logger: contractBreachLogger, jobs: false, ...opts.build });
  await app.ready();
  return {
    app,
    config,
    clock,
    mailer,
    dataDir,
    database: testDb.handle,
    async close() {
      await app.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
