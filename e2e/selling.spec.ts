// Selling in a real browser against the real server: a seller lists a book with 4 photos through the
// wizard, an admin approves it in /admin, and the seller sees it Approved in My Books. Screenshots of
// every step at both widths, and axe on the wizard, My Books and the moderation queue. Then: a title with
// real punctuation and phone-sized photos scaled down before sending, with progress per photo and overall
// on a slow uplink; Try again after the connection drops mid-upload, without retyping or re-picking; and
// every detail of a declined listing corrected from My Books.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiContext, apiLogIn, expectNoAxeViolations, logIn, png, register, reviewInQueue, screenshot } from './helpers';

// Every test here has the browser decode and scale photos, some of them 12-megapixel JPEGs: work for the
// CPU, which on a loaded machine takes as long as it takes. So the file has three times the usual time, and
// a wait for what follows photo work (thumbnails, the upload's outcome) is bounded by that time alone.
test.describe.configure({ timeout: 3 * 180_000 });
const AFTER_PHOTO_WORK = { timeout: 0 };

const PHOTOS = ([
  [22, 124, 73],
  [200, 120, 40],
  [40, 90, 180],
  [180, 40, 90],
] as [number, number, number][]).map((colour, index) => ({
  name: `photo-${index + 1}.png`,
  mimeType: 'image/png',
  buffer: png(240, 180, colour),
}));

test('a seller lists a book with 4 photos, an admin approves it, the seller sees it Approved', async ({ page }, testInfo) => {
  const { email } = await register(page.request, { userType: 'seller', firstName: 'Lerato', lastName: 'Mokoena', studentNumber: '3456789', university: 'uj', emailPrefix: 'lister' });
  const title = `Linear Algebra ${testInfo.project.name} ${Date.now().toString(36)}`;

  await logIn(page, email, { area: 'seller' });
  await expect(page.getByRole('heading', { name: 'No Books Listed' })).toBeVisible();
  await screenshot(page, testInfo, 'seller-home-empty');
  await page.getByRole('link', { name: 'List Your First Book' }).click();
  await expect(page).toHaveURL(/\/seller\/sell$/);

  // Step 1: Basic Information.
  await expect(page.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeVisible();
  if (testInfo.project.name === 'phone') await expect(page.getByText('Step 1 of 3', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Author/).fill('Gilbert Strang');
  await page.getByLabel(/^ISBN/).pressSequentially('978-0-9802327-7-6a');
  await expect(page.getByLabel(/^ISBN/)).toHaveValue('978-0-9802327-7-6');
  await page.getByLabel(/^Publisher/).fill('Wellesley-Cambridge Press');
  await page.getByLabel(/^Publication Year/).fill('2016');
  await page.getByLabel(/^Edition/).fill('5th');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'sell-step-1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: Book Details.
  await expect(page.getByRole('heading', { level: 2, name: 'Book Details' })).toBeVisible();
  await page.getByLabel(/^Language/).selectOption('english');
  await page.getByLabel(/^Category/).selectOption('mathematics');
  await page.getByLabel(/^Study Level/).selectOption('undergraduate');
  await page.getByLabel(/^Condition/).selectOption('very-good');
  // The price field by its role: the edition's price guidance beside it (a region labelled "Prices of this
  // edition on Reshelf", shown once this ISBN has approved listings) would match the label /^Price/ too.
  const price = page.getByRole('textbox', { name: /^Price/ });
  await price.pressSequentially('1234567.891');
  await expect(price).toHaveValue('123456.89');
  await price.fill('');
  await price.pressSequentially('520');
  await page.getByLabel(/^Number of Pages/).fill('584');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'sell-step-2');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Images & Description.
  await expect(page.getByRole('heading', { level: 2, name: 'Images & Description' })).toBeVisible();
  await expect(page.getByText('Upload at least 4 more images')).toBeVisible();
  await expect(page.getByRole('button', { name: 'List Book' })).toBeDisabled();
  await page.getByLabel(/Add photos/).setInputFiles(PHOTOS);
  await expect(page.getByText('You can add 2 more images')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4, AFTER_PHOTO_WORK);
  await page.getByLabel(/^Description/).fill('Clean copy, a little pencil in chapter 3. Used for MATH1B.');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'sell-step-3');
  await page.getByRole('button', { name: 'List Book' }).click();

  const dialog = page.getByRole('dialog', { name: 'Book Listed Successfully!' });
  await expect(dialog).toBeVisible(AFTER_PHOTO_WORK);
  await expect(dialog.getByText('Book submitted successfully!')).toBeVisible();
  await expect(page.getByText('Book listed successfully!', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'sell-success');
  await dialog.getByRole('link', { name: 'View My Books' }).click();

  await expect(page).toHaveURL(/\/seller\/books$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByRole('img', { name: `Cover of ${title}` })).toHaveJSProperty('complete', true);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'my-books-pending');

  // The admin approves it.
  await page.context().clearCookies();
  await logIn(page, ADMIN.email, { password: ADMIN.password, area: 'admin' });
  const review = await reviewInQueue(page, title);
  await expect(review.getByRole('button', { name: /^Enlarge photo/ })).toHaveCount(4);
  await expect(review.getByText(/Lerato, University of Johannesburg/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'admin-queue');
  await review.getByRole('button', { name: 'Enlarge photo 1 of 4' }).click();
  await expect(page.getByRole('dialog', { name: `${title}: photo 1 of 4` })).toBeVisible();
  await screenshot(page, testInfo, 'admin-photo');
  await page.keyboard.press('Escape');
  await review.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(page.getByText('Listing approved')).toBeVisible();
  await expect(review).toHaveCount(0);

  // The seller sees it Approved.
  await page.context().clearCookies();
  await logIn(page, email, { area: 'seller' });
  await page.goto('/seller/books');
  await expect(card.getByText('Approved')).toBeVisible();
  await screenshot(page, testInfo, 'my-books-approved');
  await page.goto('/seller/transactions');
  await expect(page.getByText('Showing 1 to 1 of 1 transactions')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'seller-transactions');
});

/** Photo-like JPEGs of a phone's size (2400x1800, noisy so they compress like photos), written to files. */
async function phonePhotos(count: number): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-sell-photos-'));
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const width = 2400;
    const height = 1800;
    const raw = Buffer.alloc(width * height * 3);
    let s = (i + 1) * 2654435761;
    for (let p = 0; p < raw.length; p++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      raw[p] = (120 + i * 20 + ((s >>> 24) % 60)) & 255;
    }
    const file = path.join(dir, `IMG_00${i + 1}.jpg`);
    fs.writeFileSync(file, await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer());
    files.push(file);
  }
  return files;
}

