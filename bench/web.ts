// Page weight and Lighthouse: the gzip size of what the landing page's HTML asks for first, the bytes
// a first visit to `/` really transfers (in the tests' Chromium, CHROMIUM below), and Lighthouse scores (mobile preset).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT } from './processes.ts';
import { testBrowserPath } from '../scripts/test-browser.mjs';

const run = promisify(execFile);
/**
 * The browser: CHROMIUM_PATH or CHROME_PATH, else the one the browser tests use (Debian's headless shell
 * where installed). The Lighthouse scores in docs/performance.md before 2026-11-27 are full Chromium's:
 * set CHROMIUM_PATH=/usr/bin/chromium to compare with them.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || testBrowserPath();
const BROWSER_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export const gzipSize = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

export interface EntryAsset {
  kind: 'entry' | 'modulepreload' | 'css';
  file: string;
  bytes: number;
  gzip: number;
}

/** The script, preloaded modules and stylesheets that index.html names (before any lazy route loads). */
export function entryAssets(webDist: string): EntryAsset[] {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const found: EntryAsset[] = [];
  const add = (kind: EntryAsset['kind'], href: string) => {
    const data = fs.readFileSync(path.join(webDist, href.replace(/^\//, '')));
    found.push({ kind, file: href, bytes: data.length, gzip: gzipSize(data) });
  };
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) add('entry', m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) add('modulepreload', m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) add('css', m[1]!);
  return found;
}

/** The largest file under dist/assets (the heaviest static file the server hands out). */
export function largestAsset(webDist: string): string | undefined {
  const dir = path.join(webDist, 'assets');
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  return files[0] ? `/assets/${files[0].f}` : undefined;
}

export interface Transfer {
  url: string;
  type: string;
  transferred: number;
  /** gzip -9 size of the same file from dist (JS and CSS only), for the goal stated in gzip. */
  gzip?: number;
}

export interface FirstVisit {
  transfers: Transfer[];
  total: number;
  js: number;
  jsGzip: number;
  css: number;
}

/** Loads `path` in a fresh phone-sized browser profile and adds up every response's bytes on the wire. */
export async function firstVisit(baseUrl: string, pagePath: string, webDist: string): Promise<FirstVisit> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const meta = new Map<string, { url: string; type: string }>();
    const sizes = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => meta.set(e.requestId, { url: e.response.url, type: e.type }));
    cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const transfers: Transfer[] = [];
    for (const [id, m] of meta) {
      const transferred = sizes.get(id) ?? 0;
      const u = new URL(m.url);
      const t: Transfer = { url: u.origin === baseUrl ? u.pathname + u.search : m.url, type: m.type, transferred };
      if (u.origin === baseUrl && /\.(js|css)$/.test(u.pathname)) {
        const file = path.join(webDist, u.pathname);
        if (fs.existsSync(file)) t.gzip = gzipSize(fs.readFileSync(file));
      }
      transfers.push(t);
    }
    transfers.sort((a, b) => b.transferred - a.transferred);
    const sum = (list: Transfer[], pick: (t: Transfer) => number) => list.reduce((a, t) => a + pick(t), 0);
    const js = transfers.filter((t) => t.type === 'Script');
    return {
      transfers,
      total: sum(transfers, (t) => t.transferred),
      js: sum(js, (t) => t.transferred),
      jsGzip: sum(js, (t) => t.gzip ?? t.transferred),
      css: sum(transfers.filter((t) => t.type === 'Stylesheet'), (t) => t.transferred),
    };
  } finally {
    await browser.close();
  }
}

/** Whether the SPA renders a real page at `pagePath` (not its "Page Not Found" screen). */
export async function routeExists(baseUrl: string, pagePath: string): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return !/not found/i.test(await page.title());
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  path: string;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  seo?: number;
  metrics?: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  failing?: string[];
  error?: string;
}

/** The first few offending items of an audit, in a line: console messages, issues, links, elements. */
function describeItems(items: Record<string, unknown>[]): string {
  const text = items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const parts = [item.description, item.issueType, item.source, item.href, item.text, node?.snippet, item.url].filter((v) => typeof v === 'string' && v);
    return String(parts.join(' ')).replace(/\s+/g, ' ').slice(0, 160);
  });
  return text.length ? ` — ${text.join(' | ')}` : '';
}

/** Runs the Lighthouse CLI (mobile preset, headless, in CHROMIUM) on one page. */
export async function lighthouse(baseUrl: string, pagePath: string): Promise<LighthouseScores> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-lh-')), 'report.json');
  const cli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
  try {
    await run(
      process.execPath,
      [
        cli,
        `${baseUrl}${pagePath}`,
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      runtimeError?: { message: string };
      categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string; details?: { items?: Record<string, unknown>[] } }>;
    };
    if (report.runtimeError) return { path: pagePath, error: report.runtimeError.message };
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const num = (id: string) => report.audits[id]?.numericValue ?? 0;
    // Audits that cost points in the non-performance categories, so a missed 100 says why.
    const failing = ['accessibility', 'best-practices', 'seo'].flatMap((cat) =>
      (report.categories[cat]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => report.audits[ref.id])
        .filter((a) => a && a.scoreDisplayMode === 'binary' && a.score === 0)
        .map((a) => `${cat}: ${a!.title}${describeItems(a!.details?.items ?? [])}`),
    );
    return {
      path: pagePath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      metrics: { fcp: num('first-contentful-paint'), lcp: num('largest-contentful-paint'), tbt: num('total-blocking-time'), cls: num('cumulative-layout-shift'), si: num('speed-index') },
      failing,
    };
  } catch (err) {
    const e = err as { message: string; stderr?: string };
    return { path: pagePath, error: (e.stderr || e.message).trim().split('\n').slice(-6).join(' | ') };
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}
