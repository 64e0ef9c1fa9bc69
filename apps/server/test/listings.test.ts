// Listing a book (multipart + photo pipeline), reading, the seller's list, editing, withdrawing, stored
// photos, and account deletion — through the HTTP API on a real migrated database.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, LIFECYCLE_NOTICES, MESSAGES } from '@reshelf/shared';
import { LISTINGS_PER_SELLER_PER_HOUR, loadConfig } from '../src/config.ts';
import { deleteIfAvailable } from '../src/modules/listings/repository.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';
import * as img from './fixtures/images.ts';

const ADMIN = { email: 'admin@reshelf.test', password: 'Admin-Passw0rd!' };

let t: TestApp;
let seller: Account;
let otherSeller: Account;
let buyer: Account;
let adminCookie: string;

beforeAll(async () => {
  // This file lists far more books with one seller than a seller may in an hour; the limit has its own tests below.
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LISTINGS_PER_SELLER_PER_HOUR: '10000' } });
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho', university: 'uct' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  adminCookie = await loginAs(t.app, ADMIN.email, ADMIN.password);
});
afterAll(async () => t.close());

function bookData(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Calculus, Early Transcendentals',
    author: 'James Stewart',
    isbn: '978-1-285-74155-0',
    publisher: 'Cengage Learning',
    publicationYear: 2015,
    language: 'english',
    category: 'mathematics',
    studyLevel: 'undergraduate',
    condition: 'good',
    price: 450.5,
    edition: '8th Edition',
    numberOfPages: 1368,
    description: 'Some pencil notes in chapter 3, otherwise clean.',
    additionalNotes: 'Can meet at the library.',
    ...overrides,
  };
}

const uploadsDir = () => path.join(t.dataDir, 'uploads');

/** Every file under DATA_DIR/uploads (temporary files included). */
function storedFiles(): string[] {
  const root = uploadsDir();
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile());
}

async function postBook(cookie: string | undefined, data: unknown, images: Buffer[], names?: string[]) {
  const body = img.multipart(img.listingParts(data, images, names));
  return t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
}

