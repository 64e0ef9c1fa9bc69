// docs/security.md, promise 15: property-based fuzzing with fast-check. Every payload schema the shared package
// exports, and every JSON endpoint the app registers (collected as it registers them), gets random and
// hostile values: the schemas never throw and always explain themselves with text; the API never answers
// 5xx and every error it gives is {error: string, code: string, fields?: {name: message}}.
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as shared from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, loginAs } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { collectedRoutes, routeKey, type CollectedRoute } from './helpers/routes.ts';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/routes.ts')).collectRoutes(await importOriginal()));

/** Strings attackers reach for: markup, SQL, path tricks, prototype keys, odd Unicode, numbers as text. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE students; --",
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀👍🏽',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '0x1F',
  'true',
  'null',
  '[]',
  '{}',
  'a'.repeat(10_000),
  '${7*7}{{7*7}}',
  'admin@reshelf.test',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileNumber = fc.oneof(fc.constantFrom(0, -0, -1, 0.1, 0.005, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
/** Any JSON value, weighted towards the hostile ones. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'length', 'toString')), tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

/** An object with the schema's own keys (so validation goes past "not an object"), each holding anything. */
const shaped = (keys: string[]) =>
  keys.length ? fc.record(Object.fromEntries(keys.map((k) => [k, hostileJson])), { requiredKeys: [], noNullPrototype: true }) : fc.dictionary(hostileString, hostileJson, { maxKeys: 4, noNullPrototype: true });

/** Whether `value` holds an object whose `length` is an object that cannot be turned into a number. */
function hasUncomparableLength(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const length = (value as { length?: unknown }).length;
  if (length !== null && typeof length === 'object') {
    try {
      Number(length);
    } catch {
      return true;
    }
  }
  return Object.values(value).some(hasUncomparableLength);
}

const schemaEntries = Object.entries(shared).filter(([, v]) => v instanceof z.ZodType) as [string, z.ZodType][];
const keysOf = (schema: z.ZodType): string[] => Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});

describe('shared schemas under fuzzing', () => {
  it('finds the payload schemas', () => {
    const names = schemaEntries.map(([name]) => name);
    for (const n of ['registerSchema', 'loginSchema', 'listingSchema', 'listingEditSchema', 'catalogueQuerySchema', 'createOrderSchema', 'messageSchema', 'reviewSchema', 'contactSchema', 'facultySchema']) expect(names).toContain(n);
  });

  it.each(schemaEntries)('%s never throws and explains every refusal in words', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(hostileJson, shaped(keysOf(schema))), (value) => {
        // Known zod 4.6.7 behaviour, checked through the API below: its length rules compare an object's own
        // `length` with a number, which throws when that cannot become a primitive. The API answers 400.
        fc.pre(!hasUncomparableLength(value));
        const result = schema.safeParse(value);
        if (result.success) return;
        expect(result.error.issues.length).toBeGreaterThan(0);
        for (const issue of result.error.issues) {
          expect(typeof issue.message).toBe('string');
          expect(issue.message.trim().length).toBeGreaterThan(0);
        }
        expect(typeof shared.firstIssueMessage(result.error)).toBe('string');
        for (const message of Object.values(shared.fieldErrors(result.error))) expect(typeof message).toBe('string');
      }),
      { numRuns: 300 },
    );
    // Nothing leaked onto Object.prototype from a "__proto__" key.
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

let t: TestApp;
const cookies: (string | undefined)[] = [undefined];
let bookId = '';
let orderId = '';
let buyerLogin = { email: '', password: '' };

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'admin@reshelf.test', ADMIN_PASSWORD: 'Admin-Passw0rd!' } });
  const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  buyerLogin = { email: buyer.email, password: buyer.password };
  const seller = await registerAndLogin(t.app, { userType: 'seller' });
  cookies.push(buyer.cookie, seller.cookie, await loginAs(t.app, 'admin@reshelf.test', 'Admin-Passw0rd!'));
  bookId = await insertBook(t.database.db, seller.id);
  const order = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { bookId }, headers: { cookie: buyer.cookie } });
  orderId = order.json().order.id;
});
afterAll(async () => t?.close());

