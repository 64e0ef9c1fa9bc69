// What every module gets: configuration, database, clock, mail, rate limits, the optional Redis.
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  redis: Redis | undefined;
}
