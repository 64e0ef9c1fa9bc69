// Tells listeners when a statement has written to tables they care about, after it is durable: at once
// for a statement outside a transaction, and again when its transaction commits or rolls back (a reader
// on another connection may have cached what it saw in between). Caches of data read from those tables
// (the public catalogue, docs/decisions/0022-catalogue-read-cache-as-it-stands.md) invalidate on it.
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

export type WriteListener = () => void | Promise<void>;

interface Watcher {
  tables: RegExp;
  listener: WriteListener;
}

export interface WriteWatch {
  /** Calls `listener` after every write to one of `tables`; returns the unsubscribe function. */
  onWrite(tables: readonly string[], listener: WriteListener): () => void;
}

// A statement that changes rows: INSERT/UPDATE/DELETE/REPLACE, or a WITH … that ends in one of them.
const WRITE = /^\s*(?:insert|update|delete|replace)\b|^\s*with\b[\s\S]*\b(?:insert|update|delete)\b/i;

/** Wraps a dialect so that writes to watched tables reach the watchers (see the file comment). */
export function watchWrites(inner: Dialect): { dialect: Dialect; watch: WriteWatch } {
  const watchers = new Set<Watcher>();
  const watchersOf = (sqlText: string): Watcher[] => {
    if (!watchers.size || !WRITE.test(sqlText)) return [];
    return [...watchers].filter((w) => w.tables.test(sqlText));
  };
  const tell = async (hit: Iterable<Watcher>) => {
    for (const w of hit) await w.listener();
  };

  const dialect: Dialect = {
    createQueryCompiler: () => inner.createQueryCompiler(),
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver(): Driver {
      const driver = inner.createDriver();
      // What each handed-out connection wraps, and the watchers its open transaction has touched.
      const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const pending = new WeakMap<DatabaseConnection, Set<Watcher>>();
      const unwrap = (c: DatabaseConnection) => innerOf.get(c) ?? c;
      const settle = async (c: DatabaseConnection) => {
        const hit = pending.get(c);
        pending.delete(c);
        if (hit) await tell(hit);
      };

      const wrap = (conn: DatabaseConnection): DatabaseConnection => {
        const wrapped: DatabaseConnection = {
          async executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]): Promise<QueryResult<R>> {
            const result = await conn.executeQuery<R>(query, options);
            const hit = watchersOf(query.sql);
            if (hit.length) {
              const open = pending.get(wrapped);
              if (open) for (const w of hit) open.add(w);
              await tell(hit);
            }
            return result;
          },
          streamQuery: (query, chunkSize, options) => conn.streamQuery(query, chunkSize, options),
        };
        if (conn.cancelQuery) wrapped.cancelQuery = (provider) => conn.cancelQuery!(provider);
        if (conn.killSession) wrapped.killSession = (provider) => conn.killSession!(provider);
        if (conn.collectSessionInfo) wrapped.collectSessionInfo = () => conn.collectSessionInfo!();
        innerOf.set(wrapped, conn);
        return wrapped;
      };

      const wrappedDriver: Driver = {
        init: (options) => driver.init(options),
        acquireConnection: async (options) => wrap(await driver.acquireConnection(options)),
        async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
          await driver.beginTransaction(unwrap(c), settings);
          pending.set(c, new Set());
        },
        async commitTransaction(c) {
          try {
            await driver.commitTransaction(unwrap(c));
          } finally {
            await settle(c);
          }
        },
        async rollbackTransaction(c) {
          try {
            await driver.rollbackTransaction(unwrap(c));
          } finally {
            await settle(c);
          }
        },
        releaseConnection: (c, options) => driver.releaseConnection(unwrap(c), options),
        destroy: (options) => driver.destroy(options),
      };
      if (driver.savepoint) wrappedDriver.savepoint = (c, name, compile) => driver.savepoint!(unwrap(c), name, compile);
      if (driver.rollbackToSavepoint) wrappedDriver.rollbackToSavepoint = (c, name, compile) => driver.rollbackToSavepoint!(unwrap(c), name, compile);
      if (driver.releaseSavepoint) wrappedDriver.releaseSavepoint = (c, name, compile) => driver.releaseSavepoint!(unwrap(c), name, compile);
      return wrappedDriver;
    },
  };

  const watch: WriteWatch = {
    onWrite(tables, listener) {
      const names = tables.map((t) => t.replace(/[^a-z0-9_]/gi, '')).join('|');
      const watcher: Watcher = { tables: new RegExp(`(?:^|[^a-z0-9_])(?:${names})(?:[^a-z0-9_]|$)`, 'i'), listener };
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
  };
  return { dialect, watch };
}
