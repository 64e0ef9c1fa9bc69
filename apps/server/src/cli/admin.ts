// `npm run admin -- create --email you@example.com --password '...'`: creates an admin account if absent.
import { parseArgs } from 'node:util';
import { passwordProblem } from '@reshelf/shared';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../lib/mailer.ts';
import { memoryRateLimiter } from '../lib/rate-limiter.ts';
import { createAccountsService } from '../modules/accounts/service.ts';

const USAGE = `Usage: npm run admin -- create --email <email> --password <password> [--first-name <name>] [--last-name <name>]`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  if (positionals[0] !== 'create' || !values.email || !values.password) {
    console.error(USAGE);
    process.exit(2);
  }
  const problem = passwordProblem(values.password);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database);
  const accounts = createAccountsService({
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    limiter: memoryRateLimiter(),
    redis: undefined,
  });
  const result = await accounts.ensureAdmin(values.email, values.password, {
    firstName: values['first-name'] ?? 'Reshelf',
    lastName: values['last-name'] ?? 'Admin',
  });
  console.log(result === 'created' ? `Admin ${values.email.toLowerCase()} created.` : `An account with ${values.email.toLowerCase()} already exists; nothing changed.`);
  await database.close();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
