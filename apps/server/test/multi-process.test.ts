// Several server processes on PostgreSQL and Redis behave as one marketplace: they migrate once, share
// sessions and rate limits, deliver realtime events across processes, share photos through an
// S3-compatible object store (a local s3rver started here), and run scheduled work once.
// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both and insists).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import S3rver from 's3rver';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/app.ts';
import { signupBody } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import * as img from './fixtures/images.ts';
import { freePort, startServer, stopServer, waitReady, type ServerProcess } from './helpers/server-process.ts';
import { WAIT_MS } from './helpers/waits.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const enabled = Boolean(process.env.TEST_DATABASE_URL && REDIS_URL);
if (process.env.CI === 'true' && process.env.TEST_DATABASE_URL && !REDIS_URL) throw new Error('CI must run the multi-process test: set TEST_DATABASE_URL and TEST_REDIS_URL');

const json = async (res: Response) => ({ status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null, headers: res.headers });
const post = (base: string, url: string, body: unknown, cookie?: string) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('reshelf_session='))!.split(';')[0]!;
/** Signs a new student up and in through the process at `base`. */
async function signIn(base: string, userType: string) {
  const body = signupBody({ userType });
  await post(base, '/api/v1/auth/register', body);
  const res = await post(base, '/api/v1/auth/login', { email: body.email, password: body.password });
  return { cookie: cookieOf(res), id: ((await res.json()) as { student: { id: string } }).student.id };
}

