// Whether an element has come near the screen: for parts far down a page (the footer's newsletter form)
// whose code need not load until the reader scrolls towards them.
import { useEffect, useState, type RefObject } from 'react';

/** True once `ref`'s element is within `margin` of the viewport. */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
