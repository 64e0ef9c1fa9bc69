// Whether the visitor asked their system for less motion (animations and smooth scrolling then stop).
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
