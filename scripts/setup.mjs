#!/usr/bin/env node
// Makes a fresh clone runnable: installs npm packages when they are missing or older than the
// lockfile and, with --test, the system Chromium the browser tests drive (Debian package `chromium`).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const isRoot = process.getuid?.() === 0;
    if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
      console.log('Installing Chromium for the browser tests (apt-get install chromium)...');
      run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation');
    } else {
      console.warn(`No Chromium at ${chromium}: install the "chromium" package or set CHROMIUM_PATH (browser tests will be skipped).`);
    }
  }
}
