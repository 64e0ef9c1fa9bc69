// The buying journey in real browsers against the real server: a seller's listing (created and
// approved through the API) is found by a buyer's search, opened and requested; the seller, in a
// second browser, accepts with a campus meetup; they message each other and each side sees the other's
// words without a reload; the buyer confirms the handover and both review. Accessibility is checked
// on the catalogue, the book page and the order page, with screenshots at both widths.
import { expect, test } from '@playwright/test';
import { ADMIN, apiContext, apiLogIn, expectNoAxeViolations, listApprovedBook, logIn, meetupInput, register, screenshot } from './helpers';

test('a buyer finds, requests and receives a book; the seller accepts, they chat live and rate each other', async ({ browser, page, baseURL }, testInfo) => {
  test.slow();
  const token = `E2E${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'phone' ? 'P' : 'D'}`;

  // Set-up through the API: a seller with an approved listing, and a buyer.
  const sellerApi = await apiContext(browser, baseURL!);
  const adminApi = await apiContext(browser, baseURL!);
  const sellerEmail = (await register(sellerApi, { userType: 'seller', firstName: 'Sipho' })).email;
  await apiLogIn(sellerApi, sellerEmail);
  await apiLogIn(adminApi, ADMIN.email, ADMIN.password);
  const bookId = await listApprovedBook(sellerApi, adminApi, `Organic Chemistry ${token}`, { additionalNotes: 'Comes with the study guide.' });
  const buyerEmail = (await register(sellerApi, { userType: 'buyer', firstName: 'Thandi' })).email;

  // The buyer searches the catalogue.
  await logIn(page, buyerEmail, { area: 'buyer' });
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Home' })).toBeVisible();
  await page.goto('/buyer/books');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy Books' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search books' }).fill(token.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`q=${token.toLowerCase()}`));
  const card = page.getByRole('link', { name: `Organic Chemistry ${token}` });
  await expect(card).toBeVisible();
  await expect(page.getByText('1 book for sale')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-catalogue');

  // The book page.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/buyer/books/${bookId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Organic Chemistry ${token}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show photo 1 of 4' })).toBeVisible();
  await expect(page.getByText('Comes with the study guide.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-book');

  // Request it.
  await page.getByRole('button', { name: 'Request to buy' }).click();
  await expect(page).toHaveURL(/\/buyer\/orders\/[\w-]+$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByText('Request sent! The seller has 72 hours to answer.')).toBeVisible();
  await expect(page.getByText(/^The seller has until .+ to answer$/)).toBeVisible();

  // The seller, in a second browser, accepts with a meetup.
  const sellerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const sellerPage = await sellerContext.newPage();
  await logIn(sellerPage, sellerEmail, { area: 'seller' });
  await sellerPage.goto(`/seller/orders/${orderId}`);
  await sellerPage.getByRole('button', { name: 'Accept' }).click();
  const dialog = sellerPage.getByRole('dialog', { name: 'Accept and set a meetup' });
  await dialog.getByLabel('Meetup spot').selectOption('Matrix Student Centre');
  await dialog.getByLabel(/Date and time/).fill(meetupInput());
  await dialog.getByRole('button', { name: 'Accept request' }).click();
  await expect(dialog).toBeHidden();
  await expect(sellerPage.getByText('Matrix Student Centre')).toBeVisible();

  // The buyer's page follows without a reload.
  await expect(page.getByText('Matrix Student Centre')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm handover' })).toBeVisible();

  // Messages both ways, live.
  await sellerPage.getByRole('textbox', { name: 'Message' }).fill('See you at the Matrix at 10!');
  await sellerPage.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').getByText('See you at the Matrix at 10!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Great, I will bring cash.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(sellerPage.getByRole('log').getByText('Great, I will bring cash.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-order-buyer');
  await screenshot(sellerPage, testInfo, 'buying-order-seller');

  // The handover (it cannot be undone, so it asks first), then both review.
  await page.getByRole('button', { name: 'Confirm handover' }).click();
  const handover = page.getByRole('alertdialog', { name: 'Confirm the handover?' });
  await expectNoAxeViolations(page);
  await handover.getByRole('button', { name: 'I have the book' }).click();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await page.getByLabel('Comment (optional)').fill('Book exactly as described.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();

  // The seller's page turned to completed by itself.
  await expect(sellerPage.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await sellerPage.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await sellerPage.getByRole('button', { name: 'Submit review' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(sellerPage.getByText('Book exactly as described.')).toBeVisible();
  await expectNoAxeViolations(sellerPage);
  await screenshot(sellerPage, testInfo, 'buying-order-completed');

  // The buyer's transactions list the order under the sale's one reference, the book's, which the
  // seller's transactions quote too.
  await page.goto('/buyer/transactions');
  await expect(page.getByText(`#${bookId.slice(-6).toUpperCase()}`).filter({ visible: true })).toBeVisible();
  await screenshot(page, testInfo, 'buying-transactions');

  await sellerContext.close();
});
