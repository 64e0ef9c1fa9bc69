// Every list the API pages follows one rule: page from 1, pageSize from 1 to 50 (default 20), and a
// value out of range is the same 400 with the same message on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';

let t: TestApp;
let buyer: Account;
let seller: Account;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  seller = await registerAndLogin(t.app, { userType: 'seller' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t.close());

const lists = (): [string, Account | undefined][] => [
  ['/api/v1/books', undefined],
  ['/api/v1/seller/books', seller],
  ['/api/v1/admin/books', admin],
  ['/api/v1/admin/package-orders', admin],
  ['/api/v1/orders', buyer],
  ['/api/v1/notifications', buyer],
];

const get = (url: string, who?: Account) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe(`paging of every list (${dialectUnderTest})`, () => {
  it('answers the default page and size, and the largest size, the same way everywhere', async () => {
    expect(LIMITS).toMatchObject({ defaultPageSize: 20, maxPageSize: 50 });
    for (const [path, who] of lists()) {
      const plain = await get(path, who);
      expect(plain.statusCode, path).toBe(200);
      expect(plain.json(), path).toMatchObject({ page: 1, pageSize: 20 });
      const largest = await get(`${path}?page=2&pageSize=50`, who);
      expect(largest.statusCode, path).toBe(200);
      expect(largest.json(), path).toMatchObject({ page: 2, pageSize: 50 });
    }
  });

  it('refuses a pageSize over 50, or below 1, with the same 400 and message everywhere', async () => {
    for (const [path, who] of lists()) {
      for (const size of ['51', '100', '0', 'lots', '2.5']) {
        const res = await get(`${path}?pageSize=${size}`, who);
        expect(res.statusCode, `${path} pageSize=${size}`).toBe(400);
        expect(res.json(), `${path} pageSize=${size}`).toMatchObject({ error: 'pageSize must be a whole number from 1 to 50', code: 'VALIDATION' });
      }
    }
  });

  it('refuses a page below 1 or past the last possible one with the same 400 and message everywhere', async () => {
    for (const [path, who] of lists()) {
      for (const page of ['0', '-1', '1.5', 'first', '1000001']) {
        const res = await get(`${path}?page=${page}`, who);
        expect(res.statusCode, `${path} page=${page}`).toBe(400);
        expect(res.json(), `${path} page=${page}`).toMatchObject({ error: 'page must be a whole number from 1 to 1000000', code: 'VALIDATION' });
      }
    }
  });
});
