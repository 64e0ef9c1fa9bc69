// What a listing says about itself when its link is shared: the public address of its page, and the one
// description of it that both the page the server sends (its meta description and Open Graph tags, which
// link previews in WhatsApp and elsewhere show) and the web app's document carry, so the two never differ.
import type { Book } from './api-types';
import { CONDITION_LABELS } from './enums';
import { formatRand } from './format';
import { universityName } from './universities';

/** The public page of a listing: the address every share uses, whichever area of the app it was shared from. */
export const bookPagePath = (id: string) => `/books/${encodeURIComponent(id)}`;

/** At most this many characters: previews show two or three lines, search results about 160 characters. */
export const BOOK_DESCRIPTION_MAX = 300;

export type DescribedBook = Pick<Book, 'title' | 'author' | 'price' | 'condition' | 'description'> & {
  seller: Pick<Book['seller'], 'university'>;
};

/** A seller's text on one line: line breaks and runs of spaces become one space (the price's no-break spaces are not theirs). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `text` cut to `max` characters (never inside a surrogate pair), at a word's end where one is near, with '…'. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  // A very long word (an 80-letter one fits the title rule) is cut inside rather than dropped whole.
  return `${space > head.length * 0.6 ? head.slice(0, space) : head}…`;
}

/**
 * One line about a listing: its price, condition and campus first (what a student deciding whether to tap
 * wants), then what the book is and the seller's description, on one line, at most BOOK_DESCRIPTION_MAX
 * characters. E.g. 'R 450,50 · Good condition · University of the Witwatersrand. Calculus by James Stewart,
 * second-hand on Reshelf. Some pencil notes in chapter 2.'
 */
export function bookPageDescription(book: DescribedBook): string {
  const facts = `${formatRand(book.price)} · ${CONDITION_LABELS[book.condition]} condition · ${universityName(book.seller.university)}.`;
  const text = `${facts} ${oneLine(book.title)} by ${oneLine(book.author)}, second-hand on Reshelf. ${oneLine(book.description)}`;
  return clip(text.trimEnd(), BOOK_DESCRIPTION_MAX);
}
