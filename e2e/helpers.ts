// Helpers for the browser tests: reading mail the server wrote to DATA_DIR/mail, axe checks, screenshots.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const dataDir = () => process.env.E2E_DATA_DIR!;

export interface SavedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest mail to `to` and returns it. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<SavedMail> {
  const dir = path.join(dataDir(), 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(dir)) {
      const mails = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SavedMail);
      const found = mails.find((m) => m.to === to);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Fails on any axe-core violation of WCAG 2.1 A/AA. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}

/** Saves a full-page screenshot under test-results/screenshots/<project>-<name>.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join('test-results', 'screenshots', `${testInfo.project.name}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@students.wits.ac.za`;

/** Collects Content-Security-Policy violations the page reports (call before navigating). */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}
