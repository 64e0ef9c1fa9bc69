// docs/security.md, promise 16: markup that students type (names, listing descriptions, messages, reviews) shows as
// text on every page that displays it, never as HTML; and the Content Security Policy stops inline
// script even if something did slip into a page. Data is created through the API, then each page is
// opened in a real browser.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { signedInAdmin, signedInStudent } from './helpers';

// Each payload would set window.__xss (or add an element with data-xss) if it ever ran or parsed as HTML.
const NAME_SELLER = '<img src=x onerror="window.__xss=1" data-xss>Sipho';
const NAME_BUYER = '<script>window.__xss=2</script><b data-xss>Buhle</b>';
const LAST_NAME = '<i data-xss>Dlamini</i>';
const DESCRIPTION = '<svg onload="window.__xss=3" data-xss></svg><a href="javascript:window.__xss=4" data-xss>free book</a>';
const NOTES = '"><iframe src="javascript:window.__xss=5" data-xss></iframe>';
const MESSAGE = '<img src=x onerror="window.__xss=6" data-xss> meet at <u data-xss>noon</u>';
const REVIEW = '<details open ontoggle="window.__xss=7" data-xss>great</details>';

async function photos(): Promise<Buffer[]> {
  return Promise.all(['#167c49', '#b45309', '#1d4ed8', '#7c3aed'].map((background) => sharp({ create: { width: 120, height: 160, channels: 3, background } }).png().toBuffer()));
}

/** Nothing injected ran or became an element, and `texts` show literally. */
async function expectInert(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('[data-xss]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test.describe('stored markup renders as text (XSS)', () => {
  test.skip(({ isMobile }) => isMobile, 'the same pages at one width are enough');

  test('names, listing text, messages and reviews show literally on the catalogue, book, order and My Books pages', async ({ browser, baseURL }) => {
    const seller = await signedInStudent(browser, baseURL!, { userType: 'seller', firstName: NAME_SELLER, lastName: LAST_NAME, emailPrefix: 'xss-seller' });
    const buyer = await signedInStudent(browser, baseURL!, { userType: 'buyer', firstName: NAME_BUYER, lastName: LAST_NAME, emailPrefix: 'xss-buyer' });
    const admin = await signedInAdmin(browser, baseURL!);

    const token = `Xss ${Date.now().toString(36).replace(/\d/g, '')}`;
    const form = new FormData();
    form.append('bookData', JSON.stringify({ title: `Discrete Mathematics ${token}`, author: 'Kenneth Rosen', isbn: '978-0-07-338309-5', publisher: 'McGraw Hill', publicationYear: 2012, language: 'english', category: 'mathematics', studyLevel: 'undergraduate', condition: 'good', price: 310, edition: '7th', numberOfPages: 1072, description: DESCRIPTION, additionalNotes: NOTES }));
    for (const [i, photo] of (await photos()).entries()) form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `p${i}.png`);
    const created = await seller.context.request.post('/api/v1/books', { multipart: form });
    expect(created.status()).toBe(201);
    const bookId = ((await created.json()) as { book: { id: string } }).book.id;
    expect((await admin.request.post(`/api/v1/admin/books/${bookId}/approve`)).status()).toBe(200);

    // The public catalogue (while the book is for sale), searched for this book, and its page (seller name, description, notes).
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto(`/books?q=${encodeURIComponent(token)}`);
    await expect(visitor.getByText(`Discrete Mathematics ${token}`).first()).toBeVisible();
    await expectInert(visitor, []);
    await visitor.goto(`/books/${bookId}`);
    await expectInert(visitor, ['<svg onload=', '<iframe src="javascript:']);

    const ordered = await buyer.context.request.post('/api/v1/orders', { data: { bookId } });
    expect(ordered.status()).toBe(201);
    const orderId = ((await ordered.json()) as { order: { id: string } }).order.id;
    const meetupAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await seller.context.request.post(`/api/v1/orders/${orderId}/accept`, { data: { meetupLocation: 'Library <b data-xss>steps</b>', meetupAt } })).status()).toBe(200);
    expect((await buyer.context.request.post(`/api/v1/orders/${orderId}/messages`, { data: { body: MESSAGE } })).status()).toBe(201);
    expect((await buyer.context.request.post(`/api/v1/orders/${orderId}/complete`)).status()).toBe(200);
    expect((await buyer.context.request.post(`/api/v1/orders/${orderId}/review`, { data: { rating: 5, comment: REVIEW } })).status()).toBe(201);
    expect((await seller.context.request.post(`/api/v1/orders/${orderId}/review`, { data: { rating: 4, comment: REVIEW } })).status()).toBe(201);

    // The buyer's order page: the seller's name, the meetup place, the message and the reviews.
    const buyerPage = await buyer.context.newPage();
    await buyerPage.goto(`/buyer/orders/${orderId}`);
    await expectInert(buyerPage, ['<img src=x onerror="window.__xss=6" data-xss> meet at', '<details open ontoggle=']);

    // The seller's order page (the buyer's name) and My Books.
    const sellerPage = await seller.context.newPage();
    await sellerPage.goto(`/seller/orders/${orderId}`);
    await expectInert(sellerPage, ['<img src=x onerror="window.__xss=6" data-xss> meet at']);
    await expect(sellerPage.getByText('<script>window.__xss=2</script>', { exact: false }).first()).toBeVisible();
    await sellerPage.goto('/seller/books');
    await expectInert(sellerPage, [`Discrete Mathematics ${token}`]);

    for (const c of [seller.context, buyer.context, admin]) await c.close();
  });
});

test.describe('Content Security Policy', () => {
  test.skip(({ isMobile }) => isMobile, 'one width is enough');

  test('the page is served with a CSP that allows no inline script, and the browser enforces it', async ({ page }) => {
    const response = await page.goto('/books');
    const csp = response!.headers()['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");

    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __inline?: number; __handler?: number };
      const violations: string[] = [];
      // The browser reports each violation as an event some time after it happens: wait for both reports
      // (the test's own timeout bounds the wait) rather than for a fixed time a busy machine may miss.
      let bothReported: () => void;
      const reported = new Promise<void>((resolve) => (bothReported = resolve));
      document.addEventListener('securitypolicyviolation', (e) => {
        violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
        if (violations.some((v) => v.startsWith('script-src-elem')) && violations.some((v) => v.startsWith('script-src-attr'))) bothReported();
      });
      // An inline <script> element added to the page.
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.appendChild(script);
      // An inline event handler attribute.
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__handler = 1');
      img.src = 'data:image/png;base64,AAAA';
      document.body.appendChild(img);
      await reported;
      return { inline: w.__inline, handler: w.__handler, violations: [...new Set(violations)].sort() };
    });
    // Neither ran, and it was the policy that stopped them.
    expect(ran.inline).toBeUndefined();
    expect(ran.handler).toBeUndefined();
    expect(ran.violations).toEqual(expect.arrayContaining(['script-src-elem inline', 'script-src-attr inline']));
  });
});
