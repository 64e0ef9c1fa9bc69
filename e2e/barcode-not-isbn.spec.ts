// The sell wizard's Scan barcode with a fake camera (fake-camera.ts) filming a shop's product code: an
// EAN-13, but not a book's. The dialog says so in its exact words while the video plays, passes axe and
// fits 320, 390 and 1280 px; Escape closes it with focus back on the button and ends the camera's tracks;
// opened again, leaving the page with the browser's Back ends them too. (Scanning an ISBN: barcode.spec.ts.)
import { expect, test } from '@playwright/test';
import { MESSAGES } from '@reshelf/shared';
import { barcodeFrame, watchCameraStreams, withCamera, writeY4m } from './fake-camera';
import { expectNoAxeViolations, randomEan13, screenshot, signInNewSeller, watchOutsideRequests } from './helpers';

// A South African shop's product code (GS1 prefix 600).
const PRODUCT_CODE = randomEan13('600');

test.use(withCamera(writeY4m(PRODUCT_CODE, barcodeFrame(PRODUCT_CODE))));

test('the dialog says the barcode is not an ISBN; Escape and leaving the page stop the camera', async ({ page, baseURL }, testInfo) => {
  const camera = await watchCameraStreams(page);
  const outside = watchOutsideRequests(page, baseURL!);
  await signInNewSeller(page);
  await page.getByRole('link', { name: 'List Your First Book' }).click();
  const scan = page.getByRole('button', { name: 'Scan barcode' });
  await scan.click();
  const dialog = page.getByRole('dialog', { name: 'Scan the barcode' });
  await expect(dialog.getByText(MESSAGES.scanNotBook, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Camera view')).toHaveJSProperty('paused', false);
  await expect.poll(() => camera.live()).toBe(1);
  await expectNoAxeViolations(page);

  for (const width of testInfo.project.name === 'phone' ? [390, 320] : [1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 700 });
    // Nothing shown in the page or the dialog reaches past the screen.
    const beyond = await page.evaluate(() => {
      const problems: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`document is ${document.documentElement.scrollWidth} px wide`);
      for (const element of Array.from(document.querySelectorAll('dialog *'))) {
        const { left, right, width, height } = element.getBoundingClientRect();
        // Empty boxes (the toast list waiting for a toast) show nothing.
        if (width * height === 0) continue;
        if (left < 0 || right > window.innerWidth + 0.5) problems.push(`${element.tagName.toLowerCase()} spans ${left}-${right} px`);
      }
      return problems;
    });
    expect(beyond).toEqual([]);
    await screenshot(page, testInfo, `barcode-not-isbn-${width}`);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(scan).toBeFocused();
  await expect.poll(() => camera.live()).toBe(0);
  await expect(page.getByLabel(/^ISBN/)).toHaveValue('');

  // Open again, then leave the page with the browser's Back while the camera films.
  await scan.click();
  await expect(dialog.getByText(MESSAGES.scanNotBook, { exact: true })).toBeVisible();
  await expect.poll(() => camera.opened()).toBe(2);
  await expect.poll(() => camera.live()).toBe(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/seller$/);
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => camera.live()).toBe(0);
  expect(outside).toEqual([]);
});
