// A read-through cache of public answers that is never stale: every entry carries the generation it was
// loaded under, and a write to the underlying tables moves the generation on. With one process the
// generation is a counter in memory; with several (REDIS_URL) it is a Redis counter every process reads,
// so a write on one process is seen by the next read on any other (docs/decisions/0022-catalogue-read-cache-as-it-stands.md).
import type { Redis } from 'ioredis';

export interface Generation {
  /** The generation now; a read takes it before loading and files what it loaded under it. */
  current(): number | Promise<number>;
  /** Moves the generation on: every entry loaded before is dead. Resolves once every process sees it. */
  bump(): Promise<void>;
}

export function localGeneration(): Generation {
  let value = 0;
  return {
    current: () => value,
    bump: async () => void (value += 1),
  };
}

/**
 * The generation as a Redis counter shared by every process; NaN (so no caching) while Redis fails.
 *
 * Readers share GETs: at most one is out at a time, and a reader who comes while one is out waits for the
 * next, sent as soon as that one returns. Every reader still gets a value read after it came, so a bump
 * that finished before a request arrived is always seen; under load a process sends one GET per round
 * trip instead of one per read (docs/performance.md, "Book detail on PostgreSQL").
 */
export function redisGeneration(redis: Redis, key: string, onError: (err: unknown) => void): Generation {
  // Never rejects, whatever onError does: a GET that is out must always end (its waiters chain on it).
  const read = async () => {
    try {
      return Number((await redis.get(key)) ?? 0);
    } catch (err) {
      try {
        onError(err);
      } catch {
        // Reporting failed too; the reader still gets NaN (no caching).
      }
      return Number.NaN;
    }
  };
  /** The GET that is out, and the one that leaves when it returns. */
  let out: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  const send = () => {
    const sent = read();
    out = sent;
    void sent.then(() => {
      if (out === sent) out = undefined;
    });
    return sent;
  };
  return {
    current() {
      if (!out) return send();
      next ??= out.then(() => {
        next = undefined;
        return send();
      });
      return next;
    },
    async bump() {
      await redis.incr(key);
    },
  };
}

export interface ReadCache<V> {
  /**
   * The cached value of `key` when it is current, else `load()`'s, kept when `keep` says so; reads of the
   * same missing key under the same generation share one `load()`.
   */
  read(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /** The same for many keys at once: one `loadMany` call for all the keys that are not held. */
  readMany(keys: readonly string[], loadMany: (missing: string[]) => Promise<Map<string, V>>, keep?: (value: V) => boolean): Promise<Map<string, V>>;
  /** How many entries are held (dead ones included until the next read notices the new generation). */
  size(): number;
  /** Drops every entry (a write whose generation bump failed). */
  clear(): void;
}

/**
 * A bounded cache over `generation`; the oldest entries go first when it is full. `maxAgeMs` bounds how
 * long an entry may serve at all: with a shared generation, a write made while Redis was unreachable
 * could not move it on, so entries from before such an outage must not outlive it by long.
 */
export function createReadCache<V>(generation: Generation, opts: { max: number; maxAgeMs?: number }): ReadCache<V> {
  // Entries in the order they were filed, as a ring of `max` slots: the slot to fill next holds the
  // oldest entry, which goes. (Evicting a Map's first key instead costs a walk over every key deleted
  // since the Map last compacted itself: thousands per read when a full cache turns over quickly.)
  const entries = new Map<string, { generation: number; value: V; at: number; slot: number }>();
  const ring: (string | undefined)[] = new Array(opts.max);
  let next = 0;
  let seen = Number.NaN;
  const inflight = new Map<string, Promise<V>>();
  const maxAge = opts.maxAgeMs ?? Number.POSITIVE_INFINITY;
  const clear = () => {
    entries.clear();
    ring.fill(undefined);
    next = 0;
  };
  /** The generation to read under, or NaN (load, keep nothing) while it cannot be read. */
  const begin = async () => {
    const current = await generation.current();
    if (Number.isNaN(current)) {
      clear();
      seen = Number.NaN;
    } else if (current !== seen) {
      // Everything held belongs to an older generation.
      clear();
      seen = current;
    }
    return current;
  };
  const lookup = (key: string, current: number) => {
    const hit = entries.get(key);
    return hit && hit.generation === current && performance.now() - hit.at < maxAge ? hit : undefined;
  };
  // Filed under the generation read before loading: a write that lands meanwhile makes it dead.
  const file = (key: string, value: V, current: number, at: number) => {
    if (current !== seen) return;
    const previous = entries.get(key);
    // Filed again (two reads of one missing key loaded it at once): same place in the queue.
    if (previous) return void entries.set(key, { generation: current, value, at, slot: previous.slot });
    const oldest = ring[next];
    if (oldest !== undefined) entries.delete(oldest);
    ring[next] = key;
    entries.set(key, { generation: current, value, at, slot: next });
    next = (next + 1) % opts.max;
  };
  return {
    async read(key, load, keep = () => true) {
      const current = await begin();
      const hit = lookup(key, current);
      if (hit) return hit.value;
      if (Number.isNaN(current)) return load();
      // Readers of one missing key under one generation share one load (a popular page just after a
      // write empties the cache); a reader that saw a newer generation never joins an older load.
      const flight = `${current}\u0000${key}`;
      const joining = inflight.get(flight);
      if (joining) return joining;
      const startedAt = performance.now();
      const loading = load().then((value) => {
        if (keep(value)) file(key, value, current, startedAt);
        return value;
      });
      inflight.set(flight, loading);
      try {
        return await loading;
      } finally {
        inflight.delete(flight);
      }
    },
    async readMany(keys, loadMany, keep = () => true) {
      const current = await begin();
      const found = new Map<string, V>();
      const missing: string[] = [];
      for (const key of keys) {
        const hit = lookup(key, current);
        if (hit) found.set(key, hit.value);
        else missing.push(key);
      }
      if (!missing.length) return found;
      const startedAt = performance.now();
      for (const [key, value] of await loadMany(missing)) {
        found.set(key, value);
        if (keep(value)) file(key, value, current, startedAt);
      }
      return found;
    },
    size: () => entries.size,
    clear,
  };
}
