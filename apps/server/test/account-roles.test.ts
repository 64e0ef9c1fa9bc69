// One account, both roles (POST /account/roles, docs/decisions/0033-one-account-both-roles.md): every
// buyer-only and seller-only route refuses the other role with its denial message (`buyerRequired` or
// `sellerRequired` in packages/shared/src/messages.ts) until the account adds that role, and lets it in
// afterwards, in the same session at once; adding is idempotent and a burst of adds leaves one row; admin
// is not a role to add and an admin account adds nothing; a seller who buys still never buys their own
// book; migration 017 gives every existing student their sign-up role.
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROLE_CHANGE_MESSAGES } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { collectedRoutes } from './helpers/routes.ts';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/routes.ts')).collectRoutes(await importOriginal()));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const addRole = (payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/account/roles',
    ...(typeof payload === 'string' ? { payload, headers: { 'content-type': 'application/json', ...headers, ...(cookie ? { cookie } : {}) } } : { payload: payload as object, headers: { ...headers, ...(cookie ? { cookie } : {}) } }),
  });
const session = async (cookie: string) => (await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).json().student;
const roleRows = async (studentId: string) =>
  (await t.database.db.selectFrom('student_roles').select('role').where('student_id', '=', studentId).orderBy('role').execute()).map((r) => r.role);

/** Every route kept to one role, as the app registered it (a new one is covered by itself). */
function guarded(role: 'buyer' | 'seller') {
  return collectedRoutes().filter((r) => r.access === role);
}

/** Calls a guarded route with placeholder ids and an empty JSON body: the access check answers before either is read. */
function callGuarded(route: { method: string; url: string }, cookie: string) {
  const url = route.url.replace(':type', 'book').replace(/:[a-zA-Z]+/g, 'no-such-id');
  const write = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({ method: route.method as 'GET', url, headers: { cookie }, ...(write ? { payload: {} } : {}) });
}

describe(`guarded areas before and after adding a role (${dialectUnderTest})`, () => {
  it('the app has buyer-only and seller-only routes to check', () => {
    expect(guarded('buyer').map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/v1/orders', 'GET /api/v1/cart', 'GET /api/v1/buyer/summary']));
    expect(guarded('seller').map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/v1/books', 'GET /api/v1/seller/books']));
  });

  it('a buyer is refused every seller route with the seller-required message, then let in once they add selling (same session, no new sign-in)', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const otherTab = await loginAs(t.app, buyer.email, buyer.password);
    for (const route of guarded('seller')) {
      const res = await callGuarded(route, buyer.cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBe(MESSAGES.sellerRequired);
    }
    const added = await addRole({ role: 'seller' }, buyer.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().student).toMatchObject({ id: buyer.id, role: 'buyer', roles: ['buyer', 'seller'] });
    expect(added.json().student).not.toHaveProperty('passwordHash');
    // Both sessions see it on their next request: nothing about the account is cached with a session.
    for (const cookie of [buyer.cookie, otherTab]) expect((await session(cookie)).roles).toEqual(['buyer', 'seller']);
    for (const route of guarded('seller')) {
      const res = await callGuarded(route, otherTab);
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
    }
    // Still a buyer too.
    for (const route of guarded('buyer')) {
      const res = await callGuarded(route, buyer.cookie);
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
    }
    expect((await t.app.inject({ url: '/api/v1/seller/books', headers: { cookie: buyer.cookie } })).json().items).toEqual([]);
  });

  it('a seller is refused every buyer route with the buyer-required message, then let in once they add buying', async () => {
    const seller = await registerAndLogin(t.app, { userType: 'seller' });
    for (const route of guarded('buyer')) {
      const res = await callGuarded(route, seller.cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBe(MESSAGES.buyerRequired);
    }
    const added = await addRole({ role: 'buyer' }, seller.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().student).toMatchObject({ role: 'seller', roles: ['buyer', 'seller'] });
    for (const route of guarded('buyer')) {
      const res = await callGuarded(route, seller.cookie);
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
    }
    for (const route of guarded('seller')) {
      const res = await callGuarded(route, seller.cookie);
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
    }
  });

  it('an account that added a role still opens no admin route', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    await addRole({ role: 'seller' }, buyer.cookie);
    const res = await t.app.inject({ url: '/api/v1/admin/books?status=pending', headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGES.adminRequired);
  });
});

describe(`a seller who buys (${dialectUnderTest})`, () => {
  let seller: Account;
  let other: Account;
  beforeAll(async () => {
    seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho' });
    other = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Lerato' });
    expect((await addRole({ role: 'buyer' }, seller.cookie)).statusCode).toBe(200);
  });

  it("requests another student's book and sees the order as its buyer", async () => {
    const book = await insertBook(t.database.db, other.id, { title: 'Organic Chemistry' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { cookie: seller.cookie }, payload: { bookId: book } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ buyer: { id: seller.id }, seller: { id: other.id } });
    const mine = await t.app.inject({ url: '/api/v1/orders?as=buyer', headers: { cookie: seller.cookie } });
    expect(mine.json().items.map((o: { book: { id: string } | null; bookId?: string }) => o.bookId ?? o.book?.id)).toContain(book);
  });

  it('never buys their own book, neither by an order nor through the cart', async () => {
    const own = await insertBook(t.database.db, seller.id, { title: 'My Own Calculus' });
    const order = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { cookie: seller.cookie }, payload: { bookId: own } });
    expect(order.statusCode).toBe(403);
    expect(order.json().error).toBe(MESSAGES.ownBook);
    const cart = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: { cookie: seller.cookie }, payload: { type: 'book', id: own } });
    expect(cart.statusCode).toBe(403);
    expect(cart.json().error).toBe(MESSAGES.ownBook);
  });
});

