// Account journeys in a real browser against the real server: sign up, log in, sign out, the role
// guard, forgotten password by mail, account deletion, accessibility and screenshots at both widths.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations, logIn, PASSWORD, register, screenshot, uniqueEmail, waitForMail } from './helpers';

/**
 * Closes the toasts before an accessibility check of the page under them. (Sonner's rich-colour info
 * and success toasts are checked on their own in the toast system's tests.)
 */
async function closeToasts(page: Page) {
  // Only the front toast is visible (one at a time); closing it brings the next forward, so keep
  // closing until none is left (they also leave by themselves after 10 s).
  await expect(async () => {
    const close = page.locator('[data-sonner-toast] [data-close-button]');
    const count = await close.count();
    for (let i = 0; i < count; i += 1) await close.nth(i).click({ force: true, timeout: 1000 }).catch(() => {});
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

/** Sign Out lives in the sidebar on desktop and in the menu on phones. */
async function signOut(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('button', { name: 'Sign Out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

// The accounts made through the API (for journeys that are not about sign-up): Thandi Nkosi at Wits.
const NKOSI = { lastName: 'Nkosi' };

test('a seller signs up, logs in, lands on /seller and signs out', async ({ page }, testInfo) => {
  const email = uniqueEmail('seller');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to\s*Reshelf/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing filled: the first rule is toasted and nothing is sent.
  await page.getByRole('button', { name: 'Join Reshelf' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('First Name').fill('Thandi');
  await page.getByLabel('Last Name').fill('Nkosi');
  await page.getByLabel('Student Number').fill('2345678');
  await page.getByLabel('University').selectOption({ label: 'Uni. of the Witwatersrand' });
  await page.getByText('Sell Books').click();
  await expect(page.getByRole('radio', { name: 'Sell Books' })).toBeChecked();
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await screenshot(page, testInfo, 'signup');
  await page.getByRole('button', { name: 'Join Reshelf' }).click();

  await expect(page.getByText('Your account has been created successfully! 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You can now log in with your email and password')).toBeVisible();
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(email);
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await screenshot(page, testInfo, 'login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/seller$/);
  await expect(page.getByText('Welcome back, Thandi!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seller Home' })).toBeVisible();
  // A reload keeps the session (cookie) and paints the dashboard again.
  await page.reload();
  await expect(page).toHaveURL(/\/seller$/);

  await page.goto('/seller/faculty');
  await expect(page.getByRole('heading', { name: 'Faculty Details' })).toBeVisible();
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'dashboard-faculty');

  await page.goto('/seller/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'dashboard-settings');

  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await screenshot(page, testInfo, 'dashboard-menu');
    await page.keyboard.press('Escape');
  }

  await signOut(page, testInfo);
  // Signed out for real: the area sends them back to /login.
  await page.goto('/seller');
  await expect(page).toHaveURL(/\/login$/);
});

test('a buyer opening /seller is refused and ends on /login', async ({ page }) => {
  const buyer = await register(page.request, { ...NKOSI, userType: 'buyer', emailPrefix: 'buyer' });
  await logIn(page, buyer.email, { area: 'buyer' });
  await page.goto('/seller');
  // First offered selling under the same message (account-roles.spec.ts); declining it is the refusal.
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied. Seller account required.' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  // The toast says it (the offer's heading, with the same words, may stay on screen until the login
  // page's code has loaded, so the toast is looked for in the toasts' own region).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Access denied. Seller account required.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
});

test('a student who forgot the password resets it by mail and logs in with the new one', async ({ page }) => {
  const account = await register(page.request, { ...NKOSI, userType: 'buyer', emailPrefix: 'forgot' });
  await page.goto('/reset');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email Address', { exact: true }).fill(account.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset link sent to your email')).toBeVisible();

  const mail = await waitForMail(account.email);
  const link = /https?:\/\/[^\s"<>]+\/reset\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  const newPassword = 'N3w-Passw0rd!';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await logIn(page, account.email);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logIn(page, account.email, { password: newPassword, area: 'buyer' });

  // The link was single use.
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New Password', { exact: true }).fill('An0ther-Passw0rd!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('An0ther-Passw0rd!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset link is invalid or has expired' })).toBeVisible();
});

test('a student deletes their account', async ({ page }) => {
  const account = await register(page.request, { ...NKOSI, userType: 'seller', emailPrefix: 'delete' });
  await logIn(page, account.email, { area: 'seller' });
  await page.goto('/seller/settings');
  await page.getByRole('tab', { name: 'Security & Privacy' }).click();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete your account? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Account deletion cancelled', { exact: true })).toBeVisible();

  // The dialog is modal: Tab and Shift+Tab stay inside it, Escape closes it, focus goes back to the opener.
  const opener = page.getByRole('button', { name: 'Delete Account' });
  await opener.click();
  await expect(confirm).toBeVisible();
  const focusInside = () => confirm.evaluate((dialog) => dialog.contains(document.activeElement));
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    await expect.poll(focusInside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(opener).toBeFocused();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, continue' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Enter your password' });
  await prompt.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd!');
  await prompt.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Password is incorrect')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, continue' }).click();
  await page.getByRole('alertdialog', { name: 'Enter your password' }).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('alertdialog', { name: 'Enter your password' }).getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Gone for good: the password no longer opens anything.
  await logIn(page, account.email);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
