// Sign-in with an identity provider in the browser, at 390 px and 1280 px: the spec starts a real OpenID
// Provider (oidc-provider, its own sign-in and consent pages) where playwright.config.ts points the
// server. A new person goes from "Continue with single sign-on" through the provider's pages to
// "Complete your profile" and into their area; back again, the provider signs them straight in; settings
// show the provider linked and refuse to unlink the only way in. An email that is already an account's
// asks for its password (a wrong one is refused). A forged callback ends on the login page with a clear
// message. Our pages are axe-clean and never wider than the screen (320, 390, 1280 px).
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SIGN_IN_PROVIDER_ERRORS, SIGN_IN_PROVIDER_MESSAGES, MESSAGES } from '@reshelf/shared';
import { OIDC } from '../playwright.config';
import { startTestProvider, type TestProvider } from '../apps/server/test/helpers/oidc-provider';
import { expectNoAxeViolations, overflowOf, screenshot, uniqueEmail } from './helpers';
import { LONG_WORD } from './hostile-data';

let op: TestProvider;

/**
 * The provider listens on the one port the server is configured with, and the browser tests run two files
 * at a time (playwright.config.ts): this file's desktop and phone runs could otherwise each start one
 * there. Each test starts its own provider and closes it, and holds this lock, which no two tests hold at
 * once (Playwright's test locks). The provider's people are each test's own.
 */
const PROVIDER = { lock: 'the OpenID Provider on E2E_OIDC_PORT' };

test.beforeEach(async () => {
  const port = Number(process.env.E2E_OIDC_PORT);
  op = await startTestProvider({
    port,
    redirectUri: `http://127.0.0.1:${process.env.E2E_PORT}/api/v1/auth/oauth/oidc/callback`,
    clientId: OIDC.clientId,
    clientSecret: OIDC.clientSecret,
  });
});

test.afterEach(async () => {
  await op?.close();
});

const SSO = SIGN_IN_PROVIDER_MESSAGES.continueWith('single sign-on');

/**
 * Our page checked at this width and at 320 px: axe, nothing wider than the screen, a screenshot each.
 * `within` narrows the width check to our part of a page others own (settings' card).
 */