async function createBook(account: Account = seller, overrides: Record<string, unknown> = {}) {
  const res = await postBook(account.cookie, bookData(overrides), await img.pngs(4));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().book;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const del = (url: string, cookie?: string) => t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

const bookRow = (id: string) => t.database.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
const setAvailability = (id: string, availability: 'available' | 'reserved' | 'sold') =>
  t.database.db.updateTable('books').set({ availability }).where('id', '=', id).execute();
const setStatus = (id: string, status: 'pending' | 'approved' | 'declined', reason: string | null = null) =>
  t.database.db.updateTable('books').set({ status, decline_reason: reason }).where('id', '=', id).execute();

describe(`POST /api/v1/books (${dialectUnderTest})`, () => {
  it('lists a book as pending with re-encoded photos served from its own URLs', async () => {
    const uploads = await img.pngs(4);
    const res = await postBook(seller.cookie, bookData(), uploads);
    expect(res.statusCode).toBe(201);
    const { book } = res.json();
    expect(book).toMatchObject({
      title: 'Calculus, Early Transcendentals',
      author: 'James Stewart',
      // Stored and answered as its ISBN-13, digits only (978-1-285-74155-0 as sent).
      isbn: '9781285741550',
      publisher: 'Cengage Learning',
      publicationYear: 2015,
      language: 'english',
      category: 'mathematics',
      studyLevel: 'undergraduate',
      condition: 'good',
      price: 450.5,
      edition: '8th Edition',
      numberOfPages: 1368,
      description: 'Some pencil notes in chapter 3, otherwise clean.',
      additionalNotes: 'Can meet at the library.',
      status: 'pending',
      availability: 'available',
      declineReason: null,
      // Waiting for moderation: never a "Good price" (edition-prices.test.ts has the rule).
      goodPrice: false,
      seller: { id: seller.id, firstName: 'Sipho', university: 'uct', rating: null, reviewCount: 0 },
    });
    expect(book.id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    expect(book.createdAt).toBe(book.updatedAt);
    expect(Object.keys(book).sort()).toEqual(
      [
        'id', 'title', 'author', 'isbn', 'publisher', 'publicationYear', 'language', 'category', 'studyLevel', 'condition',
        'price', 'edition', 'numberOfPages', 'description', 'additionalNotes', 'status', 'availability', 'declineReason',
        'images', 'courses', 'goodPrice', 'seller', 'createdAt', 'updatedAt',
      ].sort(),
    );
    expect(book.images).toHaveLength(4);

    const row = await bookRow(book.id);
    expect(row).toMatchObject({ seller_id: seller.id, isbn_digits: '9781285741550', university: 'uct', price_cents: 45050 });

    for (const [i, image] of book.images.entries()) {
      expect(image.url).toMatch(new RegExp(`^/uploads/${book.id}/[A-Za-z0-9_-]+-full\\.webp$`));
      expect(image.thumbUrl).toMatch(new RegExp(`^/uploads/${book.id}/[A-Za-z0-9_-]+-thumb\\.webp$`));
      // Pending: the seller sees its photos, in answers no cache keeps (security-photos.test.ts: every role).
      const served = await get(image.url, seller.cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const bytes = served.rawPayload;
      expect(bytes.equals(uploads[i]!)).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
      expect((await sharp(bytes).metadata()).width).toBe(64); // never enlarged
      const thumb = await get(image.thumbUrl, seller.cookie);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
    }
  });

  it('stores the price exactly (199.99 is 19999 cents and comes back as 199.99)', async () => {
    const book = await createBook(seller, { price: 199.99 });
    expect(book.price).toBe(199.99);
    expect((await bookRow(book.id))!.price_cents).toBe(19999);
    expect((await get(`/api/v1/books/${book.id}`, seller.cookie)).json().book.price).toBe(199.99);
  });

  it('ignores a studentId, status, availability or sellerId sent in bookData', async () => {
    const res = await postBook(
      seller.cookie,
      bookData({ studentId: otherSeller.id, sellerId: otherSeller.id, status: 'approved', availability: 'sold', declineReason: 'x' }),
      await img.pngs(4),
    );
    expect(res.statusCode).toBe(201);
    const { book } = res.json();
    expect(book).toMatchObject({ status: 'pending', availability: 'available', declineReason: null });
    expect(book.seller.id).toBe(seller.id);
    expect((await bookRow(book.id))!.seller_id).toBe(seller.id);
  });

  it('accepts PNG, JPEG, GIF and WebP, recognised by their bytes whatever their names say', async () => {
    const images = [await img.png(), await img.jpeg(), await img.gif(), await img.webp()];
    const res = await postBook(seller.cookie, bookData(), images, ['a.txt', 'b', 'c.exe', 'd.png']);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().book.images).toHaveLength(4);
  });

  it('accepts six images and keeps their order', async () => {
    const res = await postBook(seller.cookie, bookData(), await img.pngs(6));
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.selectFrom('book_images').selectAll().where('book_id', '=', res.json().book.id).orderBy('position').execute();
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(res.json().book.images.map((i: { url: string }) => i.url)).toEqual(rows.map((r) => `/uploads/${r.path_full}`));
  });

  it('refuses 3 images: 400 At least 4 images are required, nothing stored', async () => {
    const before = storedFiles().length;
    const count = (await t.database.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const res = await postBook(seller.cookie, bookData(), await img.pngs(3));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'At least 4 images are required', code: 'VALIDATION', fields: { images: 'At least 4 images are required' } });
    expect(storedFiles().length).toBe(before);
    const after = (await t.database.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(count));
  });

  it('refuses no images at all with the same message', async () => {
    const res = await postBook(seller.cookie, bookData(), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('At least 4 images are required');
  });

  it('refuses 7 images: 400 Maximum 6 images allowed, nothing stored', async () => {
    const before = storedFiles().length;
    const res = await postBook(seller.cookie, bookData(), await img.pngs(7));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Maximum 6 images allowed', code: 'VALIDATION' });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses many more images the same way', async () => {
    const res = await postBook(seller.cookie, bookData(), await img.pngs(12));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Maximum 6 images allowed');
  });

  it('refuses bytes that are not an image even when named .png: 415', async () => {
    const before = storedFiles().length;
    const fake = Buffer.from('<html><script>alert(1)</script></html> this is not a picture at all');
    const res = await postBook(seller.cookie, bookData(), [...(await img.pngs(3)), fake], ['1.png', '2.png', '3.png', 'evil.png']);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'Images must be PNG, JPG, GIF or WebP' });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses other real formats (an SVG, a BMP) with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    for (const bad of [svg, bmp]) {
      const res = await postBook(seller.cookie, bookData(), [bad, ...(await img.pngs(3))]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe('Images must be PNG, JPG, GIF or WebP');
    }
  });

  it('refuses an image with a valid signature but a broken body (415), leaving no files from the good ones', async () => {
    const before = storedFiles().length;
    const good = await img.pngs(3);
    const broken = Buffer.concat([(await img.png()).subarray(0, 16), Buffer.alloc(200, 7)]);
    const res = await postBook(seller.cookie, bookData(), [...good, broken]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Images must be PNG, JPG, GIF or WebP');
    expect(storedFiles().length).toBe(before);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const res = await postBook(seller.cookie, bookData(), [await img.pngOfSize(5 * 1024 * 1024), ...(await img.pngs(3))]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses an image of 5 MB + 1 byte with 413 and leaves no file behind', async () => {
    const before = storedFiles();
    const res = await postBook(seller.cookie, bookData(), [...(await img.pngs(3)), await img.pngOfSize(5 * 1024 * 1024 + 1)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'Each image must be 5MB or smaller' });
    expect(storedFiles()).toEqual(before);
    expect(fs.existsSync(path.join(uploadsDir(), '.tmp')) ? fs.readdirSync(path.join(uploadsDir(), '.tmp')) : []).toEqual([]);
  });

  it('refuses a 14000x14000 PNG (decompression bomb) in under a second of CPU, without decoding it', async () => {
    const bomb = img.pngBomb(14_000, 14_000);
    expect(bomb.length).toBeLessThan(200_000);
    const before = storedFiles();
    const photos = [bomb, ...(await img.pngs(3))];
    // CPU time (this process's, the image library's threads included), not time on the clock, which
    // other processes on a busy machine stretch.
    const cpu = process.cpuUsage();
    const res = await postBook(seller.cookie, bookData(), photos);
    const used = process.cpuUsage(cpu);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'Each image must be 40 megapixels or smaller', code: 'IMAGE_TOO_MANY_PIXELS' });
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(storedFiles()).toEqual(before);
  });

  it('drops EXIF (GPS, camera) from a JPEG and stores it upright', async () => {
    const gps = await img.jpegWithGps(64, 48);
    expect((await sharp(gps).metadata()).exif?.toString('latin1')).toContain('Reshelf Cam 1');
    const sideways = await img.jpegRotated(64, 48);
    const res = await postBook(seller.cookie, bookData(), [gps, sideways, ...(await img.pngs(2))]);
    expect(res.statusCode).toBe(201);
    const [first, second] = res.json().book.images;
    for (const url of [first.url, first.thumbUrl]) {
      const stored = (await get(url, seller.cookie)).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('Reshelf Cam');
    }
    const upright = await sharp((await get(second.url, seller.cookie)).rawPayload).metadata();
    expect([upright.width, upright.height]).toEqual([48, 64]);
    expect(upright.orientation).toBeUndefined();
  });

  it('shrinks a large photo to at most 1600 px and a thumbnail of at most 400 px', async () => {
    const big = await sharp({ create: { width: 3200, height: 2400, channels: 3, background: '#2a6' } }).jpeg().toBuffer();
    const res = await postBook(seller.cookie, bookData(), [big, ...(await img.pngs(3))]);
    expect(res.statusCode).toBe(201);
    const [image] = res.json().book.images;
    const full = await sharp((await get(image.url, seller.cookie)).rawPayload).metadata();
    const thumb = await sharp((await get(image.thumbUrl, seller.cookie)).rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1600, 1200]);
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
  });

  it.each([
    [{ title: undefined }, 'Please fill in all required fields', 'title'],
    [{ title: '   ' }, 'Please fill in all required fields', 'title'],
    [{ price: undefined }, 'Please fill in all required fields', 'price'],
    [{ condition: '' }, 'Please fill in all required fields', 'condition'],
    [{ description: '' }, 'Please fill in all required fields', 'description'],
    [{ price: 'abc' }, 'Price must be a number', 'price'],
    [{ price: 0 }, 'Price must be more than R0', 'price'],
    [{ price: 12.345 }, 'Price can have at most 6 digits before the decimal point and 2 after it', 'price'],
    [{ isbn: '12345' }, 'ISBN must have 10 or 13 digits', 'isbn'],
    [{ category: 'astrology' }, 'Please choose a category from the list', 'category'],
  ])('400 for bookData %o with the shared schema message', async (override, message, field) => {
    const res = await postBook(seller.cookie, bookData(override), await img.pngs(4));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION' });
    expect(res.json().fields[field]).toBe(message);
  });

  it('answers Please fill in all required fields when bookData is missing or empty, listing every field', async () => {
    for (const data of [undefined, {}]) {
      const res = await postBook(seller.cookie, data, await img.pngs(4));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Please fill in all required fields');
      expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['title', 'author', 'isbn', 'price', 'description']));
    }
  });

  it('answers 400 Invalid input data when bookData is not JSON', async () => {
    const res = await postBook(seller.cookie, '{"title": ', await img.pngs(4));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid input data');
  });

  it('refuses a JSON body: the listing is a multipart upload (415)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: bookData(), headers: { cookie: seller.cookie } });
    expect(res.statusCode).toBe(415);
  });

  it('is for sellers only: buyer 403, admin 403, anonymous 401', async () => {
    const images = await img.pngs(4);
    const asBuyer = await postBook(buyer.cookie, bookData(), images);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toEqual({ error: 'Access denied. Seller account required.', code: 'FORBIDDEN' });
    const asAdmin = await postBook(adminCookie, bookData(), images);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error).toBe('Access denied. Seller account required.');
    const anonymous = await postBook(undefined, bookData(), images);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
  });

  it('refuses a cross-site upload (CSRF)', async () => {
    const body = img.multipart(img.listingParts(bookData(), await img.pngs(4)));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      payload: body.payload,
      headers: { ...body.headers, cookie: seller.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });
});

