// Search that forgives (docs/decisions/0024-search-that-forgives.md): for a search that finds few or no
// books, each word the catalogue's vocabulary does not know is replaced by the closest word it does know
// (Damerau-Levenshtein distance, ties broken by how many live listings use the word). The vocabulary is
// the words of the titles, authors and publishers of live listings: on SQLite read from the full-text
// index (fts5vocab) into the small in-memory index below; on PostgreSQL a table kept by triggers, with a
// pg_trgm index that finds the candidates.

/** A vocabulary word and the number of live listings whose title, author or publisher has it. */
export interface VocabularyWord {
  word: string;
  listings: number;
}

/** A search with this many results or fewer gets a suggestion worked out (docs/performance.md). */
export const SUGGEST_AT_MOST = 2;

/** Words shorter than this are never corrected: too many real words are one letter away from them. */
const MIN_LENGTH = 4;

/** Only words of letters are corrected (not ISBNs, years or course codes). */
export const isCorrectable = (word: string) => word.length >= MIN_LENGTH && /^\p{L}+$/u.test(word);

/** How far a word may be from its correction: one edit for short words, two from six letters up. */
export const maxDistance = (word: string) => (word.length < 6 ? 1 : 2);

/**
 * Optimal-string-alignment Damerau-Levenshtein distance (insertions, deletions, substitutions and
 * transpositions of neighbours), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const A = [...a];
  const B = [...b];
  let prev2: number[] = [];
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= B.length; j++) {
      const cost = A[i - 1] === B[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && A[i - 1] === B[j - 2] && A[i - 2] === B[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[B.length]!;
}

/** The closest candidate within the word's distance: fewest edits, then most listings, then alphabetical. */
export function pickClosest(word: string, candidates: Iterable<VocabularyWord>): string | undefined {
  const max = maxDistance(word);
  let best: { word: string; d: number; listings: number } | undefined;
  for (const c of candidates) {
    if (c.word === word || c.listings <= 0) continue;
    const d = editDistance(word, c.word, max);
    if (d > max) continue;
    if (!best || d < best.d || (d === best.d && (c.listings > best.listings || (c.listings === best.listings && c.word < best.word)))) {
      best = { word: c.word, d, listings: c.listings };
    }
  }
  return best?.word;
}

/** pg_trgm's trigrams of a word: lower-case, padded with two spaces in front and one behind. */
export function trigrams(word: string): string[] {
  const chars = [' ', ' ', ...word, ' '];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/**
 * An in-memory vocabulary (SQLite): the words sorted for prefix look-ups, and a trigram index so that a
 * correction only measures the words that share a trigram with the misspelt one.
 */
export interface Vocabulary {
  /** True when some vocabulary word starts with `word` (the search matches prefixes, so it is not misspelt). */
  knows(word: string): boolean;
  closest(word: string): string | undefined;
  readonly size: number;
}

export function createVocabulary(words: readonly VocabularyWord[]): Vocabulary {
  const sorted = words.filter((w) => w.listings > 0).sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const byTrigram = new Map<string, number[]>();
  sorted.forEach((w, i) => {
    if (!isCorrectable(w.word)) return;
    for (const t of trigrams(w.word)) {
      let list = byTrigram.get(t);
      if (!list) byTrigram.set(t, (list = []));
      list.push(i);
    }
  });
  return {
    size: sorted.length,
    knows(word) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]!.word < word) lo = mid + 1;
        else hi = mid;
      }
      return lo < sorted.length && sorted[lo]!.word.startsWith(word);
    },
    closest(word) {
      const max = maxDistance(word);
      const seen = new Set<number>();
      for (const t of trigrams(word)) for (const i of byTrigram.get(t) ?? []) seen.add(i);
      const candidates = [...seen].map((i) => sorted[i]!).filter((c) => Math.abs(c.word.length - word.length) <= max);
      return pickClosest(word, candidates);
    },
  };
}

/**
 * A search as the suggestion repeats it: NFKC, lower case, spaces collapsed. Two searches with the same
 * text here get the same suggestion, so the catalogue's cache keys its pages by it (service.ts).
 */
export const searchText = (q: string) => q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The student's query as searchText gives it, with each corrected word replaced and the rest as typed.
 * Undefined when nothing changes.
 */
export function correctedQuery(q: string, corrections: ReadonlyMap<string, string>): string | undefined {
  let changed = false;
  const text = searchText(q).replace(/[\p{L}\p{N}]+/gu, (w) => {
    const c = corrections.get(w);
    if (c === undefined) return w;
    changed = true;
    return c;
  });
  return changed ? text : undefined;
}
