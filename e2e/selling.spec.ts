// Selling in a real browser against the real server: a seller lists a book with 4 photos through the
// wizard, an admin approves it in /admin, and the seller sees it Approved in My Books. Screenshots of
// every step at both widths, and axe on the wizard, My Books and the moderation queue.
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot, uniqueEmail } from './helpers';

const PASSWORD = 'Str0ng!pass';
const ADMIN = { email: 'admin@reshelf.test', password: 'Admin-Passw0rd!' };

/** A small solid-colour PNG (RGB, no filter) the server's image pipeline accepts. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a seller lists a book with 4 photos, an admin approves it, the seller sees it Approved', async ({ page }, testInfo) => {
  const email = uniqueEmail('lister');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Lerato', lastName: 'Mokoena', studentNumber: '3456789', university: 'uj', userType: 'seller' },
  });
  expect(registered.status()).toBe(201);
  const title = `Linear Algebra ${testInfo.project.name} ${Date.now().toString(36)}`;

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/seller$/);
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
  await page.getByLabel(/^ISBN/).pressSequentially('978-0-9802327-7-6x');
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
  await page.getByLabel(/^Price/).pressSequentially('1234567.891');
  await expect(page.getByLabel(/^Price/)).toHaveValue('123456.89');
  await page.getByLabel(/^Price/).fill('');
  await page.getByLabel(/^Price/).pressSequentially('520');
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
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4);
  await page.getByLabel(/^Description/).fill('Clean copy, a little pencil in chapter 3. Used for MATH1B.');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'sell-step-3');
  await page.getByRole('button', { name: 'List Book' }).click();

  const dialog = page.getByRole('dialog', { name: 'Book Listed Successfully!' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
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
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const review = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(review).toBeVisible();
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
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/seller$/);
  await page.goto('/seller/books');
  await expect(card.getByText('Approved')).toBeVisible();
  await screenshot(page, testInfo, 'my-books-approved');
  await page.goto('/seller/transactions');
  await expect(page.getByText('Showing 1 to 1 of 1 transactions')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'seller-transactions');
});
