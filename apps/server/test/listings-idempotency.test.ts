// Idempotency-Key on POST /api/v1/books: a retried upload whose answer was lost must not list the book
// twice. Runs on the database under test (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import { listingPayload } from './helpers/books.ts';
import * as img from './fixtures/images.ts';

let t: TestApp;
let seller: Account;
let otherSeller: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi' });
});
afterAll(async () => t.close());

function postBook(account: Account, data: unknown, images: Buffer[], key?: string) {
  const body = img.multipart(img.listingParts(data, images));
  const headers: Record<string, string> = { ...body.headers, cookie: account.cookie };
  if (key) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers });
}

async function booksOf(account: Account) {
  return t.database.db.selectFrom('books').select('id').where('seller_id', '=', account.id).execute();
}

function storedFiles(): number {
  const root = path.join(t.dataDir, 'uploads');
  if (!fs.existsSync(root)) return 0;
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()).length;
}

let n = 0;
/** A key and a title no other test uses, so each test counts only its own listings. */
const fresh = () => {
  n += 1;
  return { key: `listing-attempt-${n}-${Date.now()}`, title: `Idempotent listing ${n}` };
};
const listingsTitled = async (account: Account, title: string) =>
  t.database.db.selectFrom('books').select('id').where('seller_id', '=', account.id).where('title', '=', title).execute();

describe(`POST /api/v1/books with Idempotency-Key (${dialectUnderTest})`, () => {
  it('the same key twice lists the book once and answers the same both times', async () => {
    const { key, title } = fresh();
    const images = await img.pngs(4);
    const first = await postBook(seller, listingPayload({ title }), images, key);
    expect(first.statusCode, first.body).toBe(201);
    const files = storedFiles();
    const again = await postBook(seller, listingPayload({ title }), images, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await listingsTitled(seller, title)).toHaveLength(1);
    expect(storedFiles()).toBe(files);
  });

  it('two requests at once with one key list the book once; the other hears 409 or the same answer', async () => {
    const { key, title } = fresh();
    const images = await img.pngs(4);
    const [a, b] = await Promise.all([postBook(seller, listingPayload({ title }), images, key), postBook(seller, listingPayload({ title }), images, key)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(codes);
    const created = [a, b].filter((r) => r.statusCode === 201).map((r) => r.json().book.id as string);
    expect(new Set(created).size).toBe(1);
    const waiting = [a, b].find((r) => r.statusCode === 409);
    if (waiting) expect(waiting.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await listingsTitled(seller, title)).toHaveLength(1);
  });

  it('the key with different details or other photos is refused with 422 and lists nothing more', async () => {
    const { key, title } = fresh();
    const images = await img.pngs(4);
    expect((await postBook(seller, listingPayload({ title }), images, key)).statusCode).toBe(201);
    const before = (await booksOf(seller)).length;
    const otherDetails = await postBook(seller, listingPayload({ title, price: 99 }), images, key);
    expect(otherDetails.statusCode).toBe(422);
    expect(otherDetails.json().code).toBe('IDEMPOTENCY_MISMATCH');
    const otherPhotos = await postBook(seller, listingPayload({ title }), await img.pngs(5), key);
    expect(otherPhotos.statusCode).toBe(422);
    expect(otherPhotos.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await booksOf(seller)).toHaveLength(before);
  });

  it("another seller's request with the same key lists their own book", async () => {
    const { key, title } = fresh();
    const images = await img.pngs(4);
    const mine = await postBook(seller, listingPayload({ title }), images, key);
    const theirs = await postBook(otherSeller, listingPayload({ title }), images, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().book.id).not.toBe(mine.json().book.id);
    expect(theirs.json().book.seller.firstName).toBe('Naledi');
    expect(await listingsTitled(otherSeller, title)).toHaveLength(1);
  });

  it('a refused upload leaves the key free: the corrected retry with it is listed', async () => {
    const { key, title } = fresh();
    // Refused by the details (400), by the photo count (400) and by a photo that is not an image (415).
    const badDetails = await postBook(seller, listingPayload({ title, price: -1 }), await img.pngs(4), key);
    expect(badDetails.statusCode).toBe(400);
    const tooFew = await postBook(seller, listingPayload({ title }), await img.pngs(3), key);
    expect(tooFew.statusCode).toBe(400);
    const notImage = await postBook(seller, listingPayload({ title }), [...(await img.pngs(3)), Buffer.from('not an image at all, just text')], key);
    expect(notImage.statusCode).toBe(415);
    const fixed = await postBook(seller, listingPayload({ title }), await img.pngs(4), key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await listingsTitled(seller, title)).toHaveLength(1);
  });

  it('a key longer than 200 characters is refused before anything is listed', async () => {
    const { title } = fresh();
    const res = await postBook(seller, listingPayload({ title }), await img.pngs(4), 'k'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(await listingsTitled(seller, title)).toHaveLength(0);
  });
});
