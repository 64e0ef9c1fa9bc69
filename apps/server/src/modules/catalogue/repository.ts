// SQL for the public catalogue: approved, available listings filtered, searched and sorted, one page of
// ids at a time (the listings module turns ids into Book JSON). Search differs per engine: FTS5 on
// SQLite, tsvector on PostgreSQL (docs/decisions/0002-database.md).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CatalogueQuery } from '@reshelf/shared';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { postgresTsQuery, sqliteMatch } from './search-terms.ts';

export interface CataloguePage {
  ids: string[];
  total: number;
}

export async function searchCatalogue(db: Kysely<Database>, query: CatalogueQuery, terms: string[]): Promise<CataloguePage> {
  const pg = isPostgres(db);
  const where: RawBuilder<unknown>[] = [sql`b.status = 'approved'`, sql`b.availability = 'available'`];
  if (query.category) where.push(sql`b.category = ${query.category}`);
  if (query.studyLevel) where.push(sql`b.study_level = ${query.studyLevel}`);
  if (query.condition) where.push(sql`b.condition = ${query.condition}`);
  if (query.language) where.push(sql`b.language = ${query.language}`);
  if (query.university) where.push(sql`b.university = ${query.university}`);
  if (query.minPrice !== undefined) where.push(sql`b.price_cents >= ${Math.round(query.minPrice * 100)}`);
  if (query.maxPrice !== undefined) where.push(sql`b.price_cents <= ${Math.round(query.maxPrice * 100)}`);

  let from: RawBuilder<unknown> = sql`books b`;
  let rank: RawBuilder<unknown> | undefined;
  if (terms.length) {
    if (pg) {
      where.push(sql`b.search_vector @@ to_tsquery('simple', ${postgresTsQuery(terms)})`);
      rank = sql`ts_rank(b.search_vector, to_tsquery('simple', ${postgresTsQuery(terms)})) DESC`;
    } else {
      from = sql`books_fts f JOIN books b ON b.rowid = f.rowid`;
      where.push(sql`books_fts MATCH ${sqliteMatch(terms)}`);
      rank = sql`bm25(books_fts, 10.0, 8.0, 10.0, 3.0, 1.0)`;
    }
  }
  const order = {
    relevance: rank ? sql`${rank}, b.created_at DESC, b.id` : sql`b.created_at DESC, b.id`,
    newest: sql`b.created_at DESC, b.id`,
    price_asc: sql`b.price_cents ASC, b.created_at DESC, b.id`,
    price_desc: sql`b.price_cents DESC, b.created_at DESC, b.id`,
  }[query.sort];

  const whereSql = sql.join(where, sql` AND `);
  const offset = (query.page - 1) * query.pageSize;
  const rows = await sql<{ id: string }>`
    SELECT b.id FROM ${from} WHERE ${whereSql} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`.execute(db);
  // The count only when it is not already known from a short first page.
  let total: number;
  if (query.page === 1 && rows.rows.length < query.pageSize) total = rows.rows.length;
  else {
    const counted = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${from} WHERE ${whereSql}`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { ids: rows.rows.map((r) => r.id), total };
}
