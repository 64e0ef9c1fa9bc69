// Verified students (docs/decisions/0035-verified-students.md, 0037), in the browser: a seller asks for a
// link from Settings, opens it from the email, sees which account it verifies, confirms, and their listing
// shows "Verified student"; a link opened signed out sends the student to log in and back to it, and
// another account's session is refused; the settings card, the link's page and the book page at 320, 390
// and 1280 px, axe-clean, nothing wider than the screen (a long university address included).
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { VERIFY_STUDENT_MAIL, VERIFY_STUDENT_MESSAGES as M } from '@reshelf/shared';
import {
  apiLogIn,
  expectNoAxeViolations,
  listApprovedBook,
  ok,
  overflowOf,
  register,
  screenshot,
  signedInAdmin,
  signedInStudent,
  submitLogin,
  uniqueEmail,
  waitForMail,
} from './helpers';

/**
 * What reaches past the right edge of the screen inside `scope` (a CSS selector), and whether the document
 * scrolls sideways. The settings page's tab strip scrolls sideways on purpose, so the settings check looks
 * at the verification card, not the whole <main>.
 */
async function overflowIn(page: Page, scope: string): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate((selector) => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`document is ${document.documentElement.scrollWidth} px wide`);
    for (const element of Array.from(document.querySelectorAll(`${selector}, ${selector} *`))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest('.sr-only')) continue;
      if (box.right > width + 1) problems.push(`<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').slice(0, 40)}" ends at ${Math.round(box.right)} px`);
    }
    return problems;
  }, scope);
}

/** Looks at the page at each width: nothing wider than the screen, a screenshot to look at. */
async function atWidths(page: Page, testInfo: TestInfo, name: string, widths: number[], scope?: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    expect(scope ? await overflowIn(page, scope) : await overflowOf(page), `${name} at ${width} px`).toEqual([]);
    await screenshot(page, testInfo, `${name}-${width}`);
  }
}

/** The verification card on the settings page. */
const CARD = 'section[aria-labelledby="verified-student-title"]';

test('a seller verifies with their university address and their listing shows "Verified student"', async ({ page, browser, baseURL }, testInfo) => {
  const widths = testInfo.project.name === 'phone' ? [320, 390] : [1280];
  const { email } = await register(page.request, { userType: 'seller', firstName: 'Zanele', emailPrefix: 'verify' });
  await apiLogIn(page.request, email);
  const admin = await signedInAdmin(browser, baseURL!);
  // A title of this run's own, so the catalogue card found below is this seller's.
  const title = `Organic Chemistry verified ${Math.random().toString(36).slice(2, 8)}`;
  const bookId = await listApprovedBook(page.request, admin.request, title);
  await admin.close();

  // Not verified yet: no badge on the listing.
  await page.goto(`/books/${bookId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(M.badge)).toHaveCount(0);

  // Signed in already (the API sign-in's cookie is the page's).
  await page.goto('/seller/settings');
  const card = page.getByRole('region', { name: M.cardHeading });
  await expect(card).toBeVisible();

  // Another university's address is refused with the message naming the student's own.
  await card.getByLabel(M.emailLabel).fill('zanele@myuct.ac.za');
  await card.getByRole('button', { name: M.send }).click();
  await expect(card.getByText(M.otherUniversity('University of Cape Town', 'University of the Witwatersrand'))).toBeVisible();

  // A long address at Wits (a 64-character local part) must wrap, not widen the page.
  const address = `zanele.${'k'.repeat(40)}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@students.wits.ac.za`;
  await card.getByLabel(M.emailLabel).fill(address);
  await card.getByRole('button', { name: M.send }).click();
  await expect(card.getByRole('status')).toContainText(M.inboxHeading);
  await expect(card.getByText(M.inboxText(address))).toBeVisible();
  await expectNoAxeViolations(page);
  await atWidths(page, testInfo, 'verify-student-inbox', widths, CARD);

  // The mail goes to the university address, not the account's.
  const mail = await waitForMail(address);
  expect(mail.subject).toBe(VERIFY_STUDENT_MAIL.subject);
  const link = /https?:\/\/\S+\/verify-student\?token=\S+/.exec(mail.text)![0];

  // Opening the link changes nothing until Confirm.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: M.confirmTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: M.confirm })).toBeVisible();
  // The page names the account the link will verify.
  await expect(page.getByText(M.confirmFor(email))).toBeVisible();
  await expectNoAxeViolations(page);
  await atWidths(page, testInfo, 'verify-student-confirm', widths);
  await page.getByRole('button', { name: M.confirm }).click();
  await expect(page.getByRole('status')).toContainText(M.confirmed('University of the Witwatersrand'));
  await expectNoAxeViolations(page);

  // Settings now show the verified state.
  await page.getByRole('link', { name: M.toSettings }).click();
  await expect(page.getByRole('region', { name: M.cardHeading }).getByText(M.badge, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Verified at University of the Witwatersrand on \d{1,2} \w{3} \d{4}\.$/)).toBeVisible();
  await expect(page.getByLabel(M.emailLabel)).toHaveCount(0);
  await atWidths(page, testInfo, 'verify-student-verified', widths, CARD);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: M.confirm }).click();
  await expect(page.getByText(M.linkInvalid)).toBeVisible();

  // The listing shows the badge beside the seller.
  await page.goto(`/books/${bookId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(M.badge)).toBeVisible();
  await expectNoAxeViolations(page);
  await atWidths(page, testInfo, 'verify-student-book', widths);

  // And on the listing's card in the catalogue.
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  const bookCard = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await expect(bookCard.getByText(M.badge)).toBeVisible();
  await expectNoAxeViolations(page);
  await atWidths(page, testInfo, 'verify-student-card', widths);
  // The card clips what overflows it, so the badge is measured against the card: whole, never cut off.
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    const [badge, box] = [await bookCard.getByText(M.badge).boundingBox(), await bookCard.boundingBox()];
    expect(badge!.x + badge!.width, `badge inside the card at ${width} px`).toBeLessThanOrEqual(box!.x + box!.width - 8);
  }
});

