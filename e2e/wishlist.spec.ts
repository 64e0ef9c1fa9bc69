// Wishlists in a real browser against the real server, at 390 px (phone) and 1280 px (desktop): a buyer
// saves an ISBN on their Wishlist page, another student lists that ISBN, an admin approves it in /admin,
// and the buyer's bell lights up without a reload; the notice opens the book; the email came with its
// one-click unsubscribe headers, its link opens the confirmation page, and the mail app's one-click POST
// works too. Then the Wishlist page and the unsubscribe page on layout-breaking entries at 320, 390 and
// 1280 px: nothing wider than the screen, axe-clean.
import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, expectNoAxeViolations, logIn, overflowOf, png, randomEan13, register, reviewInQueue, screenshot, signedInAdmin, signedInStudent, typedIsbn, waitForMail, type SavedMail } from './helpers';
import { LONG_WORD, MAX_PRICE } from './hostile-data';

/** An ISBN of the test's own (a reused E2E_DATA_DIR keeps earlier runs' listings): random, with its check digit. */
const freshIsbn13 = () => randomEan13('9781');
// The students of this spec are Mokoenas at Wits.
const STUDENT = { lastName: 'Mokoena' };

/** A seller of their own lists `isbn` through the API (the listing waits for moderation); returns its id. */
async function listAsAnotherStudent(browser: Browser, baseURL: string, isbn: string, title: string): Promise<string> {
  const { context } = await signedInStudent(browser, baseURL, { ...STUDENT, userType: 'seller', firstName: 'Sipho', emailPrefix: 'wishlist-seller' });
  const form = new FormData();
  form.append(
    'bookData',
    JSON.stringify({
      title,
      author: 'James Stewart',
      isbn,
      publisher: 'Cengage',
      publicationYear: 2020,
      language: 'english',
      category: 'mathematics',
      studyLevel: 'undergraduate',
      condition: 'good',
      price: 450.5,
      edition: '9th Edition',
      numberOfPages: 1368,
      description: 'Some pencil notes in chapter 2.',
    }),
  );
  for (let i = 0; i < 4; i++) form.append('images', new Blob([new Uint8Array(png(300, 400, [22 + i * 40, 124, 73]))], { type: 'image/png' }), `photo-${i}.png`);
  const created = await context.request.post('/api/v1/books', { multipart: form });
  expect(created.status()).toBe(201);
  const { book } = (await created.json()) as { book: { id: string } };
  await context.close();
  return book.id;
}

const unsubscribeHeaderUrl = (mail: SavedMail) => /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];

