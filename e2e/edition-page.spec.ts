// The edition page in a real browser on data made to break layouts: three copies of one ISBN at two
// campuses with an 80-character word in the title, six authors and the largest price a listing may have.
// At 320, 390 and 1280 px nothing reaches past the screen, the page passes axe, and the book page links
// to the edition's other copies. It sets its own widths, so it runs in the desktop project only.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, ok, overflowOf, png, randomEan13, screenshot, signedInAdmin, signedInStudent, typedIsbn } from './helpers';
import { LONG_WORD, hostileBookData } from './hostile-data';

// An edition of this run's own (other specs list books too, and a reused E2E_DATA_DIR keeps them): a
// random ISBN-13 with its check digit, hyphenated as a seller might type it.
const ISBN13 = randomEan13('9780');
const ISBN = typedIsbn(ISBN13);
// The sellers of the copies, one at each of two campuses.
const SELLER = { userType: 'seller', firstName: 'Nomvula', lastName: 'Van der Merwe-Mokoena', emailPrefix: 'edition-seller' } as const;

async function list(request: APIRequestContext, overrides: Record<string, unknown>): Promise<string> {
  const bookData = hostileBookData({ isbn: ISBN, description: `Clean copy. ${LONG_WORD}`, additionalNotes: '', ...overrides });
  const form = new FormData();
  form.append('bookData', JSON.stringify(bookData));
  for (let i = 0; i < 4; i++) form.append('images', new Blob([new Uint8Array(png(300, 400, [22 + i * 40, 124, 73]))], { type: 'image/png' }), `photo-${i}.png`);
  const { book } = await ok<{ book: { id: string } }>(await request.post('/api/v1/books', { multipart: form }), 'list book');
  return book.id;
}

let firstCopy: string;

test.describe('edition page', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'sets its own widths; runs once, in the desktop project');
    const baseURL = testInfo.project.use.baseURL!;
    const ukzn = await signedInStudent(browser, baseURL, { ...SELLER, university: 'ukzn' });
    const wits = await signedInStudent(browser, baseURL, { ...SELLER, university: 'wits' });
    const admin = await signedInAdmin(browser, baseURL);
    const ids = [
      await list(ukzn.request, {}),
      await list(ukzn.request, { condition: 'acceptable', price: 120.5 }),
      await list(wits.request, { condition: 'like-new', price: 350 }),
    ];
    for (const id of ids) await ok(await admin.request.post(`/api/v1/admin/books/${id}/approve`), 'approve');
    firstCopy = ids[0]!;
    await Promise.all([ukzn.context, wits.context, admin].map((context) => context.close()));
  });

  for (const width of [320, 390, 1280]) {
    test(`nothing wider than the screen at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/editions/${ISBN}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${LONG_WORD} Linear Algebra`);
      await expect(page.getByText('3 available')).toBeVisible();
      await expect(page.getByRole('link', { name: /copy of/ })).toHaveCount(3);
      const overflow = await overflowOf(page);
      await screenshot(page, testInfo, `edition-${width}`);
      expect(overflow).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }

  test('the book page links to the two other copies', async ({ page }) => {
    await page.goto(`/books/${firstCopy}`);
    const link = page.getByRole('link', { name: '2 more copies of this edition' });
    await expect(link).toHaveAttribute('href', `/editions/${ISBN13}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/editions/${ISBN13}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
