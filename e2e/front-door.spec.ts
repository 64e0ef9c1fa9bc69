// The front door in a real browser, at phone and desktop widths: a new student can get from the landing
// page to the books (search box, Browse books in the bar and the phone menu), browse the textbook packages
// without an account and is asked to log in as a buyer only to order (then comes back to the package); a
// signed-in student sees their avatar menu on the public pages; a visitor's page load logs no error (no
// 401 from a session check); the phone menu keeps keyboard focus inside it; a mistyped dashboard address
// stays in the dashboard. No page is wider than the screen, and axe finds nothing.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, logIn, register, screenshot, submitLogin } from './helpers';

/** Collects console errors and failed API answers from the moment it is called. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

// The students of this spec: buyers at UJ, Naledi Mokoena unless a test names another.
const BUYER = { userType: 'buyer', firstName: 'Naledi', lastName: 'Mokoena', university: 'uj', emailPrefix: 'frontdoor' } as const;

async function expectNoSideways(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide on a ${widths.inner}px screen`).toBeLessThanOrEqual(widths.inner);
}

test('a visitor loads the public pages with no console error and no session request', async ({ page }) => {
  const errors = watchErrors(page);
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/auth/session')) sessionChecks.push(request.url());
  });
  for (const path of ['/', '/about', '/books', '/packages', '/team', '/ai-tutor']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSideways(page);
  }
  expect(sessionChecks).toEqual([]);
  expect(errors).toEqual([]);
});

test('the landing page search box opens the catalogue with the search', async ({ page }) => {
  // The promo popup is modal (the page behind it is inert) and due 5 s after load; on a busy machine this
  // test can still be typing then. Marked as just shown, it stays away.
  await page.addInitScript(() => window.localStorage.setItem('promoPopupLastShown', String(Date.now())));
  await page.goto('/');
  const search = page.getByRole('search', { name: 'Search books' });
  await search.getByRole('searchbox', { name: 'Search books by title, author or ISBN' }).fill('organic chemistry');
  await expectNoAxeViolations(page);
  await screenshot(page, test.info(), 'front-door-landing');
  await search.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/books\?q=organic\+chemistry$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy Books' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue('organic chemistry');
});

test('Browse books is in the bar on desktop and in the menu on a phone', async ({ page, isMobile }) => {
  await page.goto('/about');
  if (isMobile) {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await menu.getByRole('link', { name: 'Browse books' }).click();
    await expect(menu).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse books' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse books' })).toHaveAttribute('aria-current', 'page');
  }
  await expect(page).toHaveURL(/\/books$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy Books' })).toBeVisible();
  // The footer leads to the catalogue, packages and the AI tutor as well.
  const explore = page.getByRole('contentinfo').getByRole('navigation', { name: 'Explore' });
  await expect(explore.getByRole('link', { name: 'AI Tutor' })).toHaveAttribute('href', '/ai-tutor');
  await expect(explore.getByRole('link', { name: 'Textbook Packages' })).toHaveAttribute('href', '/packages');
});

test('a visitor browses the packages, is asked to log in as a buyer to order, and comes back to the package', async ({ page }) => {
  const { email } = await register(page.request, BUYER);
  await page.goto('/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Textbook Packages' })).toBeVisible();
  await page.getByRole('button', { name: /Computer Science/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Computer Science' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Log in as a buyer to order this package. You will come straight back to it.');
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSideways(page);
  await screenshot(page, test.info(), 'front-door-package-visitor');

  await dialog.getByRole('link', { name: 'Log in to order' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/buyer\/packages\?package=computer-science$/);
  const again = page.getByRole('dialog', { name: 'Computer Science' });
  await again.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Computer Science package added to your cart')).toBeVisible();
});

test('a signed-in student sees their avatar menu on the public pages, not Sign Up and Login', async ({ page, isMobile }) => {
  const { email } = await register(page.request, { ...BUYER, firstName: 'Lwazi' });
  await logIn(page, email, { area: 'buyer' });

  const errors = watchErrors(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/buyer');
  if (isMobile) {
    await expect(page.getByRole('link', { name: 'My dashboard (Lwazi)' })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu.getByText('Buyer account')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, test.info(), 'front-door-menu-signed-in');
    await menu.getByRole('link', { name: 'My dashboard' }).click();
  } else {
    const account = page.getByRole('button', { name: /Lwazi, account menu/ });
    await account.click();
    const dashboard = page.locator('header').getByRole('link', { name: 'My dashboard', exact: true });
    await expect(dashboard).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, test.info(), 'front-door-account-menu');
    await page.keyboard.press('Escape');
    await expect(account).toBeFocused();
    await account.click();
    await dashboard.click();
  }
  await expect(page).toHaveURL(/\/buyer$/);
  expect(errors).toEqual([]);

  // Sign out from a public page ends the session and shows Login again.
  await page.goto('/team');
  if (isMobile) {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: /Lwazi, account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'reshelf_signed_in')).toBe(false);
});

test('the phone menu keeps keyboard focus inside it, and Escape hands it back to the menu button', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu overlay is the phone layout');
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('mobile-menu');
  await expect(menu).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('inert', '');

  // Twenty presses visit only the bar's logo and close button and the menu's entries, around and around.
  const visited = new Set<string>();
  for (let press = 0; press < 20; press += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const inMenu = Boolean(active?.closest('#mobile-menu'));
      const inBar = Boolean(active?.closest('header'));
      return { inside: inMenu || inBar, name: active?.getAttribute('aria-label') || active?.textContent?.trim() || active?.tagName || '' };
    });
    expect(where.inside, `focus went to ${where.name}`).toBe(true);
    visited.add(where.name);
  }
  expect([...visited]).toEqual(expect.arrayContaining(['Toggle menu', 'Home', 'Browse books', 'Team', 'Sign Up', 'Login']));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(page.locator('main')).not.toHaveAttribute('inert', '');
});

test('a mistyped dashboard address shows the 404 inside the dashboard', async ({ page, isMobile }) => {
  const { email } = await register(page.request, { ...BUYER, firstName: 'Ayanda' });
  await logIn(page, email, { area: 'buyer' });
  await page.goto('/buyer/nonsense');
  await expect(page.getByText('vanished like a second-hand textbook')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // The dashboard's own frame: its sidebar on a wide screen, its top bar's menu button on a phone.
  if (isMobile) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expectNoSideways(page);
  await screenshot(page, test.info(), 'front-door-dashboard-404');
  await page.getByRole('main').getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/buyer$/);
});