test('a buyer saves an ISBN, another student lists it, an admin approves it: the buyer hears at once and by email, and can stop the emails', async ({ page, browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const isbn13 = freshIsbn13();
  const typed = typedIsbn(isbn13);
  const title = `Calculus ${testInfo.project.name} ${Date.now().toString(36)}`;

  // The buyer saves the ISBN on their Wishlist page.
  const { email } = await register(page.request, { ...STUDENT, userType: 'buyer', firstName: 'Thandi', emailPrefix: 'wisher' });
  await logIn(page, email, { area: 'buyer' });
  if (testInfo.project.name === 'desktop') {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Wishlist' }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Wishlist' }).click();
  }
  await expect(page).toHaveURL(/\/buyer\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'wishlist-empty');

  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByRole('alert')).toHaveText('Add an ISBN, search words or a course code to save');
  await page.getByLabel('ISBN', { exact: true }).fill(typed);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByText('Saved to your wishlist. We will tell you when a matching book is listed.')).toBeVisible();
  const entries = page.getByRole('list', { name: 'Your wishlist' });
  await expect(entries.getByText(`ISBN ${isbn13}`, { exact: true })).toBeVisible();
  await expect(entries.getByText('No matching books listed yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'wishlist-saved');

  // Another student lists that ISBN; an admin approves it in the moderation queue.
  const bookId = await listAsAnotherStudent(browser, baseURL, typed, title);
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN.email, { password: ADMIN.password, area: 'admin' });
  const review = await reviewInQueue(admin, title);
  await review.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(admin.getByText('Listing approved')).toBeVisible();
  await adminContext.close();

  // The buyer's open page hears it over the realtime channel: no reload.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' }).filter({ visible: true });
  await expect(bell).toBeVisible();
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const notice = dialog.getByRole('button', { name: new RegExp(`On your wishlist: "${title}" is for sale`) });
  await expect(notice).toContainText(`It matches ISBN ${isbn13}.`);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'wishlist-notice');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/books/${bookId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The email, with its one-click unsubscribe (RFC 8058).
  const mail = await waitForMail(email);
  expect(mail.subject).toBe(`On your wishlist: "${title}" is for sale`);
  expect(mail.text).toContain(`View the book: ${baseURL}/books/${bookId}`);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = unsubscribeHeaderUrl(mail);
  expect(oneClick).toMatch(new RegExp(`^${baseURL}/api/v1/wishlist/unsubscribe/[A-Za-z0-9_-]+~[A-Za-z0-9_-]+$`));
  const link = /Stop emails for this wishlist entry: (\S+)/.exec(mail.text)?.[1];
  expect(link).toBe(oneClick!.replace('/api/v1/wishlist/unsubscribe/', '/wishlist/unsubscribe/'));

  // The link opens the confirmation page, signed in or not; opening it changes nothing.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop wishlist emails' })).toBeVisible();
  await expect(page.getByText(`Stop emails about ISBN ${isbn13}?`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'unsubscribe');
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByText(`You will get no more emails about ISBN ${isbn13}.`)).toBeVisible();
  await screenshot(page, testInfo, 'unsubscribed');
  await page.getByRole('link', { name: 'Open your wishlist' }).click();
  const row = page.getByRole('list', { name: 'Your wishlist' }).getByRole('listitem');
  await expect(row.getByText('Emails off')).toBeVisible();
  await expect(row.getByText('1 matching book listed', { exact: false })).toBeVisible();

  // Back on, then the mail app's own one-click: a form POST to the header's link, no cookie.
  await row.getByRole('button', { name: `Turn emails on for ISBN ${isbn13}` }).click();
  await expect(row.getByText('Emails on')).toBeVisible();
  const mailApp = await browser.newContext();
  const posted = await mailApp.request.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(posted.status()).toBe(200);
  expect(((await posted.json()) as { unsubscribe: { emails: boolean } }).unsubscribe.emails).toBe(false);
  // A browser that opens the header's link lands on the page too.
  const opened = await mailApp.newPage();
  await opened.goto(oneClick!);
  await expect(opened).toHaveURL(link!);
  await expect(opened.getByText(`You will get no more emails about ISBN ${isbn13}.`)).toBeVisible();
  await mailApp.close();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your wishlist' }).getByText('Emails off')).toBeVisible();
});

test.describe('the Wishlist page on layout-breaking entries', () => {
  let email = '';
  let unsubscribeLink = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'sets its own widths; runs once, in the desktop project');
    const buyer = await signedInStudent(browser, testInfo.project.use.baseURL!, { ...STUDENT, userType: 'buyer', firstName: 'Nomvula', emailPrefix: 'wishlist-layout' });
    const context = buyer.context;
    email = buyer.email;
    for (const entry of [
      { q: `${LONG_WORD} calculus`, university: 'wits', maxPrice: MAX_PRICE },
      { isbn: freshIsbn13(), course: 'ABCDEFGH1234', university: 'nmu', maxPrice: MAX_PRICE },
      // A code no other spec lists a book for: a match's email, from another spec running at the same
      // time, would otherwise be the first mail to this buyer, in place of the long entry's.
      { course: 'STAT3044' },
    ]) {
      expect((await context.request.post('/api/v1/wishlist', { data: entry })).status()).toBe(201);
    }
    // The long entry's unsubscribe page, from an email it gets when a matching book is approved.
    const id = await listAsAnotherStudent(browser, testInfo.project.use.baseURL!, freshIsbn13(), `${LONG_WORD} Calculus`);
    const admin = await signedInAdmin(browser, testInfo.project.use.baseURL!);
    expect((await admin.request.post(`/api/v1/admin/books/${id}/approve`)).status()).toBe(200);
    await admin.close();
    await context.close();
    unsubscribeLink = /Stop emails for this wishlist entry: (\S+)/.exec((await waitForMail(email)).text)![1]!;
  });

  for (const width of [320, 390, 1280]) {
    test(`nothing wider than the screen at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 844 });
      await logIn(page, email, { area: 'buyer' });
      await page.goto('/buyer/wishlist');
      await expect(page.getByRole('list', { name: 'Your wishlist' }).getByRole('listitem')).toHaveCount(3);
      expect(await overflowOf(page)).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `wishlist-${width}`);

      await page.goto(unsubscribeLink);
      await expect(page.getByRole('button', { name: 'Stop these emails' })).toBeVisible();
      expect(await overflowOf(page)).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `unsubscribe-${width}`);
    });
  }
});