async function check(page: Page, testInfo: TestInfo, name: string, within?: Locator) {
  await expectNoAxeViolations(page);
  const fits = async () => {
    if (!within) return expect(await overflowOf(page)).toEqual([]);
    const box = (await within.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    const wide = await within.evaluate((el) => Array.from(el.querySelectorAll('*')).filter((e) => e.getBoundingClientRect().right > window.innerWidth).length);
    expect(wide).toBe(0);
  };
  await fits();
  await screenshot(page, testInfo, name);
  const size = page.viewportSize()!;
  if (size.width === 390) {
    await page.setViewportSize({ width: 320, height: size.height });
    await fits();
    await screenshot(page, testInfo, `${name}-320`);
    await page.setViewportSize(size);
  }
}

/** On the provider's own pages: its sign-in (any login), then its consent when it asks. */
async function atProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${OIDC.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new person signs up with the provider, completes the profile, and comes back signed in', PROVIDER, async ({ page }, testInfo) => {
  const login = `new-${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = uniqueEmail(login).replace('@students.wits.ac.za', '@students.uct.ac.za');
  op.people[login] = { email, given_name: `Ayanda${LONG_WORD}`, family_name: 'Dlamini' };

  await page.goto('/login');
  const button = page.getByRole('link', { name: SSO });
  await expect(button).toBeVisible();
  await check(page, testInfo, 'sso-login');
  await button.click();
  await atProvider(page, login);

  await expect(page).toHaveURL(/\/sign-in\/complete$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_PROVIDER_MESSAGES.completeHeading })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email Address', exact: true })).toHaveValue(email.toLowerCase());
  await expect(page.getByRole('textbox', { name: 'Email Address', exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('First Name')).toHaveValue(`Ayanda${LONG_WORD}`);
  await check(page, testInfo, 'sso-complete-profile');

  // The first missing field is said, and nothing is sent.
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(MESSAGES.studentNumberRequired)).toBeVisible();
  await page.getByLabel('First Name').fill('Ayanda');
  await page.getByLabel('Student Number').fill('DLMAYA001');
  await page.getByLabel('University').selectOption('uct');
  await page.getByRole('radio', { name: 'Buy Books' }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/buyer$/);

  // Settings: the provider is linked, and it is the only way in, so it stays.
  await page.goto('/buyer/settings');
  await page.getByRole('tab', { name: 'Security & Privacy' }).click();
  const card = page.getByRole('region', { name: SIGN_IN_PROVIDER_MESSAGES.cardHeading });
  await expect(card.getByText(`Linked: ${email.toLowerCase()}`)).toBeVisible();
  await check(page, testInfo, 'sso-settings', card);
  await card.getByRole('button', { name: 'Unlink single sign-on' }).click();
  await expect(page.getByText(SIGN_IN_PROVIDER_MESSAGES.lastWayToSignIn)).toBeVisible();
  await expect(card.getByText(`Linked: ${email.toLowerCase()}`)).toBeVisible();

  // Signed out and back: the provider remembers them, and Reshelf signs them straight in.
  expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(204);
  await page.goto('/login');
  await page.getByRole('link', { name: SSO }).click();
  await expect(page).toHaveURL(/\/buyer$/);
});

test('an email that is already an account: its password links the provider', PROVIDER, async ({ browser, page }, testInfo) => {
  const email = uniqueEmail('owner');
  const password = 'Str0ng!pass';
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password, firstName: 'Thandi', lastName: 'Mokoena', studentNumber: '2301234', university: 'wits', userType: 'seller' },
  });
  expect(registered.status()).toBe(201);
  const login = `owner-${testInfo.project.name}-${Date.now().toString(36)}`;
  op.people[login] = { email };

  // A fresh browser (no provider session yet).
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const tab = await context.newPage();
  await tab.goto('/login');
  await tab.getByRole('link', { name: SSO }).click();
  await atProvider(tab, login);
  await expect(tab).toHaveURL(/\/sign-in\/link$/);
  await expect(tab.getByRole('heading', { name: SIGN_IN_PROVIDER_MESSAGES.linkHeading })).toBeVisible();
  await check(tab, testInfo, 'sso-link-password');

  await tab.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd!');
  await tab.getByRole('button', { name: 'Link single sign-on and log in' }).click();
  await expect(tab.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await tab.getByLabel('Password', { exact: true }).fill(password);
  await tab.getByRole('button', { name: 'Link single sign-on and log in' }).click();
  await expect(tab).toHaveURL(/\/seller$/);
  await context.close();
});

test('a callback this browser did not start ends on the login page with a clear message, signed out', PROVIDER, async ({ page }, testInfo) => {
  await page.goto('/api/v1/auth/oauth/oidc/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?signInError=expired$/);
  await expect(page.getByRole('alert').filter({ hasText: SIGN_IN_PROVIDER_ERRORS.expired })).toBeVisible();
  await check(page, testInfo, 'sso-error');
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
});

test('a signed-in student links the provider from settings and unlinks it again', PROVIDER, async ({ page }, testInfo) => {
  const email = uniqueEmail('linker');
  const password = 'Str0ng!pass';
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password, firstName: 'Naledi', lastName: 'Mokoena', studentNumber: '2301234', university: 'wits', userType: 'buyer' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/buyer$/);

  const login = `linker-${testInfo.project.name}-${Date.now().toString(36)}`;
  op.people[login] = { email: `${login}@gmail.test` };
  await page.goto('/buyer/settings');
  await page.getByRole('tab', { name: 'Security & Privacy' }).click();
  const card = page.getByRole('region', { name: SIGN_IN_PROVIDER_MESSAGES.cardHeading });
  await card.getByRole('link', { name: 'Link single sign-on' }).click();
  await atProvider(page, login);
  // Back in the student's own settings, on the Security tab, the link said and shown.
  await expect(page).toHaveURL(/\/buyer\/settings$/);
  await expect(page.getByText(SIGN_IN_PROVIDER_MESSAGES.linked('single sign-on'))).toBeVisible();
  await expect(card.getByText(`Linked: ${login}@gmail.test`)).toBeVisible();
  // With a password the provider may go.
  await card.getByRole('button', { name: 'Unlink single sign-on' }).click();
  await expect(page.getByText(SIGN_IN_PROVIDER_MESSAGES.unlinked('single sign-on'))).toBeVisible();
  await expect(card.getByText('Not linked')).toBeVisible();
});
