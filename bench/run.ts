// `npm run bench`: seeds a scratch catalogue of 100,000 listings, starts the real server on loopback,
// and prints figures (not pass/fail): HTTP throughput and latency against a bare node:http ceiling,
// listing creation with six 5 MB photos, and the landing page's weight and Lighthouse scores.
//   npm run bench                      embedded SQLite in a temporary DATA_DIR
//   npm run bench -- --postgres        a scratch database on BENCH_DATABASE_URL's server (dropped after)
// Other flags: --seconds=10 --connections=10 --listings=100000 --skip-web --skip-upload --skip-lighthouse
//   --lighthouse-runs=3 (runs per page; the median is reported, with every run's score)
//   --build-web (rebuild apps/web first) --cpu-prof (write the server's CPU profile to .bench/)
//   --precompress (serve a copy of the build with .br/.gz files beside each asset, to compare)
//   --only=queries,shapes,http,upload,web (run only those parts)
//   --shapes=word,isbn (only the question shapes whose names contain one of these, e.g. to profile one)
//   --skip-warm-up (measure the question shapes on the server as it starts, without 3 s of other questions first)
//   --data-dir=DIR (an SQLite catalogue seeded before, e.g. by an earlier run's seed: kept, not seeded again)
//   --database-url=URL (a PostgreSQL catalogue seeded before: kept, not seeded again; implies --postgres)
//   --processes=N (N server processes, sharing Redis at --redis-url or BENCH_REDIS_URL; the load is spread
//   over them, and each one's memory is given)
//   --both (SQLite with one process, then PostgreSQL with --processes, 2 unless given, and Redis: this
//   command run twice, each with its own report)
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { misspellings, RARE_TERM } from './catalogue-data.ts';
import { browsePaths, coldSearchPaths, coursePaths, editionPaths, editionPathsByCopies, misspeltSearchPaths, pricedSearchPaths } from './catalogue-paths.ts';
import { editionsToTime, readCatalogueSample } from './catalogue-sample.ts';
import { loadTable, measure, table, type LoadCase, type LoadResult } from './load.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { memoryOf, ROOT, startHelloWorld, startServer, type RunningProcess } from './processes.ts';
import { BENCH_PASSWORD, BUYER_EMAIL, SELLER_EMAIL, createScratchPostgres, seedCatalogue } from './seed.ts';
import { CATALOGUE_QUERIES, courseQueries, explainBrowse, timeCatalogueQueries, timeEditionReads, timeMisspeltSearches } from './queries.ts';
import { questionShapes, readShapeSample } from './question-shapes.ts';
import { measureListingCreation } from './upload.ts';
import { CHROMIUM, entryAssets, firstVisit, largestAsset, lighthouse, routeExists, type LighthouseScores } from './web.ts';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    listings: { type: 'string', default: '100000' },
    'skip-web': { type: 'boolean', default: false },
    'skip-upload': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'build-web': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    precompress: { type: 'boolean', default: false },
    'skip-warm-up': { type: 'boolean', default: false },
    only: { type: 'string' },
    shapes: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    processes: { type: 'string', default: '1' },
    'redis-url': { type: 'string' },
    both: { type: 'boolean', default: false },
  },
});

/** The run with the median performance score (the lower middle one of an even count); a failed run only when all failed. */
function medianRun(runs: LighthouseScores[]): LighthouseScores {
  const ok = runs.filter((r) => !r.error).sort((a, b) => a.performance! - b.performance!);
  return ok.length ? ok[Math.floor((ok.length - 1) / 2)]! : runs[0]!;
}

const seconds = Number(args.seconds);
const processCount = Math.max(1, Number(args.processes));
const connections = Number(args.connections);
const approved = Number(args.listings);
const outDir = path.join(ROOT, '.bench');
const report: string[] = [];
const log = (line = '') => {
  console.log(line);
  report.push(line);
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function login(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('reshelf_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie.split(';')[0]!;
}

function sample<T>(list: readonly T[], n: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < n && list.length; i++) out.push(list[(i * 7919 + 13) % list.length]!);
  return out;
}

/** Writes name.br and name.gz beside every text file of the build, as a build step could. */
function precompress(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|xml)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    n++;
  }
  return n;
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${mb(os.totalmem())} RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

