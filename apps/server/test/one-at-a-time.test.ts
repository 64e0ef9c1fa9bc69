// The queue cold catalogue searches take on SQLite: one at a time, in order, each on a fresh turn of the
// event loop, and a failure does not stop the queue.
import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../src/lib/one-at-a-time.ts';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('oneAtATime', () => {
  it('runs work one piece at a time, in the order asked, and goes on after a failure', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    let running = 0;
    const piece = (name: string, fail = false) =>
      serial(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 2));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([piece('a'), piece('b', true), piece('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect(results[1]!.status).toBe('rejected');
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets the event loop turn between pieces, so what arrived meanwhile is handled before the next piece', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    const work = (name: string, meanwhile?: () => void) =>
      serial(async () => {
        meanwhile?.();
        busy(5);
        log.push(name);
      });
    // Something arrives while the first piece runs (a new request's data on its socket).
    await Promise.all([work('first', () => setImmediate(() => log.push('arrived'))), work('second')]);
    expect(log).toEqual(['first', 'arrived', 'second']);
  });
});
