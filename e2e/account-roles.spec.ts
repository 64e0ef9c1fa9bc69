// One account, both roles in a real browser (docs/decisions/0033-one-account-both-roles.md): a buyer taps
// the home page's Sell Now!, meets the seller area's denial message with the offer to start selling, adds
// the role there and lands in the sell wizard; the account then moves between the buyer and seller areas,
// and settings says it does both. Axe-clean, nothing wider than the screen at 320, 390 and 1280 px, with a
// name long enough to push the layout.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { MESSAGES, ROLE_CHANGE_MESSAGES } from '@reshelf/shared';
import { expectNoAxeViolations, overflowOf, screenshot, uniqueEmail } from './helpers';
import { LONG_WORD } from './hostile-data';

const PASSWORD = 'Str0ng!pass';

async function newBuyer(page: Page) {
  const email = uniqueEmail('roles');
  const response = await page.request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, firstName: LONG_WORD.slice(0, 40), lastName: LONG_WORD.slice(0, 40), studentNumber: '2345678', university: 'wits', userType: 'buyer' },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/buyer$/);
}

/**
 * What of the roles card reaches past the right edge, and whether the document is wider than the screen.
 * (The settings tab list scrolls sideways by design at 320 px, so the whole <main> is not the measure there.)
 */
async function cardOverflow(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`document is ${document.documentElement.scrollWidth} px wide`);
    for (const element of Array.from(document.querySelectorAll('section[aria-labelledby="roles-card-title"], section[aria-labelledby="roles-card-title"] *'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1) problems.push(`<${element.tagName.toLowerCase()}> ends at ${Math.round(box.right)} px`);
    }
    return problems;
  });
}

/** Screenshots at the project's width and at 320 px, each checked for anything wider than the screen. */
async function lookAt(page: Page, testInfo: TestInfo, name: string, within: 'main' | 'body' | 'card' = 'main') {
  const overflow = () => (within === 'card' ? cardOverflow(page) : overflowOf(page, within));
  expect(await overflow()).toEqual([]);
  await screenshot(page, testInfo, name);
  if (testInfo.project.name === 'phone') {
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: size.height });
    expect(await overflow()).toEqual([]);
    await screenshot(page, testInfo, `${name}-320`);
    await page.setViewportSize(size);
  }
}

test('a buyer opens Sell, starts selling right there and moves between both areas', async ({ page }, testInfo) => {
  await newBuyer(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Sell Now!' }).first().click();
  await expect(page).toHaveURL(/\/seller\/sell$/);
  // The seller area's denial message (MESSAGES.sellerRequired) stays on screen, with the offer under it.
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.sellerRequired })).toBeVisible();
  await expect(page.getByText(ROLE_CHANGE_MESSAGES.offerIntro.seller)).toBeVisible();
  await expectNoAxeViolations(page);
  await lookAt(page, testInfo, 'roles-offer');

  const start = page.getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.seller });
  await start.dblclick();
  await expect(page.getByText(ROLE_CHANGE_MESSAGES.added.seller)).toBeVisible();
  // The page asked for opens: the sell wizard, in the seller area.
  await expect(page).toHaveURL(/\/seller\/sell$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(MESSAGES.sellerRequired);
  const session = await (await page.request.get('/api/v1/auth/session')).json();
  expect(session.student.roles).toEqual(['buyer', 'seller']);
  expect(session.student.role).toBe('buyer');

  // Both areas, and the way between them (the sidebar on desktop, the menu on phones).
  await page.goto('/seller/books');
  await expect(page.getByRole('heading', { level: 1, name: /My Books/ })).toBeVisible();
  const openMenu = async () => {
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('dialog', { name: 'Menu' });
    }
    return page.locator('#dashboard-sidebar');
  };
  let menu = await openMenu();
  await lookAt(page, testInfo, 'roles-seller-area', 'body');
  await expectNoAxeViolations(page);
  await menu.getByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.buyer }).click();
  await expect(page).toHaveURL(/\/buyer$/);
  menu = await openMenu();
  await expect(menu.getByRole('link', { name: 'Cart' })).toBeVisible();
  await menu.getByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.seller }).click();
  await expect(page).toHaveURL(/\/seller$/);

  // Settings says the account does both.
  await page.goto('/buyer/settings');
  const card = page.getByRole('region', { name: ROLE_CHANGE_MESSAGES.bothHeading });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: ROLE_CHANGE_MESSAGES.switchTo.seller })).toBeVisible();
  await expectNoAxeViolations(page);
  await lookAt(page, testInfo, 'roles-settings-both', 'card');
});

test('a seller starts buying from settings', async ({ page }, testInfo) => {
  const email = uniqueEmail('roles-seller');
  const response = await page.request.post('/api/v1/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Sipho', lastName: 'Khumalo', studentNumber: '2345678', university: 'wits', userType: 'seller' },
  });
  expect(response.status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/seller$/);
  await page.goto('/seller/settings');
  const card = page.getByRole('region', { name: ROLE_CHANGE_MESSAGES.cardHeading.buyer });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);
  await lookAt(page, testInfo, 'roles-settings-card', 'card');
  await card.getByRole('button', { name: ROLE_CHANGE_MESSAGES.cardAction.buyer }).click();
  await expect(page.getByText(ROLE_CHANGE_MESSAGES.added.buyer)).toBeVisible();
  await expect(page.getByRole('region', { name: ROLE_CHANGE_MESSAGES.bothHeading })).toBeVisible();
  await page.goto('/buyer/cart');
  await expect(page).toHaveURL(/\/buyer\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.buyerRequired })).toHaveCount(0);
});
