// docs/security.md, promise 11: crash safety. A real server process (the production entry point) on the database
// under test (SQLite in a temp DATA_DIR, or PostgreSQL when TEST_DATABASE_URL is set) takes a write load
// of orders and sign-ups and is killed with SIGKILL in the middle of it, again and again. After every kill:
// each order and each sign-up that was answered 2xx exists, no book has two active orders, and SQLite's
// integrity check says ok. Rounds are scaled from the full 20 to CRASH_ROUNDS (docs/security.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { createTestDatabase, dialectUnderTest, type TestDatabase } from './helpers/app.ts';
import { PASSWORD, signupBody } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { freePort, startServer, stopServer, waitReady, type ServerProcess } from './helpers/server-process.ts';
import { WAIT_MS } from './helpers/waits.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const BOOKS_PER_ROUND = 12;
const BUYERS = 8;

let dataDir: string;
let pg: TestDatabase | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-crash-'));
  if (dialectUnderTest === 'postgres') {
    pg = await createTestDatabase(dataDir);
  }
});
afterAll(async () => {
  await stopServer(server);
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database as the test sees it between rounds (for SQLite only while no server runs). */
function openDb(): DatabaseHandle {
  return pg ? pg.handle : openDatabase({ dataDir });
}
const closeDb = async (db: DatabaseHandle) => {
  if (!pg) await db.close();
};

async function boot(): Promise<ServerProcess> {
  const p = startServer({ dataDir, port: await freePort(), databaseUrl: pg?.url });
  await waitReady(p);
  return p;
}

const json = { 'content-type': 'application/json' };

describe(`crash safety under SIGKILL (${dialectUnderTest})`, () => {
  it(`${ROUNDS} kills in the middle of orders and sign-ups lose nothing that was confirmed`, async () => {
    // Round 0: accounts through the real API.
    server = await boot();
    const post = (url: string, body: unknown, cookie?: string) =>
      fetch(server!.url + url, { method: 'POST', headers: { ...json, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const seller = signupBody({ userType: 'seller' });
    const sellerId = ((await (await post('/api/v1/auth/register', seller)).json()) as { student: { id: string } }).student.id;
    const sellerCookie = (await post('/api/v1/auth/login', { email: seller.email, password: PASSWORD })).headers.getSetCookie()[0]!.split(';')[0]!;
    const buyers: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const b = signupBody({ userType: 'buyer' });
      await post('/api/v1/auth/register', b);
      const login = await post('/api/v1/auth/login', { email: b.email, password: PASSWORD });
      buyers.push(login.headers.getSetCookie()[0]!.split(';')[0]!);
    }
    await stopServer(server, 'SIGKILL');

    const confirmedOrders: string[] = [];
    const confirmedSignups: string[] = [];
    let attempted = 0;
    // Requests still waiting after a round. The seller declines them before the next round's load, so the
    // buyers never reach the cap on waiting requests (LIMITS.openRequestsPerBuyer): every round's orders
    // stay possible, however many earlier rounds confirmed.
    let waiting: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      // Fresh books while no server runs.
      const db = openDb();
      const books: string[] = [];
      for (let i = 0; i < BOOKS_PER_ROUND; i++) books.push(await insertBook(db.db, sellerId));
      await closeDb(db);

      server = await boot();
      const base = server.url;
      for (const id of waiting) {
        const declined = await fetch(`${base}/api/v1/orders/${id}/decline`, { method: 'POST', headers: { ...json, cookie: sellerCookie }, body: '{}' });
        expect(declined.status, `round ${round}: decline ${id}`).toBe(200);
      }
      let stop = false;
      const orderWorker = async (w: number) => {
        while (!stop) {
          attempted += 1;
          const bookId = books[Math.floor(Math.random() * books.length)]!;
          try {
            const res = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { ...json, cookie: buyers[w % buyers.length]! }, body: JSON.stringify({ bookId }) });
            if (res.status === 201) confirmedOrders.push(((await res.json()) as { order: { id: string } }).order.id);
            else await res.arrayBuffer();
          } catch {
            return; // the server is gone
          }
        }
      };
      const signupWorker = async () => {
        while (!stop) {
          attempted += 1;
          const body = signupBody();
          try {
            const res = await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(body) });
            if (res.status === 201) confirmedSignups.push(body.email);
            else await res.arrayBuffer();
          } catch {
            return;
          }
        }
      };
      const ordersBefore = confirmedOrders.length;
      const signupsBefore = confirmedSignups.length;
      const workers = [...Array.from({ length: 6 }, (_, w) => orderWorker(w)), signupWorker(), signupWorker()];
      // Kill at a random moment while the load runs, counted in writes rather than milliseconds (a busy
      // machine confirms fewer per second): once this round has confirmed an order and a sign-up, and then
      // 0 to 19 more writes, with the other workers' requests in flight.
      await expect.poll(() => confirmedOrders.length > ordersBefore && confirmedSignups.length > signupsBefore, { timeout: WAIT_MS, interval: 20 }).toBe(true);
      const killAfter = confirmedOrders.length + confirmedSignups.length + Math.floor(Math.random() * 20);
      await expect.poll(() => confirmedOrders.length + confirmedSignups.length >= killAfter, { timeout: WAIT_MS, interval: 5 }).toBe(true);
      server.child.kill('SIGKILL');
      const { signal } = await server.exit;
      stop = true;
      await Promise.all(workers);
      expect(signal).toBe('SIGKILL');

      // Everything that was confirmed survived; nothing is double-sold; the file is sound.
      const check = openDb();
      const orderIds = new Set((await check.db.selectFrom('orders').select('id').execute()).map((r) => r.id));
      expect(confirmedOrders.filter((id) => !orderIds.has(id)), `round ${round}: confirmed orders missing`).toEqual([]);
      const emails = new Set((await check.db.selectFrom('students').select('email').execute()).map((r) => r.email));
      expect(confirmedSignups.filter((e) => !emails.has(e)), `round ${round}: confirmed sign-ups missing`).toEqual([]);
      const doubles = await check.db
        .selectFrom('orders')
        .select(['book_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ['requested', 'accepted'])
        .groupBy('book_id')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      expect(doubles).toEqual([]);
      const reserved = await check.db.selectFrom('books').select('id').where('availability', '=', 'reserved').execute();
      const active = await check.db.selectFrom('orders').select('book_id').where('status', 'in', ['requested', 'accepted']).execute();
      expect(new Set(active.map((a) => a.book_id))).toEqual(new Set(reserved.map((r) => r.id)));
      waiting = (await check.db.selectFrom('orders').select('id').where('status', '=', 'requested').execute()).map((r) => r.id);
      if (!pg) {
        const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(check.db);
        expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      }
      await closeDb(check);
    }
    // The load really ran: every round confirmed orders and sign-ups before its kill (waited for above).
    expect(confirmedOrders.length).toBeGreaterThanOrEqual(ROUNDS);
    expect(confirmedSignups.length).toBeGreaterThanOrEqual(ROUNDS);
    expect(attempted).toBeGreaterThan(confirmedOrders.length);

    // And the server comes back and serves from the survived state.
    server = await boot();
    const after = await fetch(`${server.url}/api/v1/orders`, { headers: { cookie: buyers[0]! } });
    expect(after.status).toBe(200);
    await stopServer(server, 'SIGTERM');
    // The bound only ends a hang: a round (boot a server, drive it, kill it) takes seconds idle, and with
    // four other test runs on the two cores one server took over 30 s just to start.
  }, Math.max(600_000, ROUNDS * 120_000));
});
