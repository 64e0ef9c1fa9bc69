// Opens the database the configuration asks for: embedded SQLite in DATA_DIR, or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { sendPreparedByName } from './prepared-statements.ts';
import { watchWrites, type WriteWatch } from './write-watch.ts';

export type Dialect = 'sqlite' | 'postgres';
/**
 * The query builder every repository takes, named `db` (or `trx` inside a transaction) throughout the
 * server. `database` names only the DatabaseHandle below; `sqlite` a raw better-sqlite3 connection.
 */
export type Db = Kysely<Database>;

/** The opened database: the query builder plus what the app needs around it (write watch, ping, close). */
export interface DatabaseHandle extends WriteWatch {
  db: Db;
  dialect: Dialect;
  /** The SQLite file, for backups and integrity checks; undefined on PostgreSQL. */
  sqlitePath: string | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (count(*), sums) as strings; every count here fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * A statement whose rows are built in JavaScript from raw arrays. better-sqlite3 makes each row object
 * through V8's C++ API, one property at a time, which for a page of wide rows costs more than reading
 * them (docs/performance.md, Fix 10). Rows come out the same: same keys in the same order, a later column of
 * the same name wins. The column names are read once, so a schema change must drop the statement
 * (withStatementCache does).
 */
function withRowsBuiltInJs(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const columns = statement.columns().map((c) => c.name);
  statement.raw(true);
  const toRow = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely prepares per query. Keeping the compiled
 * statements of the (few hundred) distinct SQL texts the app issues saves that work on every request.
 * A schema change (a migration) empties it: a kept statement knows its table's columns as they were.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source) {
      if (/^\s*(create|alter|drop)\b/i.test(source)) {
        cache.clear();
        return sqlite.prepare(source);
      }
      let statement = cache.get(source);
      if (!statement) {
        statement = withRowsBuiltInJs(sqlite.prepare(source));
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(source, statement);
      }
      return statement;
    },
  };
}

function tuneForReads(sqlite: SQLite.Database) {
  sqlite.pragma('busy_timeout = 5000');
  // 64 MB of page cache instead of SQLite's 2 MB, so the catalogue's search index stays in memory.
  sqlite.pragma('cache_size = -65536');
  // Pages are read through a memory map instead of a read() call and a copy each, which matters to a
  // search that visits thousands of listings spread over the file. As much of the file as SQLite maps
  // (just under 2 GiB, its compiled limit): at a million listings the file is 2.8 GB and most of the text
  // index lay beyond the first GiB, the 1 GiB of before; searches over HTTP answered 5-15% more a second
  // (docs/performance.md). Mapped pages are the kernel's page cache, shared by every connection.
  sqlite.pragma('mmap_size = 2147418112');
}

/**
 * A second, read-only connection to an existing SQLite file (the catalogue's search thread,
 * docs/decisions/0009-search-thread.md). In WAL mode it reads beside the writer, and each statement sees
 * everything committed before it began.
 */
export function openSqliteReader(file: string): { db: Db; close(): Promise<void> } {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  tuneForReads(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, close: () => db.destroy() };
}

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  sqliteFile?: string;
  onIdleError?: (err: Error) => void;
}): DatabaseHandle {
  if (opts.databaseUrl) {
    // No JIT compiling: the catalogue's searches cost past PostgreSQL's jit_above_cost at scale, and compiling
    // took 5-11 ms of each at a million listings, for statements that run in a few (docs/performance.md).
    // 32 MB for a statement's bitmaps and sorts, where PostgreSQL's default is 4: the text index lists a
    // search word typed as a prefix (`chem`, which starts 722 words with the course codes) in a bitmap of
    // the table's pages, and past that memory the bitmap keeps whole pages, every listing on which is then
    // checked again (its indexed words worked out from the row, some 13 µs each). A bitmap of every page of
    // a million listings' table (127,000 pages) takes about 9 MB (decision 0050).
    // A `options` parameter in the URL replaces this one.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 30_000, options: '-c jit=off -c work_mem=32MB' });
    // An idle connection the server drops (a restart, a failover, an admin's kill) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    sendPreparedByName(pool);
    const { dialect, watch } = watchWrites(new PostgresDialect({ pool }));
    const db = new Kysely<Database>({ dialect });
    return {
      db,
      onWrite: watch.onWrite,
      dialect: 'postgres',
      sqlitePath: undefined,
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.sqliteFile ?? 'reshelf.sqlite');
  const sqlite = new SQLite(file);
  tuneForReads(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const { dialect, watch } = watchWrites(new SqliteDialect({ database: withStatementCache(sqlite) }));
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    onWrite: watch.onWrite,
    dialect: 'sqlite',
    sqlitePath: file,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
