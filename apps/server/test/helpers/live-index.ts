// PostgreSQL: a statement run where the live text index (`books_live_search_idx`) is the only way to read
// books: every other non-unique index of `books` dropped and no table walk allowed, in a transaction that
// is then undone. A test's table is small enough for another index or a walk to look cheaper, so this is
// how a test shows the live index serves a statement (its expression and the repository's LIVE_VECTOR
// must be the same for the planner to use it).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

export async function withOnlyTheLiveIndex<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  const undo = new Error('undo');
  await db
    .transaction()
    .execute(async (trx) => {
      const others = await sql<{ name: string }>`
        SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'books'::regclass AND NOT x.indisunique AND i.relname <> 'books_live_search_idx'`.execute(trx);
      for (const { name } of others.rows) await sql`DROP INDEX ${sql.ref(name)}`.execute(trx);
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      result = { value: await work(trx) };
      throw undo;
    })
    .catch((err: unknown) => {
      if (err !== undo) throw err;
    });
  return result!.value;
}
