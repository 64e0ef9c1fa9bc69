// Reports in a real browser against the real server, at 390 px (phone) and 1280 px (desktop): three
// students report a listing (the third through the book page's dialog) and it leaves the catalogue at once;
// an admin finds it on the Reports page and dismisses the reports, and it is back; three other students
// report it again, the admin takes it down with a reason, and the seller reads that reason on My Books.
// Then the Reports page, the report dialog and My Books on layout-breaking data at 320, 390 and 1280 px:
// nothing wider than the screen, axe-clean.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, expectNoAxeViolations, listApprovedBook, logIn, overflowOf, register, screenshot, screenshotOfScreen, signedInAdmin, signedInStudent } from './helpers';
import { LONG_URL, LONG_WORD, hostileBookData } from './hostile-data';

const THANKS = 'Thanks. Your report was sent to the Reshelf team.';

/** A new student signed in through the API in a context of their own. */
function student(browser: Browser, baseURL: string, userType: 'buyer' | 'seller', firstName: string) {
  return signedInStudent(browser, baseURL, { userType, firstName, lastName: 'Mokoena', emailPrefix: `reports-${userType}` });
}

/** Reports the listing through the API as a new student. */
async function reportAsNewStudent(browser: Browser, baseURL: string, bookId: string, reason: string) {
  const reporter = await student(browser, baseURL, 'buyer', 'Reporter');
  const res = await reporter.request.post('/api/v1/reports', { data: { target: 'book', id: bookId, reason } });
  expect(res.status()).toBe(201);
  await reporter.context.close();
}

/** Opens a dashboard nav entry: the sidebar on a desktop, the menu on a phone. */
async function openNav(page: Page, phone: boolean, name: string) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
  }
}

