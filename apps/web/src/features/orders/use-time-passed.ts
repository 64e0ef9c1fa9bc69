// Whether a moment has passed, re-rendering when it does (a meetup time, while the order page stays open).
import { useEffect, useState } from 'react';

/** setTimeout's longest wait; a moment further away is checked again when that wait ends. */
const LONGEST_WAIT_MS = 2_147_483_647;

export function useTimePassed(iso: string | null | undefined): boolean {
  const at = iso ? new Date(iso).getTime() : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(at) || now >= at) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(at - now, LONGEST_WAIT_MS));
    return () => window.clearTimeout(timer);
  }, [at, now]);
  return Number.isFinite(at) && now >= at;
}
