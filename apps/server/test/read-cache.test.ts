// The read cache's rules, without a database: entries die with their generation, a load that a write
// overtakes is not kept, an unreadable generation means no caching, and the size and age are bounded.
import { describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { createReadCache, localGeneration, redisGeneration, type Generation } from '../src/lib/read-cache.ts';

const counter = () => {
  let n = 0;
  return { load: async () => `v${++n}`, calls: () => n };
};

describe('read cache', () => {
  it('serves a kept value until the generation moves on', async () => {
    const gen = localGeneration();
    const cache = createReadCache<string>(gen, { max: 10 });
    const c = counter();
    expect(await cache.read('k', c.load)).toBe('v1');
    expect(await cache.read('k', c.load)).toBe('v1');
    await gen.bump();
    expect(await cache.read('k', c.load)).toBe('v2');
    expect(c.calls()).toBe(2);
  });

  it('does not keep what a write overtook while it loaded', async () => {
    const gen = localGeneration();
    const cache = createReadCache<string>(gen, { max: 10 });
    let release!: () => void;
    const slow = cache.read('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await gen.bump();
    release();
    expect(await slow).toBe('old');
    expect(await cache.read('k', async () => 'new')).toBe('new');
  });

  it('shares one load among readers of a missing key, but not with readers after a write', async () => {
    const gen = localGeneration();
    const cache = createReadCache<string>(gen, { max: 10 });
    const releases: (() => void)[] = [];
    let loads = 0;
    const load = () => new Promise<string>((resolve) => releases.push(() => resolve(`v${++loads}`)));
    const together = [cache.read('k', load), cache.read('k', load), cache.read('k', load)];
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    // A write lands while that load runs: the next reader loads afresh instead of joining it.
    await gen.bump();
    const after = cache.read('k', load);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[0]!();
    expect(await Promise.all(together)).toEqual(['v1', 'v1', 'v1']);
    releases[1]!();
    expect(await after).toBe('v2');
    expect(await cache.read('k', load)).toBe('v2');
    // A load that fails fails its readers, and the next reader tries again.
    const failing = [cache.read('x', () => Promise.reject(new Error('down'))), cache.read('x', load)];
    await expect(Promise.all(failing)).rejects.toThrow('down');
    const retry = cache.read('x', load);
    await vi.waitFor(() => expect(releases).toHaveLength(3));
    releases[2]!();
    expect(await retry).toBe('v3');
  });

  it('keeps only what `keep` accepts', async () => {
    const cache = createReadCache<string | null>(localGeneration(), { max: 10 });
    expect(await cache.read('missing', async () => null, (v) => v !== null)).toBeNull();
    expect(await cache.read('missing', async () => 'found', (v) => v !== null)).toBe('found');
  });

  it('loads every time while the generation cannot be read', async () => {
    let failing = false;
    const gen: Generation = { current: () => (failing ? Number.NaN : 1), bump: async () => {} };
    const cache = createReadCache<string>(gen, { max: 10 });
    const c = counter();
    await cache.read('k', c.load);
    failing = true;
    expect(await cache.read('k', c.load)).toBe('v2');
    expect(await cache.read('k', c.load)).toBe('v3');
    failing = false;
    // What was held before the outage is gone, not served again.
    expect(await cache.read('k', c.load)).toBe('v4');
  });

  it('holds at most `max` entries and none older than `maxAgeMs`', async () => {
    // The entries' age is read from performance.now(), which the test moves.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const cache = createReadCache<string>(localGeneration(), { max: 3, maxAgeMs: 50 });
      for (const k of ['a', 'b', 'c', 'd']) await cache.read(k, async () => k);
      expect(cache.size()).toBe(3);
      const c = counter();
      vi.advanceTimersByTime(49);
      expect(await cache.read('d', c.load)).toBe('d');
      vi.advanceTimersByTime(1);
      expect(await cache.read('d', c.load)).toBe('v1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the oldest entry go first, however long it turns over', async () => {
    const cache = createReadCache<string>(localGeneration(), { max: 3 });
    const loaded: string[] = [];
    const read = (k: string) => cache.read(k, async () => (loaded.push(k), k));
    for (let i = 0; i < 1000; i++) await read(`k${i}`);
    expect(cache.size()).toBe(3);
    loaded.length = 0;
    for (const k of ['k997', 'k998', 'k999']) await read(k);
    expect(loaded).toEqual([]);
    // A fourth key lets the oldest go, and that one comes back as the newest.
    await read('a');
    await read('k997');
    expect(loaded).toEqual(['a', 'k997']);
    expect(cache.size()).toBe(3);
    // Two reads of one missing key at once both load and file it: it is held once, and only the
    // oldest entry made room for it.
    await Promise.all([read('b'), read('b')]);
    expect(cache.size()).toBe(3);
    loaded.length = 0;
    for (const k of ['a', 'k997', 'b']) await read(k);
    expect(loaded).toEqual([]);
  });

  it('reads many keys with one load for the missing ones, keeping only what `keep` accepts', async () => {
    const gen = localGeneration();
    const cache = createReadCache<string>(gen, { max: 10 });
    const asked: string[][] = [];
    const loadMany = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k === 'draft' ? 'draft' : `${k}!`]));
    };
    const first = await cache.readMany(['a', 'b', 'draft', 'gone'], loadMany, (v) => v !== 'draft');
    expect([...first]).toEqual([['a', 'a!'], ['b', 'b!'], ['draft', 'draft']]);
    await cache.readMany(['a', 'b', 'c', 'draft'], loadMany, (v) => v !== 'draft');
    expect(asked).toEqual([['a', 'b', 'draft', 'gone'], ['c', 'draft']]);
    await gen.bump();
    await cache.readMany(['a'], loadMany);
    expect(asked.at(-1)).toEqual(['a']);
  });

  it("shares Redis GETs among readers, yet answers each with a value read after it came", async () => {
    // A Redis whose GET reads the counter when it is sent and answers when the test says so.
    let counter = 0;
    const answers: (() => void)[] = [];
    const redis = {
      get: vi.fn(() => {
        const value = String(counter);
        return new Promise<string>((resolve) => answers.push(() => resolve(value)));
      }),
      incr: vi.fn(async () => ++counter),
    };
    const gen = redisGeneration(redis as unknown as Redis, 'generation', () => {});
    const first = gen.current();
    await gen.bump();
    // The GET that is out was sent before the bump: these two wait for the next one, which they share.
    const second = gen.current();
    const third = gen.current();
    expect(redis.get).toHaveBeenCalledTimes(1);
    answers.shift()!();
    expect(await first).toBe(0);
    // Sent as the first returned, before its readers went on.
    expect(answers).toHaveLength(1);
    answers.shift()!();
    expect([await second, await third]).toEqual([1, 1]);
    expect(redis.get).toHaveBeenCalledTimes(2);
    // Nothing out: the next reader sends its own.
    const fourth = gen.current();
    expect(redis.get).toHaveBeenCalledTimes(3);
    answers.shift()!();
    expect(await fourth).toBe(1);
  });

  it('answers NaN (no caching) to every reader sharing a GET that fails', async () => {
    const errors: unknown[] = [];
    const redis = { get: vi.fn(async () => Promise.reject(new Error('down'))), incr: vi.fn() };
    const gen = redisGeneration(redis as unknown as Redis, 'generation', (err) => errors.push(err));
    expect(await Promise.all([gen.current(), gen.current(), gen.current()])).toEqual([Number.NaN, Number.NaN, Number.NaN]);
    expect(redis.get).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(2);
  });

  it('keeps answering after a failed GET whose report throws too: nothing stays out', async () => {
    let down = true;
    const redis = { get: vi.fn(async () => (down ? Promise.reject(new Error('down')) : '7')), incr: vi.fn() };
    const gen = redisGeneration(redis as unknown as Redis, 'generation', () => {
      throw new Error('the logger failed');
    });
    expect(await Promise.all([gen.current(), gen.current()])).toEqual([Number.NaN, Number.NaN]);
    down = false;
    expect(await Promise.all([gen.current(), gen.current()])).toEqual([7, 7]);
  });
});
