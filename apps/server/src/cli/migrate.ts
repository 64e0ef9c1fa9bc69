// `npm run migrate`: brings the configured database (DATA_DIR's SQLite or DATABASE_URL) to the latest schema.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';

try {
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(handle);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  await handle.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
