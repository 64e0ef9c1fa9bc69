// Photos of listings nobody has approved yet. A pending or declined listing is hidden from everyone but
// its seller and the admins (GET /books/:id answers 404), and so are its photos: anyone else asking for
// a photo's URL, full size or thumbnail, hears 404 exactly as for a file that does not exist. The seller
// and the admins still see them (My Books, the edit dialog, the moderation desk), in answers no shared
// cache may keep. Once approved, the same URL is public with a year of caching; an edit that sends the
// listing back to review makes its photos private again until the next approval. The same holds when the
// photos live in an object store (S3_BUCKET): the server serves them and never hands out bucket URLs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';
import * as img from './fixtures/images.ts';

const ADMIN = { email: 'admin@reshelf.test', password: 'Admin-Passw0rd!' };
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

type Photo = { url: string; thumbUrl: string };
type Viewer = { name: string; cookie: string | undefined };

const bookData = {
  title: 'Principles of Economics',
  author: 'N. Gregory Mankiw',
  isbn: '978-1-305-58512-6',
  publisher: 'Cengage Learning',
  publicationYear: 2017,
  language: 'english',
  category: 'economics',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: 420,
  edition: '8th Edition',
  numberOfPages: 888,
  description: 'Clean copy with a few notes in pencil.',
};

/** The seller, the admin and the three kinds of caller who must not see an unapproved listing's photos. */
interface Cast {
  seller: Account;
  admin: string;
  strangers: Viewer[];
  allowed: Viewer[];
}

async function castFor(t: TestApp): Promise<Cast> {
  const seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho' });
  const otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi' });
  const buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Buhle' });
  const admin = await loginAs(t.app, ADMIN.email, ADMIN.password);
  return {
    seller,
    admin,
    strangers: [
      { name: 'anonymous', cookie: undefined },
      { name: 'another buyer', cookie: buyer.cookie },
      { name: 'another seller', cookie: otherSeller.cookie },
    ],
    allowed: [
      { name: 'the seller', cookie: seller.cookie },
      { name: 'an admin', cookie: admin },
    ],
  };
}

