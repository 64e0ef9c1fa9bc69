// Real server processes for the resilience tests: started with the production entry point on a free
// port, on a given DATA_DIR and database, and stopped (SIGTERM or SIGKILL) like an orchestrator would.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { WAIT_MS } from './waits.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  output: string[];
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function startServer(opts: { dataDir: string; port: number; databaseUrl?: string; env?: Record<string, string> }): ServerProcess {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(opts.dataDir, 'no-web'),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, url: `http://127.0.0.1:${opts.port}`, port: opts.port, dataDir: opts.dataDir, output, exit };
}

/**
 * Resolves once the server answers /readyz. Starting one (Node, tsx compiling the server's TypeScript, the
 * migrations) takes seconds on an idle machine and well over 30 s with other test runs on both cores.
 */
export async function waitReady(p: ServerProcess, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`server exited:\n${p.output.join('')}`);
    try {
      const res = await fetch(`${p.url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${p.output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Resolves once the server's output so far satisfies `done` (checked on every chunk it writes), so a test
 * waits for what the server says it did rather than for a guess of how long that takes.
 */
export function untilOutput(p: ServerProcess, done: (output: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done(p.output.join(''))) return;
      p.child.stdout!.off('data', check);
      p.child.stderr!.off('data', check);
      resolve();
    };
    p.child.stdout!.on('data', check);
    p.child.stderr!.on('data', check);
    void p.exit.then(() => (done(p.output.join('')) ? resolve() : reject(new Error(`server exited first:\n${p.output.join('')}`))));
    check();
  });
}

/** Kills the process if it is still running and waits for it to be gone. */
export async function stopServer(p: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!p) return;
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  await p.exit;
}

/** Resident memory (bytes) of a process, from /proc; undefined where there is none. */
export async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