test('three students report a listing and it leaves the catalogue; an admin dismisses and it returns, then takes it down and the seller reads why', async ({ page, browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const phone = testInfo.project.name === 'phone';
  const word = `Sunbird${testInfo.project.name}${Date.now().toString(36)}`;
  const title = `Organic Chemistry ${word}`;
  const seller = await student(browser, baseURL, 'seller', 'Sipho');
  const admin = (await signedInAdmin(browser, baseURL)).request;
  const bookId = await listApprovedBook(seller.request, admin, title);
  const inCatalogue = async () => {
    await page.goto(`/buyer/books?q=${word}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const found = page.getByRole('link', { name: title });
    const none = page.getByRole('heading', { name: 'No books match your search' });
    await expect(found.or(none)).toBeVisible();
    return found.isVisible();
  };

  // Two students report it through the API; the third on the book page, in the dialog.
  await reportAsNewStudent(browser, baseURL, bookId, 'scam');
  await reportAsNewStudent(browser, baseURL, bookId, 'prohibited');
  const { email: third } = await register(page.request, { userType: 'buyer', firstName: 'Thandi', lastName: 'Nkosi', emailPrefix: 'reports-third' });
  await logIn(page, third, { area: 'buyer' });
  expect(await inCatalogue()).toBe(true);
  await page.goto(`/buyer/books/${bookId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByLabel(/Details/).fill('The seller asked me to pay a deposit by EFT before meeting.');
  await expectNoAxeViolations(page);
  await screenshotOfScreen(page, testInfo, 'report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText(THANKS, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Hidden at once: not in the catalogue, and its page says it is not there.
  expect(await inCatalogue()).toBe(false);
  await page.goto(`/buyer/books/${bookId}`);
  await expect(page.getByRole('heading', { name: 'This book is not in the catalogue' })).toBeVisible();
  await screenshot(page, testInfo, 'reported-book-gone');

  // The admin finds it on the Reports page and dismisses the reports: it is back.
  const adminContext = await browser.newContext({ baseURL, ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}) });
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, ADMIN.email, { password: ADMIN.password, area: 'admin' });
  await openNav(adminPage, phone, 'Reports');
  await expect(adminPage).toHaveURL(/\/admin\/reports$/);
  const card = adminPage.getByRole('article').filter({ has: adminPage.getByRole('heading', { name: title }) });
  await expect(card.getByText(/3 reports from 3 students/)).toBeVisible();
  await expect(card.getByText('Hidden after reports')).toBeVisible();
  await expect(card.getByText('The seller asked me to pay a deposit by EFT before meeting.')).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await screenshot(adminPage, testInfo, 'reports-page');
  await card.getByRole('button', { name: 'Dismiss reports' }).click();
  await expect(adminPage.getByText('Reports dismissed', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  expect(await inCatalogue()).toBe(true);

  // Three other students report it again; this time the admin takes it down with a reason.
  for (const reason of ['scam', 'wrong_details', 'offensive']) await reportAsNewStudent(browser, baseURL, bookId, reason);
  expect(await inCatalogue()).toBe(false);
  await adminPage.reload();
  const again = adminPage.getByRole('article').filter({ has: adminPage.getByRole('heading', { name: title }) });
  await again.getByRole('button', { name: 'Take down' }).click();
  const takeDown = adminPage.getByRole('dialog', { name: 'Take this listing down' });
  await takeDown.getByLabel(/Reason for the seller/).fill('Asking for payment before the meetup is not allowed on Reshelf');
  await expectNoAxeViolations(adminPage);
  await screenshotOfScreen(adminPage, testInfo, 'take-down-dialog');
  await takeDown.getByRole('button', { name: 'Take down' }).click();
  await expect(adminPage.getByText('Listing taken down', { exact: true })).toBeVisible();
  await adminContext.close();

  // The seller reads why on My Books.
  await seller.context.close();
  await page.context().clearCookies();
  await logIn(page, seller.email, { area: 'seller' });
  await openNav(page, phone, 'My Books');
  const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(mine.getByText('Taken down', { exact: true })).toBeVisible();
  await expect(mine.getByText('Asking for payment before the meetup is not allowed on Reshelf')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'my-books-taken-down');
});

test.describe('reports on layout-breaking data', () => {
  let sellerEmail = '';
  let buyerEmail = '';
  let hostileId = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'sets its own widths; runs once, in the desktop project');
    const baseURL = testInfo.project.use.baseURL!;
    const seller = await student(browser, baseURL, 'seller', LONG_WORD.slice(0, 40));
    sellerEmail = seller.email;
    const admin = (await signedInAdmin(browser, baseURL)).request;
    // One listing hidden by reports with long details, one taken down with a long reason, one live.
    hostileId = await listApprovedBook(seller.request, admin, `${LONG_WORD} Reported`, hostileBookData({ title: `${LONG_WORD} Reported` }));
    const detail = `${LONG_WORD} ${LONG_URL} ${'The photos show a different edition. '.repeat(20)}`.slice(0, 1000);
    for (const reason of ['scam', 'wrong_details', 'other']) {
      const reporter = await student(browser, baseURL, 'buyer', LONG_WORD.slice(0, 30));
      expect((await reporter.request.post('/api/v1/reports', { data: { target: 'book', id: hostileId, reason, details: detail } })).status()).toBe(201);
      expect((await reporter.request.post('/api/v1/reports', { data: { target: 'student', id: (await (await seller.request.get('/api/v1/auth/session')).json()).student.id, reason, details: detail } })).status()).toBe(201);
      await reporter.context.close();
    }
    const takenDown = await listApprovedBook(seller.request, admin, `${LONG_WORD} Taken Down`, hostileBookData({ title: `${LONG_WORD} Taken Down` }));
    expect((await admin.post(`/api/v1/admin/books/${takenDown}/take-down`, { data: { reason: `${LONG_WORD} ${LONG_URL}`.slice(0, 500) } })).status()).toBe(200);
    await listApprovedBook(seller.request, admin, `${LONG_WORD} Live`, hostileBookData({ title: `${LONG_WORD} Live` }));
    const buyer = await student(browser, baseURL, 'buyer', 'Thandi');
    buyerEmail = buyer.email;
    await buyer.context.close();
    await seller.context.close();
  });

  for (const width of [320, 390, 1280]) {
    test(`nothing wider than the screen at ${width} px`, async ({ page, browser }, testInfo) => {
      const baseURL = testInfo.project.use.baseURL!;
      await page.setViewportSize({ width, height: 844 });

      // The admin's Reports page.
      await logIn(page, ADMIN.email, { password: ADMIN.password, area: 'admin' });
      await page.goto('/admin/reports');
      await expect(page.getByRole('heading', { name: `${LONG_WORD} Reported` }).first()).toBeVisible();
      expect(await overflowOf(page, 'body')).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `reports-page-${width}`);
      await page.context().clearCookies();

      // The report dialog on a live hostile listing (the hidden one is out of the catalogue).
      const live = await browser.newContext({ baseURL });
      const liveBooks = (await (await live.request.get(`/api/v1/books?q=${encodeURIComponent('Live')}&pageSize=50`)).json()) as { items: { id: string; title: string }[] };
      const liveId = liveBooks.items.find((b) => b.title === `${LONG_WORD} Live`)!.id;
      await live.close();
      await logIn(page, buyerEmail, { area: 'buyer' });
      await page.goto(`/buyer/books/${liveId}`);
      await page.getByRole('button', { name: 'Report this listing' }).click();
      await expect(page.getByRole('dialog', { name: 'Report this listing' })).toBeVisible();
      expect(await overflowOf(page, 'body')).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshotOfScreen(page, testInfo, `report-dialog-${width}`);
      await page.context().clearCookies();

      // The seller's My Books: a hidden listing, a taken-down one with its long reason, a live one with its expiry.
      await logIn(page, sellerEmail, { area: 'seller' });
      await page.goto('/seller/books');
      await expect(page.getByRole('heading', { name: `${LONG_WORD} Taken Down` }).first()).toBeVisible();
      expect(await overflowOf(page, 'body')).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `my-books-${width}`);
      expect(hostileId).not.toBe('');
    });
  }
});
