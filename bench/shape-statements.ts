// `npm run bench:statements -- --data-dir=DIR` (or `--database-url=URL`): where a search's time goes, in
// process and statement by statement, for the question shapes of "National scale" (question-shapes.ts)
// on a catalogue seeded before (`npm run bench` seeds one; see docs/performance.md). Each shape's questions
// go through the catalogue repository as the server asks them (with its database's prefix
// expansions): one round of questions to warm the caches, then other questions of the same shapes, measured.
// It prints, per shape and sort, the wall time and this process's CPU per question (on PostgreSQL the
// database's own CPU is not in it), then the statements that took the most time in all. Figures, not pass/fail; CPU time barely depends on what else the machine does.
//   --slowest=N (also print the measured round's N slowest questions, with their paths)
//   --listings=N (seed the catalogue first, with the bench's seeder: into an empty data folder, or an empty
//   PostgreSQL database)  --questions=300 (per shape)  --shape=TEXT (only shapes whose name holds it)  --top=25
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { catalogueQuerySchema } from '@reshelf/shared';
import { openDatabase, type Db } from '../apps/server/src/db/index.ts';
import { postgresPrefixExpander, sqlitePrefixExpander } from '../apps/server/src/modules/catalogue/prefix-expansions.ts';
import { searchCatalogue } from '../apps/server/src/modules/catalogue/repository.ts';
import { searchTerms } from '../apps/server/src/modules/catalogue/search-terms.ts';
import { questionShapes, readShapeSample } from './question-shapes.ts';
import { seedCatalogue } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    listings: { type: 'string' },
    questions: { type: 'string', default: '300' },
    shape: { type: 'string' },
    top: { type: 'string', default: '25' },
    slowest: { type: 'string', default: '0' },
  },
});
if (!args['data-dir'] && !args['database-url']) throw new Error('Give --data-dir=DIR (SQLite) or --database-url=URL (PostgreSQL): a catalogue seeded before.');

/** Time from a statement's compiling to its rows, by the question's shape and sort and the statement's text. */
class StatementTimer implements KyselyPlugin {
  label = '';
  readonly totals = new Map<string, { count: number; ms: number }>();
  private readonly started = new Map<unknown, { at: number; label: string }>();
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    // The catalogue's statements are raw SQL: their text (without the values) names them.
    const text = node.kind === 'RawNode' ? (node as unknown as { sqlFragments: readonly string[] }).sqlFragments.join('?').replace(/\s+/g, ' ').trim().slice(0, 100) : node.kind;
    this.started.set(queryId, { at: performance.now(), label: `${this.label} | ${text}` });
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(queryId);
    this.started.delete(queryId);
    if (start) {
      const key = start.label;
      const total = this.totals.get(key) ?? { count: 0, ms: 0 };
      total.count++;
      total.ms += performance.now() - start.at;
      this.totals.set(key, total);
    }
    return result;
  }
}

// On PostgreSQL the seeder's cover files go to a folder of their own, not into the working directory.
const dataDir = args['data-dir'] ? path.resolve(args['data-dir']) : fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-statements-'));
if (args.listings) {
  const approved = Number(args.listings);
  const seeded = await seedCatalogue({ dataDir, databaseUrl: args['database-url'], approved, pending: Math.round(approved * 0.03), sellers: 400, log: (line) => console.log(line) });
  console.log(`seeded ${seeded.approvedIds.length} approved listings\n`);
}
const handle = openDatabase({ databaseUrl: args['database-url'], dataDir });
const timer = new StatementTimer();
const db: Db = handle.db.withPlugin(timer);
// Through the timer too: the expansions' statements are part of the search thread's work.
const expand = handle.dialect === 'sqlite' ? sqlitePrefixExpander(db) : postgresPrefixExpander(db);
const sample = await readShapeSample(handle.db, 20_000);
/** Each round's own questions: the measured round's are not the ones that warmed the caches, as over HTTP every question is new. */
const shapesOf = (seed: number) => questionShapes(sample, Number(args.questions), seed).filter((s) => !s.name.startsWith('book detail') && (!args.shape || s.name.includes(args.shape)));

/** The measured round's questions and their times, for --slowest. */
const timed: { ms: number; path: string }[] = [];
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
for (const round of ['warm', 'measured'] as const) {
  timer.totals.clear();
  for (const shape of shapesOf(round === 'warm' ? 1 : 2)) {
    const bySort = new Map<string, { ms: number[]; cpu: number }>();
    for (const p of shape.paths) {
      const query = catalogueQuerySchema.parse(Object.fromEntries(new URL(p, 'http://bench').searchParams));
      const terms = query.q ? searchTerms(query.q) : [];
      timer.label = `${shape.name}, ${query.sort}`;
      const cpu = process.cpuUsage();
      const at = performance.now();
      await searchCatalogue(db, query, terms, expand && (await expand(terms)));
      const used = process.cpuUsage(cpu);
      const entry = bySort.get(query.sort) ?? { ms: [], cpu: 0 };
      entry.ms.push(performance.now() - at);
      if (round === 'measured') timed.push({ ms: performance.now() - at, path: p });
      entry.cpu += (used.user + used.system) / 1000;
      bySort.set(query.sort, entry);
    }
    if (round === 'warm') continue;
    console.log(shape.name);
    for (const [sort, { ms, cpu }] of bySort) {
      ms.sort((a, b) => a - b);
      const f = (n: number) => n.toFixed(1);
      console.log(`  ${sort.padEnd(10)} ${String(ms.length).padStart(4)} questions: p50 ${f(quantile(ms, 0.5))} p90 ${f(quantile(ms, 0.9))} p99 ${f(quantile(ms, 0.99))} ms, CPU ${(cpu / ms.length).toFixed(2)} ms a question`);
    }
  }
}
console.log(`\nstatements by total time (measured round: the shape and sort, then the statement's start):`);
for (const [key, { count, ms }] of [...timer.totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(args.top))) {
  console.log(`${ms.toFixed(0).padStart(7)} ms ${String(count).padStart(5)}× ${(ms / count).toFixed(2).padStart(6)} ms  ${key}`);
}
if (Number(args.slowest)) {
  console.log(`\nthe ${args.slowest} slowest questions of the measured round:`);
  for (const { ms, path: p } of timed.sort((a, b) => b.ms - a.ms).slice(0, Number(args.slowest))) console.log(`${ms.toFixed(1).padStart(8)} ms  ${decodeURIComponent(p)}`);
}
await handle.close();
