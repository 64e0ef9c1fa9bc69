// The catalogue's SQL timed in-process, without HTTP: each search the HTTP runs make, through the
// real repository, with its plan (EXPLAIN QUERY PLAN / EXPLAIN); an edition's page as the edition
// reader builds it; and misspelt searches through the catalogue service, suggestion and all. Figures
// here barely depend on what else the machine is doing, so they show what an index or a query change
// really bought.
import { sql } from 'kysely';
import { catalogueQuerySchema, type CatalogueQueryInput, type UniversityId } from '@reshelf/shared';
import type { AppContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { catalogueStatements, searchCatalogue } from '../apps/server/src/modules/catalogue/repository.ts';
import { sqlitePrefixExpander } from '../apps/server/src/modules/catalogue/prefix-expansions.ts';
import { searchTerms } from '../apps/server/src/modules/catalogue/search-terms.ts';
import { createCatalogueService } from '../apps/server/src/modules/catalogue/service.ts';
import { createEditionReader } from '../apps/server/src/modules/listings/editions.ts';
import type { CatalogueSample } from './catalogue-sample.ts';
import { table } from './load.ts';

export const CATALOGUE_QUERIES: [string, CatalogueQueryInput][] = [
  ['q=calculus', { q: 'calculus' }],
  ['q=introduction', { q: 'introduction' }],
  ['q=zymurgy', { q: 'zymurgy' }],
  ['q=calculus, page 3', { q: 'calculus', page: 3 }],
  ['q=calculus, R100 and up', { q: 'calculus', minPrice: 100 }],
  ['q=introduction, price_asc', { q: 'introduction', sort: 'price_asc' }],
  ['q=introduction to calculus (a two-letter word)', { q: 'introduction to calculus' }],
  ['law + uct, price_asc', { category: 'law', university: 'uct', sort: 'price_asc' }],
  ['law + uct, price_asc, page 2', { category: 'law', university: 'uct', sort: 'price_asc', page: 2 }],
  ['condition=good, price_desc', { condition: 'good', sort: 'price_desc' }],
  ['university=wits, newest', { university: 'wits', sort: 'newest' }],
  ['no filters, newest', {}],
  ['R100-R300, price_asc', { minPrice: 100, maxPrice: 300, sort: 'price_asc' }],
  ['course=MATH1014 + wits, newest', { course: 'MATH1014', university: 'wits' }],
  ['course=MATH1014 + wits, price_asc', { course: 'MATH1014', university: 'wits', sort: 'price_asc' }],
];

/** The course filter on the seeded catalogue's busiest course, with its campus and without. */
export function courseQueries(sample: CatalogueSample): [string, CatalogueQueryInput][] {
  const busiest = sample.courses[0];
  if (!busiest) return [];
  return [
    [`course=${busiest.code} + ${busiest.university} (busiest), newest`, { course: busiest.code, university: busiest.university as UniversityId }],
    [`course=${busiest.code} (busiest, any campus), price_asc`, { course: busiest.code, sort: 'price_asc' }],
  ];
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

export async function timeCatalogueQueries(opts: {
  dataDir: string;
  databaseUrl: string | undefined;
  repeat: number;
  cacheSizeKb?: number;
  queries?: [string, CatalogueQueryInput][];
}) {
  const handle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    if (opts.cacheSizeKb && handle.dialect === 'sqlite') await sql.raw(`PRAGMA cache_size = -${opts.cacheSizeKb}`).execute(handle.db);
    const expand = handle.dialect === 'sqlite' ? sqlitePrefixExpander(handle.db) : undefined;
    const rows: (string | number)[][] = [];
    for (const [name, input] of opts.queries ?? CATALOGUE_QUERIES) {
      const query = catalogueQuerySchema.parse(input);
      const terms = query.q ? searchTerms(query.q) : [];
      // As the search thread asks (its long words expanded, kept between searches like the thread's).
      const ask = async () => searchCatalogue(handle.db, query, terms, expand ? await expand(terms) : undefined);
      let result = await ask();
      const times: number[] = [];
      for (let i = 0; i < opts.repeat; i++) {
        const t = performance.now();
        result = await ask();
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

/** An edition's page as GET /editions/:isbn builds it when the cache does not hold it (all its queries and its copies' photos). */
export async function timeEditionReads(opts: { dataDir: string; databaseUrl: string | undefined; repeat: number; editions: { label: string; isbn: string }[] }) {
  const handle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    // No cache: every read loads (the reader only uses the database of its context).
    const reader = createEditionReader({ db: handle.db } as AppContext);
    const rows: (string | number)[][] = [];
    for (const { label, isbn } of opts.editions) {
      let edition = await reader.edition(isbn);
      const times: number[] = [];
      for (let i = 0; i < opts.repeat; i++) {
        const t = performance.now();
        edition = await reader.edition(isbn);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const what = `${edition.available} for sale, ${edition.copies.length} listed, ${edition.courses.length} courses`;
      rows.push([`edition ${isbn}, ${label}`, what, median(times).toFixed(2), times.at(-1)!.toFixed(2)]);
    }
    return table(['edition page (editions.ts, no cache, in-process)', 'answer', 'median ms', 'max ms'], rows);
  } finally {
    await handle.close();
  }
}

/**
 * Misspelt searches through the catalogue service without its cache: the search that finds nothing, the
 * correction (on SQLite from the vocabulary in memory, built by the first one; on PostgreSQL from
 * search_words) and the corrected search that must find more. Books are not turned into JSON (none are
 * found). `typos` each searched once after the first, so nothing is repeated.
 */
export async function timeMisspeltSearches(opts: { dataDir: string; databaseUrl: string | undefined; typos: string[]; named: string[] }) {
  const handle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const warnings: string[] = [];
  try {
    const catalogue = createCatalogueService({ db: handle.db } as AppContext, async () => [], undefined, undefined, {
      warn: (err) => warnings.push(err instanceof Error ? err.message : String(err)),
    });
    const search = async (q: string) => {
      const t = performance.now();
      const page = await catalogue.search(catalogueQuerySchema.parse({ q }));
      return { ms: performance.now() - t, page };
    };
    const rows: (string | number)[][] = [];
    const [first, ...rest] = opts.typos;
    const built = await search(first!);
    rows.push([`q=${first} (the first: ${handle.dialect === 'sqlite' ? 'builds the vocabulary' : 'a cold connection'})`, `${built.page.total} → ${built.page.suggestion ?? 'none'}`, built.ms.toFixed(2), '']);
    const times: number[] = [];
    let suggested = 0;
    for (const typo of rest) {
      const r = await search(typo);
      times.push(r.ms);
      if (r.page.suggestion) suggested++;
    }
    times.sort((a, b) => a - b);
    rows.push([`${rest.length} different misspellings, each once`, `${suggested} suggested`, median(times).toFixed(2), times.at(-1)!.toFixed(2)]);
    for (const q of opts.named) {
      const named: number[] = [];
      let last = await search(q);
      for (let i = 0; i < 10; i++) named.push((last = await search(q)).ms);
      named.sort((a, b) => a - b);
      rows.push([`q=${q} (10 times)`, `${last.page.total} → ${last.page.suggestion ?? 'none'}`, median(named).toFixed(2), named.at(-1)!.toFixed(2)]);
    }
    const out = table(['misspelt search (catalogue service, no cache, in-process)', 'found → suggestion', 'median ms', 'max ms'], rows);
    return warnings.length ? `${out}\nwarnings: ${[...new Set(warnings)].join('; ')}` : out;
  } finally {
    await handle.close();
  }
}

/** The plans of the browse query the HTTP run hammers and of the course filter's page, for the record. */
export async function explainBrowse(opts: { dataDir: string; databaseUrl: string | undefined }): Promise<string> {
  const handle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const where = sql`b.status = 'approved' AND b.availability = 'available' AND b.category = 'law' AND b.university = 'uct'`;
    const page = sql`SELECT b.id FROM books b WHERE ${where} ORDER BY b.price_cents ASC, b.created_at DESC, b.id LIMIT 20`;
    const count = sql`SELECT count(*) FROM books b WHERE ${where}`;
    const course = catalogueStatements(handle.db, catalogueQuerySchema.parse({ course: 'MATH1014', sort: 'price_asc' }), []).page;
    const lines: string[] = [];
    for (const [label, q] of [
      ['page', page],
      ['count', count],
      ['course=MATH1014, price_asc, page', course],
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
