// Which approved listings a wishlist entry waits for (docs/decisions/0026-wishlist-matching.md). Every
// criterion the entry has must hold:
// - isbn: the listing's ISBN-13 is the entry's;
// - q: every search word, read the way the catalogue reads a search (catalogue's searchTerms: words and
//   numbers, an ISBN typed any way as its ISBN-13), starts a word of the listing's title, author, ISBN or
//   course codes, with case and accents forgiven ("calc" finds "Calculus", "garcia" finds "García");
//   unlike the catalogue's search, the publisher and the seller's description are not read: a word in a
//   description is too loose a reason to email a student;
// - course: the listing is tagged with the code (at the entry's university when it has one);
// - university: the listing is at that campus; maxPrice: the listing costs at most that;
// and a student's own listing never matches their entry.
import { toIsbn13, type Book } from '@reshelf/shared';
import { searchTerms } from '../catalogue/service.ts';

/** Lower case without accents (NFKD, marks dropped), so "García" and "garcia" are one word. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** The words of a search, as the catalogue reads them, folded; each once. */
export function queryWords(q: string): string[] {
  return [...new Set(searchTerms(q).map(fold).filter(Boolean))];
}

/** The longest word of a search (the first of the longest): a listing's words must contain it, which SQL checks first. */
export function queryKey(words: readonly string[]): string | null {
  return words.reduce<string | null>((best, word) => (best === null || word.length > best.length ? word : best), null);
}

/** A listing as the matcher reads it. */
export interface ListingForMatching {
  id: string;
  sellerId: string;
  /** ISBN-13, digits only. */
  isbn13: string;
  title: string;
  author: string;
  courses: readonly { university: string; code: string }[];
  /** The seller's university: where the book is handed over. */
  campus: string;
  priceCents: number;
}

export function listingForMatching(book: Book): ListingForMatching {
  return {
    id: book.id,
    sellerId: book.seller.id,
    isbn13: toIsbn13(book.isbn) ?? book.isbn.replace(/\D/g, ''),
    title: book.title,
    author: book.author,
    courses: book.courses,
    campus: book.seller.university,
    priceCents: Math.round(book.price * 100),
  };
}

/** The folded words a search word may start: the title's, the author's, the ISBN and the course codes. */
export function listingWords(listing: ListingForMatching): string[] {
  const text = fold([listing.title, listing.author, listing.isbn13, ...listing.courses.map((c) => c.code)].join(' '));
  return [...new Set(text.match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** An entry as stored. */
export interface EntryForMatching {
  student_id: string;
  isbn: string | null;
  q: string | null;
  course: string | null;
  university: string | null;
  max_price_cents: number | null;
}

export function entryMatches(entry: EntryForMatching, listing: ListingForMatching, words: readonly string[] = listingWords(listing)): boolean {
  if (entry.student_id === listing.sellerId) return false;
  if (entry.max_price_cents !== null && listing.priceCents > entry.max_price_cents) return false;
  if (entry.university !== null && listing.campus !== entry.university) return false;
  if (entry.isbn !== null && entry.isbn !== listing.isbn13) return false;
  if (entry.course !== null && !listing.courses.some((c) => c.code === entry.course && (entry.university === null || c.university === entry.university))) return false;
  if (entry.q !== null) {
    const wanted = queryWords(entry.q);
    if (!wanted.length || !wanted.every((w) => words.some((word) => word.startsWith(w)))) return false;
  }
  return true;
}
