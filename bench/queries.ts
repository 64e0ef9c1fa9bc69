// The catalogue's SQL timed in-process, without HTTP: each search the HTTP runs make, through the
// real repository, with its plan (EXPLAIN QUERY PLAN / EXPLAIN). Figures here barely depend on what
// else the machine is doing, so they show what an index or a query change really bought.
import { sql } from 'kysely';
import { catalogueQuerySchema, type CatalogueQueryInput } from '@reshelf/shared';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { searchCatalogue } from '../apps/server/src/modules/catalogue/repository.ts';
import { searchTerms } from '../apps/server/src/modules/catalogue/search-terms.ts';
import { table } from './load.ts';

export const CATALOGUE_QUERIES: [string, CatalogueQueryInput][] = [
  ['q=calculus', { q: 'calculus' }],
  ['q=introduction', { q: 'introduction' }],
  ['q=zymurgy', { q: 'zymurgy' }],
  ['q=calculus, page 3', { q: 'calculus', page: 3 }],
  ['q=calculus, R100 and up', { q: 'calculus', minPrice: 100 }],
  ['q=introduction, price_asc', { q: 'introduction', sort: 'price_asc' }],
  ['law + uct, price_asc', { category: 'law', university: 'uct', sort: 'price_asc' }],
  ['law + uct, price_asc, page 2', { category: 'law', university: 'uct', sort: 'price_asc', page: 2 }],
  ['condition=good, price_desc', { condition: 'good', sort: 'price_desc' }],
  ['university=wits, newest', { university: 'wits', sort: 'newest' }],
  ['no filters, newest', {}],
  ['R100-R300, price_asc', { minPrice: 100, maxPrice: 300, sort: 'price_asc' }],
];

export async function timeCatalogueQueries(opts: { dataDir: string; databaseUrl: string | undefined; repeat: number; cacheSizeKb?: number }) {
  const handle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    if (opts.cacheSizeKb && handle.dialect === 'sqlite') await sql.raw(`PRAGMA cache_size = -${opts.cacheSizeKb}`).execute(handle.db);
    const rows: (string | number)[][] = [];
    for (const [name, input] of CATALOGUE_QUERIES) {
      const query = catalogueQuerySchema.parse(input);
      const terms = query.q ? searchTerms(query.q) : [];
      let result = await searchCatalogue(handle.db, query, terms);
      const times: number[] = [];
      for (let i = 0; i < opts.repeat; i++) {
        const t = performance.now();
        result = await searchCatalogue(handle.db, query, terms);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      rows.push([name, result.total, times[Math.floor(times.length / 2)]!.toFixed(2), times[times.length - 1]!.toFixed(2)]);
    }
    return table(['catalogue query (repository, in-process)', 'total', 'median ms', 'max ms'], rows);
  } finally {
    await handle.close();
  }
}

/** The plan of the browse query the HTTP run hammers, for the record. */
export async function explainBrowse(opts: { dataDir: string; databaseUrl: string | undefined }): Promise<string> {
  const handle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const where = sql`b.status = 'approved' AND b.availability = 'available' AND b.category = 'law' AND b.university = 'uct'`;
    const page = sql`SELECT b.id FROM books b WHERE ${where} ORDER BY b.price_cents ASC, b.created_at DESC, b.id LIMIT 20`;
    const count = sql`SELECT count(*) FROM books b WHERE ${where}`;
    const lines: string[] = [];
    for (const [label, q] of [
      ['page', page],
      ['count', count],
    ] as const) {
      if (handle.dialect === 'sqlite') {
        const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${q}`.execute(handle.db);
        lines.push(`${label}: ${plan.rows.map((r) => r.detail).join('; ')}`);
      } else {
        const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${q}`.execute(handle.db);
        lines.push(`${label}: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).join('; ')}`);
      }
    }
    return lines.join('\n');
  } finally {
    await handle.close();
  }
}
