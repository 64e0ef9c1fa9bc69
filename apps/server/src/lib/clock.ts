// The server's notion of "now", injectable so expiry rules can be tested without waiting.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move forward. */
export function manualClock(start = new Date('2026-11-21T08:00:00.000Z')): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => void (current += ms),
    set: (d) => void (current = d.getTime()),
  };
}

export const iso = (d: Date) => d.toISOString();