describe(`POST /account/roles: what it refuses and repeats (${dialectUnderTest})`, () => {
  it('is idempotent: adding a role held already (added or chosen at sign-up) answers 200 and changes nothing', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const own = await addRole({ role: 'buyer' }, buyer.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().student.roles).toEqual(['buyer']);
    expect(await roleRows(buyer.id)).toEqual(['buyer']);
    await addRole({ role: 'seller' }, buyer.cookie);
    const again = await addRole({ role: 'seller' }, buyer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().student.roles).toEqual(['buyer', 'seller']);
    expect(await roleRows(buyer.id)).toEqual(['buyer', 'seller']);
  });

  it('a burst of adds at the same moment leaves exactly one row for the role', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => addRole({ role: 'seller' }, buyer.cookie)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().student.roles).toEqual(['buyer', 'seller']);
    }
    expect(await roleRows(buyer.id)).toEqual(['buyer', 'seller']);
  });

  it('admin is not a role to add: 400 naming it, and nothing changes', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const res = await addRole({ role: 'admin' }, buyer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ROLE_CHANGE_MESSAGES.adminNotAddable, fields: { role: ROLE_CHANGE_MESSAGES.adminNotAddable } });
    expect(await roleRows(buyer.id)).toEqual(['buyer']);
    expect((await session(buyer.cookie)).roles).toEqual(['buyer']);
  });

  it('an admin account adds neither buying nor selling: 403', async () => {
    const admin = await adminAccount(t.app);
    for (const role of ['buyer', 'seller']) {
      const res = await addRole({ role }, admin.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ROLE_CHANGE_MESSAGES.adminAccount);
    }
    // Who is asking is settled before what they sent: a bad body from an admin is the same 403, not a 400.
    const bad = await addRole({ role: 'nonsense' }, admin.cookie);
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error).toBe(ROLE_CHANGE_MESSAGES.adminAccount);
    expect(await roleRows(admin.id)).toEqual(['admin']);
    expect((await session(admin.cookie)).roles).toEqual(['admin']);
  });

  it('a bad body is a 400 in the error shape', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const cases: [unknown, string][] = [
      [{}, ROLE_CHANGE_MESSAGES.roleRequired],
      [{ role: '' }, ROLE_CHANGE_MESSAGES.roleRequired],
      [{ role: 'wizard' }, ROLE_CHANGE_MESSAGES.roleInvalid],
      [{ role: ['seller'] }, ROLE_CHANGE_MESSAGES.roleInvalid],
      [{ role: 'SELLER' }, ROLE_CHANGE_MESSAGES.roleInvalid],
      ['[]', MESSAGES.invalidInput],
      ['{"role": "seller"', MESSAGES.invalidJson],
    ];
    for (const [payload, message] of cases) {
      const res = await addRole(payload, buyer.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    expect(await roleRows(buyer.id)).toEqual(['buyer']);
  });

  it('a visitor is 401 before the body is read', async () => {
    for (const payload of [{ role: 'seller' }, { role: 'admin' }, {}]) {
      const res = await addRole(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(MESSAGES.notSignedIn);
    }
  });

  it('a new account holds its sign-up role as a row; its roles go with the account', async () => {
    const seller = await registerAndLogin(t.app, { userType: 'seller' });
    expect(await roleRows(seller.id)).toEqual(['seller']);
    await addRole({ role: 'buyer' }, seller.cookie);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: { cookie: seller.cookie }, payload: { password: seller.password } });
    expect(res.statusCode, res.body).toBe(204);
    expect(await roleRows(seller.id)).toEqual([]);
  });
});

describe(`migration 017 (${dialectUnderTest})`, () => {
  const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });

  it('gives every student already there the role they chose at sign-up, and comes down and up again', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const seller = await registerAndLogin(t.app, { userType: 'seller' });
    await addRole({ role: 'seller' }, buyer.cookie);
    const admin = await adminAccount(t.app, 'admin-017@reshelf.test');
    const names = Object.keys(migrations);
    const before = names[names.indexOf('2026-11-24-017-student-roles') - 1]!;
    const down = await migrator().migrateTo(before);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('2026-11-24-017-student-roles');
    expect((await t.database.db.introspection.getTables()).map((table) => table.name)).not.toContain('student_roles');
    const up = await migrator().migrateTo('2026-11-24-017-student-roles');
    expect(up.error).toBeUndefined();
    expect(await roleRows(buyer.id)).toEqual(['buyer']);
    expect(await roleRows(seller.id)).toEqual(['seller']);
    expect(await roleRows(admin.id)).toEqual(['admin']);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect((await session(buyer.cookie)).roles).toEqual(['buyer']);
  });
});
