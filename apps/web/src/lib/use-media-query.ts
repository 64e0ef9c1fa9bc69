// Whether a CSS media query matches now, kept current as the window is resized or the phone turned. For what
// CSS cannot switch by itself, such as an attribute's text (a placeholder); anything CSS can do stays in
// classes. Built on useSyncExternalStore, so a render never sees a stale answer.
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
