// docs/security.md, promise 14: deleting an account. Every session ends; the student's row, unsold listings and
// photo files go; orders the other party keeps show "Former student" and no longer hold the deleted
// student's name, email or student number anywhere in the database; the email can sign up again.
// (accounts.test.ts and listings.test.ts cover the password prompt and the seller's listing rows.)
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { PASSWORD, cookieFrom, loginAs, signupBody } from './helpers/accounts.ts';
import * as img from './fixtures/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Person {
  id: string;
  email: string;
  cookie: string;
  firstName: string;
  lastName: string;
  studentNumber: string;
}

let n = 0;
async function person(userType: 'buyer' | 'seller', firstName: string, lastName: string, studentNumber: string): Promise<Person> {
  const body = signupBody({ userType, firstName, lastName, studentNumber });
  const remoteAddress = `10.6.0.${n++}`;
  const reg = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress });
  expect(reg.statusCode, reg.body).toBe(201);
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: PASSWORD }, remoteAddress });
  return { id: reg.json().student.id, email: body.email, cookie: cookieFrom(login), firstName, lastName, studentNumber };
}

const call = (method: string, url: string, who: { cookie: string }, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as 'POST', url, headers: { ...headers, cookie: who.cookie }, ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }) });

const bookData = (title: string) => ({
  title,
  author: 'Gilbert Strang',
  isbn: '978-0-9802327-7-6',
  publisher: 'Wellesley-Cambridge',
  publicationYear: 2016,
  language: 'english',
  category: 'mathematics',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: 420,
  edition: '5th',
  numberOfPages: 584,
  description: 'Good condition.',
});

async function listing(seller: Person, title: string): Promise<{ id: string; files: string[] }> {
  const body = img.multipart(img.listingParts(bookData(title), await img.pngs(4)));
  const res = await call('POST', '/api/v1/books', seller, body.payload, body.headers);
  expect(res.statusCode, res.body).toBe(201);
  const book = res.json().book as { id: string; images: { url: string; thumbUrl: string }[] };
  await t.database.db.updateTable('books').set({ status: 'approved' }).where('id', '=', book.id).execute();
  return { id: book.id, files: book.images.flatMap((i) => [i.url, i.thumbUrl]) };
}

/** Every row of every table of the app, as text, for looking for what must be gone. */
async function everything(): Promise<string> {
  const db = t.database.db;
  const tables =
    dialectUnderTest === 'postgres'
      ? (await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(db)).rows
      : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db)).rows;
  const dump: string[] = [];
  for (const { name } of tables) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
    dump.push(`${name}: ${JSON.stringify(rows.rows)}`);
  }
  return dump.join('\n');
}

/** Where any of `traces` still appears: the table and the text around it. */
const tracesOf = (dump: string, traces: string[]) =>
  dump
    .split('\n')
    .flatMap((line) => traces.filter((trace) => line.includes(trace)).map((trace) => `${line.slice(0, line.indexOf(':'))}: …${line.slice(Math.max(0, line.indexOf(trace) - 80), line.indexOf(trace) + 40)}…`));

const fileExists = (url: string) => fs.existsSync(path.join(t.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));