async function main() {
  const started = performance.now();
  const dialect = args.postgres || args['database-url'] ? 'postgres' : 'sqlite';
  const redisUrl = processCount > 1 ? args['redis-url'] || process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/0' : undefined;
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-bench-'));
  const keptDir = args['data-dir'] && dialect === 'sqlite' ? path.resolve(args['data-dir']) : undefined;
  const dataDir = keptDir ?? scratchDir;
  fs.mkdirSync(outDir, { recursive: true });
  const builtWeb = path.join(ROOT, 'apps/web/dist');
  // A copy of the build in the scratch folder: someone rebuilding apps/web mid-run cannot change what is measured.
  const webDist = path.join(scratchDir, 'web');
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
  const servers: RunningProcess[] = [];
  let hello: RunningProcess | undefined;
  const want = (part: string) => !args.only || args.only.split(',').includes(part);

  log(`# Reshelf benchmark — ${new Date().toISOString()}`);
  log(`machine: ${machine()}`);
  log(`load average at start (other work on this machine): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  log(`database: ${dialect}; ${approved.toLocaleString('en-ZA')} approved listings; ${connections} connections × ${seconds} s per endpoint`);
  if (processCount > 1) log(`${processCount} server processes sharing Redis at ${redisUrl}; the connections are spread over them in turn`);

  try {
    if (args['build-web'] || !fs.existsSync(path.join(builtWeb, 'index.html'))) {
      log('building the web app (npm run build -w apps/web)...');
      execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
    }
    fs.cpSync(builtWeb, webDist, { recursive: true });
    if (args.precompress) log(`precompressed ${precompress(webDist)} files of the web build (.br and .gz beside each, served by @fastify/static)`);
    let databaseUrl: string | undefined;
    if (args['database-url']) {
      databaseUrl = args['database-url'];
      log(`the PostgreSQL catalogue seeded before at ${new URL(databaseUrl).pathname.slice(1)} (--database-url; --listings is not used)`);
    } else if (dialect === 'postgres') {
      scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
      databaseUrl = scratch.url;
      log(`scratch PostgreSQL database: ${scratch.name}`);
    }

    log('\n## Seeding');
    let seeded: { approvedIds: string[]; seconds: number };
    if (keptDir || args['database-url']) {
      if (keptDir) log(`the catalogue seeded before in ${keptDir} (--data-dir; --listings is not used)`);
      const reader = openDatabase({ dataDir, databaseUrl });
      const ids = await sql<{ id: string }>`SELECT id FROM books WHERE status = 'approved' ORDER BY random() LIMIT 5000`.execute(reader.db).finally(() => reader.close());
      seeded = { approvedIds: ids.rows.map((r) => r.id), seconds: 0 };
    } else {
      seeded = await seedCatalogue({ dataDir, databaseUrl, approved, pending: Math.round(approved * 0.03), sellers: 400, log });
      log(`seeded in ${seeded.seconds.toFixed(1)} s`);
    }
    const reader = openDatabase({ databaseUrl, dataDir });
    const [catalogue, shapeSample] = await Promise.all([readCatalogueSample(reader.db), readShapeSample(reader.db, 20_000)]).finally(() => reader.close());
    const copies = catalogue.editions.map((e) => e.copies);
    log(
      `${catalogue.editions.length.toLocaleString('en-ZA')} editions with approved listings: copies ${copies[0]}, ${copies[1]}, ${copies[2]} … ` +
        `median ${copies[Math.floor(copies.length / 2)]}; ${copies.filter((n) => n <= 5).length.toLocaleString('en-ZA')} with 1-5, ${copies.filter((n) => n >= 100).length} with 100 or more; ` +
        `${catalogue.courses.length.toLocaleString('en-ZA')} courses with listings for sale (busiest ${catalogue.courses[0]?.code} at ${catalogue.courses[0]?.university}: ${catalogue.courses[0]?.listings})`,
    );

    if (want('queries')) {
      log('\n## Catalogue queries in-process (no HTTP)');
      const queries = [...CATALOGUE_QUERIES, ...courseQueries(catalogue)];
      log(await timeCatalogueQueries({ dataDir, databaseUrl, repeat: 20, queries }));
      if (dialect === 'sqlite') {
        log('\nThe same with a 64 MB SQLite page cache (PRAGMA cache_size = -65536; the default is 2 MB):');
        log(await timeCatalogueQueries({ dataDir, databaseUrl, repeat: 20, cacheSizeKb: 65536, queries }));
      }
      log('');
      log(await timeEditionReads({ dataDir, databaseUrl, repeat: 20, editions: editionsToTime(catalogue) }));
      log('');
      log(await timeMisspeltSearches({ dataDir, databaseUrl, typos: misspellings().slice(0, 41), named: ['calculas', 'introdution', 'organc chemistry'] }));
      log(`\nplans of the browse query (law + uct, price_asc) and of the course filter:\n${await explainBrowse({ dataDir, databaseUrl })}`);
    }

    for (let i = 0; i < processCount; i++) {
      servers.push(
        await startServer({
          dataDir,
          databaseUrl,
          webDist,
          ...(redisUrl && { redisUrl }),
          nodeFlags: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${outDir}`] : [],
        }),
      );
    }
    const server = servers[0]!;
    const base = server.url;
    /** Every process, for the load that compares with the other database's figures. */
    const bases = servers.map((s) => s.url);
    const buyerCookie = await login(base, BUYER_EMAIL);
    const sellerCookie = await login(base, SELLER_EMAIL);

    if (want('shapes')) {
      // Every request a different question drawn from the catalogue (question-shapes.ts), beside the bare
      // ceiling measured just before and after, and the server's memory at its peak.
      log('\n## Question shapes, each request a different question drawn from the catalogue (autocannon)');
      const picked = args.shapes?.split(',').map((s) => s.trim().toLowerCase());
      const drawn = questionShapes(shapeSample, 20_000).filter((s) => !picked || picked.some((p) => s.name.toLowerCase().includes(p)));
      // The warm-up asks the last WARM_UP_EACH questions of each shape with at least WARM_FROM of them; the
      // measured runs ask from the start of the rest and reach a few thousand in 10 s, so every question
      // they ask is still asked for the first time. A shape with fewer questions (browsing's 1,200) repeats
      // them within its run anyway; it is left whole and out of the warm-up, so it starts as it did without one.
      const WARM_UP_EACH = 200;
      const WARM_FROM = 5_000;
      const warmed = (s: { paths: string[] }) => s.paths.length >= WARM_FROM;
      const shapes = drawn.map((s) => (warmed(s) ? { ...s, paths: s.paths.slice(0, -WARM_UP_EACH) } : s));
      const results: LoadResult[] = [];
      if (!args['skip-warm-up'] && drawn.some(warmed)) {
        // A server that has been up a while has started its search threads and compiled its code; one
        // started for the bench has not, and the first shape measured paid for it (a second search thread
        // starting under load takes ~0.5 s). So 3 s of those shapes' questions, taken in turn, first.
        const tails = drawn.filter(warmed).map((s) => s.paths.slice(-WARM_UP_EACH));
        const mixed = Array.from({ length: WARM_UP_EACH }, (_, i) => tails.map((t) => t[i % t.length]!)).flat();
        await measure(bases, { name: 'warm-up', paths: mixed }, { seconds: 3, connections });
        console.log('  warmed up (3 s of the shapes with many questions, questions the measured runs do not ask)');
      }
      hello = await startHelloWorld();
      results.push(await measure(hello.url, { name: 'node:http hello world (ceiling, before)', paths: ['/'] }, { seconds, connections }));
      await hello.stop();
      for (const shape of shapes) {
        const probe = await fetch(`${base}${shape.paths[0]}`);
        if (!probe.ok) log(`  warning: ${shape.name} answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
        results.push(await measure(bases, { name: `${shape.name} (${shape.paths.length.toLocaleString('en-ZA')} different)`, paths: shape.paths }, { seconds, connections }));
        console.log(`  measured ${shape.name}`);
      }
      hello = await startHelloWorld();
      results.push(await measure(hello.url, { name: 'node:http hello world (ceiling, after)', paths: ['/'] }, { seconds, connections }));
      await hello.stop();
      hello = undefined;
      log('');
      log(loadTable(results, (results[0]!.rps + results.at(-1)!.rps) / 2));
      for (const [i, s] of servers.entries()) {
        const memory = memoryOf(s.pid);
        const which = servers.length > 1 ? ` (process ${i + 1} of ${servers.length})` : '';
        if (memory) log(`server memory${which}: resident ${mb(memory.rss)} (its own ${mb(memory.anon)}, mapped database file ${mb(memory.file)}), peak ${mb(memory.hwm)}`);
      }
      fs.writeFileSync(path.join(outDir, `shapes-${dialect}.json`), JSON.stringify(results, null, 2));
    }

    if (want('http')) {
      log('\n## HTTP (autocannon)');
      // The ceiling is measured before and after the endpoints: this machine's speed drifts by a third
      // within minutes (docs/performance.md), so each endpoint is compared with the mean of the two.
      const measureCeiling = async (when: string) => {
        hello = await startHelloWorld();
        const result = await measure(hello.url, { name: `node:http hello world (ceiling, ${when})`, paths: ['/'] }, { seconds, connections });
        await hello.stop();
        hello = undefined;
        return result;
      };
      const ceiling = await measureCeiling('before');

      const ids = sample(seeded.approvedIds, 5000);
      const browse = browsePaths();
      const asset = largestAsset(webDist);
      const coldSearches = coldSearchPaths();
      const pricedSearches = pricedSearchPaths();
      const misspelt = misspeltSearchPaths();
      const editions = editionPaths(catalogue);
      const courses = coursePaths(catalogue);
      const cases: LoadCase[] = [
        { name: 'search, common term (q=calculus)', paths: ['/api/v1/books?q=calculus'] },
        { name: 'search, very common term (q=introduction)', paths: ['/api/v1/books?q=introduction'] },
        { name: `search, rare term (q=${RARE_TERM})`, paths: [`/api/v1/books?q=${RARE_TERM}`] },
        // Every request a question nobody asked before (word × campus × sort), so none is answered from
        // the catalogue cache (docs/decisions/0007): what a search costs the database.
        { name: `search, never asked before (${coldSearches.length.toLocaleString("en-ZA")} different, cold cache)`, paths: coldSearches },
        { name: `search with a price range, never asked before (${pricedSearches.length.toLocaleString('en-ZA')} different)`, paths: pricedSearches },
        // Every request a different misspelling of a catalogue word: it finds nothing, so the server works
        // out a suggestion (a correction and a second search) before it answers (docs/decisions/0024).
        { name: `misspelt search, cold (${misspelt.length.toLocaleString('en-ZA')} different, each with a suggestion)`, paths: misspelt },
        { name: `course filter, never asked before (${courses.length.toLocaleString('en-ZA')} different: course × campus × sort)`, paths: courses },
        // More ISBNs than the edition cache holds, so every request loads its edition; then as visitors
        // spread over them (a popular book's page as often as it has copies), mostly from the cache.
        { name: `edition page, each loaded (${editions.length.toLocaleString('en-ZA')} ISBNs, popular and rare)`, paths: editions },
        { name: 'edition page, asked as often as it has copies', paths: editionPathsByCopies(catalogue) },
        { name: 'browse: category+university, price_asc', paths: browse },
        { name: 'browse: condition only, price_desc', paths: ['new', 'like-new', 'very-good', 'good', 'acceptable'].map((c) => `/api/v1/books?condition=${c}&sort=price_desc`) },
        { name: 'catalogue first page (no filters)', paths: ['/api/v1/books'] },
        { name: 'book detail GET /books/:id', paths: ids.map((id) => `/api/v1/books/${id}`) },
        { name: 'session check (signed in)', paths: ['/api/v1/auth/session'], headers: { cookie: buyerCookie } },
        { name: 'SPA index.html', paths: ['/'] },
        ...(asset ? [{ name: `largest asset ${path.basename(asset)}`, paths: [asset] }] : []),
      ];
      const results: LoadResult[] = [ceiling];
      for (const c of cases) {
        // A request first, so a broken endpoint says so plainly instead of as 100% non-2xx.
        const probe = await fetch(`${base}${c.paths[0]}`, { headers: c.headers });
        if (!probe.ok) log(`  warning: ${c.name} answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
        results.push(await measure(base, c, { seconds, connections }));
        console.log(`  measured ${c.name}`);
      }
      const ceilingAfter = await measureCeiling('after');
      results.push(ceilingAfter);
      const meanCeiling = (ceiling.rps + ceilingAfter.rps) / 2;
      log('');
      log(loadTable(results, meanCeiling));
      log(`"of ceiling": share of the mean of the two ceiling runs, ${Math.round(meanCeiling).toLocaleString('en-ZA')} req/s`);
      const odd = results.filter((r) => r.failures);
      for (const r of odd) log(`  ${r.name}: status counts ${r.statuses}`);
      fs.writeFileSync(path.join(outDir, `http-${dialect}.json`), JSON.stringify(results, null, 2));
    }

    if (want('upload') && !args['skip-upload']) {
      log('\n## Listing creation: POST /api/v1/books with 6 photos of ~5 MB');
      const up = await measureListingCreation(base, sellerCookie, server.pid, 10);
      log(`photos: ${up.photoBytes.map((b) => mb(b)).join(', ')} (4000×3000 JPEG)`);
      log(`statuses: ${[...new Set(up.statuses)].join(', ')}; times: ${up.times.map((t) => Math.round(t)).join(', ')} ms`);
      if (up.firstError) log(`first failure: ${up.firstError}`);
      log(`p50: ${Math.round(up.p50)} ms; server RSS before ${mb(up.rssBefore)}, peak during uploads ${mb(up.rssPeak)}, VmHWM ${mb(up.hwmAfter)}`);
    }

    if (want('web') && !args['skip-web']) {
      log('\n## Web');
      const entry = entryAssets(webDist);
      log('What index.html loads first (gzip -9):');
      log(table(['file', 'kind', 'bytes', 'gzip'], entry.map((a) => [a.file, a.kind, kb(a.bytes), kb(a.gzip)])));
      const entryJs = entry.filter((a) => a.kind !== 'css').reduce((s, a) => s + a.gzip, 0);
      const entryCss = entry.filter((a) => a.kind === 'css').reduce((s, a) => s + a.gzip, 0);
      log(`entry JS ${kb(entryJs)} gzip, CSS ${kb(entryCss)} gzip`);

      const visit = await firstVisit(base, '/', webDist);
      log('\nFirst visit to / (phone profile, empty cache; bytes on the wire, server compression as served):');
      log(table(['resource', 'type', 'transferred', 'gzip -9 of file'], visit.transfers.map((t) => [t.url, t.type, kb(t.transferred), t.gzip ? kb(t.gzip) : ''])));
      log(`total ${kb(visit.total)}; JavaScript ${kb(visit.js)} on the wire (${kb(visit.jsGzip)} as gzip -9); CSS ${kb(visit.css)}`);

      if (!args['skip-lighthouse']) {
        let cataloguePath: string | undefined = '/books';
        if (!(await routeExists(base, '/books'))) {
          log('note: /books is not a page in this build; the catalogue column uses /buyer/books (the guard sends a visitor to /login)');
          cataloguePath = '/buyer/books';
        }
        // Several runs a page, taken in turn, and the median reported (Lighthouse's own advice): the
        // simulated 4× slowdown multiplies this machine's jitter, so one run's score moves by several points.
        const runs = Math.max(1, Number(args['lighthouse-runs']));
        const pages = ['/', '/login', cataloguePath];
        const byPage = new Map<string, LighthouseScores[]>(pages.map((p) => [p, []]));
        for (let run = 1; run <= runs; run++) {
          for (const p of pages) {
            console.log(`  lighthouse ${p} (run ${run} of ${runs})...`);
            byPage.get(p)!.push(await lighthouse(base, p));
          }
        }
        const scores = pages.map((p) => medianRun(byPage.get(p)!));
        log(`\nLighthouse 13 (mobile preset: simulated slow 4G and 4× CPU slowdown), ${CHROMIUM} headless; the run with the median performance score of ${runs}, and every run's score:`);
        log(
          table(
            ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'performance, each run'],
            scores.map((s) => {
              const each = byPage.get(s.path)!.map((r) => (r.error ? 'failed' : String(r.performance))).join(', ');
              return s.error
                ? [s.path, `failed: ${s.error}`, '', '', '', '', '', '', '', each]
                : [s.path, s.performance!, s.accessibility!, s.bestPractices!, s.seo!, Math.round(s.metrics!.fcp), Math.round(s.metrics!.lcp), Math.round(s.metrics!.tbt), s.metrics!.cls.toFixed(3), each];
            }),
          ),
        );
        for (const s of scores) for (const f of s.failing ?? []) log(`  ${s.path} — ${f}`);
      }
    }
  } finally {
    await hello?.stop();
    for (const server of servers) {
      await server.stop();
      const out = server.output().trim();
      if (out) log(`\nserver output (last lines):\n${out.split('\n').slice(-10).join('\n')}`);
    }
    await scratch?.drop();
    fs.rmSync(scratchDir, { recursive: true, force: true });
    log(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    log(`whole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const file = path.join(outDir, `report-${dialect}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
    fs.writeFileSync(file, report.join('\n') + '\n');
    console.log(`report written to ${path.relative(ROOT, file)}`);
  }
}

/**
 * --both: this command for each database in turn, SQLite with one process and then PostgreSQL with several
 * processes and Redis (2 unless --processes says), each with the other flags as given and its own report.
 */
function runBoth() {
  const rest = process.argv.slice(2).filter((a) => a !== '--both' && !a.startsWith('--processes') && a !== '--postgres' && !a.startsWith('--database-url') && !a.startsWith('--data-dir'));
  const script = new URL(import.meta.url).pathname;
  const run = (extra: string[]) => execFileSync(process.execPath, ['--import', 'tsx', script, ...rest, ...extra], { cwd: ROOT, stdio: 'inherit' });
  run([...(args['data-dir'] ? [`--data-dir=${args['data-dir']}`] : [])]);
  run(['--postgres', `--processes=${processCount > 1 ? processCount : 2}`, ...(args['database-url'] ? [`--database-url=${args['database-url']}`] : [])]);
}

if (args.both) {
  try {
    runBoth();
  } catch {
    process.exitCode = 1;
  }
} else {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
