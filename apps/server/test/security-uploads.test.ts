// docs/security.md, promise 8: hostile uploads. listings.test.ts already proves the 7th photo (400), 5 MB + 1 byte
// (413, no file left), non-images named .png, SVG and BMP (415), the 14000x14000 bomb refused within a
// second, and GPS EXIF dropped from a JPEG. This adds what an attacker tries next: markup and polyglots
// named .jpg with an image content type, payloads hidden inside real images, the bomb's memory cost,
// metadata in other formats, and how stored photos are served.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import * as img from './fixtures/images.ts';

let t: TestApp;
let seller: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller' });
});
afterAll(async () => t?.close());

const bookData = {
  title: 'Operating System Concepts',
  author: 'Silberschatz',
  isbn: '978-1-118-06333-0',
  publisher: 'Wiley',
  publicationYear: 2012,
  language: 'english',
  category: 'computer-science',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: 300,
  edition: '9th',
  numberOfPages: 944,
  description: 'Clean copy.',
};

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile());
}

/** Uploads `first` as a .jpg with an image/jpeg content type, plus three good photos. */
async function upload(first: Buffer, name = 'photo.jpg') {
  const parts = img.listingParts(bookData, [first, ...(await img.pngs(3))], [name, 'b.png', 'c.png', 'd.png']);
  (parts[1] as { contentType: string }).contentType = 'image/jpeg';
  const body = img.multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
}

const IMAGE_TYPE = 'Images must be PNG, JPG, GIF or WebP';

describe(`markup and polyglots are refused (${dialectUnderTest})`, () => {
  const hostile: [string, Buffer][] = [
    ['an HTML page named .jpg', Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/account",{method:"DELETE"})</script></body></html>')],
    ['an SVG with script named .jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>')],
    ['an SVG with an XML prolog named .jpg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>')],
    // GIF/JavaScript polyglot: a GIF signature that is also valid script ("GIF89a=..."), no real picture.
    ['a GIF/JavaScript polyglot', Buffer.from('GIF89a/*\x0a\x00\x0a\x00\x00\x00\x00\x00*/=1;alert(document.domain);/*' + '\x00'.repeat(64) + '*/')],
    // JPEG magic bytes followed by an HTML page: sniffers that stop at the signature would take it.
    ['a JPEG signature followed by HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>'.repeat(20))])],
    ['a PNG signature followed by HTML', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>'.repeat(20))])],
    ['a PDF named .jpg', Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF')],
  ];

  it.each(hostile)('%s: 415, nothing stored', async (_name, data) => {
    const before = storedFiles();
    const res = await upload(data);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: IMAGE_TYPE });
    expect(storedFiles()).toEqual(before);
  });
});

describe(`listing details with hostile characters (${dialectUnderTest})`, () => {
  it('a NUL character in bookData is 400 Invalid input data on every database (PostgreSQL refuses NUL in text)', async () => {
    const before = storedFiles();
    const body = img.multipart(img.listingParts({ ...bookData, title: 'Operating\u0000Systems' }, await img.pngs(4)));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid input data' });
    expect(storedFiles()).toEqual(before);
  });
});

describe(`what is stored is a fresh picture, never the upload (${dialectUnderTest})`, () => {
  const PAYLOAD = '<script>alert(document.cookie)</script>';

  async function storedOf(res: Awaited<ReturnType<typeof upload>>) {
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json().book.images[0] as { url: string; thumbUrl: string };
    // The listing is pending: its photos are its seller's to see until it is approved.
    const served = await t.app.inject({ url: first.url, headers: { cookie: seller.cookie } });
    const thumb = await t.app.inject({ url: first.thumbUrl, headers: { cookie: seller.cookie } });
    return { served, thumb };
  }

  it('a real JPEG carrying HTML after its end marker and in a comment is re-encoded without it', async () => {
    const jpeg = await img.jpeg(320, 240);
    // A COM segment right after SOI, and a whole page after EOI: a valid picture and a valid page at once.
    const comment = Buffer.from(PAYLOAD);
    const com = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([(comment.length + 2) >> 8, (comment.length + 2) & 255]), comment]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), Buffer.from(`<html>${PAYLOAD}</html>`)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    const { served, thumb } = await storedOf(await upload(polyglot));
    for (const res of [served, thumb]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect(res.rawPayload.equals(polyglot)).toBe(false);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('a PNG with markup in a text chunk is re-encoded without it', async () => {
    const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#336699' } })
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: PAYLOAD } } })
      .toBuffer();
    expect(png.includes(Buffer.from('<script'))).toBe(true);
    const { served } = await storedOf(await upload(png, 'photo.png'));
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it('GPS and camera EXIF are gone from WebP uploads too, not only JPEGs', async () => {
    const webp = await sharp(await img.webp(200, 150))
      .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 25/1 0/1' } })
      .webp()
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const { served, thumb } = await storedOf(await upload(webp, 'photo.webp'));
    for (const res of [served, thumb]) {
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
    }
  });

  it('every stored file differs from every uploaded file', async () => {
    const uploads = [await img.jpeg(300, 200), await img.png(300, 200), await img.gif(300, 200), await img.webp(300, 200)];
    const body = img.multipart(img.listingParts(bookData, uploads, ['a.jpg', 'b.png', 'c.gif', 'd.webp']));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    expect(res.statusCode).toBe(201);
    for (const image of res.json().book.images as { url: string }[]) {
      const served = await t.app.inject({ url: image.url, headers: { cookie: seller.cookie } });
      for (const original of uploads) expect(served.rawPayload.equals(original)).toBe(false);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe(`decompression bomb (${dialectUnderTest})`, () => {
  it('a 14000x14000 PNG is refused in under a second of CPU, without the memory a decode would take', async () => {
    const bomb = img.pngBomb(14_000, 14_000);
    const pngs = await img.pngs(3);
    const body = img.multipart(img.listingParts(bookData, [bomb, ...pngs]));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    // CPU time, not time on the clock, which other processes on a busy machine stretch.
    const cpu = process.cpuUsage();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    // Decoded, 196 million pixels take at least 196 MB (one byte each); refusing from the header costs little.
    expect(peak - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