const get = (t: TestApp, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function createBook(t: TestApp, seller: Account): Promise<{ id: string; images: Photo[] }> {
  const body = img.multipart(img.listingParts(bookData, await img.pngs(4)));
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().book;
}

const urlsOf = (images: readonly Photo[]) => images.flatMap((i) => [i.url, i.thumbUrl]);

/** Every photo URL, full size and thumbnail, is 404 for each stranger, with an answer no cache keeps. */
async function expectHidden(t: TestApp, urls: readonly string[], strangers: readonly Viewer[]) {
  for (const url of urls) {
    for (const viewer of strangers) {
      const res = await get(t, url, viewer.cookie);
      expect(res.statusCode, `${viewer.name} ${url}`).toBe(404);
      expect(res.headers['cache-control'], `${viewer.name} ${url}`).toBe('no-store');
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
  }
}

/** Every photo URL is served to each allowed viewer as WebP, private and not stored by any cache. */
async function expectPrivate(t: TestApp, urls: readonly string[], allowed: readonly Viewer[]) {
  for (const url of urls) {
    for (const viewer of allowed) {
      const res = await get(t, url, viewer.cookie);
      expect(res.statusCode, `${viewer.name} ${url}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      expect(res.headers['cache-control'], `${viewer.name} ${url}`).toBe('private, no-store');
    }
  }
}

async function expectPublic(t: TestApp, urls: readonly string[], viewers: readonly Viewer[]) {
  for (const url of urls) {
    for (const viewer of viewers) {
      const res = await get(t, url, viewer.cookie);
      expect(res.statusCode, `${viewer.name} ${url}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control'], `${viewer.name} ${url}`).toBe(PUBLIC_CACHE);
    }
  }
}

const moderate = (t: TestApp, admin: string, id: string, action: 'approve' | 'decline') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/books/${id}/${action}`,
    headers: { cookie: admin },
    ...(action === 'decline' ? { payload: { reason: 'The photos do not show the book' } } : {}),
  });

describe(`photos of unapproved listings, local storage (${dialectUnderTest})`, () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    cast = await castFor(t);
  });
  afterAll(async () => t?.close());

  it("a pending listing's photos and thumbnails: 404 for anonymous, another buyer and another seller; private for the seller and an admin", async () => {
    const book = await createBook(t, cast.seller);
    const urls = urlsOf(book.images);
    expect(urls).toHaveLength(8);
    await expectHidden(t, urls, cast.strangers);
    await expectPrivate(t, urls, cast.allowed);
  });

  it("a declined listing's photos and thumbnails: the same", async () => {
    const book = await createBook(t, cast.seller);
    expect((await moderate(t, cast.admin, book.id, 'decline')).statusCode).toBe(200);
    const urls = urlsOf(book.images);
    await expectHidden(t, urls, cast.strangers);
    await expectPrivate(t, urls, cast.allowed);
  });

  it('a hidden photo answers exactly like a file that does not exist', async () => {
    const book = await createBook(t, cast.seller);
    const hidden = await get(t, book.images[0]!.url);
    const missing = await get(t, `/uploads/${book.id}/noSuchPhoto-full.webp`);
    const elsewhere = await get(t, '/uploads/noSuchBook/noSuchPhoto-full.webp');
    for (const res of [missing, elsewhere]) {
      expect(res.statusCode).toBe(hidden.statusCode);
      expect(res.body).toBe(hidden.body);
      expect(res.headers['cache-control']).toBe(hidden.headers['cache-control']);
      expect(res.headers['content-type']).toBe(hidden.headers['content-type']);
    }
  });

  it('after approval the same URLs are public to everyone with a year of caching', async () => {
    const book = await createBook(t, cast.seller);
    const urls = urlsOf(book.images);
    // Asked while pending first, so an answer remembered from then would show here.
    await expectHidden(t, urls, cast.strangers);
    const approved = await moderate(t, cast.admin, book.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(urlsOf(approved.json().book.images)).toEqual(urls);
    await expectPublic(t, urls, [...cast.strangers, ...cast.allowed]);
  });

  it('an edit sends the listing back to review: its photos are private again until it is approved again', async () => {
    const book = await createBook(t, cast.seller);
    const urls = urlsOf(book.images);
    expect((await moderate(t, cast.admin, book.id, 'approve')).statusCode).toBe(200);
    await expectPublic(t, urls, cast.strangers);

    const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: { price: 399 }, headers: { cookie: cast.seller.cookie } });
    expect(edit.json().book).toMatchObject({ status: 'pending' });
    await expectHidden(t, urls, cast.strangers);
    await expectPrivate(t, urls, cast.allowed);

    expect((await moderate(t, cast.admin, book.id, 'approve')).statusCode).toBe(200);
    await expectPublic(t, urls, cast.strangers);
  });

  it('photos replaced by an edit of an approved listing are never public before the next approval', async () => {
    const book = await createBook(t, cast.seller);
    expect((await moderate(t, cast.admin, book.id, 'approve')).statusCode).toBe(200);
    const body = img.multipart(img.listingParts({ price: 380 }, await img.pngs(4)));
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: body.payload, headers: { ...body.headers, cookie: cast.seller.cookie } });
    expect(edit.statusCode, edit.body).toBe(200);
    const fresh = urlsOf(edit.json().book.images);
    expect(fresh.filter((u) => urlsOf(book.images).includes(u))).toEqual([]);
    await expectHidden(t, fresh, cast.strangers);
    await expectPrivate(t, fresh, cast.allowed);
    await expectHidden(t, urlsOf(book.images), [...cast.strangers, ...cast.allowed]);
  });

  it("a withdrawn listing's photos are gone for everyone, its seller included", async () => {
    const book = await createBook(t, cast.seller);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/books/${book.id}`, headers: { cookie: cast.seller.cookie } })).statusCode).toBe(204);
    await expectHidden(t, urlsOf(book.images), [...cast.strangers, ...cast.allowed]);
  });

  it('an unapproved listing still sends its seller and the admins to same-origin photo URLs', async () => {
    const book = await createBook(t, cast.seller);
    const own = await get(t, `/api/v1/books/${book.id}`, cast.seller.cookie);
    const queue = await get(t, '/api/v1/admin/books?status=pending&pageSize=50', cast.admin);
    const queued = (queue.json().items as { id: string; images: Photo[] }[]).find((b) => b.id === book.id)!;
    for (const images of [own.json().book.images as Photo[], queued.images]) {
      expect(urlsOf(images)).toEqual(urlsOf(book.images));
      for (const url of urlsOf(images)) expect(url).toMatch(new RegExp(`^/uploads/${book.id}/[A-Za-z0-9_-]+-(full|thumb)\\.webp$`));
    }
  });
});

describe(`photos of unapproved listings in an object store (${dialectUnderTest})`, () => {
  const BUCKET = 'reshelf-private-photos';
  let server: S3rver;
  let endpoint: string;
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-s3-photos-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    t = await createTestApp({
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    cast = await castFor(t);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('serves pending photos to the seller and admins only, through the server, and publicly after approval', async () => {
    const book = await createBook(t, cast.seller);
    const urls = urlsOf(book.images);
    for (const url of urls) {
      expect(url.startsWith('/uploads/')).toBe(true);
      expect(url).not.toContain(BUCKET);
    }
    await expectHidden(t, urls, cast.strangers);
    await expectPrivate(t, urls, cast.allowed);
    expect((await moderate(t, cast.admin, book.id, 'approve')).statusCode).toBe(200);
    await expectPublic(t, urls, cast.strangers);
  });
});
