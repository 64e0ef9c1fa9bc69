// Small, safe wrappers around the browser's localStorage (JSON values by key): private modes and full
// quotas throw, and stored JSON may be stale or hand-edited, so every call falls back instead of breaking
// the page.

export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: storage is unavailable, so there is nothing stored either.
  }
}
