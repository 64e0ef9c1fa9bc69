// Sharing a listing in a real browser, on a phone and a desktop: the page the server sends for a listed
// book carries its preview (title, description with price, condition and campus, its photo, an absolute
// og:url and canonical link), read with the browser's own HTML parser, every awkward character of the
// listing intact and nothing of it turned into markup; a listing under review gets the plain page. On the
// page, Share on WhatsApp links to wa.me with the title, price and public address, Copy link puts that
// address on the clipboard (also from the buyer's area) and says 'Link copied', and the page passes axe.
// At 320, 390 and 1280 px (desktop project) nothing reaches past the screen, and screenshots are kept.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SHARE_MESSAGES, bookPageDescription, formatRand, pageTitle } from '@reshelf/shared';
import { expectNoAxeViolations, logIn, ok, overflowOf, png, screenshot, signedInAdmin, signedInStudent } from './helpers';
import { LONG_URL, LONG_WORD, MAX_PRICE, SIX_AUTHORS, hostileBookData } from './hostile-data';

// What the listing rules let a title and a description hold: ' and & in the title, anything in the text.
const TITLE = `O'Reilly & Sons ${LONG_WORD} Algebra`;
// The students of this spec: Naledi Dlamini at UCT.
const STUDENT = { firstName: 'Naledi', university: 'uct' };
const DESCRIPTION = `Says "<b>clean</b>" & <script>alert('x')</script> ${LONG_WORD} ${LONG_URL}`;

async function list(request: APIRequestContext, overrides: Record<string, unknown>) {
  const form = new FormData();
  form.append('bookData', JSON.stringify(hostileBookData({ title: TITLE, description: DESCRIPTION, ...overrides })));
  for (let i = 0; i < 4; i++) form.append('images', new Blob([new Uint8Array(png(300, 400, [22 + i * 40, 124, 73]))], { type: 'image/png' }), `photo-${i}.png`);
  return (await ok<{ book: { id: string } }>(await request.post('/api/v1/books', { multipart: form }), 'list')).book.id;
}

let listed: string;
let pending: string;
let buyerEmail: string;

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const seller = await signedInStudent(browser, baseURL, { ...STUDENT, userType: 'seller', emailPrefix: 'share-seller' });
  const buyer = await signedInStudent(browser, baseURL, { ...STUDENT, userType: 'buyer', emailPrefix: 'share-buyer' });
  buyerEmail = buyer.email;
  const admin = await signedInAdmin(browser, baseURL);
  listed = await list(seller.context.request, { price: MAX_PRICE, condition: 'like-new' });
  pending = await list(seller.context.request, { title: `Under Review ${LONG_WORD}` });
  await ok(await admin.request.post(`/api/v1/admin/books/${listed}/approve`), 'approve');
  await Promise.all([seller.context, buyer.context, admin].map((c) => c.close()));
});

/** The head's describing tags as the browser's own parser reads them from `html`. */
async function parsedHead(page: Page, html: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const meta = (key: string) => Array.from(doc.head.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)).map((m) => m.getAttribute('content'));
    return {
      title: Array.from(doc.head.querySelectorAll('title')).map((t) => t.textContent),
      canonical: Array.from(doc.head.querySelectorAll('link[rel="canonical"]')).map((l) => l.getAttribute('href')),
      description: meta('description'),
      ogTitle: meta('og:title'),
      ogDescription: meta('og:description'),
      ogUrl: meta('og:url'),
      ogImage: meta('og:image'),
      ogImageSize: [...meta('og:image:width'), ...meta('og:image:height')],
      ogType: meta('og:type'),
      price: meta('product:price:amount'),
      twitterCard: meta('twitter:card'),
      // Anything the listing's text would have become if it were not escaped.
      scripts: doc.querySelectorAll('script').length,
      bold: doc.querySelectorAll('b').length,
    };
  }, html);
}

test('the page sent for a listed book previews it; one under review gets the plain page', async ({ page, request, baseURL }) => {
  await page.goto('/about');
  const res = await request.get(`/books/${listed}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
  const head = await parsedHead(page, await res.text());
  const address = `${baseURL}/books/${listed}`;
  const description = bookPageDescription({ title: TITLE, author: SIX_AUTHORS, price: MAX_PRICE, condition: 'like-new', description: DESCRIPTION, seller: { university: 'uct' } });
  expect(description).toContain(`${formatRand(MAX_PRICE)} · Like New condition · University of Cape Town.`);
  expect(head).toMatchObject({
    title: [pageTitle(TITLE)],
    canonical: [address],
    description: [description],
    ogTitle: [pageTitle(TITLE)],
    ogDescription: [description],
    ogUrl: [address],
    ogType: ['product'],
    price: [MAX_PRICE.toFixed(2)],
    twitterCard: ['summary_large_image'],
    bold: 0,
  });
  // The photo is public and absolute, with its real size.
  const [image] = head.ogImage;
  expect(image).toMatch(new RegExp(`^${baseURL}/uploads/${listed}/`));
  const photo = await request.get(image!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/webp');
  expect(head.ogImageSize).toEqual(['300', '400']);

  const plain = await (await request.get('/no/such/page')).text();
  expect(head.scripts).toBe((await parsedHead(page, plain)).scripts);
  expect(await (await request.get(`/books/${pending}`)).text()).toBe(plain);
  expect(plain).not.toContain('Under Review');
  expect((await parsedHead(page, plain)).ogImage).toEqual([`${baseURL}/og-image.png`]);
  const headAnswer = await request.head(`/books/${listed}`);
  expect(headAnswer.status()).toBe(200);
  expect(headAnswer.headers()['content-type']).toBe('text/html; charset=utf-8');
});

test('Share on WhatsApp and Copy link, from the public page and from the buyer\'s', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const address = `${baseURL}/books/${listed}`;
  await page.goto(`/books/${listed}`);
  const panel = page.getByRole('region', { name: 'Share this book' });
  const whatsApp = panel.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' });
  await expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${TITLE} for ${formatRand(MAX_PRICE)} on Reshelf: ${address}`)}`);
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  await expect(whatsApp).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(page).toHaveTitle(pageTitle(TITLE));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', address);
  // The share sheet's button shows exactly where the browser has one.
  const hasShareSheet = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(panel.getByRole('button', { name: 'Share…' })).toHaveCount(hasShareSheet ? 1 : 0);

  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('[data-title]', { hasText: SHARE_MESSAGES.linkCopied })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(SHARE_MESSAGES.linkCopied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expectNoAxeViolations(page);

  // A buyer shares from their own area: still the public address.
  await logIn(page, buyerEmail, { area: 'buyer' });
  await page.goto(`/buyer/books/${listed}`);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('region', { name: 'Share this book' }).getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('region', { name: 'Share this book' }).getByRole('status')).toHaveText(SHARE_MESSAGES.linkCopied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', address);
});

for (const width of [320, 390, 1280]) {
  test(`the book page with its share row fits ${width} px`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'sets its own widths; runs once, in the desktop project');
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/books/${listed}`);
    const panel = page.getByRole('region', { name: 'Share this book' });
    await expect(panel.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const overflow = await overflowOf(page);
    await screenshot(page, testInfo, `share-${width}`);
    expect(overflow).toEqual([]);
    await expectNoAxeViolations(page);
  });
}
