// What listing a book costs a student on prepaid data: the bytes the browser sends and the time it takes
// on a slow 3G uplink, for six ~5 MB 4000x3000 phone photos, sent as picked (what the wizard did before
// it scaled photos down) and as the wizard sends them now (scaled to 1600 px and re-encoded in the
// browser). Drives the built web app in the bench's Chromium (CHROMIUM in bench/web.ts) against a scratch
// server; the connection is throttled with the DevTools protocol (Network.emulateNetworkConditions), and
// the bytes are counted on the wire by a small TCP relay between the browser and the server (headers and
// multipart framing included, as a phone's data bundle counts them).
//
//   npm run bench:upload-bytes                      bytes and times, the "as picked" time estimated
//   npm run bench:upload-bytes -- --full-before     also sends the photos as picked on slow 3G (~10 min)
// Other flags: --up-kbps=400 --down-kbps=400 --latency-ms=400 --photos=6; WEB_DIST picks the build to serve.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import sharp from 'sharp';
import { ROOT, freePort } from './processes.ts';
import { largestUnderLimit } from './upload.ts';
import { CHROMIUM } from './web.ts';

const { values: args } = parseArgs({
  options: {
    'up-kbps': { type: 'string', default: '400' },
    'down-kbps': { type: 'string', default: '400' },
    'latency-ms': { type: 'string', default: '400' },
    photos: { type: 'string', default: '6' },
    'full-before': { type: 'boolean', default: false },
  },
});

const UP_KBPS = Number(args['up-kbps']);
const DOWN_KBPS = Number(args['down-kbps']);
const LATENCY_MS = Number(args['latency-ms']);
const PHOTO_COUNT = Number(args.photos);
const PASSWORD = 'Bench-Passw0rd!';

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A 12-megapixel photo-like JPEG just under the 5 MB limit: a lit page with lines of "text", a shadow
 * and sensor noise, so it compresses like a photo of a book rather than like flat colour.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761 || 1;
  for (let y = 0; y < height; y++) {
    const line = Math.floor(y / 60) % 2 === 0 && y % 60 > 20 && y % 60 < 44;
    for (let x = 0; x < width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const noise = ((s >>> 24) % 40) - 20;
      const light = 200 - Math.hypot(x - width / 2, y - height / 2) / 40 - (x < 300 ? 60 : 0);
      const ink = line && x > 400 && x < 3600 && ((x * 7 + y * 3 + seed * 97) % 53 < 30) ? 150 : 0;
      const v = light - ink + noise;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, v + seed * 6));
      raw[i + 1] = Math.max(0, Math.min(255, v - 4));
      raw[i + 2] = Math.max(0, Math.min(255, v - 14));
    }
  }
  return largestUnderLimit((quality) => sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer(), 50, 100);
}

const LISTING = {
  title: 'Calculus: Early Transcendentals',
  author: 'James Stewart',
  isbn: '978-1-285-74155-0',
  publisher: 'Cengage',
  publicationYear: '2020',
  edition: '9th',
  language: 'english',
  category: 'mathematics',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: '650',
  numberOfPages: '1368',
  description: 'Used for MATH1014, some pencil notes in chapter 3, otherwise clean.',
  additionalNotes: '',
};

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (DOWN_KBPS * 1000) / 8,
    uploadThroughput: (UP_KBPS * 1000) / 8,
  });
}

interface Sent {
  bytes: number;
  ms: number;
  status: number;
}

/** Bytes the browser sends to the server, counted as they pass through. */
let sentBytes = 0;

