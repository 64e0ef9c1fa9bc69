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

/**
 * The weights of the columns of the ranked text, in its order (title, ISBN, course codes, authors,
 * publisher; joined by U+001F, as the index keeps it and repository.ts reads it): the heaviest first, so the
 * first place a word starts in the text is in the column it counts for.
 */
const WEIGHTS = [10, 10, 10, 8, 3];
/** A word the index matched in none of those columns matched in the description. */
const DESCRIPTION = 1;
const SEPARATOR = '\x1f';

/** The ranked text of a listing's columns (RankedText), joined as the index keeps it. */
export const rankedText = (t: RankedText) => [t.title, t.isbn, t.courseCodes, t.author, t.publisher].join(SEPARATOR);

/**
 * Scores listings' ranked text (rankedText, or the index's `ranked` column) for the search terms (higher is
 * better); `terms` as searchTerms gives them. One pass per term over the whole folded text: the first place
 * the term starts a word is in the heaviest column that has it.
 */
export function rankedTextScorer(terms: string[]): (ranked: string) => number {
  const wanted = indexWords(terms.join(' '));
  // A word of the text that starts with the term: the term at the text's start or after a character
  // that is neither a letter nor a digit (the separator included). Terms are letters and digits only, so
  // they need no escaping. ASCII terms (most) get ASCII patterns, several times faster than Unicode
  // property classes.
  const ascii = wanted.every((term) => /^[a-z0-9]+$/.test(term));
  const starts = wanted.map((term) => (ascii ? new RegExp(`(?<![a-z0-9])${term}`) : new RegExp(`(?<![\\p{L}\\p{N}])${term}`, 'u')));
  return (ranked) => {
    const text = folded(ranked);
    let score = 0;
    for (const start of starts) {
      const at = text.search(start);
      if (at < 0) {
        score += DESCRIPTION;
        continue;
      }
      let column = 0;
      for (let sep = text.indexOf(SEPARATOR); sep >= 0 && sep < at; sep = text.indexOf(SEPARATOR, sep + 1)) column++;
      score += WEIGHTS[column] ?? DESCRIPTION;
    }
    const end = text.indexOf(SEPARATOR);
    const titleText = end < 0 ? text : text.slice(0, end);
    const title = (ascii && /^[\x20-\x7e]*$/.test(titleText) ? titleText.match(/[a-z0-9]+/g) : titleText.match(/[\p{L}\p{N}]+/gu)) ?? [];
    let inTitle = 0;
    for (const word of title) if (wanted.some((term) => word.startsWith(term))) inTitle++;
    return score + (title.length ? inTitle / title.length : 0);
  };
}

/** Scores listings given column by column (rankedTextScorer on their rankedText). */
export function relevanceScorer(terms: string[]): (text: RankedText) => number {
  const score = rankedTextScorer(terms);
  return (text) => score(rankedText(text));
}
