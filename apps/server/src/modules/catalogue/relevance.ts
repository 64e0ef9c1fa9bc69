// Relevance on SQLite (decision 0038): how well a listing matches the search words, worked out from the
// listing's own text for the matches the full-text index found, not by FTS5's bm25. bm25 first reads the
// whole list of every word in the index to weigh it (its IDF), which for a common word ("and", "first",
// "in") costs more than the rest of the search, whatever the other words or filters, while a search never
// ranks more than LIMITS.catalogueCountCap matches. The weights are the index's column weights of before: a word in the
// title, the ISBN or a course code counts 10, in the authors 8, in the publisher 3, and only in the
// description 1; the share of the title the words make up breaks ties between two titles that both have
// them ("Calculus" before "Calculus: Early Transcendentals"), then the newest listing comes first.

/** A text as the index's tokenizer compares it: lower case, diacritics removed (unicode61). */
function folded(text: string): string {
  // Most text is plain ASCII, which has no diacritics to remove; NFKD costs more than the rest.
  // eslint-disable-next-line no-control-regex
  return (/^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '')).toLowerCase();
}

/** The words of a text as the index's tokenizer sees them. */
function indexWords(text: string): string[] {
  return folded(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface RankedText {
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  courseCodes: string;
}

/** The columns in order of weight: the first that has a word is the one it counts for. */
const COLUMNS: [keyof RankedText, number][] = [
  ['title', 10],
  ['isbn', 10],
  ['courseCodes', 10],
  ['author', 8],
  ['publisher', 3],
];
/** A word the index matched in none of those columns matched in the description. */
const DESCRIPTION = 1;

/** Scores listings for the search terms (higher is better); `terms` as searchTerms gives them. */
export function relevanceScorer(terms: string[]): (text: RankedText) => number {
  const wanted = indexWords(terms.join(' '));
  // A word of the text that starts with the term: the term at the text's start or after a character
  // that is neither a letter nor a digit. Terms are letters and digits only, so they need no escaping.
  // ASCII terms (most) get ASCII patterns, several times faster than Unicode property classes.
  const ascii = wanted.every((term) => /^[a-z0-9]+$/.test(term));
  const starts = wanted.map((term) => (ascii ? new RegExp(`(?<![a-z0-9])${term}`) : new RegExp(`(?<![\\p{L}\\p{N}])${term}`, 'u')));
  return (text) => {
    const seen: Partial<Record<keyof RankedText, string>> = {};
    const column = (name: keyof RankedText) => (seen[name] ??= folded(text[name]));
    let score = 0;
    for (const start of starts) {
      let weight = DESCRIPTION;
      for (const [name, w] of COLUMNS) {
        if (start.test(column(name))) {
          weight = w;
          break;
        }
      }
      score += weight;
    }
    const title = (ascii && /^[\x20-\x7e]*$/.test(column('title')) ? column('title').match(/[a-z0-9]+/g) : column('title').match(/[\p{L}\p{N}]+/gu)) ?? [];
    const inTitle = title.filter((w) => wanted.some((term) => w.startsWith(term))).length;
    return score + (title.length ? inTitle / title.length : 0);
  };
}
