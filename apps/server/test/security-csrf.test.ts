// docs/security.md, promise 6: cross-site writes. Every write route the app registers (collected as it registers
// them, so a new endpoint is covered by itself) refuses a foreign Origin and a browser's
// `Sec-Fetch-Site: cross-site` with 403 CSRF before doing anything, even for a signed-in student; the
// realtime websocket refuses a foreign Origin too (its events carry messages and meetup details).
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import { WRITE_METHODS, collectedRoutes, routeKey } from './helpers/routes.ts';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/routes.ts')).collectRoutes(await importOriginal()));

const BLOCKED = { error: 'Cross-site request blocked', code: 'CSRF' };

let t: TestApp;
let buyer: Account;
let seller: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://reshelf.co.za' } });
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  seller = await registerAndLogin(t.app, { userType: 'seller' });
});
afterAll(async () => t?.close());

/** A concrete URL for a route pattern: every :param gets a plausible id. */
const concrete = (url: string) => url.replace(/:type/g, 'book').replace(/:action/g, 'confirm').replace(/:[A-Za-z]+/g, 'abcdefghijklmnop');

const writes = () => collectedRoutes().filter((r) => WRITE_METHODS.has(r.method));

describe(`cross-site writes (${dialectUnderTest})`, () => {
  it('collects the write routes of the whole API', () => {
    const keys = writes().map(routeKey);
    // A sample of every module: if collection broke, this list would be empty or partial.
    for (const k of ['POST /api/v1/auth/login', 'DELETE /api/v1/account', 'POST /api/v1/books', 'PATCH /api/v1/books/:id', 'POST /api/v1/orders', 'POST /api/v1/orders/:id/messages', 'POST /api/v1/cart/checkout', 'POST /api/v1/admin/books/:id/approve', 'PUT /api/v1/student/faculty']) {
      expect(keys).toContain(k);
    }
    expect(keys.length).toBeGreaterThanOrEqual(25);
  });

  const attacks: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'https://reshelf.co.za.evil.example' }],
    ['the http origin of an https site', { origin: 'http://reshelf.co.za' }],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site with the right Origin', { origin: 'https://reshelf.co.za', 'sec-fetch-site': 'cross-site' }],
  ];

  it.each(attacks)('refuses %s on every write route with 403, signed in or not', async (_name, headers) => {
    const failures: string[] = [];
    for (const route of writes()) {
      for (const cookie of [undefined, buyer.cookie, seller.cookie]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { ...headers, ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
          payload: JSON.stringify({ email: buyer.email, password: buyer.password, bookId: 'x', body: 'hi' }),
        });
        if (res.statusCode !== 403 || res.body !== JSON.stringify(BLOCKED)) failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('nothing happened: no session was made, no message or order written, the account is still there', async () => {
    const db = t.database.db;
    expect((await db.selectFrom('orders').select('id').execute()).length).toBe(0);
    expect((await db.selectFrom('students').select('id').where('id', '=', buyer.id).execute()).length).toBe(1);
    // Only the two logins of the set-up made sessions.
    expect((await db.selectFrom('sessions').select('token_hash').execute()).length).toBe(2);
  });

  it('lets the app itself write: same Origin, same-origin fetch metadata, or no Origin at all (curl)', async () => {
    for (const headers of [{ origin: 'https://reshelf.co.za', 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'same-origin' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { ...headers, cookie: buyer.cookie } });
      expect(res.statusCode).toBe(204);
    }
  });

  it('does not block reads from other sites (they cannot read the answer without CORS anyway)', async () => {
    const res = await t.app.inject({ url: '/api/v1/books', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a realtime websocket opened from another origin, even with a valid session cookie', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = (origin: string) =>
      new Promise<{ opened: boolean; firstMessage?: string; code?: number }>((resolve) => {
        // The server either greets the socket or closes it; the test waits for whichever comes.
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/realtime`, { headers: { cookie: buyer.cookie, origin } });
        ws.on('message', (data) => {
          resolve({ opened: true, firstMessage: String(data) });
          ws.close();
        });
        ws.on('close', (code) => resolve({ opened: false, code }));
        ws.on('error', () => resolve({ opened: false }));
      });
    const own = await open('https://reshelf.co.za');
    expect(own).toEqual({ opened: true, firstMessage: JSON.stringify({ type: 'ready' }) });
    const foreign = await open('https://evil.example');
    expect(foreign.opened).toBe(false);
  });
});
