// Browser tests: the built app served by a real server on the embedded database, driven through the
// system Chromium (never a downloaded browser). Mail lands as JSON files in the server's DATA_DIR.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testBrowserPath } from './scripts/test-browser.mjs';

/**
 * Ports free on 127.0.0.1 now, as the OS hands them out (listening on port 0). A port picked at random
 * from a range can be one another service holds: a run once landed on 4369, where the machine's Erlang
 * port mapper listens, and the server could not start. Asked in a child process because the config is
 * read synchronously.
 */
function freePorts(count: number): number[] {
  const script = `const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    let open = 0;
    for (const server of servers) server.listen(0, '127.0.0.1', () => {
      if (++open < servers.length) return;
      console.log(servers.map((s) => s.address().port).join(' '));
      for (const s of servers) s.close();
    });`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
}

// A port of its own per run (workers inherit it through the environment), so runs never collide. The
// OpenID Provider e2e/sign-in-provider.spec.ts starts (oidc-provider) listens on the second; the server is
// configured with it as its self-hosted provider, found by discovery when a sign-in starts.
if (!process.env.E2E_PORT || !process.env.E2E_OIDC_PORT) {
  const [app, oidc] = freePorts(2);
  process.env.E2E_PORT ||= String(app);
  process.env.E2E_OIDC_PORT ||= String(oidc);
}
const port = Number(process.env.E2E_PORT);
export const OIDC = { issuer: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`, clientId: 'reshelf-e2e', clientSecret: 'an-e2e-client-secret-that-is-long-enough' };
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const chromiumPath = testBrowserPath();
const launchOptions = {
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
};

export default defineConfig({
  testDir: './e2e',
  // Screenshots go to test-results/screenshots, outside this folder, which Playwright empties per run.
  // One folder per run's port: Playwright empties its output folder when a run starts, and runs on other
  // ports (another checkout, a second terminal) must not lose their traces to it.
  outputDir: `./test-results/playwright/${port}`,
  // Bounds only end a hang (docs/testing.md, rule 2): with four other test runs on the two cores a page
  // took over 10 s to show what a wait looked for. Long journeys mark themselves test.slow() (three times this).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Two spec files at a time, each on its own page against the one server: with one, a third of the two
  // cores sat idle (Chromium waits on the server and the server on Chromium), and the suite took 500 s
  // where two take 330 (docs/testing.md). The tests inside a file still run in order. Specs make their own
  // accounts and find their listings by their own ISBNs or titles; what they share (the admin, the
  // moderation queue, the hostile data's ISBN and its price guidance, the OpenID Provider's port) is read so
  // that another file's changes cannot mislead it (reviewInQueue in e2e/helpers.ts, the price field found
  // by its role in e2e/selling.spec.ts, the provider's lock in e2e/sign-in-provider.spec.ts).
  fullyParallel: false,
  workers: 2,
  // No retries, in CI or anywhere: a test that fails once is a failure to fix, not a flake to run again.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs every test about a fifth of its time (a DOM snapshot per action, a
    // screencast), and a run in CI keeps no files: E2E_TRACE=1 records them and keeps a failed test's.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions } },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // Starting the server (tsx compiling its TypeScript, the migrations) took over 30 s on a loaded machine.
    timeout: 300_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@reshelf.test',
      ADMIN_PASSWORD: 'Admin-Passw0rd!',
      // The whole browser suite signs up well over the 60 students an hour one address may, all from 127.0.0.1.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      // One server for the whole suite: its listings stay under a seller's hourly limit only while no spec shares a seller.
      LISTINGS_PER_SELLER_PER_HOUR: '10000',
      DATABASE_URL: '',
      REDIS_URL: '',
      OIDC_ISSUER: OIDC.issuer,
      OIDC_CLIENT_ID: OIDC.clientId,
      OIDC_CLIENT_SECRET: OIDC.clientSecret,
    },
  },
});
