#!/usr/bin/env node
// The whole test suite, in order: shared and web units/components, the server integration suite on
// SQLite, again on PostgreSQL when TEST_DATABASE_URL is set, then the browser tests against a real
// server. Under CI=true neither PostgreSQL nor the browser tests may be skipped.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { testBrowserPath } from './test-browser.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.slice(2);

function step(title, cmd, env = {}) {
  console.log(`\n=== ${title}\n$ ${cmd}`);
  const started = Date.now();
  const res = spawnSync(cmd, { cwd: root, stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  const took = `${Math.round((Date.now() - started) / 1000)} s`;
  if (res.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${res.status}) after ${took}.`);
    process.exit(res.status ?? 1);
  }
  // Each suite's time, so a slow CI run says which suite grew.
  console.log(`\n=== ${title}: ${took}`);
}

const want = (name) => only.length === 0 || only.includes(name);

execSync('node scripts/setup.mjs --test', { cwd: root, stdio: 'inherit' });

if (want('unit')) step('Unit and component tests (shared, web)', 'npx vitest run --project shared --project web');
if (want('server')) step('Server integration tests on SQLite', 'npx vitest run --project server', { TEST_DATABASE_URL: '' });
if (want('postgres')) {
  if (process.env.TEST_DATABASE_URL) {
    step('Server integration tests on PostgreSQL', 'npx vitest run --project server');
  } else if (ci) {
    console.error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must not be skipped.');
    process.exit(1);
  } else {
    console.log('\n(TEST_DATABASE_URL not set: skipping the PostgreSQL run of the server suite.)');
  }
}
if (want('e2e')) {
  const chromium = testBrowserPath();
  if (!fs.existsSync(chromium)) {
    if (ci) {
      console.error(`CI=true but no Chromium at ${chromium}: the browser tests must not be skipped.`);
      process.exit(1);
    }
    console.log(`\n(No Chromium at ${chromium}: skipping the browser tests.)`);
  } else {
    step('Build the web app', 'npm run build');
    step(`Browser tests (Playwright, ${chromium})`, 'npx playwright test');
  }
}
console.log('\nAll requested test suites passed.');
