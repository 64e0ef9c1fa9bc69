// A shared link previews the listing: GET and HEAD /books/:id answer the web app's page with the listing's
// title, description (price, condition, campus), first photo, price and canonical address in its head,
// every value escaped and every address absolute on PUBLIC_URL; a listing nobody outside may see (unknown,
// pending, declined) gets the plain page, byte for byte, whoever asks. Every other page's preview image and
// address are absolute too. The page is the web app's real index.html.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL_META, bookPageDescription, pageTitle } from '@reshelf/shared';
import { splitPage } from '../src/lib/page-head.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

const SITE = 'https://books.reshelf.example';
/** The deployment's support address, with a character that must be escaped in an attribute. */
const SUPPORT = "o'brien.help@books.reshelf.example";
const INDEX_HTML = fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.padEnd(80, 'x');

let t: TestApp;
let webDist: string;
let seller: Account;
let admin: Account;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-share-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: SITE, SUPPORT_EMAIL: SUPPORT } });
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Lerato', university: 'uct' });
  admin = await adminAccount(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

/** What a parser reads from an attribute written between double quotes. */
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** The head's describing tags, as [kind, key, value] in order: <title>, the description, Open Graph, product and Twitter <meta>s, the canonical <link>. */
function headTags(html: string): [string, string, string][] {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: [string, string, string][] = [];
  for (const m of head.matchAll(/<title>([^<]*)<\/title>|<meta (name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>|<link rel="canonical" href="([^"]*)"\s*\/?>/g)) {
    if (m[1] !== undefined) tags.push(['title', 'title', decode(m[1])]);
    else if (m[2] && /^(description|og:|twitter:|product:)/.test(m[3]!)) tags.push([m[2], m[3]!, decode(m[4]!)]);
    else if (m[5] !== undefined) tags.push(['link', 'canonical', decode(m[5])]);
  }
  return tags;
}

/** The head's tags by key; a key written twice fails the test. */
function headOf(html: string): Record<string, string> {
  const byKey: Record<string, string> = {};
  for (const [, key, value] of headTags(html)) {
    expect(byKey, `${key} written twice`).not.toHaveProperty([key]);
    byKey[key] = value;
  }
  return byKey;
}

const fixture = async (f: Parameters<typeof insertBook>[2]) => insertBook(t.database.db, seller.id, f);

describe(`a listing's page previews it when shared (${dialectUnderTest})`, () => {
  it("carries an approved listing's title, description, first photo, price and canonical address, absolute on PUBLIC_URL", async () => {
    const id = await fixture({ title: 'Calculus Early Transcendentals', author: 'James Stewart', priceCents: 45050, condition: 'very-good', description: 'Some pencil notes\nin chapter 2.' });
    const res = await page(`/books/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const description =
      'R\u00a0450,50 · Very Good condition · University of Cape Town. Calculus Early Transcendentals by James Stewart, second-hand on Reshelf. Some pencil notes in chapter 2.';
    expect(headTags(res.body)).toEqual([
      ['title', 'title', 'Calculus Early Transcendentals | Reshelf'],
      ['name', 'description', description],
      ['link', 'canonical', `${SITE}/books/${id}`],
      ['property', 'og:type', 'product'],
      ['property', 'og:site_name', 'Reshelf'],
      ['property', 'og:locale', 'en_ZA'],
      ['property', 'og:title', 'Calculus Early Transcendentals | Reshelf'],
      ['property', 'og:description', description],
      ['property', 'og:url', `${SITE}/books/${id}`],
      ['property', 'og:image', `${SITE}/uploads/${id}/cover-full.webp`],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '1600'],
      ['property', 'og:image:alt', 'Photo of Calculus Early Transcendentals'],
      ['property', 'product:price:amount', '450.50'],
      ['property', 'product:price:currency', 'ZAR'],
      ['property', 'product:condition', 'used'],
      ['property', 'product:availability', 'in stock'],
      ['name', 'twitter:card', 'summary_large_image'],
    ]);
    // The same page otherwise: the app's other head tags, its first frame and its script.
    for (const kept of ['<meta name="theme-color" content="#167c49" />', '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />', '<div id="root">', '<script type="module"']) {
      expect(res.body).toContain(kept);
    }
  });

  it('escapes every value: quotes, <, >, & and an 80-character word in the title, the author and the description', async () => {
    // Titles accept ' and & (the listing rules refuse < > and "), descriptions anything: a row written
    // straight to the database stands for whatever an older rule let through.
    const title = `"Quoted" <b>Bold</b> & 'Apostrophes' O'Reilly ${LONG_WORD}`;
    const author = `<i>Ann</i> & "Bob" O'Neil`;
    const description = `</title><script>alert("x")</script> <meta property="og:title" content="forged"> & 'done' ${LONG_WORD}`;
    const id = await fixture({ title, author, description });
    const res = await page(`/books/${id}`);
    const head = headOf(res.body);
    expect(head.title).toBe(pageTitle(title));
    expect(head['og:title']).toBe(pageTitle(title));
    expect(head['og:image:alt']).toBe(`Photo of ${title}`);
    const expected = bookPageDescription({ title, author, description, price: 250, condition: 'good', seller: { university: 'uct' } });
    expect(expected).toContain('<script>alert("x")</script>');
    expect(head.description).toBe(expected);
    expect(head['og:description']).toBe(expected);
    // Nothing of it became markup: the head holds exactly the tags it should, and no script or bold.
    const plain = (await page('/no/such/page')).body;
    const count = (html: string, what: RegExp) => html.match(what)?.length ?? 0;
    expect(count(res.body, /<script/g)).toBe(count(plain, /<script/g));
    expect(count(res.body, /<meta /g)).toBe(count(plain, /<meta /g) + 4); // the four product tags
    expect(res.body).not.toMatch(/<b>|<i>|content="forged"/);
    expect(headTags(res.body).filter(([, key]) => key === 'og:title')).toHaveLength(1);
  });

  it('gives an unknown listing, and one under review, declined, hidden, taken down, expired or suspended, the plain page, byte for byte, whoever asks', async () => {
    const plain = await page('/no/such/page');
    const home = await page('/');
    expect(home.body).toBe(plain.body);
    const pending = await fixture({ title: 'Secret Pending Title', status: 'pending', description: 'Pending description' });
    const declined = await fixture({ title: 'Secret Declined Title', status: 'declined' });
    const later: string[] = [];
    for (const status of ['hidden', 'taken_down', 'expired', 'sold_elsewhere', 'suspended'] as const) {
      const id = await fixture({ title: `Secret ${status} Title` });
      await t.database.db.updateTable('books').set({ status }).where('id', '=', id).execute();
      later.push(id);
    }
    for (const id of [pending, declined, ...later, 'bk_doesnotexist000000']) {
      for (const who of [{}, { cookie: seller.cookie }, { cookie: admin.cookie }] as Record<string, string>[]) {
        const res = await page(`/books/${id}`, who);
        expect(res.statusCode, id).toBe(200);
        expect(res.body, id).toBe(plain.body);
      }
      for (const coding of ['br', 'gzip']) {
        const res = await page(`/books/${id}`, { 'accept-encoding': coding });
        expect(res.rawPayload.equals((await page('/no/such/page', { 'accept-encoding': coding })).rawPayload), `${id} ${coding}`).toBe(true);
      }
    }
  });

  it('takes the preview away at once when reports hide a listing whose page was just shared', async () => {
    const id = await fixture({ title: 'Reported Physics' });
    expect(headOf((await page(`/books/${id}`)).body).title).toBe('Reported Physics | Reshelf');
    await t.database.db.updateTable('books').set({ status: 'hidden' }).where('id', '=', id).execute();
    expect((await page(`/books/${id}`)).body).toBe((await page('/no/such/page')).body);
  });

  it('follows the listing: approval brings its preview, an edit takes it away until approved again, with the new price', async () => {
    const id = await fixture({ title: 'Organic Chemistry Sigma', status: 'pending', priceCents: 50000 });
    const plain = (await page('/no/such/page')).body;
    expect((await page(`/books/${id}`)).body).toBe(plain);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${id}/approve`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(headOf((await page(`/books/${id}`)).body)['product:price:amount']).toBe('500.00');
    // Read twice, so the page is held, before the edit.
    expect(headOf((await page(`/books/${id}`)).body).description).toMatch(/^R\u00a0500,00 · /);

    const edited = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${id}`, headers: { cookie: seller.cookie }, payload: { price: 420 } });
    expect(edited.statusCode).toBe(200);
    expect((await page(`/books/${id}`)).body).toBe(plain);

    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${id}/approve`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const head = headOf((await page(`/books/${id}`)).body);
    expect(head['product:price:amount']).toBe('420.00');
    expect(head.description).toMatch(/^R\u00a0420,00 · /);
  });

  it('says when a listing is no longer for sale', async () => {
    const id = await fixture({ title: 'Sold Statistics', availability: 'sold', condition: 'new' });
    const head = headOf((await page(`/books/${id}`)).body);
    expect(head['product:availability']).toBe('out of stock');
    expect(head['product:condition']).toBe('new');
  });

  it('answers HEAD with the headers GET has and no body', async () => {
    const id = await fixture({ title: 'Head Request Book' });
    const get = await page(`/books/${id}`, { 'accept-encoding': 'gzip, br' });
    const head = await t.app.inject({ method: 'HEAD', url: `/books/${id}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'content-length']) expect(head.headers[name], name).toBe(get.headers[name]);
    const hidden = await fixture({ title: 'Head Pending', status: 'pending' });
    const hiddenHead = await t.app.inject({ method: 'HEAD', url: `/books/${hidden}` });
    expect(hiddenHead.statusCode).toBe(200);
    expect(hiddenHead.headers['content-length']).toBe((await t.app.inject({ method: 'HEAD', url: '/no/such/page' })).headers['content-length']);
  });

  it('sends the page in the encoding the browser accepts, the same page in each', async () => {
    const id = await fixture({ title: 'Encoded Book' });
    const identity = await page(`/books/${id}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const cases: [string, string, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', zlib.gunzipSync],
    ];
    for (const [accept, coding, decompress] of cases) {
      for (let round = 0; round < 2; round += 1) {
        const res = await page(`/books/${id}`, { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], accept).toBe(coding);
        expect(decompress(res.rawPayload).toString('utf8'), accept).toBe(identity.body);
      }
    }
  });

  it('leaves what is not a listing id to the other routes: a file name is a 404, the catalogue its own page', async () => {
    const file = await page('/books/cover.png');
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toMatch(/text\/plain/);
    const catalogue = await page('/books?q=calculus');
    expect(catalogue.statusCode).toBe(200);
    expect(headOf(catalogue.body)['og:url']).toBe(`${SITE}/books`);
  });
});

describe(`every page's preview names absolute addresses on PUBLIC_URL (${dialectUnderTest})`, () => {
  it('gives the site image and an absolute og:url: its own for public pages, the home page for the others', async () => {
    const cases: [string, string][] = [
      ['/', `${SITE}/`],
      ['/about', `${SITE}/about`],
      ['/about/?from=footer', `${SITE}/about`],
      ['/login', `${SITE}/login`],
      ['/seller/sell', `${SITE}/`],
      ['/buyer/books/some-id', `${SITE}/`],
      ['/no/such/page', `${SITE}/`],
    ];
    for (const [url, address] of cases) {
      const head = headOf((await page(url)).body);
      expect(head['og:url'], url).toBe(address);
      expect(head['og:image'], url).toBe(`${SITE}/og-image.png`);
      expect(head['og:image:width'], url).toBe('1200');
      expect(head['og:image:height'], url).toBe('630');
      expect(head.title, url).toBe('Reshelf — Second-hand textbooks for SA students');
      expect(head, url).not.toHaveProperty('canonical');
      expect(head['twitter:card'], url).toBe('summary_large_image');
    }
  });

  it("carries the deployment's support address (SUPPORT_EMAIL) on every page, a listing's too, once, escaped", async () => {
    const id = await fixture({ title: 'Support address on a shared listing' });
    for (const url of ['/', '/contact', '/terms', '/privacy', `/books/${id}`, '/books/unknown-id']) {
      const html = (await page(url)).body;
      const tags = [...html.matchAll(new RegExp(`<meta name="${SUPPORT_EMAIL_META}" content="([^"]*)" />`, 'g'))];
      expect(tags.map((m) => decode(m[1]!)), url).toEqual([SUPPORT]);
      expect(html.indexOf(tags[0]![0]), url).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it("reads the site's values from index.html, so the web app's file stays their one source", () => {
    const { site, before, after } = splitPage(INDEX_HTML);
    expect(site).toMatchObject({
      title: 'Reshelf — Second-hand textbooks for SA students',
      ogTitle: 'Reshelf — Second-hand textbooks for SA students',
      siteName: 'Reshelf',
      locale: 'en_ZA',
      twitterCard: 'summary_large_image',
      image: { path: '/og-image.png', width: 1200, height: 630, alt: 'Reshelf: second-hand textbooks for South African students' },
    });
    expect(site.description).toMatch(/^Reshelf is the trusted marketplace/);
    expect(site.ogDescription).toMatch(/^Buy and sell used university textbooks/);
    // Every describing tag is out of the template, every other tag is still in it.
    expect(before + after).not.toMatch(/<title>|og:|twitter:|name="description"/);
    expect(before + after).toContain('<meta name="viewport"');
    expect(before).toMatch(/<head>/);
  });
});
