// Tells which engine a Kysely instance talks to, for the few places (search, migrations) that differ.
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function isPostgres(db: Kysely<any>): boolean {
  return (db as Kysely<unknown>).getExecutor().adapter instanceof PostgresAdapter;
}
