// Turns what a student typed into safe search terms: words and numbers only (no engine operators,
// quotes or NUL survive), at most 12 of them; an ISBN typed with hyphens or spaces becomes one term, and a
// whole ISBN-10 or ISBN-13 the ISBN-13 that listings store (packages/shared isbn.ts).
import { toIsbn13 } from '@reshelf/shared';

const MAX_TERMS = 12;

export function searchTerms(q: string): string[] {
  const text = q.normalize('NFKC').toLowerCase();
  if (/^[\d\s-]+[xX]?$/.test(text.trim())) {
    const digits = text.replace(/[^\dx]/g, '');
    if (digits.length >= 4) return [toIsbn13(digits) ?? digits];
  }
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** The filters the text indexes hold: SQLite's as tokens in their `facets` column (migrations 008, 023 and 027), PostgreSQL's as lexemes (024 and 028). */
export interface SearchFacets {
  university?: string | undefined;
  category?: string | undefined;
  language?: string | undefined;
  studyLevel?: string | undefined;
  condition?: string | undefined;
}

/**
 * Each filter's letter, in the order its token or lexeme is written: the same in SQLite's facet tokens
 * (`uuct`, migrations 008 and 023, and in this order joined by `0` in their combinations, migration 027)
 * and PostgreSQL's lexemes (`#uuct`, migration 024, and in this order joined by `:` in theirs, 028).
 */
const FACET_LETTERS: readonly (readonly [keyof SearchFacets, string])[] = [
  ['university', 'u'],
  ['category', 'c'],
  ['language', 'l'],
  ['studyLevel', 's'],
  ['condition', 'd'],
];

/** PostgreSQL tsquery text: `text` as one quoted lexeme, taken as written (a quote or backslash inside escaped). */
const lexeme = (text: string) => `'${text.replace(/['\\]/g, (c) => `\\${c}`)}'`;

/**
 * FTS5 MATCH expression: every term as a quoted prefix, all required, in the listing's text columns
 * (its course codes included, migration 011);
 * and the filters given that the index holds (a campus, a category, a language, a study level, a
 * condition: migrations 008 and 023), so the index itself narrows the matches: one filter as its facet
 * token, several as the one token of them together (migration 027), whose list holds just the listings
 * with all of them. The facet tokens are letters only (a letter, then the value without its hyphens); the
 * student's words never reach the facets column. With no terms (browsing by facets, repository.ts), the
 * filters alone.
 */
export function sqliteMatch(
  terms: string[],
  facets: SearchFacets = {},
  expansions: ReadonlyMap<string, readonly string[]> = new Map(),
): string {
  // A term with an expansion (prefix-expansions.ts) matches any of the indexed words it starts, which is
  // what its prefix matches, read without merging their lists first. The words are the index's own tokens
  // (letters and digits), safe inside quotes.
  const phrase = (t: string) => {
    const words = expansions.get(t);
    return words?.length ? `(${words.map((w) => `"${w}"`).join(' OR ')})` : `"${t}"*`;
  };
  // Explicit ANDs: FTS5 reads two phrases side by side as AND, but not a bracketed OR and a phrase.
  const text = `{title author isbn publisher description courses} : (${terms.map(phrase).join(' AND ')})`;
  const tokens = FACET_LETTERS.flatMap(([facet, letter]) => (facets[facet] ? [`${letter}${facets[facet].replaceAll('-', '')}`] : []));
  const filters = tokens.length > 1 ? `x${tokens.join('0')}` : tokens[0];
  if (!terms.length) return `facets : (${filters ?? ''})`;
  return filters ? `${text} AND facets : (${filters})` : text;
}

/**
 * PostgreSQL tsquery text (for a `::tsquery` cast, which takes lexemes as written) of the filters given
 * that the live index holds as lexemes beside the words (migration 024): `#u` and the campus, `#c` the
 * category, `#l` the language, `#s` the study level, `#d` the condition. One filter is its lexeme; several
 * are the one lexeme of them together (`#xuuct:cbiology`, migration 028), whose list holds just the
 * listings with all of them, rather than each filter's list intersected; empty for none.
 */
export function postgresFacetQuery(facets: SearchFacets): string {
  const lexemes = FACET_LETTERS.flatMap(([facet, letter]) => (facets[facet] ? [`${letter}${facets[facet]}`] : []));
  if (lexemes.length > 1) return lexeme(`#x${lexemes.join(':')}`);
  return lexemes.length ? lexeme(`#${lexemes[0]}`) : '';
}

/**
 * A search word's expansion (prefix-expansions.ts) as PostgreSQL tsquery text: any of the words it starts,
 * each exactly, as `lexemeOf` writes it; undefined without one.
 */
function anyOf(words: readonly string[] | undefined, lexemeOf: (word: string) => string): string | undefined {
  return words?.length ? `(${words.map(lexemeOf).join(' | ')})` : undefined;
}

/**
 * The longest word `campus_words` makes a campus lexeme of (migration 025): longer ones are in no campus's
 * lexemes, and with the campus before them could be too long for a tsquery.
 */
const CAMPUS_WORD_BYTES = 1000;

/**
 * Whether PostgreSQL's `simple` configuration keeps a search word as it is, one lexeme: ASCII letters and
 * digits, except a number in scientific form with letters after it (`1e5x` is `1e5` then `x`), the one
 * shape of them its parser splits (300,000 random words tried). Other scripts are folded its own way.
 */
export const keptByPostgres = (t: string) => /^[a-z0-9]+$/.test(t) && !/^\d+e\d+[a-z]/.test(t);

/**
 * PostgreSQL tsquery text (for a `::tsquery` cast) of `terms` on one campus, as the live index holds a
 * listing's words a second time with its campus before them (migration 025, `#uuct:introduction`): each
 * term as the campus lexemes of the words it starts when it has an expansion (prefix-expansions.ts), else
 * as a prefix of those lexemes; all required. Undefined unless PostgreSQL keeps every term as it is
 * (keptByPostgres), and when a term starts a word too long for a campus lexeme: then the terms are matched
 * as words, with the campus as a facet.
 */
export function postgresCampusWordsQuery(campus: string, terms: readonly string[], expansions: ReadonlyMap<string, readonly string[]> = new Map()): string | undefined {
  if (!terms.length || !terms.every(keptByPostgres)) return undefined;
  // A word too long to be a campus lexeme is in no campus's lexemes: a term that starts one is matched as
  // a word, with the campus as a facet.
  if (terms.some((t) => expansions.get(t)?.some((w) => Buffer.byteLength(w) > CAMPUS_WORD_BYTES))) return undefined;
  return terms.map((t) => anyOf(expansions.get(t), (w) => lexeme(`#u${campus}:${w}`)) ?? `${lexeme(`#u${campus}:${t}`)}:*`).join(' & ');
}

/**
 * PostgreSQL: `terms` split into the tsquery text (for a `::tsquery` cast) of those with an expansion,
 * each as any of the words it starts, all required (empty for none), and the `rest`, which stay prefixes
 * (postgresTsQuery). Words asked of the GIN index as themselves are found list against list; a prefix
 * has every list of the words it starts read whole first (migration 026).
 */
export function postgresExpandedWords(terms: readonly string[], expansions: ReadonlyMap<string, readonly string[]> = new Map()) {
  const expanded: string[] = [];
  const rest: string[] = [];
  for (const t of terms) {
    const words = anyOf(expansions.get(t), lexeme);
    if (words) expanded.push(words);
    else rest.push(t);
  }
  return { expanded: expanded.join(' & '), rest };
}

/** PostgreSQL tsquery text (for a `::tsquery` cast) of listings of any of those months (`2026-11`), as the live index holds them (migration 024). */
export const monthsQuery = (months: readonly string[]) => months.map((m) => lexeme(`#t${m}`)).join(' | ');

/** The months from `last` back to `first` (`2026-11`), newest first; none unless both are such months. */
export function monthsBack(first: string, last: string): string[] {
  const index = (m: string) => (/^\d{4}-\d{2}$/.test(m) ? Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1 : NaN);
  const from = index(first);
  const to = index(last);
  if (!Number.isFinite(from) || !Number.isFinite(to)) return [];
  const months: string[] = [];
  for (let i = to; i >= from; i--) months.push(`${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`);
  return months;
}

/** PostgreSQL to_tsquery text: every term as a prefix, all required. */
export const postgresTsQuery = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');