/** Relays `port` to the server's port, counting what the browser sends. */
function relay(port: number, serverPort: number): Promise<net.Server> {
  const server = net.createServer((client) => {
    const upstream = net.connect(serverPort, '127.0.0.1');
    client.on('data', (chunk: Buffer) => {
      sentBytes += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function startReshelf(port: number, publicUrl: string, dataDir: string, webDist: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The browser reaches it through the relay, so that is the origin its writes come from.
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 60 s');
}

const TIMEOUT_MS = 20 * 60_000;

/** The wizard as a student uses it: photos picked on step 3, List Book, until the success dialog. */
async function listWithWizard(page: Page, files: string[]): Promise<Sent & { prepareMs: number }> {
  await page.goto('/seller/sell');
  await page.getByRole('heading', { name: 'Images & Description' }).waitFor();
  const picked = performance.now();
  await page.locator('input[type="file"]').setInputFiles(files);
  const requestSeen = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/books'), { timeout: TIMEOUT_MS });
  const before = sentBytes;
  await page.getByRole('button', { name: 'List Book' }).click();
  const request = await requestSeen;
  const started = performance.now();
  const response = await request.response();
  const ms = performance.now() - started;
  await page.getByRole('dialog', { name: 'Book Listed Successfully!' }).waitFor({ timeout: TIMEOUT_MS });
  return { bytes: sentBytes - before, ms, status: response?.status() ?? 0, prepareMs: started - picked };
}

/** What the wizard did before: every photo as picked in one multipart POST (without its 15 s timeout, to time it). */
async function listAsPicked(page: Page, files: string[]): Promise<Sent> {
  await page.goto('/seller/sell');
  await page.getByRole('heading', { name: 'Images & Description' }).waitFor();
  // An input of our own holds the photos as picked (the wizard's is emptied after each pick).
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = 'bench-as-picked';
    document.body.append(input);
  });
  await page.locator('#bench-as-picked').setInputFiles(files);
  const before = sentBytes;
  const started = performance.now();
  const status = await page.evaluate(async (listing) => {
    const input = document.querySelector<HTMLInputElement>('#bench-as-picked')!;
    const form = new FormData();
    form.append('bookData', JSON.stringify({ ...listing, price: 650, publicationYear: 2020, numberOfPages: 1368, additionalNotes: undefined }));
    for (const file of Array.from(input.files ?? [])) form.append('images', file, file.name);
    const response = await fetch('/api/v1/books', { method: 'POST', body: form, credentials: 'same-origin' });
    return response.status;
  }, LISTING);
  return { bytes: sentBytes - before, ms: performance.now() - started, status };
}

async function main() {
  const webDist = process.env.WEB_DIST || path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`No web build in ${webDist}: run npm run build (or set WEB_DIST)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-upload-bytes-'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);

  console.log(`# Listing a book with ${PHOTO_COUNT} phone photos`);
  console.log(`slow 3G: ${UP_KBPS} kbit/s up, ${DOWN_KBPS} kbit/s down, ${LATENCY_MS} ms latency (Network.emulateNetworkConditions)`);
  const files: string[] = [];
  for (let i = 1; i <= PHOTO_COUNT; i++) {
    const file = path.join(work, `IMG_2026112${i}.jpg`);
    fs.writeFileSync(file, await phonePhoto(i));
    files.push(file);
  }
  const pickedBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  console.log(`photos: ${files.map((f) => mb(fs.statSync(f).size)).join(', ')} (4000x3000 JPEG), ${mb(pickedBytes)} in all`);

  const serverPort = await freePort();
  const relayPort = await freePort();
  const baseUrl = `http://127.0.0.1:${relayPort}`;
  const child = await startReshelf(serverPort, baseUrl, dataDir, webDist);
  const proxy = await relay(relayPort, serverPort);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const email = `bench.${Date.now().toString(36)}@students.wits.ac.za`;
    const registered = await context.request.post('/api/v1/auth/register', {
      data: { email, password: PASSWORD, firstName: 'Bench', lastName: 'Seller', studentNumber: '2345678', university: 'wits', userType: 'seller' },
    });
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    const login = await context.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
    const { student } = (await login.json()) as { student: { id: string } };
    // The wizard's saved draft, so each run starts on the photos step with every detail filled in.
    await context.addInitScript(
      ({ key, draft }) => window.localStorage.setItem(key, draft),
      { key: `sellDraft:${student.id}`, draft: JSON.stringify({ values: LISTING, step: 3 }) },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);

    const fast = await listWithWizard(page, files);
    console.log(`\nnow, unthrottled: ${mb(fast.bytes)} sent (status ${fast.status}); photos prepared in the browser in ${seconds(fast.prepareMs)}`);
    const fastBefore = await listAsPicked(page, files);
    console.log(`as picked, unthrottled: ${mb(fastBefore.bytes)} sent (status ${fastBefore.status})`);

    await throttle(cdp);
    const slow = await listWithWizard(page, files);
    console.log(`now, slow 3G: ${mb(slow.bytes)} sent in ${seconds(slow.ms)} (status ${slow.status})`);
    const estimate = (fastBefore.bytes * 8) / (UP_KBPS * 1000) + LATENCY_MS / 1000;
    if (args['full-before']) {
      const slowBefore = await listAsPicked(page, files);
      console.log(`as picked, slow 3G: ${mb(slowBefore.bytes)} sent in ${seconds(slowBefore.ms)} (status ${slowBefore.status})`);
    } else {
      console.log(`as picked, slow 3G: ${mb(fastBefore.bytes)} at ${UP_KBPS} kbit/s is at least ${seconds(estimate * 1000)} (run with --full-before to send it)`);
    }
    console.log(`\nbytes sent: ${mb(fastBefore.bytes)} -> ${mb(slow.bytes)} (${((1 - slow.bytes / fastBefore.bytes) * 100).toFixed(1)}% less)`);
    console.log('(Sent as picked through the app\'s fetch client, which gives up after 15 s, the listing would never arrive on this connection.)');
  } finally {
    await browser.close();
    proxy.close();
    child.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
