// Kysely builds a query from its builder and compiles it to SQL on every call. For a statement SQLite
// answers in tens of microseconds (a page's listings by their ids) the building cost as much as the answer
// (docs/performance.md, "A million listings: where the rest of the time went"; decision 0045). Kysely has no cache of compiled queries,
// so this keeps one: a statement's SQL per database handle (a transaction is a handle of its own) and
// number of values, run again with new values. Only for statements whose parameters are exactly those
// values, in order; the first compile checks so. On PostgreSQL such a statement (read by its keys, so its
// plan is the same whatever the values) is also sent by name, parsed and planned once per connection
// (prepared-statements.ts).
import { CompiledQuery, type Compilable } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { Db } from './index.ts';
import { prepareOnPostgres } from './prepared-statements.ts';

/** PostgreSQL: a statement with more values than this (a long list of ids, seldom asked twice) is sent as text, not kept prepared on every connection. */
const MAX_PREPARED_VALUES = 100;

export function compiledByCount<V, R>(build: (db: Db, values: readonly V[]) => Compilable<R>): (db: Db, values: readonly V[]) => Promise<R[]> {
  const cache = new WeakMap<Db, Map<number, string>>();
  return async (db, values) => {
    let byCount = cache.get(db);
    if (!byCount) cache.set(db, (byCount = new Map()));
    let text = byCount.get(values.length);
    if (text === undefined) {
      const compiled = build(db, values).compile();
      if (compiled.parameters.length !== values.length || compiled.parameters.some((p, i) => p !== values[i])) {
        throw new Error('compiledByCount: the statement has parameters other than its values');
      }
      text = compiled.sql;
      if (isPostgres(db) && values.length <= MAX_PREPARED_VALUES) prepareOnPostgres(text);
      byCount.set(values.length, text);
    }
    return (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]) as CompiledQuery<R>)).rows;
  };
}