async function fillDetails(page: Page) {
  await page.goto('/seller/sell');
  await page.getByLabel('Title').fill('C++ Primer: Physics & Engineers (5th/6th)');
  await page.getByLabel('Author').fill('Stanley Lippman & Josée Lajoie');
  await page.getByLabel('ISBN').fill('978-0-321-71411-4');
  await page.getByLabel('Publisher').fill('Addison-Wesley (Pearson)');
  await page.getByLabel('Publication Year').fill('2012');
  await page.getByLabel('Edition').fill('5th (Global)');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Language').selectOption('english');
  await page.getByLabel('Category').selectOption('computer-science');
  await page.getByLabel('Study Level').selectOption('undergraduate');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Price (R)').fill('123456.78');
  await page.getByLabel('Number of Pages').fill('976');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Description/).fill('Some pencil notes in chapter 3, otherwise clean.');
}

test('lists a book with a punctuated title; photos go up scaled down, with progress per photo and overall', async ({ page, browser, baseURL }, testInfo) => {
  const { email } = await register(await apiContext(browser, baseURL!), { userType: 'seller', firstName: 'Lerato' });
  await logIn(page, email, { area: 'seller' });
  await fillDetails(page);
  const files = await phonePhotos(4);
  const picked = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  await page.locator('input[type="file"]').setInputFiles(files);
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4, AFTER_PHOTO_WORK);
  await expectNoAxeViolations(page);

  // A slow uplink, so the progress can be seen (and photographed) while it runs.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 250_000, uploadThroughput: 100_000 });
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/books'));
  await page.getByRole('button', { name: 'List Book' }).click();
  await expect(page.getByRole('progressbar', { name: /Sending your listing/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Photo 1 upload' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Photo 4 upload' })).toBeVisible();
  await screenshot(page, testInfo, 'sell-uploading');
  await expectNoAxeViolations(page);
  await expect(page.getByRole('dialog', { name: 'Book Listed Successfully!' })).toBeVisible(AFTER_PHOTO_WORK);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const sent = (await (await posted).sizes()).requestBodySize;
  expect(sent).toBeLessThan(picked / 3);
  await page.getByRole('link', { name: 'View My Books' }).click();
  await expect(page.getByRole('heading', { name: 'C++ Primer: Physics & Engineers (5th/6th)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('after the connection drops mid-upload, Try again sends the same listing without retyping or re-picking', async ({ page, browser, baseURL }) => {
  const { email } = await register(await apiContext(browser, baseURL!), { userType: 'seller', firstName: 'Lerato' });
  await logIn(page, email, { area: 'seller' });
  await fillDetails(page);
  await page.locator('input[type="file"]').setInputFiles(await phonePhotos(4));
  let attempts = 0;
  await page.route('**/api/v1/books', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    attempts += 1;
    if (attempts === 1) return route.abort('connectionreset');
    return route.continue();
  });
  await page.getByRole('button', { name: 'List Book' }).click();
  const stopped = page.getByRole('alert').filter({ hasText: 'The upload stopped before it finished' });
  await expect(stopped).toBeVisible(AFTER_PHOTO_WORK);
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4, AFTER_PHOTO_WORK);
  await expect(page.getByLabel(/^Description/)).toHaveValue('Some pencil notes in chapter 3, otherwise clean.');
  await stopped.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog', { name: 'Book Listed Successfully!' })).toBeVisible(AFTER_PHOTO_WORK);
  expect(attempts).toBe(2);
  const mine = await page.request.get('/api/v1/seller/books');
  expect(((await mine.json()) as { total: number }).total).toBe(1);
});

