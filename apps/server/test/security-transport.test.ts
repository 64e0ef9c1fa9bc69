// Transport-level hardening, each cause with a test that failed before its fix:
// - JSON bodies are limited to what the largest real payload needs, and a body nested deeper than any
//   payload is refused before JSON.parse spends time on it (multipart `bookData` too);
// - answers that depend on the signed-in student are never stored by a browser or a cache;
// - a connection that does not finish its headers is closed within the headers timeout, while a slow
//   body (a phone uploading photos) is not cut by it;
// - number fields of JSON bodies take JSON numbers only (query strings still convert their text), and
//   a JSON route answers any other media type, text/plain included, with 415;
// - the admin's package-order list reports the real total across pages.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook, listingPayload } from './helpers/books.ts';
import { collectedRoutes } from './helpers/routes.ts';
import { WAIT_MS } from './helpers/waits.ts';
import * as img from './fixtures/images.ts';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/routes.ts')).collectRoutes(await importOriginal()));

const HEADERS_TIMEOUT_MS = 1000;

let t: TestApp;
let buyer: Account;
let seller: Account;
let admin: Account;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) } });
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  seller = await registerAndLogin(t.app, { userType: 'seller' });
  admin = await adminAccount(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Account, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

/** `[[[…]]]` nested `depth` deep. */
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** `{"a":{"a":…1…}}` nested `depth` deep. */
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** Text written entirely as \uXXXX escapes: the longest way a client may spell `text` in JSON. */
const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** Counts JSON.parse calls that were given one of `bodies`. */
function watchJsonParse(bodies: string[]) {
  const spy = vi.spyOn(JSON, 'parse');
  const watched = new Set(bodies);
  return () => spy.mock.calls.filter(([text]) => watched.has(String(text))).length;
}

describe(`JSON bodies: size and nesting (${dialectUnderTest})`, () => {
  it('refuses a body nested 10,000 deep with 400 before JSON.parse sees it, signed in or not', async () => {
    const bodies = [nestedArrays(10_000), nestedObjects(5_000), `{"email":"a@b.co","password":${nestedArrays(10_000)}}`];
    const parsedCount = watchJsonParse(bodies);
    for (const body of bodies) {
      for (const [url, who] of [['/api/v1/auth/login', undefined], ['/api/v1/contact', undefined], ['/api/v1/orders', buyer]] as const) {
        const res = await call('POST', url, who, body, { 'content-type': 'application/json' });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: 'The request body is nested too deeply', code: 'JSON_TOO_DEEP' });
      }
    }
    expect(parsedCount()).toBe(0);
  });

  it('still parses ordinary nesting, and brackets inside strings do not count', async () => {
    const message = `${'['.repeat(40)} see you at the library {{{{{{{{{{{{{{{{{{{{ \\" [[[[[[[[[[[[[[[[[[[[[[`;
    const res = await call('POST', '/api/v1/contact', undefined, `{"firstName":"Thandi","lastName":"Mokoena","studentNumber":"2301234","university":"Rhodes University","email":"thandi@students.wits.ac.za","message":"${message}"}`, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(201);
    // Nesting a little deeper than any payload is still parsed, then refused by the schema as usual.
    const shallow = await call('POST', '/api/v1/auth/login', undefined, { email: [[[['a']]]], password: { a: { b: { c: 'x' } } } });
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json().code).toBe('VALIDATION');
    // JSON with a charset parameter is still JSON.
    for (const type of ['application/json; charset=utf-8', 'application/json;charset=UTF-8']) {
      const res = await call('POST', '/api/v1/auth/login', undefined, JSON.stringify({ email: buyer.email, password: buyer.password }), { 'content-type': type });
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('refuses a body over the JSON limit with 413, near the old 1 MiB limit too', async () => {
    for (const body of [nestedArrays(512 * 1024 - 8), JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70 * 1024) })]) {
      const res = await call('POST', '/api/v1/auth/login', undefined, body, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'The request body is too large', code: 'TOO_LARGE' });
    }
  });

  it('takes the largest real payloads even with every character escaped', async () => {
    const contact = `{"firstName":"${escaped('T'.repeat(100))}","lastName":"${escaped('M'.repeat(100))}","studentNumber":"2301234","university":"Rhodes University","email":"thandi@students.wits.ac.za","message":"${escaped('Hello Reshelf. '.repeat(400).slice(0, 5000))}"}`;
    expect(contact.length).toBeGreaterThan(30_000);
    const sent = await call('POST', '/api/v1/contact', undefined, contact, { 'content-type': 'application/json' });
    expect(sent.statusCode, sent.body).toBe(201);

    const bookId = await insertBook(t.database.db, seller.id);
    const edit = `{"price":120.5,"condition":"good","description":"${escaped('Clean copy. '.repeat(500).slice(0, 5000))}","additionalNotes":"${escaped('Some notes. '.repeat(200).slice(0, 2000))}"}`;
    expect(edit.length).toBeGreaterThan(40_000);
    const edited = await call('PATCH', `/api/v1/books/${bookId}`, seller, edit, { 'content-type': 'application/json' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().book).toMatchObject({ price: 120.5, status: 'pending' });
    expect(edited.json().book.description).toHaveLength(5000);
  });

  it("refuses a listing upload's deeply nested bookData before parsing it; uploads still work", async () => {
    const deep = nestedArrays(20_000);
    const parsedCount = watchJsonParse([deep]);
    const images = await img.pngs(4);
    const refused = img.multipart(img.listingParts(deep, images));
    const res = await call('POST', '/api/v1/books', seller, refused.payload, refused.headers);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid input data', code: 'JSON_TOO_DEEP' });
    expect(parsedCount()).toBe(0);

    // A real upload is far over the JSON limit and still goes through (multipart has its own limits).
    const big = await Promise.all(Array.from({ length: 4 }, () => img.pngOfSize(200 * 1024)));
    const upload = img.multipart(img.listingParts(listingPayload(), big));
    expect(upload.payload.length).toBeGreaterThan(4 * 64 * 1024);
    const created = await call('POST', '/api/v1/books', seller, upload.payload, upload.headers);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('answers /healthz while 40 deeply nested bodies arrive at once, none of them parsed', async () => {
    // An app of its own: this file's has a 1 s headers timeout for the tests below, and on a loaded machine
    // the server read /healthz's headers later than that and answered 408. Bounded here only against a hang.
    const own = await createTestApp({ env: { HEADERS_TIMEOUT_MS: String(WAIT_MS) } });
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(own.app.server.address() as net.AddressInfo).port}`;
      const bodies = Array.from({ length: 40 }, (_, i) => `${nestedArrays(30_000)}${' '.repeat(i)}`);
      const parsedCount = watchJsonParse(bodies);
      const hostile = bodies.map((body) => fetch(`${base}/api/v1/auth/login`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(WAIT_MS) }));
      const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(WAIT_MS) });
      expect(health.status).toBe(200);
      const answers = await Promise.all(hostile);
      expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 400));
      expect(parsedCount()).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe(`personal answers are never stored (${dialectUnderTest})`, () => {
  let orderId = '';
  let pendingBookId = '';

  beforeAll(async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const order = await call('POST', '/api/v1/orders', buyer, { bookId });
    expect(order.statusCode, order.body).toBe(201);
    orderId = order.json().order.id;
    expect((await call('POST', `/api/v1/orders/${orderId}/messages`, buyer, { body: 'Is it still in good condition?' })).statusCode).toBe(201);
    const inCart = await insertBook(t.database.db, seller.id);
    expect((await call('POST', '/api/v1/cart/items', buyer, { type: 'book', id: inCart })).statusCode).toBe(201);
    pendingBookId = await insertBook(t.database.db, seller.id, { status: 'pending' });
  });

  it('session, profile, orders, messages, cart, notifications and the seller and admin lists carry no-store', async () => {
    const personal: [string, Account][] = [
      ['/api/v1/auth/session', buyer],
      ['/api/v1/student/profile', buyer],
      ['/api/v1/orders', buyer],
      [`/api/v1/orders/${orderId}`, buyer],
      [`/api/v1/orders/${orderId}/messages`, seller],
      ['/api/v1/cart', buyer],
      ['/api/v1/notifications', seller],
      ['/api/v1/package-orders', buyer],
      ['/api/v1/buyer/summary', buyer],
      ['/api/v1/seller/books', seller],
      [`/api/v1/books/${pendingBookId}`, seller],
      ['/api/v1/admin/books', admin],
      ['/api/v1/admin/package-orders', admin],
    ];
    for (const [url, who] of personal) {
      const res = await call('GET', url, who);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Answers to writes and sign-in too: the login answer carries the session cookie.
    const login = await call('POST', '/api/v1/auth/login', undefined, { email: buyer.email, password: buyer.password });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const message = await call('POST', `/api/v1/orders/${orderId}/messages`, seller, { body: 'Yes, like new.' });
    expect(message.statusCode).toBe(201);
    expect(message.headers['cache-control']).toBe('no-store');
    const denied = await call('GET', `/api/v1/orders/${orderId}`);
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
  });

  it('every API route not made public on purpose answers a signed-in student with no-store', async () => {
    // The catalogue and a student's public profile (docs/decisions/0034-public-profiles.md) are the same
    // answer for everyone, revalidated each time (no-cache); packages and avatars are cached outright.
    const publicCaching = new Set(['/api/v1/books', '/api/v1/students/:id', '/api/v1/packages', '/api/v1/avatars/:seed.svg']);
    const routes = collectedRoutes().filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.websocket && !publicCaching.has(r.url));
    expect(routes.length).toBeGreaterThan(12);
    for (const route of routes) {
      const url = route.url.replace(/:id/g, orderId).replace(/:[A-Za-z]+/g, 'abcdefghijkl');
      for (const who of [buyer, seller, admin]) {
        const res = await call('GET', url, who);
        expect(res.headers['cache-control'], `${url} as ${who.role}: ${res.statusCode}`).toBe('no-store');
      }
    }
  });

  it('the public catalogue, packages and avatars keep their caching; a session refresh on them is never stored', async () => {
    const cases: [string, string][] = [
      ['/api/v1/books', 'no-cache'],
      ['/api/v1/packages', 'public, max-age=300'],
      ['/api/v1/avatars/abc123.svg', 'public, max-age=31536000, immutable'],
    ];
    for (const [url, caching] of cases) {
      for (const who of [undefined, buyer]) {
        const res = await call('GET', url, who);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control'], url).toBe(caching);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // A day later the sliding session is renewed by whichever API request comes first, a public one
    // included: that answer carries the session cookie, so no cache may keep it.
    t.clock.advance(24 * 3_600_000);
    const refreshed = await call('GET', '/api/v1/packages', buyer);
    expect(String(refreshed.headers['set-cookie'])).toContain('reshelf_session=');
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });
});

/** Resolves with what the server sent once it closes `socket`; fails if it is still open after `boundMs`. */
function closedBy(socket: net.Socket, boundMs: number): Promise<{ received: string; afterMs: number }> {
  const started = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for more than ${boundMs} ms`));
    }, boundMs);
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ received, afterMs: performance.now() - started });
    });
    socket.on('error', () => undefined);
  });
}

