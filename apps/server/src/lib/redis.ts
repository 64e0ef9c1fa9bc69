// Redis client helpers shared by the modules that use Redis (rate limits, realtime fan-out, cache generation).
import type { Redis } from 'ioredis';

/**
 * Closes a Redis client: politely when connected, at once when not (a QUIT sent to a Redis that is away
 * waits in ioredis's offline queue through every reconnection attempt and would hold up shutdown).
 */
export async function closeRedis(redis: Redis | undefined): Promise<void> {
  if (!redis) return;
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}
