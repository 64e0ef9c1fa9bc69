// Public student profiles (docs/decisions/0034-public-profiles.md) in real browsers: a buyer opens the
// seller's profile from a book page before requesting it; the seller opens the requesting buyer's profile
// from the order before accepting; the verified seller's profile shows "Verified student"; after a completed sale with a review, the seller's profile shows the
// sale and the review. Hostile data throughout (80-character names, a long review comment, the hostile
// listing); axe-clean, nothing wider than the screen at 320, 390 and 1280 px, screenshots.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { PROFILE_MESSAGES, VERIFY_STUDENT_MESSAGES } from '@reshelf/shared';
import { ADMIN, apiContext, apiLogIn, expectNoAxeViolations, listApprovedBook, logIn, ok, overflowOf, register, screenshot, uniqueEmail, waitForMail } from './helpers';
import { LONG_URL, LONG_WORD, hostileBookData } from './hostile-data';

/** Axe, then no overflow and a screenshot at each width; the page ends at the project's own width. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAxeViolations(page);
  const own = page.viewportSize()!;
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: own.height });
    expect(await overflowOf(page), `${name} at ${width} px`).toEqual([]);
    await screenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize(own);
}

test('a buyer sees the seller before requesting, the seller the buyer before accepting; a completed sale and its review show', async ({ browser, page, baseURL }, testInfo) => {
  test.slow();
  const tag = testInfo.project.name === 'phone' ? 'P' : 'D';
  const sellerName = `S${tag}${LONG_WORD}`.slice(0, 80);
  const buyerName = `B${tag}${LONG_WORD}`.slice(0, 80);

  // Set-up through the API: a seller with the hostile listing approved, and a buyer.
  const sellerApi = await apiContext(browser, baseURL!);
  const adminApi = await apiContext(browser, baseURL!);
  const buyerApi = await apiContext(browser, baseURL!);
  const seller = await register(sellerApi, { userType: 'seller', firstName: sellerName, lastName: 'mokoena' });
  await apiLogIn(sellerApi, seller.email);
  await apiLogIn(adminApi, ADMIN.email, ADMIN.password);
  const title = `${LONG_WORD.slice(0, 60)} Profile ${tag}${Date.now().toString(36)}`;
  const bookId = await listApprovedBook(sellerApi, adminApi, title, hostileBookData({ title }));
  // The seller is a verified student (docs/decisions/0035-verified-students.md): the mailed link, confirmed.
  const universityAddress = uniqueEmail('verified-seller');
  await ok(await sellerApi.post('/api/v1/account/verify-student', { data: { email: universityAddress } }), 'verify-student');
  const token = new URL(/https?:\/\/\S+\/verify-student\?token=\S+/.exec((await waitForMail(universityAddress)).text)![0]).searchParams.get('token');
  await ok(await sellerApi.post('/api/v1/account/verify-student/confirm', { data: { token } }), 'verify-student/confirm');
  const buyer = await register(buyerApi, { userType: 'buyer', firstName: buyerName, lastName: 'Dlamini' });
  await apiLogIn(buyerApi, buyer.email);

  // The buyer opens the book and, from the seller's name, their profile.
  await logIn(page, buyer.email, { area: 'buyer' });
  await page.goto(`/buyer/books/${bookId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(PROFILE_MESSAGES.viewProfile(sellerName)) }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${seller.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${sellerName} M.` })).toBeVisible();
  await expect(page.getByRole('main').locator('header').getByText(VERIFY_STUDENT_MESSAGES.badge, { exact: true })).toBeVisible();
  const forSale = page.getByRole('region', { name: `${PROFILE_MESSAGES.forSale} (1)` });
  await expect(forSale.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: PROFILE_MESSAGES.noReviews })).toBeVisible();
  await lookAt(page, testInfo, 'profile-seller-new');

  // Back to the book, and the request.
  await forSale.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/books/${bookId}$`));
  await page.goto(`/buyer/books/${bookId}`);
  await page.getByRole('button', { name: 'Request to buy' }).click();
  await expect(page).toHaveURL(/\/buyer\/orders\/[\w-]+$/);
  const orderId = page.url().split('/').pop()!;

  // The seller, in a second browser, opens the buyer's profile from the request before accepting.
  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const sellerPage = await sellerContext.newPage();
  await logIn(sellerPage, seller.email, { area: 'seller' });
  await sellerPage.goto(`/seller/orders/${orderId}`);
  await expect(sellerPage.getByRole('button', { name: 'Accept' })).toBeVisible();
  await sellerPage.getByRole('link', { name: PROFILE_MESSAGES.viewProfile(buyerName), exact: true }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/students/${buyer.id}$`));
  await expect(sellerPage.getByRole('heading', { level: 1, name: `${buyerName} D.` })).toBeVisible();
  await expect(sellerPage.getByRole('main').getByText(VERIFY_STUDENT_MESSAGES.badge, { exact: true })).toHaveCount(0);
  await expect(sellerPage.getByRole('heading', { level: 3, name: PROFILE_MESSAGES.nothingForSale })).toBeVisible();
  await lookAt(sellerPage, testInfo, 'profile-buyer-new');
  await sellerContext.close();

  // The sale goes through (accepted, handed over, reviewed with a long comment), through the API.
  const meetupAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
  await ok(await sellerApi.post(`/api/v1/orders/${orderId}/accept`, { data: { meetupLocation: 'Matrix Student Centre', meetupAt } }), 'accept');
  await ok(await buyerApi.post(`/api/v1/orders/${orderId}/complete`, { data: {} }), 'complete');
  const comment = `Great seller. ${LONG_WORD} See ${LONG_URL} ${'Met on time and the book was as described. '.repeat(6)}`;
  await ok(await buyerApi.post(`/api/v1/orders/${orderId}/review`, { data: { rating: 4, comment } }), 'review');

  // Anyone, signed in or not, sees the sale and the review on the seller's profile.
  const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/students/${seller.id}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: `${sellerName} M.` })).toBeVisible();
  await expect(visitorPage.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();
  await expect(visitorPage.getByText(PROFILE_MESSAGES.completedSales).locator('xpath=following-sibling::dd')).toHaveText('1');
  const reviews = visitorPage.getByRole('region', { name: `${PROFILE_MESSAGES.reviews} (1)` });
  await expect(reviews.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(reviews.getByText(PROFILE_MESSAGES.reviewAs(buyerName, 'seller'))).toBeVisible();
  await expect(visitorPage.getByRole('heading', { level: 3, name: PROFILE_MESSAGES.nothingForSale })).toBeVisible();
  await lookAt(visitorPage, testInfo, 'profile-seller-reviewed');
  await visitor.close();
});
