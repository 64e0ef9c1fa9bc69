import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let seller: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', university: 'uj' });
  const db = t.database.db;
  ids.calculus = await insertBook(db, seller.id, { title: 'Calculus: Early Transcendentals', author: 'James Stewart', isbn: '978-1-285-74155-0', category: 'mathematics', priceCents: 60000, university: 'uj', description: 'Used for MATH1014 at Wits.' });
  ids.linear = await insertBook(db, seller.id, { title: 'Linear Algebra and Its Applications', author: 'David Lay', isbn: '9780321982384', category: 'mathematics', priceCents: 35000, condition: 'like-new', university: 'wits' });
  ids.econ = await insertBook(db, seller.id, { title: 'Principles of Economics', author: 'N. Gregory Mankiw', category: 'economics', priceCents: 45000, studyLevel: 'postgraduate', language: 'afrikaans', university: 'up', description: 'Calculus appendix included' });
  ids.pending = await insertBook(db, seller.id, { title: 'Calculus Pending', status: 'pending' });
  ids.sold = await insertBook(db, seller.id, { title: 'Calculus Sold', availability: 'sold' });
  ids.reserved = await insertBook(db, seller.id, { title: 'Calculus Reserved', availability: 'reserved' });
  ids.cafe = await insertBook(db, seller.id, { title: 'Café Économie', author: 'Zoë Ndlovu', category: 'business', priceCents: 12000 });
});
afterAll(async () => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject(`/api/v1/books?${qs}`);
  return { status: res.statusCode, body: res.json() };
};
const titles = (body: { items: { title: string }[] }) => body.items.map((b) => b.title);

