// Data made to break layouts, for the specs that look at pages on it: an 80-character word, a long URL,
// six authors and the largest price a listing may have. Titles and authors accept letters, digits,
// spaces and . , ' - only, so the long word carries no other characters.
import { LIMITS } from '@reshelf/shared';

export const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.padEnd(80, 'x');
export const LONG_URL = `https://www.example.ac.za/library/catalogue/${'textbook-reference-'.repeat(5)}`.padEnd(140, 'z');
export const SIX_AUTHORS =
  'Nomvula Mthembu-Dlamini, Pieter van der Westhuizen, Thandiwe Nkosi-Zulu, Sipho Khumalo, Ayesha Patel-Naidoo, Johannes Oosthuizen';
/** The largest price the listing rules accept: every integer digit and every decimal a nine. */
export const MAX_PRICE = Number(`${'9'.repeat(LIMITS.priceMaxIntegerDigits)}.${'9'.repeat(LIMITS.priceDecimals)}`);

/** A listing's bookData with every field at its most awkward; `overrides` replaces any of them. */
export function hostileBookData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `${LONG_WORD} Linear Algebra`,
    author: SIX_AUTHORS,
    isbn: '978-0-9802327-7-6',
    publisher: 'Wellesley-Cambridge Press of the University of KwaZulu-Natal',
    publicationYear: 2016,
    language: 'english',
    category: 'mathematics',
    studyLevel: 'undergraduate',
    condition: 'very-good',
    price: MAX_PRICE,
    edition: `5th ${LONG_WORD.slice(0, 40)}`,
    numberOfPages: 9999,
    description: `Clean copy. ${LONG_WORD} See ${LONG_URL} for the errata.\n\n${'Chapter notes in pencil. '.repeat(12)}`,
    additionalNotes: `Collect at ${LONG_URL} ${LONG_WORD}`,
    ...overrides,
  };
}