test('corrects every detail of a declined listing from My Books; it goes back to review', async ({ page, browser, baseURL }, testInfo) => {
  const { email } = await register(await apiContext(browser, baseURL!), { userType: 'seller', firstName: 'Lerato' });
  await logIn(page, email, { area: 'seller' });
  const photos = await phonePhotos(4);
  const form = new FormData();
  form.append(
    'bookData',
    JSON.stringify({
      title: 'Calculus Early Transcendentals',
      author: 'James Stewart',
      isbn: '978-1-285-74155-0',
      publisher: 'Cengage',
      publicationYear: 2015,
      language: 'english',
      category: 'mathematics',
      studyLevel: 'undergraduate',
      condition: 'good',
      price: 450,
      edition: '8th',
      numberOfPages: 1368,
      description: 'Clean copy.',
    }),
  );
  for (const file of photos) form.append('images', new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'image/jpeg' }), path.basename(file));
  const created = await page.request.post('/api/v1/books', { multipart: form });
  expect(created.status()).toBe(201);
  const { book } = (await created.json()) as { book: { id: string } };
  const admin = await apiContext(browser, baseURL!);
  await apiLogIn(admin, ADMIN.email, ADMIN.password);
  expect((await admin.post(`/api/v1/admin/books/${book.id}/decline`, { data: { reason: 'The ISBN and edition do not match the photos' } })).status()).toBe(200);

  await page.goto('/seller/books');
  await page.getByRole('button', { name: 'Edit Calculus Early Transcendentals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit listing' });
  await expect(dialog.getByText('The ISBN and edition do not match the photos')).toBeVisible();
  await dialog.getByLabel('Title').fill('Calculus: Early Transcendentals (Metric)');
  await dialog.getByLabel('Author').fill('James Stewart & Daniel Clegg');
  await dialog.getByLabel('ISBN').fill('978-0-357-11351-6');
  await dialog.getByLabel('Publisher').fill('Cengage (South Africa)');
  await dialog.getByLabel('Publication Year').fill('2020');
  await dialog.getByLabel('Edition').fill('9th/Metric');
  await dialog.getByLabel('Language').selectOption('afrikaans');
  await dialog.getByLabel('Category').selectOption('engineering');
  await dialog.getByLabel('Study Level').selectOption('postgraduate');
  await dialog.getByLabel('Condition').selectOption('like-new');
  await dialog.getByLabel('Price (R)').fill('123456.78');
  await dialog.getByLabel('Number of Pages').fill('1440');
  await dialog.getByLabel(/^Description/).fill('Corrected details; the photos show the metric edition.');
  await dialog.getByLabel('Additional Notes (optional)').fill('Meet at the Wits library.');
  await screenshot(page, testInfo, 'sell-edit-dialog');
  await expectNoAxeViolations(page);
  const save = dialog.getByRole('button', { name: 'Save changes' });
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  await save.dblclick();
  await expect(page.getByText('Listing updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(patches).toHaveLength(1);
  await expect(page.getByRole('heading', { name: 'Calculus: Early Transcendentals (Metric)' })).toBeVisible();

  const saved = (await (await page.request.get(`/api/v1/books/${book.id}`)).json()) as { book: Record<string, unknown> };
  expect(saved.book).toMatchObject({
    title: 'Calculus: Early Transcendentals (Metric)',
    author: 'James Stewart & Daniel Clegg',
    // Stored as its ISBN-13, digits only.
    isbn: '9780357113516',
    publisher: 'Cengage (South Africa)',
    publicationYear: 2020,
    edition: '9th/Metric',
    language: 'afrikaans',
    category: 'engineering',
    studyLevel: 'postgraduate',
    condition: 'like-new',
    price: 123456.78,
    numberOfPages: 1440,
    description: 'Corrected details; the photos show the metric edition.',
    additionalNotes: 'Meet at the Wits library.',
    status: 'pending',
    declineReason: null,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('takes camera photos over 5 MB and sends them scaled down', async ({ page, browser, baseURL }) => {
  const { email } = await register(await apiContext(browser, baseURL!), { userType: 'seller', firstName: 'Lerato' });
  await logIn(page, email, { area: 'seller' });
  await fillDetails(page);
  const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
  await page.locator('input[type="file"]').setInputFiles([1, 2, 3, 4].map((n) => ({ name: `IMG_${n}.jpg`, mimeType: 'image/jpeg', buffer: big })));
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4, AFTER_PHOTO_WORK);
  await expect(page.getByText('Each image must be 5MB or smaller')).toHaveCount(0);
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/books'));
  await page.getByRole('button', { name: 'List Book' }).click();
  await expect(page.getByRole('dialog', { name: 'Book Listed Successfully!' })).toBeVisible(AFTER_PHOTO_WORK);
  await posted;
});
