// The buyer's own package orders: they see every package order their checkout created and can cancel
// one until it is collected; nobody else can see or cancel it. And checkout itself under a double-tap:
// two checkouts at once order each cart item once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let buyer: Account;
let otherBuyer: Account;
let seller: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bongi' });
  otherBuyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Olwethu' });
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sello' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });

async function checkoutPackage(who: Account, packageId = 'computer-science') {
  expect((await call('POST', '/api/v1/cart/items', who, { type: 'package', id: packageId })).statusCode).toBe(201);
  const res = await call('POST', '/api/v1/cart/checkout', who, {});
  expect(res.statusCode).toBe(200);
  return res.json().packageOrders[0] as { id: string; status: string; packageId: string };
}

describe(`package orders of their buyer (${dialectUnderTest})`, () => {
  it('the buyer lists the package orders their checkout created, newest first, and nobody else’s', async () => {
    const first = await checkoutPackage(buyer, 'computer-science');
    const second = await checkoutPackage(buyer, 'engineering');
    await checkoutPackage(otherBuyer);
    const res = await call('GET', '/api/v1/package-orders', buyer);
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((o: { id: string }) => o.id);
    expect(ids.slice(0, 2).sort()).toEqual([first.id, second.id].sort());
    expect(ids).toHaveLength(2);
  });

  it('the buyer cancels their own requested or confirmed package order; a second cancel and a collected one are 409', async () => {
    const requested = await checkoutPackage(buyer);
    const res = await call('POST', `/api/v1/package-orders/${requested.id}/cancel`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json().packageOrder).toMatchObject({ id: requested.id, status: 'cancelled' });
    const again = await call('POST', `/api/v1/package-orders/${requested.id}/cancel`, buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'This package order is cancelled', code: 'INVALID_STATE' });

    const confirmed = await checkoutPackage(buyer);
    expect((await call('POST', `/api/v1/admin/package-orders/${confirmed.id}/confirm`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/package-orders/${confirmed.id}/cancel`, buyer)).json().packageOrder.status).toBe('cancelled');

    const collected = await checkoutPackage(buyer);
    await call('POST', `/api/v1/admin/package-orders/${collected.id}/confirm`, admin);
    expect((await call('POST', `/api/v1/admin/package-orders/${collected.id}/collect`, admin)).statusCode).toBe(200);
    const late = await call('POST', `/api/v1/package-orders/${collected.id}/cancel`, buyer);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This package order is collected');
  });

  it('every wrong role: anonymous 401, another buyer 404 (and nothing changes), a seller and an admin 403', async () => {
    const mine = await checkoutPackage(buyer);
    const url = `/api/v1/package-orders/${mine.id}/cancel`;
    expect((await call('POST', url)).statusCode).toBe(401);
    const other = await call('POST', url, otherBuyer);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Package order not found');
    expect((await call('POST', url, seller)).statusCode).toBe(403);
    expect((await call('POST', url, admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/package-orders')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/package-orders', seller)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/package-orders/no-such-order/cancel', buyer)).statusCode).toBe(404);
    const still = await t.database.db.selectFrom('package_orders').select('status').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(still.status).toBe('requested');
  });

  it('two checkouts at once (a double-tap) order each book and each package once, and report nothing as taken', async () => {
    const shopper = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Zanele' });
    const bookId = await insertBook(t.database.db, seller.id, { title: 'Organic Chemistry' });
    await call('POST', '/api/v1/cart/items', shopper, { type: 'book', id: bookId });
    await call('POST', '/api/v1/cart/items', shopper, { type: 'package', id: 'computer-science' });
    const answers = await Promise.all([0, 1, 2].map(() => call('POST', '/api/v1/cart/checkout', shopper, {})));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((a) => a.json() as { orders: unknown[]; packageOrders: unknown[]; unavailable: unknown[] });
    expect(bodies.flatMap((b) => b.orders)).toHaveLength(1);
    expect(bodies.flatMap((b) => b.packageOrders)).toHaveLength(1);
    expect(bodies.flatMap((b) => b.unavailable)).toEqual([]);
    const orders = await t.database.db.selectFrom('orders').select('id').where('book_id', '=', bookId).execute();
    expect(orders).toHaveLength(1);
    const packages = await t.database.db.selectFrom('package_orders').select('id').where('student_id', '=', shopper.id).execute();
    expect(packages).toHaveLength(1);
    expect((await call('GET', '/api/v1/cart', shopper)).json().cart.count).toBe(0);
  });
});