describe.skipIf(!enabled)('two server processes on PostgreSQL and Redis', () => {
  let db: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let s3: S3rver;
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-mp-s3-'));
  const BUCKET = 'reshelf-mp-photos';

  beforeAll(async () => {
    db = await createTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-mp-db-')));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    const start = async () =>
      startServer({
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-mp-')),
        port: await freePort(),
        databaseUrl: db.url!,
        env: {
          REDIS_URL: REDIS_URL!,
          JOB_POLL_MS: '100',
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: s3Endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_PREFIX: 'uploads',
        },
      });
    // Both start at the same moment against an empty database.
    [a, b] = await Promise.all([start(), start()]);
    await Promise.all([waitReady(a), waitReady(b)]);
  });

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await s3?.close();
    await db?.drop();
  });

  it('migrated once', async () => {
    const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db.handle.db);
    const names = rows.rows.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  it('a session made on one process works on the other', async () => {
    const email = `mp.${Date.now()}@students.wits.ac.za`;
    const reg = await post(a.url, '/api/v1/auth/register', { email, password: 'Str0ng!Passw0rd', firstName: 'Mpho', lastName: 'P', studentNumber: '1234567', university: 'wits', userType: 'buyer' });
    expect(reg.status).toBe(201);
    const login = await post(b.url, '/api/v1/auth/login', { email, password: 'Str0ng!Passw0rd' });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    const onA = await json(await fetch(`${a.url}/api/v1/auth/session`, { headers: { cookie } }));
    expect(onA.status).toBe(200);
    await post(a.url, '/api/v1/auth/logout', {}, cookie);
    expect((await fetch(`${b.url}/api/v1/auth/session`, { headers: { cookie } })).status).toBe(401);
  });

  it('shares the login failure counter: the 11th attempt is refused on either process', async () => {
    const email = `rl.${Date.now()}@students.wits.ac.za`;
    await post(a.url, '/api/v1/auth/register', { email, password: 'Str0ng!Passw0rd', firstName: 'R', lastName: 'L', studentNumber: '1234567', university: 'wits', userType: 'buyer' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post(i % 2 ? a.url : b.url, '/api/v1/auth/login', { email, password: 'Wrong-Passw0rd1' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('40 wrong guesses at the same moment across both processes: at most 10 reach the password check, then the right password is refused', async () => {
    const body = signupBody({ userType: 'buyer' });
    await post(a.url, '/api/v1/auth/register', body);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => (await post(i % 2 ? a.url : b.url, '/api/v1/auth/login', { email: body.email, password: `Burst-${i}-Passw0rd!` })).status),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    for (const base of [a.url, b.url]) expect((await post(base, '/api/v1/auth/login', { email: body.email, password: body.password })).status).toBe(429);
  });

  it('delivers realtime events published on one process to a socket on the other', async () => {
    const seller = await signIn(a.url, 'seller');
    const buyer = await signIn(a.url, 'buyer');
    const bookId = await insertBook(db.handle.db, seller.id, { title: 'Realtime Across Processes' });

    const events: { type: string; [k: string]: unknown }[] = [];
    const ws = new WebSocket(`${b.url.replace('http', 'ws')}/api/v1/realtime`, { headers: { cookie: seller.cookie } });
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (raw) => {
        const event = JSON.parse(String(raw));
        events.push(event);
        if (event.type === 'ready') resolve();
      });
      ws.on('error', reject);
    });

    const ordered = await post(a.url, '/api/v1/orders', { bookId }, buyer.cookie);
    expect(ordered.status).toBe(201);
    const orderId = ((await ordered.json()) as { order: { id: string } }).order.id;
    await expect.poll(() => events.map((e) => e.type)).toContain('order.updated');
    expect(events.map((e) => e.type)).toContain('notification.created');

    expect((await post(a.url, `/api/v1/orders/${orderId}/messages`, { body: 'Hello from process A' }, buyer.cookie)).status).toBe(201);
    await expect
      .poll(() => events.filter((e) => e.type === 'message.created').map((e) => (e.message as { body: string }).body))
      .toEqual(['Hello from process A']);
    ws.close();
  });

  it('a session ended on one process closes its realtime socket on the other (4401)', async () => {
    const student = await signIn(a.url, 'buyer');
    const ws = new WebSocket(`${b.url.replace('http', 'ws')}/api/v1/realtime`, { headers: { cookie: student.cookie } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (raw) => JSON.parse(String(raw)).type === 'ready' && resolve());
      ws.on('error', reject);
    });
    expect((await post(a.url, '/api/v1/auth/logout', {}, student.cookie)).status).toBe(204);
    expect(await closed).toBe(4401);
  });

  it('a change made on one process shows at once in the catalogue the other has cached', async () => {
    const stamp = Date.now();
    const seller = await signIn(a.url, 'seller');
    const buyer = await signIn(a.url, 'buyer');
    const bookId = await insertBook(db.handle.db, seller.id, { title: `Crossprocess Cachetest ${stamp}` });
    const onB = async () => ({
      book: (await json(await fetch(`${b.url}/api/v1/books/${bookId}`))).body?.book as { availability: string },
      total: (await json(await fetch(`${b.url}/api/v1/books?q=cachetest`))).body?.total,
    });
    // Twice, so the second answer comes from B's cache.
    await onB();
    expect(await onB()).toMatchObject({ book: { availability: 'available' }, total: 1 });
    expect((await post(a.url, '/api/v1/orders', { bookId }, buyer.cookie)).status).toBe(201);
    expect(await onB()).toMatchObject({ book: { availability: 'reserved' }, total: 0 });
  });

  it('a photo uploaded through one process is served by the other, and a withdrawal on the other removes it', async () => {
    const { cookie } = await signIn(a.url, 'seller');
    const body = img.multipart(
      img.listingParts(
        { title: 'Shared Photos Across Processes', author: 'Lisa Urry', isbn: '978-0-13-409341-3', publisher: 'Pearson', publicationYear: 2016, language: 'english', category: 'biology', studyLevel: 'undergraduate', condition: 'good', price: 520, edition: '11th Edition', numberOfPages: 1488, description: 'Clean copy.' },
        await img.pngs(4),
      ),
    );
    const created = await fetch(`${a.url}/api/v1/books`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload });
    expect(created.status, await created.clone().text()).toBe(201);
    const book = ((await created.json()) as { book: { id: string; images: { url: string }[] } }).book;
    expect(book.images).toHaveLength(4);
    // Neither process kept the photos in its own folder: they are in the bucket.
    for (const p of [a, b]) expect(fs.existsSync(path.join(p.dataDir, 'uploads'))).toBe(false);
    // Pending: the other process shows them to their seller and to nobody else.
    expect((await fetch(b.url + book.images[0]!.url)).status).toBe(404);
    for (const image of book.images) {
      const photo = await fetch(b.url + image.url, { headers: { cookie } });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await photo.arrayBuffer()).subarray(8, 12).toString()).toBe('WEBP');
    }
    expect((await fetch(`${b.url}/api/v1/books/${book.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    expect((await fetch(a.url + book.images[0]!.url, { headers: { cookie } })).status).toBe(404);
  });

  it('an edit on one process hides the photos the other process was serving publicly', async () => {
    const seller = await signIn(a.url, 'seller');
    const body = img.multipart(
      img.listingParts(
        { title: 'Photos Back In Review', author: 'Lisa Urry', isbn: '978-0-13-409341-3', publisher: 'Pearson', publicationYear: 2016, language: 'english', category: 'biology', studyLevel: 'undergraduate', condition: 'good', price: 520, edition: '11th Edition', numberOfPages: 1488, description: 'Clean copy.' },
        await img.pngs(4),
      ),
    );
    const created = await fetch(`${a.url}/api/v1/books`, { method: 'POST', headers: { ...body.headers, cookie: seller.cookie }, body: body.payload });
    expect(created.status, await created.clone().text()).toBe(201);
    const book = ((await created.json()) as { book: { id: string; images: { thumbUrl: string }[] } }).book;
    const photo = b.url + book.images[0]!.thumbUrl;
    // Approved behind both processes' backs, before either has looked at its photos.
    await db.handle.db.updateTable('books').set({ status: 'approved' }).where('id', '=', book.id).execute();
    const approved = await fetch(photo);
    expect(approved.status).toBe(200);
    expect(approved.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const edit = await fetch(`${a.url}/api/v1/books/${book.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie: seller.cookie }, body: JSON.stringify({ price: 480 }) });
    expect(edit.status).toBe(200);
    const hidden = await fetch(photo);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control')).toBe('no-store');
    const own = await fetch(photo, { headers: { cookie: seller.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
  });

  it('runs scheduled work once across processes', async () => {
    // Both processes poll every 100 ms; each job's interval is a minute or more, so once every job has run
    // (however long a busy machine takes to get there), each ran exactly once.
    const names = ['prune-sessions', 'newsletter-sync', 'expire-orders'];
    const runs = () => db.handle.db.selectFrom('job_runs').select(['name', 'run_count', 'last_run_by']).execute();
    await expect.poll(async () => (await runs()).filter((r) => names.includes(r.name) && Number(r.run_count) > 0).length, { timeout: WAIT_MS, interval: 50 }).toBe(names.length);
    const rows = await runs();
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    for (const name of names) {
      expect(byName[name], name).toBeDefined();
      expect(Number(byName[name]!.run_count), name).toBe(1);
    }
  });

  it('both shut down gracefully on SIGTERM', async () => {
    const started = Date.now();
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect((await a.exit).code).toBe(0);
    expect((await b.exit).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
