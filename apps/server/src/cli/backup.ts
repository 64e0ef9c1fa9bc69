// `npm run backup [-- --out <file>]`: a consistent copy of the embedded SQLite database, safe while the
// server runs (SQLite's online backup API). On PostgreSQL use pg_dump (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.ts';

export async function backupSqlite(source: string, out: string): Promise<{ file: string; bytes: number; integrity: string }> {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const tmp = `${out}.partial`;
    await db.backup(tmp);
    const copy = new SQLite(tmp, { readonly: true });
    const integrity = String(copy.pragma('integrity_check', { simple: true }));
    copy.close();
    if (integrity !== 'ok') throw new Error(`backup failed its integrity check: ${integrity}`);
    fs.renameSync(tmp, out);
    return { file: out, bytes: fs.statSync(out).size, integrity };
  } finally {
    db.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see docs/deploy.md).');
    process.exit(2);
  }
  const source = path.join(config.dataDir, 'reshelf.sqlite');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `reshelf-${stamp}.sqlite`));
  const result = await backupSqlite(source, out);
  console.log(`Backed up ${source} to ${result.file} (${result.bytes} bytes, integrity ${result.integrity}).`);
  console.log(`Photos live in ${path.join(config.dataDir, 'uploads')}: copy that folder too (e.g. rsync -a).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
