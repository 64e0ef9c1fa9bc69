// docs/security.md, promise 13: load. A real server process on the database under test serves 50 concurrent
// catalogue clients and 10 clients ordering (and cancelling, so books keep coming back) for LOAD_SECONDS
// (60 s in full; LOAD_SECONDS sets another length; docs/security.md): no errors (no 5xx, no dropped
// connection), and the server's resident memory shows no growth trend once warm (bounds in the test).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { createTestDatabase, dialectUnderTest, type TestDatabase } from './helpers/app.ts';
import { PASSWORD, signupBody } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { freePort, rssOf, startServer, stopServer, waitReady, type ServerProcess } from './helpers/server-process.ts';

// The full 60 s, locally too: the memory check judges the second half, and with the search thread
// the server's two heaps are still growing to their working size 15 s in, longer when the other test files
// share the machine's cores (a 30 s run in a full `npm test` once read 6.0 MB/s while still warming up).
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CATALOGUE_CLIENTS = 50;
const ORDER_CLIENTS = 10;
const BOOKS = 300;

let dataDir: string;
let pg: TestDatabase | undefined;
let server: ServerProcess | undefined;
let sellerId = '';
const buyers: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-load-'));
  if (dialectUnderTest === 'postgres') pg = await createTestDatabase(dataDir);
  server = startServer({ dataDir, port: await freePort(), databaseUrl: pg?.url });
  await waitReady(server);
  const post = (url: string, body: unknown) => fetch(server!.url + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const seller = signupBody({ userType: 'seller' });
  sellerId = ((await (await post('/api/v1/auth/register', seller)).json()) as { student: { id: string } }).student.id;
  for (let i = 0; i < ORDER_CLIENTS; i++) {
    const b = signupBody({ userType: 'buyer' });
    await post('/api/v1/auth/register', b);
    buyers.push((await post('/api/v1/auth/login', { email: b.email, password: PASSWORD })).headers.getSetCookie()[0]!.split(';')[0]!);
  }
  // Books straight into the database (WAL lets a second SQLite connection write beside the server).
  const db = pg ? pg.handle : openDatabase({ dataDir });
  const subjects = ['mathematics', 'physics', 'chemistry', 'computer-science', 'accounting'];
  for (let i = 0; i < BOOKS; i++) {
    await insertBook(db.db, sellerId, { title: `Load Test ${['Calculus', 'Mechanics', 'Organic', 'Algorithms', 'Auditing'][i % 5]} ${i}`, category: subjects[i % 5], priceCents: 10_000 + i * 100 });
  }
  if (!pg) await db.close();
});
afterAll(async () => {
  await stopServer(server);
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`load (${dialectUnderTest})`, () => {
  it(`${CATALOGUE_CLIENTS} catalogue clients and ${ORDER_CLIENTS} ordering clients for ${SECONDS} s: no errors, no memory growth trend`, async () => {
    const base = server!.url;
    const deadline = Date.now() + SECONDS * 1000;
    const errors: string[] = [];
    const counts = { catalogue: 0, orders: 0, created: 0, cancelled: 0, conflicts: 0 };
    const queries = ['', 'q=calculus', 'q=organic&sort=price_asc', 'category=physics', 'sort=price_desc&page=2', 'minPrice=120&maxPrice=200', 'q=load+test&page=3&pageSize=50', 'university=wits&sort=newest'];

    const catalogueClient = async (i: number) => {
      let n = i;
      while (Date.now() < deadline) {
        try {
          const res = await fetch(`${base}/api/v1/books?${queries[n++ % queries.length]}`);
          const body = (await res.json()) as { items?: unknown[] };
          counts.catalogue += 1;
          if (res.status !== 200 || !Array.isArray(body.items)) errors.push(`catalogue ${res.status}`);
        } catch (err) {
          errors.push(`catalogue: ${String(err)}`);
        }
      }
    };
    const orderClient = async (i: number) => {
      const cookie = buyers[i]!;
      const headers = { 'content-type': 'application/json', cookie };
      const ids = (await (await fetch(`${base}/api/v1/books?pageSize=50&page=${(i % 6) + 1}`)).json()) as { items: { id: string }[] };
      let n = 0;
      while (Date.now() < deadline) {
        const bookId = ids.items[n++ % ids.items.length]!.id;
        try {
          const res = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers, body: JSON.stringify({ bookId }) });
          const body = (await res.json()) as { order?: { id: string } };
          counts.orders += 1;
          if (res.status === 201) {
            counts.created += 1;
            // Cancel it so the book comes back for the others.
            const cancel = await fetch(`${base}/api/v1/orders/${body.order!.id}/cancel`, { method: 'POST', headers, body: '{}' });
            await cancel.arrayBuffer();
            if (cancel.status === 200) counts.cancelled += 1;
            else errors.push(`cancel ${cancel.status}`);
          } else if (res.status === 409) counts.conflicts += 1;
          else errors.push(`order ${res.status}`);
        } catch (err) {
          errors.push(`order: ${String(err)}`);
        }
      }
    };

    const samples: { x: number; y: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(async () => {
      const rss = await rssOf(server!.child.pid!);
      if (rss) samples.push({ x: (Date.now() - started) / 1000, y: rss / 1024 / 1024 });
    }, 500);
    await Promise.all([...Array.from({ length: CATALOGUE_CLIENTS }, (_, i) => catalogueClient(i)), ...Array.from({ length: ORDER_CLIENTS }, (_, i) => orderClient(i))]);
    clearInterval(sampler);

    expect(errors.slice(0, 20)).toEqual([]);
    // The load was real: floors far below what even a loaded machine served (with four other test runs on
    // the two cores, 2,049-4,204 catalogue answers and 119-508 orders made in the 60 s), and orders were
    // made and cancelled (a 10 s run beside other runs made none: the catalogue clients kept the server busy).
    expect(counts.catalogue).toBeGreaterThan(SECONDS * 5);
    expect(counts.created).toBeGreaterThan(0);
    expect(counts.cancelled).toBe(counts.created);

    // Memory: once warm (caches, JIT, pools, the heap's own growth: the first half), resident memory must
    // not keep rising. The garbage collector's saw-tooth makes short runs noisy, so the bounds are loose:
    // they catch a leak of a few kilobytes per request, not a slow one (a longer LOAD_SECONDS tightens that).
    const warm = samples.filter((s) => s.x > SECONDS / 2);
    expect(warm.length).toBeGreaterThan(5);
    // The trend compares the troughs (lowest samples) of the first and last thirds of the warm samples:
    // memory still in use after the collectors (the main thread's and the search thread's) have run. A
    // least-squares slope, or medians, over a few seconds follow the saw-tooth of two heaps collecting.
    const third = Math.max(2, Math.floor(warm.length / 3));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const early = warm.slice(0, third);
    const late = warm.slice(-third);
    const mbPerSecond = (Math.min(...late.map((s) => s.y)) - Math.min(...early.map((s) => s.y))) / (median(late.map((s) => s.x)) - median(early.map((s) => s.x)));
    const peak = Math.max(...samples.map((s) => s.y));
    const first = warm[0]!.y;
    console.log(`load ${dialectUnderTest}: ${JSON.stringify(counts)}; rss ${first.toFixed(0)} → ${warm.at(-1)!.y.toFixed(0)} MB (peak ${peak.toFixed(0)}), trend ${mbPerSecond.toFixed(2)} MB/s`);
    expect(mbPerSecond).toBeLessThan(5);
    // The peak is held to the server's memory budget (docs/performance.md), not to the warm level: how far
    // the heaps grow between major collections is the collector's choice, not the code's. Side by side on
    // a busy machine the same code peaked 1 to 85 MB above its first warm sample, and once, in CI, 208 MB.
    expect(peak).toBeLessThan(1024);

    // Every ordered book was handed back: nothing is left reserved.
    const check = await fetch(`${base}/api/v1/books?pageSize=1`);
    expect(((await check.json()) as { total: number }).total).toBe(BOOKS);
  }, (SECONDS + 300) * 1000);
});
