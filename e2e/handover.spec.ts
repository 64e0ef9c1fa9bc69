// The handover in real browsers against the real server: a seller's listing (listed and approved through
// the API) is requested by a buyer; the seller, in a second browser, accepts with a campus meetup; the
// buyer's page shows the handover code and its QR code without a reload; the seller enters a wrong code
// and is told so, then the right one, and the sale is completed on both sides. The pages are checked with
// axe and looked at (screenshots) at 320, 390 and 1280 px, on layout-breaking data, none wider than the screen.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiContext, apiLogIn, expectNoAxeViolations, listApprovedBook, logIn, meetupInput, overflowOf, register, screenshot, waitForMail } from './helpers';
import { HANDOVER } from '@reshelf/shared';
import { LONG_WORD, hostileBookData } from './hostile-data';

/** The text of the one QR code in a PNG screenshot, read by ZXing (the decoder the barcode spec uses). */
async function readQr(png: Buffer): Promise<string | undefined> {
  prepareZXingModule({ overrides: { wasmBinary: fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer } as never });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const read = await readBarcodes({ data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' } as ImageData, { formats: ['QRCode'] });
  return read[0]?.text;
}

/** Looks at the page at 320 px too (the narrowest phones), then goes back to the project's width. */
async function at320(page: Page, look: () => Promise<void>) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 740 });
  try {
    await look();
  } finally {
    await page.setViewportSize(size);
  }
}

test('the seller completes the sale with the buyer’s handover code: a wrong code is refused, the right one completes it on both sides', async ({ browser, page, baseURL }, testInfo) => {
  test.slow();
  const token = `H${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  const title = `${LONG_WORD} Linear Algebra ${token}`;

  // Set-up through the API: the seller lists the book and an admin approves it.
  const sellerApi = await apiContext(browser, baseURL!);
  const adminApi = await apiContext(browser, baseURL!);
  const sellerEmail = (await register(sellerApi, { userType: 'seller', firstName: 'Sipho' })).email;
  await apiLogIn(sellerApi, sellerEmail);
  await apiLogIn(adminApi, ADMIN.email, ADMIN.password);
  const bookId = await listApprovedBook(sellerApi, adminApi, title, hostileBookData({ title }));
  const buyerEmail = (await register(sellerApi, { userType: 'buyer', firstName: 'Thandi' })).email;

  // The buyer requests it.
  await logIn(page, buyerEmail, { area: 'buyer' });
  await page.goto(`/buyer/books/${bookId}`);
  await page.getByRole('button', { name: 'Request to buy' }).click();
  await expect(page).toHaveURL(/\/buyer\/orders\/[\w-]+$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByText(/^The seller has until .+ to answer$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your handover code' })).toBeHidden();

  // The seller, in a second browser, accepts with a meetup at a place they type.
  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, isMobile: testInfo.project.name === 'phone', hasTouch: testInfo.project.name === 'phone' });
  const sellerPage = await sellerContext.newPage();
  await logIn(sellerPage, sellerEmail, { area: 'seller' });
  await sellerPage.goto(`/seller/orders/${orderId}`);
  await sellerPage.getByRole('button', { name: 'Accept' }).click();
  const accept = sellerPage.getByRole('dialog', { name: 'Accept and set a meetup' });
  await accept.getByLabel('Meetup spot').selectOption('other');
  const place = `Library entrance ${LONG_WORD.slice(0, 60)}`;
  await accept.getByLabel(/^Meetup place/).fill(place);
  await accept.getByLabel(/Date and time/).fill(meetupInput());
  await accept.getByRole('button', { name: 'Accept request' }).click();
  await expect(accept).toBeHidden();
  await expect(sellerPage.getByRole('button', { name: 'Complete sale' })).toBeVisible();
  // The seller never sees the code.
  await expect(sellerPage.getByRole('heading', { name: 'Your handover code' })).toBeHidden();

  // The buyer's page follows without a reload: the code, big, and its QR code.
  const codePanel = page.locator('section', { has: page.getByRole('heading', { name: 'Your handover code' }) });
  await expect(codePanel).toBeVisible();
  const shown = (await codePanel.getByTestId('handover-code').locator('[aria-hidden="true"]').textContent())!;
  expect(shown).toMatch(/^\d{3} \d{3}$/);
  const code = shown.replace(' ', '');
  const qr = codePanel.getByRole('img', { name: 'QR code of the handover code, for Sipho to scan' });
  await expect(qr).toBeVisible();
  // What the QR holds, read off the screen by a decoder: the seller's page of this order with the code.
  expect(await readQr(await qr.screenshot())).toBe(`${new URL(page.url()).origin}/seller/orders/${orderId}#${HANDOVER.fragment}=${code}`);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/v1/orders/${orderId}/calendar.ics`);
  await expect(page.getByText(place)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await overflowOf(page)).toEqual([]);
  await codePanel.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'handover-buyer-code');
  await at320(page, async () => {
    await expect(codePanel.getByRole('img', { name: /^QR code/ })).toBeVisible();
    expect(await overflowOf(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'handover-buyer-code-320');
  });

  // The seller enters a wrong code: refused, and said under the field.
  await sellerPage.getByRole('button', { name: 'Complete sale' }).click();
  const complete = sellerPage.getByRole('dialog', { name: 'Complete the sale' });
  const field = complete.getByLabel(/^Handover code/);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await field.fill(wrong);
  await complete.getByRole('button', { name: 'Complete sale' }).click();
  await expect(complete.locator('p:not(.sr-only)', { hasText: 'Wrong handover code' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(sellerPage);
  await screenshot(sellerPage, testInfo, 'handover-seller-wrong-code');
  await at320(sellerPage, async () => {
    expect(await overflowOf(sellerPage)).toEqual([]);
    await screenshot(sellerPage, testInfo, 'handover-seller-wrong-code-320');
  });

  // Then the right one: the sale is completed on both sides.
  await field.fill(code);
  await complete.getByRole('button', { name: 'Complete sale' }).click();
  await expect(complete).toBeHidden();
  await expect(sellerPage.getByText('Sale completed. Rate the buyer to help other students.')).toBeVisible();
  await expect(sellerPage.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(sellerPage.getByRole('list', { name: 'Order progress' })).toContainText('Completed (done)');
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your handover code' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Completed (done)');
  await expect.poll(async () => (await waitForMail(buyerEmail)).subject).toBe(`Sipho completed the sale of "${title}"`);
  await expectNoAxeViolations(sellerPage);
  await expectNoAxeViolations(page);
  expect(await overflowOf(page)).toEqual([]);
  await screenshot(sellerPage, testInfo, 'handover-seller-completed');
  await screenshot(page, testInfo, 'handover-buyer-completed');

  await sellerContext.close();
});
