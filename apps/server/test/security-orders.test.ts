// docs/security.md, promises 9 and 10: no double sale and safe retries, on the database under test (the suite runs
// once on SQLite and once on PostgreSQL). orders.test.ts already proves one winner among 25 buyers and the
// basic Idempotency-Key replay; this repeats the race 20 times with 50 buyers and probes the key harder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { PASSWORD, cookieFrom, signupBody } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let sellerId: string;
const buyers: { id: string; cookie: string }[] = [];

async function account(userType: 'buyer' | 'seller', i: number) {
  const body = signupBody({ userType });
  const remoteAddress = `10.5.${i >> 8}.${i & 255}`;
  const reg = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress });
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: PASSWORD }, remoteAddress });
  return { id: reg.json().student.id as string, cookie: cookieFrom(login) };
}

beforeAll(async () => {
  t = await createTestApp();
  sellerId = (await account('seller', 0)).id;
  for (let i = 1; i <= 50; i++) buyers.push(await account('buyer', i));
}, 60_000);
afterAll(async () => t?.close());

const order = (buyer: { cookie: string }, bookId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { bookId }, headers: { ...headers, cookie: buyer.cookie } });

const activeOrders = (bookId: string) =>
  t.database.db.selectFrom('orders').select('id').where('book_id', '=', bookId).where('status', 'in', ['requested', 'accepted']).execute();

describe(`double sale (${dialectUnderTest})`, () => {
  it('50 buyers ordering one book at the same moment, 20 times over: exactly one 201 each time and one active order', async () => {
    for (let round = 0; round < 20; round++) {
      const bookId = await insertBook(t.database.db, sellerId);
      const results = await Promise.all(buyers.map((b) => order(b, bookId)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201), `round ${round}: ${codes.join(',')}`).toHaveLength(1);
      for (const lost of results.filter((r) => r.statusCode !== 201)) {
        expect(lost.statusCode).toBe(409);
        expect(lost.json()).toEqual({ error: MESSAGES.bookUnavailable, code: 'BOOK_UNAVAILABLE' });
      }
      expect(await activeOrders(bookId)).toHaveLength(1);
      const book = await t.database.db.selectFrom('books').select('availability').where('id', '=', bookId).executeTakeFirstOrThrow();
      expect(book.availability).toBe('reserved');
    }
  }, 120_000);

  it('a cancelled order frees the book for exactly one of the next wave', async () => {
    const bookId = await insertBook(t.database.db, sellerId);
    const first = await order(buyers[0]!, bookId);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${first.json().order.id}/cancel`, payload: {}, headers: { cookie: buyers[0]!.cookie } });
    expect(cancelled.statusCode).toBe(200);
    const wave = await Promise.all(buyers.slice(1).map((b) => order(b, bookId)));
    expect(wave.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await activeOrders(bookId)).toHaveLength(1);
  });
});

describe(`idempotency (${dialectUnderTest})`, () => {
  it('the same key 10 times: one order, ten identical answers, even once the book is taken by someone else', async () => {
    const bookId = await insertBook(t.database.db, sellerId);
    const headers = { 'idempotency-key': 'retry-me-please-0001' };
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(await order(buyers[1]!, bookId, headers));
      if (i === 4) expect((await order(buyers[2]!, bookId)).statusCode).toBe(409);
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await activeOrders(bookId)).toHaveLength(1);
  });

  it('in parallel: one order; the first answer is 201 and the rest are 409 in progress or the same 201', async () => {
    const bookId = await insertBook(t.database.db, sellerId);
    const headers = { 'idempotency-key': 'double-click-0002' };
    const results = await Promise.all(Array.from({ length: 10 }, () => order(buyers[3]!, bookId, headers)));
    const created = results.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(await activeOrders(bookId)).toHaveLength(1);
    // Once the first has finished, a retry replays it.
    const later = await order(buyers[3]!, bookId, headers);
    expect(later.statusCode).toBe(201);
    expect(later.body).toBe(created[0]!.body);
  });

  it('the same key with another body is 422 and creates nothing', async () => {
    const [a, b] = [await insertBook(t.database.db, sellerId), await insertBook(t.database.db, sellerId)];
    const headers = { 'idempotency-key': 'reused-key-0003' };
    expect((await order(buyers[4]!, a, headers)).statusCode).toBe(201);
    const other = await order(buyers[4]!, b, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    expect(await activeOrders(b)).toHaveLength(0);
  });

  it("keys belong to one student: another buyer's identical key never replays someone else's order", async () => {
    const bookId = await insertBook(t.database.db, sellerId);
    const headers = { 'idempotency-key': 'guessable-key-1' };
    const mine = await order(buyers[5]!, bookId, headers);
    expect(mine.statusCode).toBe(201);
    const theirs = await order(buyers[6]!, bookId, headers);
    // Their own request is judged on its merits (the book is taken): no copy of the first buyer's order.
    expect(theirs.statusCode).toBe(409);
    expect(theirs.body).not.toContain(mine.json().order.id);
  });

  it('an over-long key is refused with 400 in the error shape', async () => {
    const bookId = await insertBook(t.database.db, sellerId);
    const res = await order(buyers[7]!, bookId, { 'idempotency-key': 'k'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await activeOrders(bookId)).toHaveLength(0);
  });
});