describe(`catalogue (${dialectUnderTest})`, () => {
  it('lists only approved, available listings, newest first, in the list shape', async () => {
    const { status, body } = await search('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(titles(body)).toEqual(['Café Économie', 'Principles of Economics', 'Linear Algebra and Its Applications', 'Calculus: Early Transcendentals']);
    expect(body.items[0]).toHaveProperty('seller.firstName');
  });

  it('sends a page in the coding the client accepts, the same page as uncompressed, and a small answer as it is', async () => {
    const plain = await t.app.inject({ url: '/api/v1/books', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body.length).toBeGreaterThan(2048);
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', zlib.gunzipSync],
      ['deflate', undefined, (b) => b],
    ];
    // Twice each: the second answer comes from the catalogue cache, with the bytes compressed the first time.
    for (const [acceptEncoding, encoding, decode] of [...cases, ...cases]) {
      const res = await t.app.inject({ url: '/api/v1/books', headers: { 'accept-encoding': acceptEncoding } });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(res.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(res.rawPayload).toString('utf8'), acceptEncoding).toBe(plain.body);
    }
    const small = await t.app.inject({ url: '/api/v1/books?q=stewart', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(titles(small.json())).toEqual(['Calculus: Early Transcendentals']);
  });

  it('searches title, author, publisher and description with prefixes, ranking title matches first', async () => {
    const calc = await search('q=calculus');
    expect(titles(calc.body)).toEqual(['Calculus: Early Transcendentals', 'Principles of Economics']);
    expect(titles((await search('q=stewart')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('q=Transcend')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('q=lay%20linear')).body)).toEqual(['Linear Algebra and Its Applications']);
    expect((await search('q=nothing-matches-this')).body.total).toBe(0);
  });

  it('finds an ISBN with or without hyphens', async () => {
    expect(titles((await search('q=9781285741550')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('q=978-1-285-74155-0')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('q=978-0-321-98238-4')).body)).toEqual(['Linear Algebra and Its Applications']);
    // Listings store the ISBN-13; a whole ISBN-10 is searched as its ISBN-13.
    expect(titles((await search('q=0-321-98238-x')).body)).toEqual(['Linear Algebra and Its Applications']);
    expect(titles((await search('q=1285741552')).body)).toEqual(['Calculus: Early Transcendentals']);
  });

  it('filters by category, study level, condition, language, university and price, and sorts by price', async () => {
    expect(titles((await search('category=economics')).body)).toEqual(['Principles of Economics']);
    expect(titles((await search('studyLevel=postgraduate')).body)).toEqual(['Principles of Economics']);
    expect(titles((await search('condition=like-new')).body)).toEqual(['Linear Algebra and Its Applications']);
    expect(titles((await search('language=afrikaans')).body)).toEqual(['Principles of Economics']);
    expect(titles((await search('university=uj')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('minPrice=300&maxPrice=450')).body)).toEqual(['Principles of Economics', 'Linear Algebra and Its Applications']);
    expect(titles((await search('sort=price_asc')).body)).toEqual(['Café Économie', 'Linear Algebra and Its Applications', 'Principles of Economics', 'Calculus: Early Transcendentals']);
    expect(titles((await search('sort=price_desc&category=mathematics')).body)).toEqual(['Calculus: Early Transcendentals', 'Linear Algebra and Its Applications']);
  });

  it('searches words within one campus or one category, and the words never match a campus or category by name', async () => {
    expect(titles((await search('q=calculus&university=uj')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('q=calculus&university=up&sort=price_asc')).body)).toEqual(['Principles of Economics']);
    expect(titles((await search('q=calculus&university=wits')).body)).toEqual([]);
    expect(titles((await search('q=calculus&category=economics')).body)).toEqual(['Principles of Economics']);
    expect(titles((await search('q=calculus&category=mathematics&university=uj')).body)).toEqual(['Calculus: Early Transcendentals']);
    expect(titles((await search('q=calculus&category=mathematics&university=up')).body)).toEqual([]);
    expect((await search('q=calculus&university=uj')).body.total).toBe(1);
    // SQLite indexes each listing's campus and category as tokens ('uuj', 'cmathematics'): a student's
    // words are matched against the listing's text only.
    for (const q of ['uuj', 'cmathematics', 'ueconomics', 'facets', 'approved']) expect((await search(`q=${q}`)).body.total, q).toBe(0);
  });

  it('a search follows a listing as it is approved, moved, reserved, sold, released and deleted', async () => {
    const db = t.database.db;
    const id = await insertBook(db, seller.id, { title: 'Zoology Field Guide', category: 'computer-science', university: 'ru', status: 'pending' });
    const found = async (qs: string) => titles((await search(`q=zoology&${qs}`)).body);
    const update = (patch: Record<string, string>) => db.updateTable('books').set(patch).where('id', '=', id).execute();
    expect(await found('')).toEqual([]);
    await update({ status: 'approved' });
    expect(await found('university=ru&category=computer-science')).toEqual(['Zoology Field Guide']);
    await update({ university: 'nmu', category: 'biology', title: 'Zoology Field Guide, 2nd ed.' });
    expect(await found('university=ru')).toEqual([]);
    expect(await found('category=computer-science')).toEqual([]);
    expect(await found('university=nmu&category=biology&sort=relevance')).toEqual(['Zoology Field Guide, 2nd ed.']);
    await update({ availability: 'reserved' });
    expect(await found('university=nmu')).toEqual([]);
    await update({ availability: 'available' });
    expect(await found('university=nmu')).toEqual(['Zoology Field Guide, 2nd ed.']);
    await update({ availability: 'sold' });
    expect(await found('')).toEqual([]);
    await update({ availability: 'available' });
    await db.deleteFrom('books').where('id', '=', id).execute();
    expect(await found('')).toEqual([]);
  });

  it('pages results', async () => {
    const p1 = await search('pageSize=2&page=1&sort=price_asc');
    const p2 = await search('pageSize=2&page=2&sort=price_asc');
    expect(p1.body.total).toBe(4);
    expect(p2.body.total).toBe(4);
    expect([...titles(p1.body), ...titles(p2.body)]).toHaveLength(4);
    expect(new Set([...titles(p1.body), ...titles(p2.body)]).size).toBe(4);
    expect((await search('page=3&pageSize=2')).body.items).toEqual([]);
  });

  it('answers a bad filter with 400 in the error shape', async () => {
    for (const qs of ['category=astrology', 'pageSize=51', 'page=0', 'sort=random', 'minPrice=-1', 'minPrice=500&maxPrice=100']) {
      const res = await search(qs);
      expect(res.status, qs).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('never errors on hostile search text', async () => {
    const hostile = ['"', "'", 'calculus"*', 'NEAR(a b)', 'title:calculus', 'a AND OR NOT', '*', '-', '^', '((((', '%00', 'x'.repeat(5000), '\u0000calculus', 'DROP TABLE books;--', '🙂📚', 'é', '978-', ':*&|!', 'a\uA7B5b', 'русский', 'βιβλίο'];
    for (const q of hostile) {
      const res = await t.app.inject({ url: '/api/v1/books', query: { q } });
      expect(res.statusCode, JSON.stringify(q).slice(0, 40)).toBe(200);
    }
    expect(titles((await t.app.inject({ url: '/api/v1/books', query: { q: '\u0000calculus' } })).json())).toContain('Calculus: Early Transcendentals');
    expect(titles((await t.app.inject({ url: '/api/v1/books', query: { q: 'cafe' } })).json()).length).toBeGreaterThanOrEqual(0);
  });

  it('an approved listing leaves the catalogue once reserved', async () => {
    const buyer = await registerAndLogin(t.app, { userType: 'buyer' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { bookId: ids.linear }, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(201);
    expect(titles((await search('q=linear')).body)).toEqual([]);
  });
});
