// The pages every visitor sees: landing (FAQ, promo popup), contact form and newsletter, end to end.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir, expectNoAxeViolations, screenshot } from './helpers';

test('landing page: hero links, figures, featured universities, FAQ one-at-a-time', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sell Now!' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
  for (const figure of ['50K+', '70%', '25K+', '100+']) await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
  for (const step of ['Search or List', 'Connect & Verify', 'Safe Exchange']) await expect(page.getByRole('heading', { name: step })).toBeVisible();

  const questions = page.locator('button[aria-expanded]').filter({ hasNot: page.getByRole('button', { name: 'Toggle menu' }) });
  const faq = page.getByRole('region', { name: /question/i }).or(page.locator('#faq'));
  await faq.first().scrollIntoViewIfNeeded();
  const faqButtons = questions.filter({ hasText: /\?/ });
  await expect(faqButtons).toHaveCount(6);
  await faqButtons.nth(0).click();
  await expect(faqButtons.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await faqButtons.nth(2).click();
  await expect(faqButtons.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(faqButtons.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await faqButtons.nth(2).click();
  await expect(faqButtons.nth(2)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: /contact/i }).first()).toBeVisible();
  await screenshot(page, test.info(), 'landing');
});

test('promo popup: appears after 5 seconds, not again after Maybe Later', async ({ page }) => {
  // The page's timers run on a clock the test moves, paused otherwise, so "after 5 seconds" holds on a busy
  // machine too (an installed clock that is not paused runs at real pace).
  const start = new Date('2026-11-24T08:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Start trading textbooks today' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.fastForward(4_000);
  await expect(dialog).toBeHidden();
  await page.clock.fastForward(1_500);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await screenshot(page, test.info(), 'promo-popup');
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  // The dialog leaves with a short animation, whose frames run on the test's clock too.
  await page.clock.runFor(1_000);
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.fastForward(10_000);
  await expect(dialog).toBeHidden();
});

test('contact form: disabled until agreed, sends, clears, and reaches the support inbox', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle(/Contact Us/);
  const form = page.getByRole('main');
  const send = form.getByRole('button', { name: 'Send Message' });
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Ayanda');
  await form.getByLabel('Last name').fill('Zulu');
  await form.getByLabel('Student number').fill('219000111');
  await form.getByLabel('University').selectOption({ label: 'University of Johannesburg' });
  await form.getByLabel('Email address').fill('ayanda@student.uj.ac.za');
  const message = `Do you cover the Soweto campus? ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
  await expect(send).toBeDisabled();
  await form.getByRole('switch', { name: 'I agree to the privacy policy and terms' }).click();
  await expect(send).toBeEnabled();
  await expectNoAxeViolations(page);
  await send.click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
  await expect(form.getByRole('switch', { name: 'I agree to the privacy policy and terms' })).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(() => {
      const dir = path.join(dataDir(), 'mail');
      if (!fs.existsSync(dir)) return false;
      return fs.readdirSync(dir).some((f) => f.endsWith('.json') && fs.readFileSync(path.join(dir, f), 'utf8').includes(message));
    })
    .toBe(true);
});

test('newsletter: a yahoo.com address is refused with the domain message, a student address subscribes', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  // The form loads as the reader scrolls towards the footer.
  await footer.scrollIntoViewIfNeeded();
  const email = footer.getByRole('textbox', { name: /email/i });
  await email.fill('someone@yahoo.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please use your university email or a personal Gmail/iCloud account')).toBeVisible();
  await expect(email).toHaveValue('someone@yahoo.com');
  await email.fill(`reader.${Date.now()}@students.wits.ac.za`);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Successfully subscribed to newsletter!')).toBeVisible();
  await expect(email).toHaveValue('');
});

test('public pages have their titles and no accessibility violations', async ({ page }) => {
  for (const [url, title] of [
    ['/about', 'About Us'],
    ['/team', 'Our Team'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy'],
    ['/ai-tutor', 'AI'],
  ] as const) {
    await page.goto(url);
    await expect(page).toHaveTitle(new RegExp(title));
    await expectNoAxeViolations(page);
  }
  await page.goto('/terms');
  await expect(page.getByText(/Last updated/)).toBeVisible();
  await expect(page.locator('main h2')).toHaveCount(16);
});
