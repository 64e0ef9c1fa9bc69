// Tells which engine a Kysely instance talks to, for the few places (search, migrations) that differ.
import { PostgresAdapter, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<unknown> | Kysely<never>): boolean {
  return (db as Kysely<unknown>).getExecutor().adapter instanceof PostgresAdapter;
}
