// Fixed-window counters for rate limits: in memory for one process, in Redis when REDIS_URL is set
// so several server processes share them.
import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

export interface Hit {
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

export interface RateLimiter {
  /** Adds one to the counter of `key` for a window of `windowMs` and returns the new count. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Reads the counter without adding to it. */
  peek(key: string): Promise<Hit>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  };
  return {
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      sweep(now);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    async peek(key) {
      const now = clock.now().getTime();
      const w = windows.get(key);
      if (!w || w.resetAt <= now) return { count: 0, resetInMs: 0 };
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'reshelf:rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      let resetInMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        resetInMs = windowMs;
      }
      return { count, resetInMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [[, v], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      return { count: v ? Number(v) : 0, resetInMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
