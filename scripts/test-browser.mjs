// Which Chromium the browser tests drive, in one place for `npm test`, its set-up and playwright.config.ts.
// CHROMIUM_PATH wins. Otherwise Debian's `chromium-headless-shell` when it is installed: the browser
// without its desktop shell, which Playwright itself uses for headless runs. On two cores it ran the
// same specs in about two thirds of the time the full `chromium` took (docs/testing.md, "How long it
// takes"). Otherwise the full `chromium`, which the tests pass on as well.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

/** The browser binary the tests will launch, whether or not it exists. */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
