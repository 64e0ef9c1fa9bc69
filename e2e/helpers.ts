// Helpers for the browser tests: reading mail the server wrote to DATA_DIR/mail, axe checks, screenshots, photos to upload.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { isbn13CheckDigit } from '@reshelf/shared';

export const dataDir = () => process.env.E2E_DATA_DIR!;

export interface SavedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as a wishlist email's List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** The newest mail to `to` the server has written so far, if any. */
function newestMailTo(dir: string, to: string): SavedMail | undefined {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SavedMail)
    .find((m) => m.to === to);
}

/**
 * Waits for the newest mail to `to` and returns it: the server writes each mail whole (a temporary file
 * renamed), and every file it adds wakes this up. Only the test's own timeout limits the wait.
 */
export async function waitForMail(to: string): Promise<SavedMail> {
  const dir = path.join(dataDir(), 'mail');
  fs.mkdirSync(dir, { recursive: true });
  return new Promise((resolve) => {
    const check = () => {
      const found = newestMailTo(dir, to);
      if (!found) return;
      watcher.close();
      resolve(found);
    };
    const watcher = fs.watch(dir, check);
    check();
  });
}

/** Fails on any axe-core violation of WCAG 2.1 A/AA. */
export async function expectNoAxeViolations(page: Page) {
  // An element fading or sliding in has, mid-way, a colour its finished state does not (axe then reports
  // low contrast): let every animation that ends finish first (spinners and skeleton pulses never end).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page's frames as they are. The default mode also opens a blank page
  // and injects axe a second time to merge frames from other origins, which these pages never embed;
  // that cost about 0.8 s a check, 95 checks a run.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}

/**
 * Whether the screenshots are saved: they are for people to open and look at, so a run on a developer's
 * machine saves them and CI, which keeps no files, saves them only with E2E_SCREENSHOTS=1 (a full-page
 * PNG costs a few hundred milliseconds, and a run with the overflow sweep takes a few hundred).
 */
export const savesScreenshots = !process.env.CI || Boolean(process.env.E2E_SCREENSHOTS);

/** Saves a full-page screenshot under test-results/screenshots/<project>-<name>.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join('test-results', 'screenshots', `${testInfo.project.name}-${name}.png`);
  if (savesScreenshots) await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * What reaches past the right edge of the screen once the fonts are in: the document, or any visible element
 * inside `within` (the page's <main>, or the whole body to take in an open dialog).
 */
export async function overflowOf(page: Page, within: 'main' | 'body' = 'main'): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate((scope) => {
    const screenWidth = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > screenWidth) problems.push(`document is ${document.documentElement.scrollWidth} px wide`);
    for (const element of Array.from(document.querySelectorAll(`${scope} *`))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest('.sr-only')) continue;
      if (box.right > screenWidth + 1) problems.push(`<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').slice(0, 40)}" ends at ${Math.round(box.right)} px`);
    }
    return problems;
  }, within);
}

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@students.wits.ac.za`;

/** An EAN-13 number (ISBNs are EAN-13s) with `prefix` and random digits after it, and its check digit. */
export function randomEan13(prefix: string): string {
  let first12 = prefix;
  while (first12.length < 12) first12 += String(Math.floor(Math.random() * 10));
  return first12 + isbn13CheckDigit(first12);
}

/** An ISBN-13 hyphenated as a seller might type it: 978-1-23456789-7. */
export const typedIsbn = (isbn13: string) => `${isbn13.slice(0, 3)}-${isbn13.slice(3, 4)}-${isbn13.slice(4, 12)}-${isbn13.slice(12)}`;

/** Collects Content-Security-Policy violations the page reports (call before navigating). */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

/** A small solid-colour PNG (RGB, no filter) the server's image pipeline accepts. */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Lists a chemistry textbook with four photos as `seller` through the API and has `admin` approve it;
 * returns the book's id. `details` replaces any of the listing's fields.
 */
export async function listApprovedBook(seller: APIRequestContext, admin: APIRequestContext, title: string, details: Record<string, unknown> = {}) {
  const form = new FormData();
  form.append(
    'bookData',
    JSON.stringify({
      title,
      author: 'Paula Bruice',
      isbn: '978-0-13-404228-2',
      publisher: 'Pearson',
      publicationYear: 2016,
      language: 'english',
      category: 'chemistry',
      studyLevel: 'undergraduate',
      condition: 'very-good',
      price: 420.5,
      edition: '8th Edition',
      numberOfPages: 1344,
      description: 'Light highlighting in the first three chapters, otherwise clean.',
      ...details,
    }),
  );
  const colours: [number, number, number][] = [[0x16, 0x7c, 0x49], [0xb4, 0x53, 0x09], [0x1d, 0x4e, 0xd8], [0x7c, 0x3a, 0xed]];
  for (const [index, colour] of colours.entries()) {
    form.append('images', new Blob([new Uint8Array(png(300, 400, colour))], { type: 'image/png' }), `photo-${index + 1}.png`);
  }
  const created = await seller.post('/api/v1/books', { multipart: form });
  expect(created.status()).toBe(201);
  const { book } = (await created.json()) as { book: { id: string } };
  expect((await admin.post(`/api/v1/admin/books/${book.id}/approve`)).status()).toBe(200);
  return book.id;
}

/** Signs up a new seller through the API and logs in through the login page; the page ends on /seller. */
export async function signInNewSeller(page: Page, password = PASSWORD) {
  const { email } = await register(page.request, { userType: 'seller', firstName: 'Zanele', lastName: 'Khumalo', studentNumber: '4567890', university: 'up', password });
  await logIn(page, email, { password, area: 'seller' });
  return email;
}

/** Collects every request the page makes to a host other than `baseURL`'s (call before navigating). */
export function watchOutsideRequests(page: Page, baseURL: string): string[] {
  const outside: string[] = [];
  const own = new URL(baseURL).host;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && url.host !== own) outside.push(request.url());
  });
  return outside;
}

/**
 * The admin's review card for the pending listing `title` in the moderation queue. The queue lists the
 * oldest first, ten to a page, and listings that other tests left waiting come before this one, so this
 * turns the queue's pages until the card is there, as a moderator would. Another spec file running at the
 * same time (playwright.config.ts) may take an older listing out of the queue while the pages turn, moving
 * this one back onto a page already passed: from the last page, the queue is read again from the first,
 * up to three times. The page must be on /admin.
 */
export async function reviewInQueue(admin: Page, title: string): Promise<Locator> {
  const review = admin.getByRole('article').filter({ has: admin.getByRole('heading', { name: title }) });
  const queue = new URL(admin.url()).pathname;
  for (let pass = 1; ; pass++) {
    await expect(admin.getByText(/^\d+ waiting, oldest first$/)).toBeVisible();
    const showing = admin.getByText(/^Showing \d+ to \d+ of \d+$/);
    await expect(showing).toBeVisible();
    while ((await review.count()) === 0) {
      const next = admin.getByRole('button', { name: 'Next', exact: true });
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      const before = await showing.textContent();
      await next.click();
      await expect(showing).not.toHaveText(before ?? '');
    }
    if ((await review.count()) > 0) break;
    if (pass === 3) throw new Error(`"${title}" is not waiting in the moderation queue`);
    await admin.goto(queue);
  }
  await expect(review).toBeVisible();
  return review;
}

// ---------------------------------------------------------------------------------------------------
// Accounts for the tests: signing students up and in, through the API or the login page. Every spec
// uses these (one way to do each), passing only what its test really depends on.

/** The password every test student signs up with. */
export const PASSWORD = 'Str0ng!pass';

/** The admin account the test server seeds (ADMIN_EMAIL and ADMIN_PASSWORD in playwright.config.ts). */
export const ADMIN = { email: 'admin@reshelf.test', password: 'Admin-Passw0rd!' };

/** Where a signed-in account lands after logging in: its area's home. */
export type Area = 'buyer' | 'seller' | 'admin';

/**
 * The JSON body of a successful (2xx) answer, or null for a 204; otherwise throws an error naming `what`,
 * the status and the body, so a failed set-up step says which one it was and why.
 */
export async function ok<T = unknown>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** The API request context of a new browser context: cookies of its own, so it can be another person. */
export async function apiContext(browser: Browser, baseURL: string): Promise<APIRequestContext> {
  return (await browser.newContext({ baseURL })).request;
}

/** Who to sign up: the role is required, the rest defaults to a Wits student, Thandi Dlamini. */
export interface NewStudent {
  userType: 'buyer' | 'seller';
  firstName?: string;
  lastName?: string;
  university?: string;
  studentNumber?: string;
  /** The start of the (unique) email address; the role by default. */
  emailPrefix?: string;
  password?: string;
}

/** Signs up a new student through the API (POST /auth/register) with `request`; does not sign in. */
export async function register(request: APIRequestContext, student: NewStudent): Promise<{ email: string; id: string }> {
  const { userType, firstName = 'Thandi', lastName = 'Dlamini', university = 'wits', studentNumber = '2345678', emailPrefix = userType, password = PASSWORD } = student;
  const email = uniqueEmail(emailPrefix);
  const response = await request.post('/api/v1/auth/register', {
    data: { email, password, firstName, lastName, studentNumber, university, userType },
  });
  expect(response.status(), `register ${email}: ${await response.text()}`).toBe(201);
  return { email, id: ((await response.json()) as { student: { id: string } }).student.id };
}

/** Signs `request` in through the API (POST /auth/login); its session cookie is then kept. */
export async function apiLogIn(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status(), `log in ${email}: ${await response.text()}`).toBe(200);
}

/** A new student, signed up and signed in through the API in a browser context of their own (close it when done). */
export async function signedInStudent(browser: Browser, baseURL: string, student: NewStudent) {
  const context = await browser.newContext({ baseURL });
  const { email, id } = await register(context.request, student);
  await apiLogIn(context.request, email, student.password);
  return { context, request: context.request, email, id };
}

/** The admin, signed in through the API in a browser context of their own (close it when done). */
export async function signedInAdmin(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await apiLogIn(context.request, ADMIN.email, ADMIN.password);
  return context;
}

/** Fills in and submits the login form the page shows now (for when a redirect brought the page there). */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Logs in through the login page, as a person does. With `area`, waits until the page lands on that
 * area's home (/buyer, /seller or /admin); without it, returns once the form is sent (for tests that look
 * at what the login page answers).
 */
export async function logIn(page: Page, email: string, { password = PASSWORD, area }: { password?: string; area?: Area } = {}) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  if (area) await expect(page).toHaveURL(new RegExp(`/${area}$`));
}

/** A meetup two days ahead at 10:00 South African time, as the accept dialog's date-time box takes it. */
export function meetupInput(): string {
  const sa = new Date(Date.now() + 2 * 86_400_000 + 2 * 3_600_000);
  return `${sa.toISOString().slice(0, 10)}T10:00`;
}

/**
 * Saves what the screen shows now under test-results/screenshots/<project>-<name>.png: an open dialog sits
 * in the top layer, which a full-page screenshot (`screenshot`) leaves out.
 */
export async function screenshotOfScreen(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join('test-results', 'screenshots', `${testInfo.project.name}-${name}.png`);
  if (savesScreenshots) await page.screenshot({ path: file });
  return file;
}
