// Listing a book by scanning its barcode, in Chromium with a fake camera filming a barcode this test drew
// (fake-camera.ts): a seller taps Scan barcode in the sell wizard, the ISBN fills in, the book's details
// come from an earlier listing of that ISBN, the camera's tracks end as the dialog closes, and the
// finished listing waits in My Books as Pending. Linux Chromium has no BarcodeDetector of its own, so this
// reads with ZXing's WebAssembly, which the server sends like any script: no request leaves its host.
// (A barcode that is not an ISBN, Escape and leaving the page: barcode-not-isbn.spec.ts.)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Browser } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { barcodeFrame, rgba, watchCameraStreams, withCamera, writeY4m } from './fake-camera';
import { expectNoAxeViolations, listApprovedBook, png, randomEan13, screenshot, signedInAdmin, signedInStudent, signInNewSeller, watchOutsideRequests } from './helpers';

// An ISBN of this run's own, so the edition's details are the ones this test listed.
const ISBN = randomEan13('9780');
const EARLIER = {
  title: `Signals and Systems ${ISBN.slice(-5)}`,
  author: 'Alan V. Oppenheim',
  publisher: 'Pearson',
  publicationYear: 1996,
  edition: '2nd Edition',
};

test.use(withCamera(writeY4m(ISBN, barcodeFrame(ISBN))));

const PHOTOS = ([
  [22, 124, 73],
  [200, 120, 40],
  [40, 90, 180],
  [180, 40, 90],
] as [number, number, number][]).map((colour, index) => ({ name: `photo-${index + 1}.png`, mimeType: 'image/png', buffer: png(240, 180, colour) }));

/** Another seller lists this ISBN and an admin approves it: the edition Reshelf knows. */
async function listEarlierCopy(browser: Browser, baseURL: string) {
  const seller = await signedInStudent(browser, baseURL, { userType: 'seller', firstName: 'Pieter', lastName: 'Botha', studentNumber: '3456789', emailPrefix: 'earlier' });
  const admin = await signedInAdmin(browser, baseURL);
  await listApprovedBook(seller.request, admin.request, EARLIER.title, { ...EARLIER, isbn: ISBN, category: 'engineering' });
  await Promise.all([seller.context.close(), admin.close()]);
}

test('the test camera films a barcode that a decoder reads as the ISBN drawn', async () => {
  const require = createRequire(import.meta.url);
  prepareZXingModule({ overrides: { wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer } as never });
  const frame = barcodeFrame(ISBN);
  const read = await readBarcodes({ data: rgba(frame), width: frame.width, height: frame.height, colorSpace: 'srgb' } as ImageData, { formats: ['EAN13'] });
  expect(read.map((barcode) => barcode.text)).toEqual([ISBN]);
});

test('a seller scans the barcode, the details fill in from the earlier listing, and the listing waits in My Books', async ({ page, browser, baseURL }, testInfo) => {
  await listEarlierCopy(browser, baseURL!);
  const camera = await watchCameraStreams(page);
  const outside = watchOutsideRequests(page, baseURL!);
  await signInNewSeller(page);
  await page.getByRole('link', { name: 'List Your First Book' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeVisible();

  const scan = page.getByRole('button', { name: 'Scan barcode' });
  await scan.click();
  // The camera opens, the reader reads the barcode, and the dialog goes.
  await expect(page.getByLabel(/^ISBN/)).toHaveValue(ISBN);
  await expect(page.getByRole('dialog', { name: 'Scan the barcode' })).toHaveCount(0);
  await expect(page.getByText('Filled in from earlier listings of this ISBN')).toBeVisible();
  await expect(page.getByLabel(/^Title/)).toHaveValue(EARLIER.title);
  await expect(page.getByLabel(/^Author/)).toHaveValue(EARLIER.author);
  await expect(page.getByLabel(/^Publisher/)).toHaveValue(EARLIER.publisher);
  await expect(page.getByLabel(/^Publication Year/)).toHaveValue(String(EARLIER.publicationYear));
  await expect(page.getByLabel(/^Edition/)).toHaveValue(EARLIER.edition);
  await expect(scan).toBeFocused();
  await expect.poll(() => camera.opened()).toBe(1);
  await expect.poll(() => camera.live()).toBe(0);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'barcode-scanned');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Book Details' })).toBeVisible();
  await page.getByLabel(/^Language/).selectOption('english');
  await page.getByLabel(/^Category/).selectOption('engineering');
  await page.getByLabel(/^Study Level/).selectOption('undergraduate');
  await page.getByLabel(/^Condition/).selectOption('good');
  await page.getByRole('textbox', { name: /^Price/ }).fill('380');
  await page.getByLabel(/^Number of Pages/).fill('957');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Images & Description' })).toBeVisible();
  await page.getByLabel(/Add photos/).setInputFiles(PHOTOS);
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4);
  await page.getByLabel(/^Description/).fill('Scanned in; a few pencil notes in chapter 4.');
  await page.getByRole('button', { name: 'List Book' }).click();
  const listed = page.getByRole('dialog', { name: 'Book Listed Successfully!' });
  await expect(listed).toBeVisible();
  await listed.getByRole('link', { name: 'View My Books' }).click();

  await expect(page).toHaveURL(/\/seller\/books$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: EARLIER.title }) });
  await expect(card.getByText('Pending')).toBeVisible();
  expect(outside).toEqual([]);
});