/** The API's error shape, exactly: no stack, no extra keys. */
function checkAnswer(route: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, `${route} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), route).toMatch(/application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).every((k) => ['error', 'code', 'fields'].includes(k)), `${route}: ${res.body.slice(0, 200)}`).toBe(true);
  expect(typeof body.error, route).toBe('string');
  expect(String(body.error).length).toBeGreaterThan(0);
  expect(body.code, route).toMatch(/^[A-Z][A-Z0-9_]*$/);
  if (body.fields !== undefined) {
    expect(typeof body.fields).toBe('object');
    for (const v of Object.values(body.fields as object)) expect(typeof v).toBe('string');
  }
  expect(res.body).not.toMatch(/\bat .+\.ts:\d+|node_modules|SQLITE_|syntax error at/i);
}

const jsonRoutes = () => collectedRoutes().filter((r) => r.url.startsWith('/api/') && !r.websocket);

/** A path for the route: each :param is a real id, a hostile string, or random text (URL-encoded). */
const pathFor = (route: CollectedRoute) => {
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  return fc.tuple(...params.map(() => fc.oneof(fc.constantFrom(bookId, orderId, 'book', 'package', 'confirm'), hostileString)), fc.constant(0)).map((values) => {
    let url = route.url;
    params.forEach((p, i) => {
      url = url.replace(p, encodeURIComponent(String(values[i]).replace(/[\uD800-\uDFFF]/g, '?') || 'x'));
    });
    return url;
  });
};

const queryString = fc
  .dictionary(fc.oneof(fc.constantFrom('page', 'pageSize', 'q', 'sort', 'status', 'as', 'minPrice', 'maxPrice', 'category', 'style', 'university'), hostileString), fc.oneof(hostileString, hostileNumber.map(String)), { maxKeys: 4 })
  .map((d) => new URLSearchParams(Object.entries(d).map(([k, v]): [string, string] => [k, String(v)])).toString());

describe(`every JSON endpoint under fuzzing (${dialectUnderTest})`, () => {
  it('covers the API', () => {
    expect(jsonRoutes().length).toBeGreaterThan(40);
  });

  it('never answers 5xx and always errs in the API shape: random bodies, queries, ids and roles', async () => {
    for (const route of jsonRoutes()) {
      const key = routeKey(route);
      // Logging out would end the shared test sessions: that route is fuzzed anonymously.
      const who = key === 'POST /api/v1/auth/logout' ? fc.constant(undefined) : fc.constantFrom(...cookies);
      await fc.assert(
        fc.asyncProperty(pathFor(route), queryString, fc.oneof(hostileJson, fc.dictionary(hostileString, hostileJson)), who, fc.integer({ min: 1, max: 250 }), async (url, query, body, cookie, ipPart) => {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: query ? `${url}?${query}` : url,
            headers: { ...(cookie ? { cookie } : {}), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
            ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
            remoteAddress: `10.7.${ipPart}.${ipPart}`,
          });
          checkAnswer(key, res);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('malformed bodies, wrong content types, huge bodies and broken URL encoding are 4xx in the error shape', async () => {
    const raw: { payload: string | Buffer; type: string }[] = [
      { payload: '{"email": ', type: 'application/json' },
      { payload: '', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: '"just a string"', type: 'application/json' },
      { payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}', type: 'application/json' },
      { payload: 'email=a%40b.co&password=x', type: 'application/x-www-form-urlencoded' },
      { payload: '<xml/>', type: 'text/xml' },
      { payload: 'hello', type: 'text/plain' },
      { payload: Buffer.alloc(1024 * 1024 + 10, 0x20), type: 'application/json' },
      { payload: '{"a":1}', type: 'application/json; charset=utf-16' },
    ];
    for (const route of jsonRoutes().filter((r) => r.method !== 'GET')) {
      for (const { payload, type } of raw) {
        const res = await t.app.inject({ method: route.method as 'POST', url: route.url.replace(/:[A-Za-z]+/g, 'abcdefghijkl'), payload, headers: { 'content-type': type, cookie: cookies[1]! } });
        checkAnswer(`${routeKey(route)} with ${type}`, res);
      }
    }
    // The raw bodies above reached POST /auth/logout too, which ended the buyer's session: sign in again,
    // since signed-in routes check the session before they look at a body.
    cookies[1] = await loginAs(t.app, buyerLogin.email, buyerLogin.password);
    // The zod behaviour above, sent as JSON: a 400 in the error shape, not a crash.
    const uncomparable = { length: { toString: '' } };
    for (const url of ['/api/v1/auth/register', '/api/v1/contact', '/api/v1/orders']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: uncomparable, lastName: uncomparable, bookId: uncomparable }, headers: { cookie: cookies[1]! } });
      expect(res.statusCode).toBe(400);
      checkAnswer(url, res);
    }
    // NUL characters, which PostgreSQL refuses in text: 400 in ids and bodies on every database; the
    // catalogue's search text drops them (catalogue.test.ts).
    for (const url of ['/api/v1/books/%00', `/api/v1/orders/${orderId}%00`, `/api/v1/orders/${orderId}%00/messages`]) {
      const res = await t.app.inject({ url, headers: { cookie: cookies[1]! } });
      expect(res.statusCode, url).toBe(400);
      checkAnswer(url, res);
    }
    // Prices beyond PostgreSQL's integer range in the catalogue filters.
    for (const q of ['maxPrice=9007199254740992', 'minPrice=1e15', 'minPrice=21474837&maxPrice=1e300']) {
      const res = await t.app.inject({ url: `/api/v1/books?${q}` });
      checkAnswer(q, res);
    }
    checkAnswer('search with NUL', await t.app.inject({ url: '/api/v1/books?q=a%00b&category=%00', headers: { cookie: cookies[1]! } }));
    const nulMessage = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/messages`, payload: { body: 'see you\u0000 at noon' }, headers: { cookie: cookies[1]! } });
    expect(nulMessage.statusCode).toBe(400);
    checkAnswer('message with NUL', nulMessage);
    for (const url of ['/api/v1/books/%E0%A4%A', '/api/v1/orders/%', '/api/v1/books?q=%ZZ', '/api/v1/avatars/%00.svg', `/api/v1/books?page=${'9'.repeat(400)}`]) {
      checkAnswer(url, await t.app.inject({ url, headers: { cookie: cookies[1]! } }));
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
