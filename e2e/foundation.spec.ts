// The shell every page shares: navigation (desktop bar, phone overlay), footer, 404, deep links.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, screenshot, watchCspViolations } from './helpers';

test.describe('navigation bar', () => {
  test('desktop: links, active highlight, shadow after scrolling', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop layout');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Contact', 'About', 'Team']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeHidden();

    const header = page.locator('header').first();
    const shadowBefore = await header.evaluate((el) => getComputedStyle(el).boxShadow);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe(shadowBefore);

    await nav.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page).toHaveTitle(/Our Team/);
    await screenshot(page, test.info(), 'team');
  });

  test('phone: the menu overlay opens, locks scrolling and closes on a link', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone layout');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const overlay = page.getByTestId('mobile-menu');
    await expect(overlay).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    for (const name of ['Home', 'Contact', 'About', 'Team', 'Sign Up', 'Login']) {
      await expect(overlay.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await screenshot(page, test.info(), 'menu-open');
    await overlay.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(overlay).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test('footer: quick links, account links, newsletter and the current year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  for (const name of ['About', 'Team', 'Contact', 'Login', 'Sign Up']) await expect(footer.getByRole('link', { name, exact: true }).first()).toBeVisible();
  await expect(footer.getByRole('textbox', { name: /email/i })).toBeVisible();
  await expect(footer).toContainText(String(new Date().getFullYear()));
});

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  const res = await page.goto('/this/page/does-not-exist');
  expect(res?.status()).toBe(200);
  await expect(page.getByText('vanished like a second-hand textbook')).toBeVisible();
  const avatar = page.locator('img[src*="/api/v1/avatars/"]').first();
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, test.info(), '404');
  await page.getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('deep links survive a refresh', async ({ page }) => {
  await page.goto('/terms');
  await expect(page).toHaveTitle(/Terms of Service/);
  await page.reload();
  await expect(page).toHaveTitle(/Terms of Service/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the landing page is accessible, breaks no CSP rule and makes no outside requests', async ({ page }) => {
  const csp = watchCspViolations(page);
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob')) outside.push(req.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sell Now!' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
  await screenshot(page, test.info(), 'home');
  expect(outside).toEqual([]);
  // A toast uses the library's stylesheet, which must load as a file, not an inline style.
  await page.goto('/contact');
  // The footer's newsletter form loads as the reader scrolls towards it.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('contentinfo').getByRole('textbox', { name: /email/i }).fill('someone@yahoo.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please use your university email or a personal Gmail/iCloud account')).toBeVisible();
  expect(csp).toEqual([]);
});
