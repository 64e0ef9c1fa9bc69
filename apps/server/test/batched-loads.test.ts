// batchedLoads (lib/batched-loads.ts), without a database: a load alone goes at once, loads asked for while
// one is out share the next, every caller gets its keys' values, a failure fails only its own batch, and a
// batch never grows past its limit.
import { describe, expect, it } from 'vitest';
import { batchedLoads } from '../src/lib/batched-loads.ts';

/** A loader whose calls wait until released, recording the keys of each. */
function heldLoader() {
  const calls: { keys: readonly string[]; release: () => void; fail: (err: Error) => void }[] = [];
  const loadMany = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve, reject) => {
      calls.push({ keys, release: () => resolve(new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `value of ${k}`]))), fail: reject });
    });
  return { calls, loadMany };
}

/** Lets every promise callback that is due run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batched loads', () => {
  it('sends a load alone at once, and the loads asked for while it is out together in the next', async () => {
    const { calls, loadMany } = heldLoader();
    const load = batchedLoads(loadMany);
    const first = load(['a']);
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    const second = load(['b', 'c']);
    const third = load(['c', 'd', 'missing']);
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect((await first).get('a')).toBe('value of a');
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd', 'missing']]);
    calls[1]!.release();
    const [two, three] = await Promise.all([second, third]);
    expect([two.get('b'), two.get('c')]).toEqual(['value of b', 'value of c']);
    expect([three.get('c'), three.get('d'), three.has('missing')]).toEqual(['value of c', 'value of d', false]);
    // Nothing out: the next load goes at once again.
    void load(['e']);
    expect(calls.map((c) => c.keys)).toHaveLength(3);
  });

  it('fails only the batch that failed, and sends the next all the same', async () => {
    const { calls, loadMany } = heldLoader();
    const load = batchedLoads(loadMany);
    const first = load(['a']);
    const waiting = load(['b']);
    calls[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
    calls[1]!.release();
    expect((await waiting).get('b')).toBe('value of b');
  });

  it('fails the callers of a loader that throws at once, and goes on', async () => {
    let calls = 0;
    const load = batchedLoads<string, string>((keys) => {
      calls++;
      if (keys.includes('bad')) throw new Error('refused');
      return Promise.resolve(new Map(keys.map((k) => [k, k])));
    });
    await expect(load(['bad'])).rejects.toThrow('refused');
    expect((await load(['good'])).get('good')).toBe('good');
    expect(calls).toBe(2);
  });

  it('loads a caller on its own, beside the batch that is out, when its keys would take the waiting batch past the limit', async () => {
    const { calls, loadMany } = heldLoader();
    const load = batchedLoads(loadMany, 3);
    void load(['a']);
    void load(['b', 'c']);
    const large = load(['d', 'e']);
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['d', 'e']]);
    calls[1]!.release();
    expect([...(await large).keys()]).toEqual(['d', 'e']);
  });

  it('answers many concurrent callers, each with its own keys, in fewer loads than callers', async () => {
    let loads = 0;
    const load = batchedLoads<string, number>(async (keys) => {
      loads++;
      await settle();
      return new Map(keys.map((k) => [k, Number(k)]));
    });
    const asked = Array.from({ length: 50 }, (_, i) => [String(i), String(i + 1)]);
    const answers = await Promise.all(asked.map((keys) => load(keys)));
    answers.forEach((found, i) => expect([found.get(asked[i]![0]!), found.get(asked[i]![1]!)]).toEqual([i, i + 1]));
    expect(loads).toBeLessThan(50);
    expect(loads).toBeGreaterThanOrEqual(2);
  });
});
