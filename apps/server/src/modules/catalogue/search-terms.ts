// Turns what a student typed into safe search terms: words and numbers only (no engine operators,
// quotes or NUL survive), at most 12 of them; an ISBN typed with hyphens or spaces becomes one term.
const MAX_TERMS = 12;

export function searchTerms(q: string): string[] {
  const text = q.normalize('NFKC').toLowerCase();
  if (/^[\d\s-]+[xX]?$/.test(text.trim())) {
    const digits = text.replace(/[^\dx]/g, '');
    if (digits.length >= 4) return [digits];
  }
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** FTS5 MATCH expression: every term as a quoted prefix, all required. */
export const sqliteMatch = (terms: string[]) => terms.map((t) => `"${t}"*`).join(' ');

/** PostgreSQL to_tsquery text: every term as a prefix, all required. */
export const postgresTsQuery = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');