const connect = () =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

describe('connections that dawdle', () => {
  // Generous against a busy machine, and still far below the ~60-90 s such a connection was held before.
  const BOUND_MS = 15_000;

  it('closes a connection that never finishes its headers, or sends nothing, with 408', async () => {
    const partial = await connect();
    partial.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow');
    const silent = await connect();
    const [a, b] = await Promise.all([closedBy(partial, BOUND_MS), closedBy(silent, BOUND_MS)]);
    for (const { received, afterMs } of [a, b]) {
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    }
  });

  it('lets a request whose body arrives slowly finish after the headers timeout has passed', async () => {
    const body = JSON.stringify({ email: 'nobody@students.wits.ac.za', password: 'Wrong-Passw0rd!' });
    const slow = await connect();
    const answered = closedBy(slow, BOUND_MS * 2);
    slow.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
    // A connection opened alongside it that never finishes its headers: once the server has closed that
    // one, the headers timeout has certainly passed for the slow request too.
    const witness = await connect();
    witness.write('GET /healthz HTTP/1.1\r\n');
    expect((await closedBy(witness, BOUND_MS)).received).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.destroyed).toBe(false);
    slow.write(body.slice(10));
    const { received } = await answered;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain('Invalid email or password');
  });

  it('defaults to 15 s for headers and 15 minutes for a whole request, and refuses a headers timeout longer than that', () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 15_000, requestTimeoutMs: 900_000 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(ConfigError);
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(t.app.server.requestTimeout).toBe(900_000);
  });
});

