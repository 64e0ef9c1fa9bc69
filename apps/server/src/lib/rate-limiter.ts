// Rate limits over rate-limiter-flexible (decision 0012): counters in this process, or in Redis when
// REDIS_URL is set so that several server processes share them. Every count is one atomic increment that
// answers with the new total, so requests in flight at the same moment can never all pass the check.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/** At most `max` counted attempts in a window of `windowMs` that opens with the first one. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** One named limit: a counter per key (an email, an address). */
export interface Limit {
  /** Counts one attempt for `key` and says whether it is within the limit; the count is atomic. */
  take(key: string): Promise<Verdict>;
  /** Gives back one counted attempt (one that turned out not to count, such as a right password). */
  refund(key: string): Promise<void>;
  /** Forgets every attempt of `key`. */
  reset(key: string): Promise<void>;
}

export interface RateLimiter {
  /** The limit of this name; the same name always gives the same rule and counters. */
  limit(name: string, rule: LimitRule): Limit;
}

function wrap(store: RateLimiterAbstract): Limit {
  return {
    async take(key) {
      try {
        await store.consume(key);
        return { allowed: true };
      } catch (rejection) {
        // The library rejects with its result when the limit is spent, and with an Error when the store fails.
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
    async refund(key) {
      await store.reward(key);
    },
    async reset(key) {
      await store.delete(key);
    },
  };
}

function limiterOf(make: (name: string, rule: LimitRule) => RateLimiterAbstract): RateLimiter {
  const limits = new Map<string, { rule: LimitRule; limit: Limit }>();
  return {
    limit(name, rule) {
      const known = limits.get(name);
      if (known) {
        if (known.rule.max !== rule.max || known.rule.windowMs !== rule.windowMs) throw new Error(`Rate limit ${name} has two rules`);
        return known.limit;
      }
      const limit = wrap(make(name, rule));
      limits.set(name, { rule, limit });
      return limit;
    },
  };
}

const options = (name: string, rule: LimitRule) => ({ keyPrefix: `reshelf:rl:${name}`, points: rule.max, duration: Math.ceil(rule.windowMs / 1000) });

/** Counters in this process: one server process, the CLI, tests. */
export function memoryRateLimiter(): RateLimiter {
  return limiterOf((name, rule) => new RateLimiterMemory(options(name, rule)));
}

/**
 * Counters in Redis, shared by every process. While Redis cannot be reached, each process counts in its
 * own memory instead (the library's insurance limiter): sign-in keeps working and stays limited, at worst
 * to the limit once per process, rather than every login failing while Redis is away. The Redis client's
 * own error events say that Redis is away.
 */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return limiterOf(
    (name, rule) =>
      new RateLimiterRedis({
        ...options(name, rule),
        storeClient: redis,
        // Not connected: count in memory at once instead of queueing behind ioredis's reconnection.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options(name, rule)),
      }),
  );
}
