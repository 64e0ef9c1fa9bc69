// `npm run bench:ab -- [flags] CHECKOUT...`: compares servers started from several checkouts (this one
// and, say, a `git worktree` of the commit before a change) against one seeded catalogue, alternating
// them round by round: this machine's speed drifts by a third within minutes, so figures are only
// comparable when taken side by side (docs/performance.md). Prints req/s, p50, p99 and the server's CPU
// time per request (utime + stime from /proc) for each case, round and checkout. Loopback only.
//   --data-dir=DIR    the seeded catalogue, kept between runs (seeded there first if it holds none)
//   --database-url=URL a PostgreSQL catalogue seeded before (seedCatalogue in bench/seed.ts) instead;
//                     --data-dir is then only where the servers keep their files
//   --redis-url=URL   the servers share a Redis, as several processes do (the read cache's generation)
//   --rounds=3 --seconds=10 --connections=10 --warm=5 (seconds of browsing before each checkout's cases)
//   --cases=cold,priced (any of cold, priced, browse, repeat, detail, detail-cold, book-page, book-page-one, misspelt, course, edition, edition-spread)
//   --web-dist=DIR    the built web app the servers serve (default: this checkout's apps/web/dist)
// A checkout may carry node flags after '#', e.g. '.#--max-semi-space-size=4'. Each needs node_modules
// (a worktree can link this checkout's).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, openSqliteReader } from '../apps/server/src/db/index.ts';
import { browsePaths, coldSearchPaths, coursePaths, editionPaths, editionPathsByCopies, misspeltSearchPaths, pricedSearchPaths } from './catalogue-paths.ts';
import { readCatalogueSample } from './catalogue-sample.ts';
import { measure, table } from './load.ts';
import { ROOT, startServer } from './processes.ts';
import { seedCatalogue } from './seed.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warm: { type: 'string', default: '5' },
    cases: { type: 'string', default: 'cold,priced' },
    'web-dist': { type: 'string', default: path.join(ROOT, 'apps/web/dist') },
  },
});

/** CPU seconds the process has used so far, from /proc/PID/stat (utime + stime, in clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main() {
  const dataDir = args['data-dir'];
  const databaseUrl = args['database-url'];
  if (!dataDir || !positionals.length) throw new Error('usage: npm run bench:ab -- --data-dir=DIR [flags] CHECKOUT [CHECKOUT...]');
  const file = path.join(dataDir, 'reshelf.sqlite');
  if (!databaseUrl && !fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    await seedCatalogue({ dataDir, databaseUrl: undefined, approved: 100_000, pending: 3000, sellers: 400, log: console.log });
  }
  // The book pages to ask for, read from the catalogue itself (whoever seeded it).
  const reader = databaseUrl ? openDatabase({ databaseUrl, dataDir }) : openSqliteReader(file);
  const ids = (await sql<{ id: string }>`SELECT id FROM books WHERE status = 'approved' ORDER BY created_at, id LIMIT 20000`.execute(reader.db)).rows.map((r) => r.id);
  const catalogue = await readCatalogueSample(reader.db);
  await reader.close();
  const paths: Record<string, string[]> = {
    cold: coldSearchPaths(),
    priced: pricedSearchPaths(),
    browse: browsePaths(),
    repeat: ['/api/v1/books?q=calculus'],
    detail: ids.slice(0, 5000).map((id) => `/api/v1/books/${id}`),
    // Books asked for the first time: up to 20,000 different ones, more than a run asks for on PostgreSQL.
    'detail-cold': ids.map((id) => `/api/v1/books/${id}`),
    // A listing's page as a shared link opens it (HTML with the listing's preview tags): many listings in
    // turn, as a crawler asks, and one listing, as a WhatsApp group opening the same link does.
    'book-page': ids.slice(0, 5000).map((id) => `/books/${id}`),
    'book-page-one': ids.slice(0, 1).map((id) => `/books/${id}`),
    misspelt: misspeltSearchPaths(),
    course: coursePaths(catalogue),
    edition: editionPaths(catalogue),
    'edition-spread': editionPathsByCopies(catalogue),
  };
  const cases = args.cases.split(',');
  for (const c of cases) if (!paths[c]) throw new Error(`unknown case ${c} (${Object.keys(paths).join(', ')})`);
  const load = { seconds: Number(args.seconds), connections: Number(args.connections) };
  const rows = new Map<string, string[]>();

  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const checkout of positionals) {
      const [dir, flags] = checkout.split('#');
      const server = await startServer({
        dataDir,
        databaseUrl,
        ...(args['redis-url'] && { redisUrl: args['redis-url'] }),
        webDist: args['web-dist'],
        root: path.resolve(dir!),
        nodeFlags: flags ? flags.split(' ') : [],
      });
      try {
        if (Number(args.warm) > 0) await measure(server.url, { name: 'warm-up', paths: paths.browse! }, { ...load, seconds: Number(args.warm) });
        for (const c of cases) {
          const before = cpuSeconds(server.pid);
          const r = await measure(server.url, { name: c, paths: paths[c]! }, load);
          const cpuMs = ((cpuSeconds(server.pid) - before) * 1000) / Math.max(1, r.rps * load.seconds);
          const key = `${checkout} ${c}`;
          rows.set(key, [...(rows.get(key) ?? []), `${Math.round(r.rps)} · ${r.p50} · ${r.p99} · ${cpuMs.toFixed(2)}${r.failures ? ` (${r.failures} failed)` : ''}`]);
          console.log(`round ${round}, ${key}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${cpuMs.toFixed(2)} ms CPU a request`);
        }
      } finally {
        await server.stop();
      }
    }
  }
  console.log(`\nreq/s · p50 ms · p99 ms · server CPU ms a request, ${load.connections} connections × ${load.seconds} s, by round:`);
  console.log(table(['checkout and case', ...Array.from({ length: Number(args.rounds) }, (_, i) => `round ${i + 1}`)], [...rows].map(([k, v]) => [k, ...v])));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
