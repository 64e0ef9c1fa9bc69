// The generated OpenAPI document (GET /api/v1/openapi.json) and the response schemas behind it: the
// document is OpenAPI 3.1 in shape; every route the app registers (collected as it registers them) is in
// it with a schema for its success and its errors; real answers validate against it; an answer that does
// not match its route's schema is a loud 500, never sent; and access is checked before any input rule.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studentResponseSchema } from '@reshelf/shared';
import { CONTRACT_BREACH, errorsPlugin } from '../src/plugins/errors.ts';
import { createTestApp, dialectUnderTest, errorLogger, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { collectedRoutes } from './helpers/routes.ts';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/routes.ts')).collectRoutes(await importOriginal()));

type Schema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string }[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: Document;
let buyer: Account;
let seller: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  seller = await registerAndLogin(t.app, { userType: 'seller' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t?.close());

/** Fastify's `/books/:id` as OpenAPI writes it: `/books/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A validator for one answer of the document, its component references resolved within the document. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
function validatorFor(path: string, method: string, status: number) {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} declares no JSON answer for ${status}`);
  const local = JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Schema;
  const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/')) as Schema;
  return ajv.compile({ ...local, $defs: defs });
}

/** Calls the app and checks the answer against the document's schema for its route and status. */
async function conforms(method: 'GET' | 'POST' | 'PUT', url: string, path: string, opts: { cookie?: string; payload?: object } = {}) {
  const res = await t.app.inject({ method, url, payload: opts.payload, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  const validate = validatorFor(path, method, res.statusCode);
  const body = res.json();
  expect(validate(body), `${method} ${url} → ${res.statusCode}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return { status: res.statusCode, body };
}

describe(`the OpenAPI document (${dialectUnderTest})`, () => {
  it('is OpenAPI 3.1 in shape: version, info, paths of operations with described answers, resolvable references', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Reshelf API');
    expect(doc.info.version).toBeTruthy();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'reshelf_session' });
    const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        expect(methods.has(method), `${method} ${path}`).toBe(true);
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status, `${method} ${path}`).toMatch(/^[1-5](\d\d|XX)$|^default$/);
          expect(typeof response.description, `${method} ${path} ${status}`).toBe('string');
        }
      }
    }
    // Every reference points at a component that exists, and the components compile as JSON Schema 2020-12.
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty(name!);
    for (const name of ['ApiError', 'Student', 'Book', 'Order', 'Notification', 'PackageOrder', 'TextbookPackage', 'Cart', 'RealtimeEvent']) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/')) as Schema;
    expect(() => new Ajv2020({ strict: false }).compile({ $defs: defs })).not.toThrow();
  });

  it('has every registered route, each with its success answer, the error answers (ApiError) and its access', () => {
    const routes = collectedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      if (route.hidden || route.websocket) {
        // Only pages, files and the websocket stay out: everything under /api/v1 that speaks HTTP is in.
        expect(route.websocket || !route.url.startsWith('/api/'), where).toBe(true);
        continue;
      }
      const op = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect(op, where).toBeDefined();
      const statuses = Object.keys(op!.responses);
      // A browser navigation's success is a redirect (sign-in with a provider: 302 to the provider and back).
      const success = statuses.filter((s) => /^[23]/.test(s));
      expect(success.length, where).toBeGreaterThan(0);
      for (const s of success) {
        const content = op!.responses[s]!.content;
        if (s === '204' || s.startsWith('3')) expect(content, where).toBeUndefined();
        else expect(Object.values(content ?? {})[0]?.schema, `${where} ${s}`).toBeDefined();
      }
      const failures = statuses.filter((s) => /^[45]/.test(s));
      expect(failures, where).toContain('500');
      for (const s of failures) expect(op!.responses[s]!.content?.['application/json']?.schema, `${where} ${s}`).toEqual({ $ref: '#/components/schemas/ApiError' });
      if (route.schema.body || op!.requestBody) expect(failures, where).toEqual(expect.arrayContaining(['400', '415']));
      if (route.access) {
        expect(op!.security, where).toEqual([{ session: [] }]);
        expect(failures, where).toContain('401');
        if (route.access !== 'student') expect(failures, where).toContain('403');
      }
      if (route.schema.params) expect(op!.parameters?.some((p) => p.in === 'path'), where).toBe(true);
    }
  });

  it('describes the uploads as multipart: bookData as JSON text and 4 to 6 images', () => {
    const upload = doc.paths['/api/v1/books']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(upload).toMatchObject({ required: ['bookData', 'images'], properties: { images: { minItems: 4, maxItems: 6 } } });
    expect(Object.keys(doc.paths['/api/v1/books/{id}']!.patch!.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
  });
});

describe(`real answers validate against the document (${dialectUnderTest})`, () => {
  it('accounts, the catalogue, a book, orders, notifications, packages, the cart, health, and errors', async () => {
    await conforms('GET', '/api/v1/auth/session', '/api/v1/auth/session', { cookie: buyer.cookie });
    await conforms('GET', '/api/v1/student/profile', '/api/v1/student/profile', { cookie: seller.cookie });
    const bookId = await insertBook(t.database.db, seller.id);
    await t.database.db.insertInto('book_courses').values({ book_id: bookId, university: 'wits', code: 'MATH1014', position: 0 }).execute();
    const courses = await conforms('PUT', '/api/v1/student/courses', '/api/v1/student/courses', { cookie: buyer.cookie, payload: { courses: ['math1014', 'PHYS1000'] } });
    expect(courses.body.student.courses).toEqual(['MATH1014', 'PHYS1000']);
    const courseBooks = await conforms('GET', '/api/v1/student/course-books', '/api/v1/student/course-books', { cookie: buyer.cookie });
    expect(courseBooks.body.courses[0].books.map((b: { id: string }) => b.id)).toEqual([bookId]);
    // The catalogue and a book page go out as cached JSON text, past the serializer: checked here.
    const page = await conforms('GET', '/api/v1/books?pageSize=5', '/api/v1/books');
    expect(page.body.items.length).toBeGreaterThan(0);
    // The document is strict: a field it does not list fails (the check above is not vacuous).
    expect(validatorFor('/api/v1/books', 'GET', 200)({ ...page.body, items: [{ ...page.body.items[0], secret: 1 }] })).toBe(false);
    await conforms('GET', `/api/v1/books/${bookId}`, '/api/v1/books/{id}');
    await conforms('GET', '/api/v1/seller/books', '/api/v1/seller/books', { cookie: seller.cookie });
    await conforms('GET', '/api/v1/admin/books?status=approved', '/api/v1/admin/books', { cookie: admin.cookie });
    const order = await conforms('POST', '/api/v1/orders', '/api/v1/orders', { cookie: buyer.cookie, payload: { bookId } });
    expect(order.status).toBe(201);
    const orderId = order.body.order.id as string;
    await conforms('POST', `/api/v1/orders/${orderId}/messages`, '/api/v1/orders/{id}/messages', { cookie: buyer.cookie, payload: { body: 'Is it still clean?' } });
    await conforms('GET', `/api/v1/orders/${orderId}/messages`, '/api/v1/orders/{id}/messages', { cookie: seller.cookie });
    await conforms('GET', '/api/v1/orders?as=seller', '/api/v1/orders', { cookie: seller.cookie });
    await conforms('GET', `/api/v1/orders/${orderId}`, '/api/v1/orders/{id}', { cookie: buyer.cookie });
    await conforms('GET', '/api/v1/notifications', '/api/v1/notifications', { cookie: seller.cookie });
    await conforms('GET', '/api/v1/buyer/summary', '/api/v1/buyer/summary', { cookie: buyer.cookie });
    await conforms('GET', '/api/v1/packages', '/api/v1/packages');
    await conforms('GET', '/api/v1/package-orders', '/api/v1/package-orders', { cookie: buyer.cookie });
    await conforms('GET', '/api/v1/cart', '/api/v1/cart', { cookie: buyer.cookie });
    await conforms('GET', '/healthz', '/healthz');
    await conforms('GET', '/readyz', '/readyz');
    // Errors: not signed in, the wrong role, invalid input (with fields), not found, a conflict.
    expect((await conforms('GET', '/api/v1/student/profile', '/api/v1/student/profile')).status).toBe(401);
    expect((await conforms('GET', '/api/v1/cart', '/api/v1/cart', { cookie: seller.cookie })).status).toBe(403);
    const invalid = await conforms('PUT', '/api/v1/student/faculty', '/api/v1/student/faculty', { cookie: buyer.cookie, payload: { faculty: 'alchemy' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toBeDefined();
    expect((await conforms('PUT', '/api/v1/student/courses', '/api/v1/student/courses', { cookie: buyer.cookie, payload: { courses: ['M'] } })).status).toBe(400);
    expect((await conforms('GET', '/api/v1/books/nosuchbook0000', '/api/v1/books/{id}')).status).toBe(404);
    expect((await conforms('POST', '/api/v1/orders', '/api/v1/orders', { cookie: buyer.cookie, payload: { bookId } })).status).toBe(409);
  });
});

describe('answers are checked against their route schema', () => {
  /** What the app logged at error level: each entry's fields and message. */
  const logged: Array<{ entry: unknown; message: string | undefined }> = [];
  const logger = errorLogger((entry, message) => logged.push({ entry, message }));

  async function tinyApp() {
    const app = Fastify({ loggerInstance: logger }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const student = { id: 's1', email: 'a@b.c', firstName: 'A', lastName: 'B', studentNumber: '1', university: 'wits', role: 'buyer', roles: ['buyer'] as ('buyer' | 'seller' | 'admin')[], academicInfo: null, courses: [] as string[], verified: null, createdAt: 'x', updatedAt: 'x' } as const;
    const response = { response: { 200: studentResponseSchema } };
    app.get('/leaky', { schema: response }, async () => ({ student: { ...student, passwordHash: 'secret' } }));
    app.get('/broken', { schema: response }, async () => ({ student: { ...student, role: 'wizard' } }) as never);
    return app;
  }

  it('drops a field nobody declared, and answers 500 (generic, logged) for an answer that breaks its schema', async () => {
    const app = await tinyApp();
    try {
      const leaky = await app.inject({ method: 'GET', url: '/leaky' });
      expect(leaky.statusCode).toBe(200);
      expect(leaky.json().student).not.toHaveProperty('passwordHash');
      const broken = await app.inject({ method: 'GET', url: '/broken' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
      // Logged with the schema's issues, which say the field that broke the contract.
      expect(logged).toEqual([{ entry: expect.objectContaining({ issues: expect.objectContaining({ issues: [expect.objectContaining({ path: ['student', 'role'] })] }) }), message: CONTRACT_BREACH }]);
    } finally {
      await app.close();
    }
  });
});

describe(`who may call a route is checked before its input (${dialectUnderTest})`, () => {
  const json = { 'content-type': 'application/json' };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: string, cookie?: string) =>
    t.app.inject({ method, url, payload, headers: cookie ? { ...json, cookie } : json });

  it('an anonymous caller with a bad body (or no JSON at all) hears 401, not 400', async () => {
    const cases: [method: 'POST' | 'PUT' | 'DELETE', url: string][] = [
      ['PUT', '/api/v1/student/faculty'],
      ['PUT', '/api/v1/auth/password'],
      ['DELETE', '/api/v1/account'],
      ['POST', '/api/v1/orders'],
      ['POST', '/api/v1/orders/x/accept'],
      ['POST', '/api/v1/orders/x/messages'],
      ['POST', '/api/v1/cart/items'],
      ['POST', '/api/v1/admin/books/x/decline'],
    ];
    for (const [method, url] of cases) {
      for (const payload of ['{"nonsense": 1}', '{not json']) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(401);
        expect(res.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
      }
    }
  });

  it('a signed-in caller of the wrong role hears 403 before the body is read', async () => {
    const cases: [method: 'POST' | 'PUT', url: string, cookie: () => string, message: string][] = [
      ['POST', '/api/v1/orders', () => seller.cookie, 'Access denied. Buyer account required.'],
      ['POST', '/api/v1/cart/items', () => seller.cookie, 'Access denied. Buyer account required.'],
      ['POST', '/api/v1/admin/books/x/decline', () => buyer.cookie, 'Access denied. Admin account required.'],
      ['POST', '/api/v1/admin/package-orders/x/nonsense', () => buyer.cookie, 'Access denied. Admin account required.'],
    ];
    for (const [method, url, cookie, message] of cases) {
      const res = await send(method, url, '{"nonsense": 1}', cookie());
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: message, code: 'FORBIDDEN' });
    }
    // A multipart upload from a buyer is refused before a byte of it is read.
    const upload = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: buyer.cookie } });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().error).toBe('Access denied. Seller account required.');
  });
});
