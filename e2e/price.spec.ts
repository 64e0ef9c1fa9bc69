// Prices of an edition in a real browser, on data made to break layouts (an 80-character word in the
// title, six authors, prices at the largest a listing may have): an admin sets the edition's new price at
// /admin/new-prices and a seller listing that ISBN sees it in the wizard's price guidance with the 40-60%
// rule of thumb; the catalogue and the book page mark the copy below the edition's median "Good price".
// At 320, 390 and 1280 px nothing reaches past the screen and every page passes axe. It sets its own
// widths, so it runs in the desktop project only.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { formatRand } from '@reshelf/shared';
import { ADMIN, expectNoAxeViolations, logIn, ok, overflowOf, png, randomEan13, screenshot, signedInAdmin, signedInStudent, signInNewSeller, typedIsbn } from './helpers';
import { LONG_WORD, MAX_PRICE, hostileBookData } from './hostile-data';

const WIDTHS = [320, 390, 1280] as const;
// An edition of this run's own (other specs list books too, and a reused E2E_DATA_DIR keeps them).
const ISBN13 = randomEan13('9781');
const ISBN = typedIsbn(ISBN13);
// The sellers of the copies, one at each of two campuses.
const SELLER = { userType: 'seller', firstName: 'Nomvula', lastName: 'Van der Merwe-Mokoena', emailPrefix: 'price-seller' } as const;
const TITLE = `${LONG_WORD} Linear Algebra`;
// Three copies at the top of the price range (MAX_PRICE is R999 999,99): the median is the middle one, and
// only the cheapest is below it. The new price is the largest one too.
const PRICES = [999999.97, 999999.98, MAX_PRICE];
const MEDIAN = 999999.98;
const NEW_PRICE = MAX_PRICE;

async function list(request: APIRequestContext, price: number): Promise<string> {
  const form = new FormData();
  form.append('bookData', JSON.stringify(hostileBookData({ isbn: ISBN, title: TITLE, price, additionalNotes: '' })));
  for (let i = 0; i < 4; i++) form.append('images', new Blob([new Uint8Array(png(300, 400, [22 + i * 40, 124, 73]))], { type: 'image/png' }), `photo-${i}.png`);
  const { book } = await ok<{ book: { id: string } }>(await request.post('/api/v1/books', { multipart: form }), 'list book');
  return book.id;
}

/** At each width: a screenshot to look at, nothing wider than the screen, no axe violation. */
async function checkWidths(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await ready();
    await screenshot(page, testInfo, `${name}-${width}`);
    expect(await overflowOf(page), `${name} at ${width} px`).toEqual([]);
    await expectNoAxeViolations(page);
  }
}

const copies: string[] = [];

test.describe('edition prices', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'sets its own widths; runs once, in the desktop project');
    const baseURL = testInfo.project.use.baseURL!;
    const ukzn = await signedInStudent(browser, baseURL, { ...SELLER, university: 'ukzn' });
    const wits = await signedInStudent(browser, baseURL, { ...SELLER, university: 'wits' });
    const admin = await signedInAdmin(browser, baseURL);
    copies.push(await list(ukzn.request, PRICES[0]!), await list(wits.request, PRICES[1]!), await list(ukzn.request, PRICES[2]!));
    for (const id of copies) await ok(await admin.request.post(`/api/v1/admin/books/${id}/approve`), 'approve');
    await Promise.all([ukzn.context, wits.context, admin].map((context) => context.close()));
  });

  test('an admin sets the new price, and a seller listing the ISBN sees it with the rule of thumb', async ({ page, browser }, testInfo) => {
    await logIn(page, ADMIN.email, { password: ADMIN.password, area: 'admin' });
    await page.getByRole('link', { name: 'New prices' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New prices' })).toBeVisible();
    await page.getByLabel(/^ISBN/).fill(ISBN);
    // The typed ISBN is named by its edition's title before anything is saved.
    await expect(page.getByRole('status').filter({ hasText: TITLE })).toBeVisible();
    await page.getByLabel(/^New price/).fill(String(NEW_PRICE));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/^New price saved: /)).toBeVisible();
    const row = page.getByRole('region', { name: 'Prices set' }).getByRole('listitem').filter({ hasText: ISBN13 });
    await expect(row).toContainText(TITLE);
    await expect(row).toContainText(formatRand(NEW_PRICE));
    await checkWidths(page, testInfo, 'new-prices', () => expect(row).toBeVisible());

    const sellerPage = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL })).newPage();
    await signInNewSeller(sellerPage);
    await sellerPage.goto('/seller/sell');
    await sellerPage.getByLabel('ISBN').fill(ISBN);
    await expect(sellerPage.getByText('Filled in from earlier listings of this ISBN')).toBeVisible();
    await expect(sellerPage.getByLabel('Title')).toHaveValue(TITLE);
    await sellerPage.getByRole('button', { name: 'Next' }).click();
    const guidance = sellerPage.getByRole('region', { name: 'Prices of this edition on Reshelf' });
    await expect(guidance).toContainText(`New: ${formatRand(NEW_PRICE)}. Used books usually sell for 40–60% of the new price: ${formatRand(NEW_PRICE * 0.4)} – ${formatRand(NEW_PRICE * 0.6)}.`);
    await expect(guidance).toContainText(`median ${formatRand(MEDIAN)} (3 for sale, 0 sold)`);
    await checkWidths(sellerPage, testInfo, 'sell-new-price', () => expect(guidance).toBeVisible());
    await guidance.getByRole('button', { name: `Use ${formatRand(MEDIAN)}` }).click();
    await expect(sellerPage.getByLabel('Price (R)')).toHaveValue('999999.98');
    await sellerPage.context().close();
  });

  test('the catalogue and the book page mark the copy below the median "Good price"', async ({ page }, testInfo) => {
    await page.goto(`/books?q=${ISBN13}&sort=price_asc`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    // The badge's text for a screen reader carries its reason.
    await expect(cards.nth(0)).toContainText("Good price: below the median price of this edition's copies on Reshelf");
    await expect(cards.nth(0)).toContainText(formatRand(PRICES[0]!));
    await expect(cards.nth(1)).not.toContainText('Good price');
    await expect(cards.nth(2)).not.toContainText('Good price');
    await checkWidths(page, testInfo, 'catalogue-good-price', () => expect(cards.nth(0).getByText('Good price')).toBeVisible());

    await cards.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/books/${copies[0]}$`));
    const buyBox = page.getByRole('complementary', { name: 'Buy this book' });
    await expect(buyBox.getByText('Good price', { exact: true })).toBeVisible();
    await expect(buyBox).toContainText("Below the median price of this edition's copies on Reshelf.");
    await checkWidths(page, testInfo, 'book-good-price', () => expect(buyBox.getByText('Good price', { exact: true })).toBeVisible());
  });
});
