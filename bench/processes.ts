// Child processes the benchmarks measure: the real Reshelf server (spawned exactly as `npm run serve`
// starts it) and a bare node:http hello-world as this machine's ceiling. Both on loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * Memory of a process from /proc, in bytes: the current and the peak resident set, and the current one
 * split into the process's own memory (anon: heaps, caches) and pages of files it maps (file: SQLite's
 * memory-mapped database, which the kernel's page cache holds anyway and can drop).
 */
export function memoryOf(pid: number): { rss: number; hwm: number; anon: number; file: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
  } catch {
    return undefined;
  }
}

export interface RunningProcess {
  url: string;
  pid: number;
  /** Output the process wrote (kept for error reports). */
  output: () => string;
  stop(): Promise<void>;
}

function track(child: ChildProcess) {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** The checkout whose server to start (another worktree, to compare two versions); this one by default. */
  root?: string;
  /** Redis, which several processes share (rate limits, realtime events, the catalogue cache's generation). */
  redisUrl?: string;
}

/** Starts `apps/server/src/main.ts` with a scratch environment on a free loopback port. */
export async function startServer(opts: ServerOptions): Promise<RunningProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const root = opts.root ?? ROOT;
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      REDIS_URL: opts.redisUrl ?? '',
      WEB_DIST: opts.webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child);
  try {
    await waitForHttp(`${url}/readyz`, child, 60_000);
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}\n${output()}`);
  }
  return { url, pid: child.pid!, output, stop: () => stopChild(child) };
}

const HELLO = `
const http = require('node:http');
const body = Buffer.from('Hello, world!');
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** A bare node:http server answering "Hello, world!": the most this machine does per second. */
export async function startHelloWorld(): Promise<RunningProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['-e', HELLO], { env: { PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = track(child);
  await waitForHttp(url, child, 10_000);
  return { url, pid: child.pid!, output, stop: () => stopChild(child) };
}