describe(`account deletion (${dialectUnderTest})`, () => {
  it("a seller's deletion: sessions 401, photos gone, orders kept for the buyer as 'Former student' with no personal data left", async () => {
    const seller = await person('seller', 'Sbonelo', 'Zwane-Ndlovu', 'SN99887766');
    const buyer = await person('buyer', 'Amahle', 'Khumalo', '2304567');
    const secondSession = await loginAs(t.app, seller.email, PASSWORD);

    const unsold = await listing(seller, 'Linear Algebra Unsold');
    const sold = await listing(seller, 'Linear Algebra Sold');
    const reserved = await listing(seller, 'Linear Algebra Reserved');

    // A completed sale with messages and reviews both ways.
    const o = (await call('POST', '/api/v1/orders', buyer, { bookId: sold.id })).json().order.id as string;
    const meetupAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect((await call('POST', `/api/v1/orders/${o}/accept`, seller, { meetupLocation: 'Matrix food court', meetupAt })).statusCode).toBe(200);
    await call('POST', `/api/v1/orders/${o}/messages`, seller, { body: 'I will wear a green jacket' });
    await call('POST', `/api/v1/orders/${o}/messages`, buyer, { body: 'Great, see you there' });
    expect((await call('POST', `/api/v1/orders/${o}/complete`, buyer)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/orders/${o}/review`, seller, { rating: 5, comment: 'Quick and friendly' })).statusCode).toBe(201);
    expect((await call('POST', `/api/v1/orders/${o}/review`, buyer, { rating: 4 })).statusCode).toBe(201);
    // And an open request on another of their books.
    const open = (await call('POST', '/api/v1/orders', buyer, { bookId: reserved.id })).json().order.id as string;

    const res = await call('DELETE', '/api/v1/account', seller, { password: PASSWORD });
    expect(res.statusCode).toBe(204);

    for (const cookie of [seller.cookie, secondSession]) {
      expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/v1/seller/books', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: seller.email, password: PASSWORD } })).statusCode).toBe(401);

    for (const file of [...unsold.files, ...sold.files, ...reserved.files]) {
      expect(fileExists(file), file).toBe(false);
      expect((await t.app.inject({ url: file })).statusCode).toBe(404);
    }

    // The buyer keeps their side of the story, with the seller anonymised.
    const kept = (await call('GET', `/api/v1/orders/${o}`, buyer)).json().order;
    expect(kept).toMatchObject({ status: 'completed', seller: { firstName: 'Former student' }, buyer: { id: buyer.id } });
    const messages = (await call('GET', `/api/v1/orders/${o}/messages`, buyer)).json().items as { sender: { firstName: string }; body: string }[];
    expect(messages.map((m) => m.sender.firstName)).toEqual(['Former student', 'Amahle']);
    const cancelled = (await call('GET', `/api/v1/orders/${open}`, buyer)).json().order;
    expect(cancelled).toMatchObject({ status: 'cancelled', seller: { firstName: 'Former student' } });

    // Nothing that identifies the seller is left in any table.
    const dump = await everything();
    expect(tracesOf(dump, [seller.email, seller.firstName, seller.lastName, seller.studentNumber])).toEqual([]);
    expect(dump).toContain('Amahle');

    // The email is free again.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signupBody({ email: seller.email, userType: 'seller' }), remoteAddress: '10.6.1.1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().student.id).not.toBe(seller.id);
  });

  it("a buyer's deletion: the seller's records show 'Former student'; package orders lose the name and email", async () => {
    const seller = await person('seller', 'Pieter', 'van der Merwe', '1122334');
    const buyer = await person('buyer', 'Nomvula', 'Mahlangu-Dube', 'NM55443322');
    const sold = await listing(seller, 'Microeconomics');
    const o = (await call('POST', '/api/v1/orders', buyer, { bookId: sold.id })).json().order.id as string;
    const meetupAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await call('POST', `/api/v1/orders/${o}/accept`, seller, { meetupLocation: 'Library steps', meetupAt });
    await call('POST', `/api/v1/orders/${o}/messages`, buyer, { body: 'On my way' });
    await call('POST', `/api/v1/orders/${o}/complete`, buyer);
    await call('POST', `/api/v1/orders/${o}/review`, buyer, { rating: 5, comment: 'Lovely seller' });
    const pkg = (await t.app.inject({ url: '/api/v1/packages' })).json().items.find((p: { isCustomRequest: boolean; price: number | null }) => !p.isCustomRequest && p.price !== null);
    expect((await call('POST', '/api/v1/cart/items', buyer, { type: 'package', id: pkg.id })).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/cart/checkout', buyer)).json().packageOrders).toHaveLength(1);

    expect((await call('DELETE', '/api/v1/account', buyer, { password: PASSWORD })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: buyer.cookie } })).statusCode).toBe(401);

    const kept = (await call('GET', `/api/v1/orders/${o}`, seller)).json().order;
    expect(kept).toMatchObject({ status: 'completed', buyer: { firstName: 'Former student' }, theirReview: { rating: 5, comment: 'Lovely seller' } });
    const list = (await call('GET', '/api/v1/orders?as=seller', seller)).json().items as { buyer: { firstName: string } }[];
    expect(list.map((x) => x.buyer.firstName)).toEqual(['Former student']);

    const dump = await everything();
    expect(tracesOf(dump, [buyer.email, buyer.firstName, buyer.lastName, buyer.studentNumber])).toEqual([]);
  });
});