describe(`GET /api/v1/books/:id (${dialectUnderTest})`, () => {
  it('shows a pending listing only to its owner and admins; 404 for everyone else', async () => {
    const book = await createBook();
    expect((await get(`/api/v1/books/${book.id}`, seller.cookie)).statusCode).toBe(200);
    expect((await get(`/api/v1/books/${book.id}`, adminCookie)).json().book.id).toBe(book.id);
    for (const cookie of [otherSeller.cookie, buyer.cookie, undefined]) {
      const res = await get(`/api/v1/books/${book.id}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('shows a declined listing (with its reason) only to its owner and admins', async () => {
    const book = await createBook();
    await setStatus(book.id, 'declined', 'Photos are unclear or not of the actual book');
    expect((await get(`/api/v1/books/${book.id}`, seller.cookie)).json().book).toMatchObject({
      status: 'declined',
      declineReason: 'Photos are unclear or not of the actual book',
    });
    expect((await get(`/api/v1/books/${book.id}`, buyer.cookie)).statusCode).toBe(404);
  });

  it('shows an approved listing to anyone, reserved and sold ones included', async () => {
    const book = await createBook();
    await setStatus(book.id, 'approved');
    for (const availability of ['available', 'reserved', 'sold'] as const) {
      await setAvailability(book.id, availability);
      const res = await get(`/api/v1/books/${book.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().book).toMatchObject({ id: book.id, status: 'approved', availability });
    }
  });

  it('answers 404 for an unknown id', async () => {
    expect((await get('/api/v1/books/doesnotexist12345', adminCookie)).statusCode).toBe(404);
  });
});

describe(`GET /api/v1/seller/books (${dialectUnderTest})`, () => {
  it("lists only the caller's books, every status, newest first, paged", async () => {
    const mine = await registerAndLogin(t.app, { userType: 'seller' });
    const ids: string[] = [];
    for (const title of ['First Book', 'Second Book', 'Third Book']) {
      ids.push((await createBook(mine, { title })).id);
      t.clock.advance(1000);
    }
    await setStatus(ids[0]!, 'approved');
    await setStatus(ids[1]!, 'declined', 'Not a textbook');
    await createBook(otherSeller);

    const res = await get('/api/v1/seller/books', mine.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.items.map((b: { title: string }) => b.title)).toEqual(['Third Book', 'Second Book', 'First Book']);
    expect(body.items.map((b: { status: string }) => b.status)).toEqual(['pending', 'declined', 'approved']);
    expect(body.items[1].declineReason).toBe('Not a textbook');
    expect(body.items[0].images).toHaveLength(4);

    const page2 = await get('/api/v1/seller/books?page=2&pageSize=2', mine.cookie);
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().items.map((b: { title: string }) => b.title)).toEqual(['First Book']);
  });

  it('answers 400 for a bad page and 403/401 for anyone but a seller', async () => {
    expect((await get('/api/v1/seller/books?page=0', seller.cookie)).statusCode).toBe(400);
    expect((await get('/api/v1/seller/books?pageSize=500', seller.cookie)).statusCode).toBe(400);
    const asBuyer = await get('/api/v1/seller/books', buyer.cookie);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().error).toBe('Access denied. Seller account required.');
    expect((await get('/api/v1/seller/books', adminCookie)).statusCode).toBe(403);
    expect((await get('/api/v1/seller/books')).statusCode).toBe(401);
  });
});