test('a link opened signed out sends the student to log in and back to it; another account cannot confirm it', async ({ page, browser, baseURL }, testInfo) => {
  const widths = testInfo.project.name === 'phone' ? [320, 390] : [1280];
  // The student who asks, signed in through the API in a context of their own.
  const asker = await signedInStudent(browser, baseURL!, { userType: 'buyer', firstName: 'Naledi', emailPrefix: 'asker' });
  const address = uniqueEmail('naledi.uni');
  await ok(await asker.request.post('/api/v1/account/verify-student', { data: { email: address } }), 'verify-student');
  const link = /https?:\/\/\S+\/verify-student\?token=\S+/.exec((await waitForMail(address)).text)![0];
  await asker.context.close();

  // Another student, signed in, opens the link: the page names their account, and confirming is refused
  // as an invalid link, which stays usable by its owner.
  const other = await signedInStudent(browser, baseURL!, { userType: 'seller', firstName: 'Naledi', emailPrefix: 'other' });
  const otherPage = await other.context.newPage();
  await otherPage.goto(link);
  await expect(otherPage.getByText(M.confirmFor(other.email))).toBeVisible();
  await otherPage.getByRole('button', { name: M.confirm }).click();
  await expect(otherPage.getByText(M.linkInvalid)).toBeVisible();
  await other.context.close();

  // Signed out: the page says to log in to the account that asked, and offers no Confirm.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: M.confirmTitle })).toBeVisible();
  await expect(page.getByText(M.signInToConfirm)).toBeVisible();
  await expect(page.getByRole('button', { name: M.confirm })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await atWidths(page, testInfo, 'verify-student-signed-out', widths);

  // Log in, come back to the same link, see the account, confirm.
  await page.getByRole('link', { name: M.logInToConfirm }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, asker.email);
  await expect(page).toHaveURL(link);
  await expect(page.getByText(M.confirmFor(asker.email))).toBeVisible();
  await page.getByRole('button', { name: M.confirm }).click();
  await expect(page.getByRole('status')).toContainText(M.confirmed('University of the Witwatersrand'));
  await expectNoAxeViolations(page);
});
