// Joins class names, skipping falsy ones, so components can add classes conditionally.
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