describe(`PATCH /api/v1/books/:id (${dialectUnderTest})`, () => {
  it('lets the owner change price, condition, description and notes', async () => {
    const book = await createBook();
    t.clock.advance(60_000);
    const res = await patch(`/api/v1/books/${book.id}`, { price: 320.1, condition: 'acceptable', description: 'Cover torn.', additionalNotes: '' }, seller.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().book).toMatchObject({
      id: book.id,
      price: 320.1,
      condition: 'acceptable',
      description: 'Cover torn.',
      additionalNotes: null,
      status: 'pending',
      title: book.title,
    });
    expect(res.json().book.updatedAt > book.updatedAt).toBe(true);
    expect((await bookRow(book.id))!.price_cents).toBe(32010);
  });

  it('sends an edited approved listing back to pending (out of public view)', async () => {
    const book = await createBook();
    await setStatus(book.id, 'approved');
    expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(200);
    const res = await patch(`/api/v1/books/${book.id}`, { price: 99 }, seller.cookie);
    expect(res.json().book.status).toBe('pending');
    expect((await bookRow(book.id))!.approved_at).toBeNull();
    expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(404);
  });

  it('resubmits a fixed declined listing: pending again, reason cleared', async () => {
    const book = await createBook();
    await setStatus(book.id, 'declined', 'Price is above the 40-60% guide');
    const res = await patch(`/api/v1/books/${book.id}`, { price: 200 }, seller.cookie);
    expect(res.json().book).toMatchObject({ status: 'pending', declineReason: null, price: 200 });
  });

  it('lets the owner correct every detail: title, author, ISBN, publisher, year, edition and the rest', async () => {
    const book = await createBook();
    await setStatus(book.id, 'declined', 'The ISBN is of another edition');
    const fixed = {
      title: 'Calculus: Early Transcendentals (Metric)',
      author: 'James Stewart, Daniel Clegg & Saleem Watson',
      isbn: '978-0-357-11351-6',
      publisher: 'Cengage (South Africa)',
      publicationYear: 2020,
      language: 'afrikaans',
      category: 'engineering',
      studyLevel: 'postgraduate',
      condition: 'like-new',
      price: 123456.78,
      edition: '9th (Metric) Edition',
      numberOfPages: 1440,
      description: 'Corrected details.',
      additionalNotes: 'Meet at the library.',
    };
    const res = await patch(`/api/v1/books/${book.id}`, fixed, seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().book).toMatchObject({ ...fixed, isbn: '9780357113516', status: 'pending', declineReason: null });
    expect(await bookRow(book.id)).toMatchObject({ isbn: '9780357113516', isbn_digits: '9780357113516', price_cents: 12345678 });
    const refused = await patch(`/api/v1/books/${book.id}`, { title: '', publicationYear: 2099 }, seller.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({
      title: 'Please fill in all required fields',
      publicationYear: `Publication year must be between 1900 and ${new Date().getFullYear()}`,
    });
  });

  it('takes an approved listing out of the catalogue when its title changes; search finds it by the new title once approved again', async () => {
    const book = await createBook(seller, { title: 'Organic Chemistry', description: 'Clean copy.' });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${book.id}/approve`, headers: { cookie: adminCookie } })).statusCode).toBe(200);
    const ids = async (q: string) => (await get(`/api/v1/books?q=${encodeURIComponent(q)}`)).json().items.map((b: { id: string }) => b.id);
    expect(await ids('Organic Chemistry')).toContain(book.id);
    const res = await patch(`/api/v1/books/${book.id}`, { title: 'Physics for Scientists & Engineers' }, seller.cookie);
    expect(res.json().book).toMatchObject({ status: 'pending', title: 'Physics for Scientists & Engineers' });
    expect(await ids('Organic Chemistry')).not.toContain(book.id);
    expect(await ids('Physics for Scientists & Engineers')).not.toContain(book.id);
    expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${book.id}/approve`, headers: { cookie: adminCookie } });
    expect(await ids('Physics for Scientists & Engineers')).toContain(book.id);
    expect(await ids('Organic Chemistry')).not.toContain(book.id);
  });

  it('ignores status, availability, sellerId and other fields it does not edit', async () => {
    const book = await createBook();
    const res = await patch(
      `/api/v1/books/${book.id}`,
      { status: 'approved', availability: 'sold', sellerId: otherSeller.id, studentId: otherSeller.id, role: 'admin', price: 10 },
      seller.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().book).toMatchObject({ status: 'pending', availability: 'available', title: book.title, price: 10 });
    expect(res.json().book.seller.id).toBe(seller.id);
    const row = await bookRow(book.id);
    expect(row).toMatchObject({ seller_id: seller.id, status: 'pending', availability: 'available' });
  });

  it('leaves an approved listing alone when the body changes nothing it may edit', async () => {
    const book = await createBook();
    await setStatus(book.id, 'approved');
    const res = await patch(`/api/v1/books/${book.id}`, { status: 'pending' }, seller.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().book.status).toBe('approved');
  });

  it('validates with the shared edit schema', async () => {
    const book = await createBook();
    const res = await patch(`/api/v1/books/${book.id}`, { price: -5 }, seller.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Price must be more than R0', fields: { price: 'Price must be more than R0' } });
    const cond = await patch(`/api/v1/books/${book.id}`, { condition: 'mint' }, seller.cookie);
    expect(cond.json().error).toBe('Please choose a condition from the list');
  });

  it("answers 404 to another seller, a buyer and an admin editing someone's listing; nothing changes", async () => {
    const book = await createBook();
    for (const cookie of [otherSeller.cookie, buyer.cookie, adminCookie]) {
      const res = await patch(`/api/v1/books/${book.id}`, { price: 1 }, cookie);
      expect(res.statusCode).toBe(404);
    }
    expect((await patch(`/api/v1/books/${book.id}`, { price: 1 })).statusCode).toBe(401);
    expect((await bookRow(book.id))!.price_cents).toBe(45050);
  });

  it("reads no photos of an edit to someone else's listing: 404 before the upload is looked at", async () => {
    const book = await createBook();
    // The first "photo" is text: reading this upload refuses it (415), so an answer other than 415 means
    // the upload was never read.
    const body = img.multipart(img.listingParts({ price: 1 }, [Buffer.from('not a photo, only words '.repeat(40)), ...(await img.pngs(3))]));
    const send = (cookie?: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
    const files = storedFiles();
    for (const cookie of [otherSeller.cookie, buyer.cookie, adminCookie]) {
      const res = await send(cookie);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    expect((await send()).statusCode).toBe(401);
    // An unknown listing answers the same.
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/v1/books/nosuchbook000000', payload: body.payload, headers: { ...body.headers, cookie: otherSeller.cookie } });
    expect(missing.json()).toEqual({ error: MESSAGES.notFound, code: 'NOT_FOUND' });
    // The owner's listing in an order: 409 before reading too.
    await setStatus(book.id, 'approved');
    await setAvailability(book.id, 'reserved');
    expect((await send(seller.cookie)).json()).toEqual({ error: MESSAGES.listingLocked, code: 'LISTING_LOCKED' });
    // The owner of a listing they may change gets the upload read, and refused.
    await setAvailability(book.id, 'available');
    const own = await send(seller.cookie);
    expect(own.statusCode, own.body).toBe(415);
    expect(own.json().error).toBe(MESSAGES.imageType);
    expect(storedFiles()).toEqual(files);
    expect(await bookRow(book.id)).toMatchObject({ price_cents: 45050, status: 'approved' });
  });

  it('answers 409 while the book is reserved or sold', async () => {
    const book = await createBook();
    await setStatus(book.id, 'approved');
    await setAvailability(book.id, 'reserved');
    const reserved = await patch(`/api/v1/books/${book.id}`, { price: 1 }, seller.cookie);
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toEqual({ error: 'This listing is part of an active order and cannot be changed right now', code: 'LISTING_LOCKED' });
    await setAvailability(book.id, 'sold');
    const sold = await patch(`/api/v1/books/${book.id}`, { price: 1 }, seller.cookie);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().code).toBe('LISTING_SOLD');
    expect((await bookRow(book.id))).toMatchObject({ price_cents: 45050, status: 'approved' });
  });

  it('replaces all photos with a multipart edit; the old files are removed', async () => {
    const book = await createBook();
    const oldUrls: string[] = book.images.flatMap((i: { url: string; thumbUrl: string }) => [i.url, i.thumbUrl]);
    const body = img.multipart(img.listingParts({ price: 111 }, [await img.jpeg(), await img.jpeg(), await img.gif(), await img.webp(), await img.png()]));
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().book;
    expect(updated).toMatchObject({ price: 111, status: 'pending' });
    expect(updated.images).toHaveLength(5);
    for (const url of oldUrls) expect((await get(url, seller.cookie)).statusCode).toBe(404);
    for (const image of updated.images) expect((await get(image.url, seller.cookie)).statusCode).toBe(200);
  });

  it('keeps the old photos when replacement photos are refused', async () => {
    const book = await createBook();
    const body = img.multipart(img.listingParts({ price: 5 }, await img.pngs(3)));
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('At least 4 images are required');
    for (const image of book.images) expect((await get(image.url, seller.cookie)).statusCode).toBe(200);
    expect((await bookRow(book.id))!.price_cents).toBe(45050);
  });
});

describe(`titles with punctuation (${dialectUnderTest})`, () => {
  it('lists "C++ Primer", "Calculus: Early Transcendentals" and "Physics for Scientists & Engineers", and search finds them', async () => {
    const titles = ['C++ Primer', 'Calculus: Early Transcendentals', 'Physics for Scientists & Engineers', 'C# in Depth (4th ed.)'];
    const books = [];
    for (const title of titles) {
      const book = await createBook(otherSeller, { title, edition: '5th/6th (Global)', publisher: 'John Wiley & Sons' });
      expect(book.title).toBe(title);
      await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${book.id}/approve`, headers: { cookie: adminCookie } });
      books.push(book);
    }
    const search = async (q: string) => {
      const res = await get(`/api/v1/books?q=${encodeURIComponent(q)}&pageSize=50`);
      expect(res.statusCode, q).toBe(200);
      return res.json().items.map((b: { title: string }) => b.title) as string[];
    };
    expect(await search('C++')).toContain('C++ Primer');
    expect(await search('C++ Primer')).toEqual(['C++ Primer']);
    expect(await search('Calculus: Early')).toContain('Calculus: Early Transcendentals');
    expect(await search('Scientists & Engineers')).toContain('Physics for Scientists & Engineers');
    expect(await search('C# in Depth')).toEqual(['C# in Depth (4th ed.)']);
    // Punctuation alone is not a search term, and never an error.
    expect(await search('&&')).toBeInstanceOf(Array);
    expect(await search('(:)')).toBeInstanceOf(Array);
    for (const book of books) await del(`/api/v1/books/${book.id}`, otherSeller.cookie);
  });
});

describe(`DELETE /api/v1/books/:id (${dialectUnderTest})`, () => {
  it('withdraws the listing: 204, rows and photo files gone', async () => {
    const book = await createBook();
    const urls: string[] = book.images.flatMap((i: { url: string; thumbUrl: string }) => [i.url, i.thumbUrl]);
    const res = await del(`/api/v1/books/${book.id}`, seller.cookie);
    expect(res.statusCode).toBe(204);
    expect(await bookRow(book.id)).toBeUndefined();
    expect(await t.database.db.selectFrom('book_images').selectAll().where('book_id', '=', book.id).execute()).toEqual([]);
    for (const url of urls) expect((await get(url)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(uploadsDir(), book.id))).toBe(false);
    expect((await get(`/api/v1/books/${book.id}`, seller.cookie)).statusCode).toBe(404);
  });

  it("answers 404 to anyone but the owner, and 409 while it is reserved", async () => {
    const book = await createBook();
    for (const cookie of [otherSeller.cookie, buyer.cookie, adminCookie]) expect((await del(`/api/v1/books/${book.id}`, cookie)).statusCode).toBe(404);
    expect((await del(`/api/v1/books/${book.id}`)).statusCode).toBe(401);
    await setStatus(book.id, 'approved');
    await setAvailability(book.id, 'reserved');
    const res = await del(`/api/v1/books/${book.id}`, seller.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This listing is part of an active order and cannot be changed right now');
    expect(await bookRow(book.id)).toBeDefined();
    for (const image of book.images) expect((await get(image.url)).statusCode).toBe(200);
  });
});

describe(`DELETE of a listing the admins are judging (${dialectUnderTest})`, () => {
  const approve = (id: string) => t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${id}/approve`, headers: { cookie: adminCookie } });
  const report = (who: Account, id: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/reports', payload: { target: 'book', id, reason: 'scam' }, headers: { cookie: who.cookie } });
  const imageRows = (id: string) => t.database.db.selectFrom('book_images').select('id').where('book_id', '=', id).execute();
  let reporters: Account[];
  beforeAll(async () => {
    reporters = [];
    for (let i = 0; i < 3; i++) reporters.push(await registerAndLogin(t.app, { userType: 'buyer' }));
  });

  /** The listing is still there for the admins: its row, its photo rows and its files. */
  async function expectKept(book: { id: string; images: { url: string; thumbUrl: string }[] }, status: string) {
    expect(await bookRow(book.id)).toMatchObject({ status });
    expect(await imageRows(book.id)).toHaveLength(book.images.length);
    for (const image of book.images) {
      expect((await get(image.url, adminCookie)).statusCode).toBe(200);
      expect((await get(image.thumbUrl, adminCookie)).statusCode).toBe(200);
    }
  }

  it('refuses the seller of a listing hidden by reports: 409 with the message an edit gets, everything kept', async () => {
    const book = await createBook();
    expect((await approve(book.id)).statusCode).toBe(200);
    for (const who of reporters) expect((await report(who, book.id)).statusCode).toBe(201);
    expect((await bookRow(book.id))!.status).toBe('hidden');
    const res = await del(`/api/v1/books/${book.id}`, seller.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: LIFECYCLE_MESSAGES.underReview, code: 'UNDER_REVIEW' });
    await expectKept(book, 'hidden');
    // The DELETE statement itself refuses it too: reports that hide the listing after the seller's
    // request looked at it still win.
    expect(await deleteIfAvailable(t.database.db, book.id, seller.id)).toBe(false);
    await expectKept(book, 'hidden');
  });

  it('refuses the seller of a listing a moderator took down: 409 TAKEN_DOWN, everything kept', async () => {
    const book = await createBook();
    expect((await approve(book.id)).statusCode).toBe(200);
    const down = await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${book.id}/take-down`, payload: { reason: 'Photos of another book' }, headers: { cookie: adminCookie } });
    expect(down.statusCode, down.body).toBe(200);
    const res = await del(`/api/v1/books/${book.id}`, seller.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: LIFECYCLE_MESSAGES.takenDown, code: 'TAKEN_DOWN' });
    await expectKept(book, 'taken_down');
    expect(await deleteIfAvailable(t.database.db, book.id, seller.id)).toBe(false);
    await expectKept(book, 'taken_down');
  });

  it('still withdraws an approved listing nobody reported', async () => {
    const book = await createBook();
    expect((await approve(book.id)).statusCode).toBe(200);
    expect((await del(`/api/v1/books/${book.id}`, seller.cookie)).statusCode).toBe(204);
    expect(await bookRow(book.id)).toBeUndefined();
    expect(await imageRows(book.id)).toEqual([]);
  });

  it('the third report and the seller deleting at the same moment: a listing the reports hid is never deleted', async () => {
    for (let round = 0; round < 4; round++) {
      const title = `Race Round ${dialectUnderTest} ${round}`;
      const book = await createBook(seller, { title });
      expect((await approve(book.id)).statusCode).toBe(200);
      for (const who of reporters.slice(0, 2)) expect((await report(who, book.id)).statusCode).toBe(201);
      // Sent in either order, so each gets a head start in some rounds.
      const sendReport = () => report(reporters[2]!, book.id);
      const sendDelete = () => del(`/api/v1/books/${book.id}`, seller.cookie);
      const [third, deleted] =
        round % 2 === 0 ? await Promise.all([sendReport(), sendDelete()]) : await Promise.all([sendDelete(), sendReport()]).then(([d, r]) => [r, d] as const);
      const row = await bookRow(book.id);
      const hiddenNotices = await t.database.db
        .selectFrom('notifications')
        .select('id')
        .where('student_id', '=', seller.id)
        .where('kind', '=', 'listing_hidden')
        .where('title', '=', LIFECYCLE_NOTICES.hiddenTitle(title))
        .execute();
      if (deleted.statusCode === 204) {
        // The delete came first: nothing was hidden, and the report found no listing (or one already going).
        expect(row, `round ${round}`).toBeUndefined();
        expect(hiddenNotices, `round ${round}`).toEqual([]);
      } else {
        // The report hid it first: the seller hears why, and the listing stays as it was.
        expect(deleted.json(), `round ${round}`).toEqual({ error: LIFECYCLE_MESSAGES.underReview, code: 'UNDER_REVIEW' });
        expect(third.statusCode, `round ${round}`).toBe(201);
        expect(hiddenNotices, `round ${round}`).toHaveLength(1);
        await expectKept(book, 'hidden');
      }
    }
  });
});

describe(`listing uploads per seller an hour (${dialectUnderTest})`, () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { LISTINGS_PER_SELLER_PER_HOUR: '3' } });
  });
  afterAll(async () => small?.close());

  const upload = async (who: Account, data: unknown, images: Buffer[]) => {
    const body = img.multipart(img.listingParts(data, images));
    return small.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  };

  it(`is ${LISTINGS_PER_SELLER_PER_HOUR} by default, and LISTINGS_PER_SELLER_PER_HOUR sets it`, () => {
    expect(loadConfig({ NODE_ENV: 'test' }).listingsPerSellerPerHour).toBe(30);
    expect(loadConfig({ NODE_ENV: 'test', LISTINGS_PER_SELLER_PER_HOUR: '500' }).listingsPerSellerPerHour).toBe(500);
  });

  it('counts every upload, refused ones too, and answers 429 past the limit before reading the upload; other sellers are unaffected', async () => {
    const [one, other] = [await registerAndLogin(small.app, { userType: 'seller' }), await registerAndLogin(small.app, { userType: 'seller' })];
    expect((await upload(one, bookData(), await img.pngs(4))).statusCode).toBe(201);
    expect((await upload(one, bookData({ price: -1 }), await img.pngs(4))).statusCode).toBe(400);
    expect((await upload(one, bookData(), await img.pngs(4))).statusCode).toBe(201);
    // Text where a photo should be would be 415 if the upload were read.
    const refused = await upload(one, bookData(), [Buffer.from('not a photo '.repeat(50)), ...(await img.pngs(3))]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(one, bookData(), await img.pngs(4))).statusCode).toBe(429);
    const mine = await small.app.inject({ url: '/api/v1/seller/books', headers: { cookie: one.cookie } });
    expect(mine.json().total).toBe(2);
    expect((await upload(other, bookData(), await img.pngs(4))).statusCode).toBe(201);
  });

  it('uploads arriving at the same moment get no more than the limit between them', async () => {
    const many = await registerAndLogin(small.app, { userType: 'seller' });
    // Details refused at once (no title): cheap uploads, so only the counter decides.
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(many, bookData({ title: '' }), [])));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });
});

describe(`stored photos (${dialectUnderTest})`, () => {
  it('answers 404 for missing files and keys that try to leave the uploads folder', async () => {
    fs.mkdirSync(t.dataDir, { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'secret.webp'), 'secret');
    for (const url of [
      '/uploads/nothere/missing-full.webp',
      '/uploads/..%2fsecret.webp',
      '/uploads/%2e%2e/secret.webp',
      '/uploads/../secret.webp',
      '/uploads/abc/..%2f..%2fsecret.webp',
      '/uploads/.tmp/x.part',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe(`account deletion (${dialectUnderTest})`, () => {
  it("erases the seller's listings, their photo rows and files", async () => {
    const leaving = await registerAndLogin(t.app, { userType: 'seller' });
    const a = await createBook(leaving);
    const b = await createBook(leaving);
    await setStatus(b.id, 'approved');
    const kept = await createBook(otherSeller);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', payload: { password: leaving.password }, headers: { cookie: leaving.cookie } });
    expect(res.statusCode).toBe(204);
    for (const book of [a, b]) {
      expect(await bookRow(book.id)).toBeUndefined();
      expect(fs.existsSync(path.join(uploadsDir(), book.id))).toBe(false);
      for (const image of book.images) expect((await get(image.url)).statusCode).toBe(404);
    }
    expect(await bookRow(kept.id)).toBeDefined();
    for (const image of kept.images) expect((await get(image.url, otherSeller.cookie)).statusCode).toBe(200);
  });
});
