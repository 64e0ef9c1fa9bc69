#!/usr/bin/env node
// Makes a fresh clone runnable: installs npm packages when they are missing or older than the
// lockfile and, with --test, the system Chromium the browser tests drive (Debian package
// `chromium-headless-shell`).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HEADLESS_SHELL, testBrowserPath } from './test-browser.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function depsStale() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!fs.existsSync(marker)) return true;
  return fs.statSync(path.join(root, 'package-lock.json')).mtimeMs > fs.statSync(marker).mtimeMs + 1000;
}

if (depsStale()) {
  console.log('Installing npm packages (first run: native modules build from source, a few minutes)...');
  run('npm ci --no-audit --no-fund');
}

if (process.argv.includes('--test')) {
  // The browser tests want Debian's headless shell and take the full Chromium when only it is there
  // (scripts/test-browser.mjs). As root with apt, a missing headless shell is installed; when that
  // fails (no network) the tests go on with whichever browser there is.
  const isRoot = process.getuid?.() === 0;
  if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL) && isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Installing chromium-headless-shell for the browser tests (apt-get)...');
    try {
      run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-liberation');
    } catch {
      console.warn('apt-get could not install chromium-headless-shell.');
    }
  }
  const chromium = testBrowserPath();
  if (!fs.existsSync(chromium)) {
    console.warn(`No Chromium at ${chromium}: install the "chromium-headless-shell" package or set CHROMIUM_PATH (browser tests will be skipped).`);
  }
}