describe(`numbers and media types (${dialectUnderTest})`, () => {
  it('refuses numbers sent as text in a listing upload and an edit, with the field messages', async () => {
    const images = await img.pngs(4);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: '100' }, 'price', 'Price must be a number'],
      [{ publicationYear: '2019' }, 'publicationYear', 'Publication year must be a whole number'],
      [{ numberOfPages: '480' }, 'numberOfPages', 'Number of pages must be a whole number'],
    ];
    for (const [overrides, field, message] of cases) {
      const upload = img.multipart(img.listingParts(listingPayload(overrides), images));
      const res = await call('POST', '/api/v1/books', seller, upload.payload, upload.headers);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION', fields: { [field]: message } });
    }
    const bookId = await insertBook(t.database.db, seller.id);
    const edit = await call('PATCH', `/api/v1/books/${bookId}`, seller, { price: '100' });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json()).toMatchObject({ error: 'Price must be a number', fields: { price: 'Price must be a number' } });
    const asNumber = await call('PATCH', `/api/v1/books/${bookId}`, seller, { price: 100 });
    expect(asNumber.statusCode, asNumber.body).toBe(200);
    expect(asNumber.json().book.price).toBe(100);
  });

  it('still reads numbers from query strings, where every value is text', async () => {
    const catalogue = await call('GET', '/api/v1/books?minPrice=10&maxPrice=5000&page=1&pageSize=5');
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    expect(catalogue.json().pageSize).toBe(5);
    const desk = await call('GET', '/api/v1/admin/package-orders?page=2&pageSize=3', admin);
    expect(desk.statusCode).toBe(200);
    expect(desk.json()).toMatchObject({ page: 2, pageSize: 3 });
  });

  it('answers text/plain and other non-JSON bodies on JSON routes with 415', async () => {
    const bookId = await insertBook(t.database.db, seller.id);
    const json = JSON.stringify({ email: buyer.email, password: buyer.password });
    const cases: [Method, string, Account | undefined, string][] = [
      ['POST', '/api/v1/auth/login', undefined, 'text/plain'],
      ['POST', '/api/v1/auth/login', undefined, 'text/plain; charset=utf-8'],
      ['POST', '/api/v1/auth/logout', buyer, 'text/plain'],
      ['POST', '/api/v1/contact', undefined, 'text/plain'],
      ['PUT', '/api/v1/student/faculty', buyer, 'text/plain'],
      ['PATCH', `/api/v1/books/${bookId}`, seller, 'text/plain'],
      ['DELETE', '/api/v1/account', buyer, 'text/plain'],
      ['POST', '/api/v1/orders', buyer, 'application/x-www-form-urlencoded'],
      ['POST', '/api/v1/orders', buyer, 'text/html'],
    ];
    for (const [method, url, who, type] of cases) {
      const res = await call(method, url, who, json, { 'content-type': type });
      expect(res.statusCode, `${method} ${url} as ${type}: ${res.body}`).toBe(415);
      expect(res.json()).toEqual({ error: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // Nothing happened: the buyer is still signed in and still has an account.
    expect((await call('GET', '/api/v1/auth/session', buyer)).statusCode).toBe(200);
  });

  it('still takes bodiless writes with no content type', async () => {
    const pending = await insertBook(t.database.db, seller.id, { status: 'pending' });
    expect((await call('POST', `/api/v1/admin/books/${pending}/approve`, admin)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/notifications/read-all', seller)).statusCode).toBe(204);
    const spare = await registerAndLogin(t.app, { userType: 'buyer' });
    expect((await call('POST', '/api/v1/cart/checkout', spare)).statusCode).toBe(200);
    const logout = await call('POST', '/api/v1/auth/logout', spare);
    expect(logout.statusCode).toBe(204);
    expect((await call('GET', '/api/v1/auth/session', spare)).statusCode).toBe(401);
  });
});

describe(`the admin's package-order list (${dialectUnderTest})`, () => {
  it('reports the total of every page, not the rows seen so far', async () => {
    const db = t.database.db;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString();
    for (let i = 0; i < 7; i++) {
      await db
        .insertInto('package_orders')
        .values({ id: `pkgtotal${i}abcdefgh`, student_id: buyer.id, student_first_name: 'Thandi', student_email: buyer.email, package_id: 'computer-science', package_name: 'Computer Science', amount_cents: 249_999, status: i < 5 ? 'requested' : 'confirmed', created_at: at(i), updated_at: at(i) })
        .execute();
    }
    const count = async (status?: 'requested' | 'confirmed') => {
      let q = db.selectFrom('package_orders').select((eb) => eb.fn.countAll<number>().as('n'));
      if (status) q = q.where('status', '=', status);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const all = await count();
    const requested = await count('requested');
    expect(all).toBeGreaterThanOrEqual(7);
    const pages = Math.ceil(all / 3);
    for (let page = 1; page <= pages + 1; page++) {
      const res = await call('GET', `/api/v1/admin/package-orders?page=${page}&pageSize=3`, admin);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list, `page ${page}`).toMatchObject({ total: all, page, pageSize: 3 });
      expect(list.items).toHaveLength(Math.max(0, Math.min(3, all - (page - 1) * 3)));
    }
    const filtered = (await call('GET', '/api/v1/admin/package-orders?status=requested&pageSize=2', admin)).json();
    expect(filtered).toMatchObject({ total: requested, page: 1, pageSize: 2 });
    expect(filtered.items).toHaveLength(2);
  });
});
