// ISBNs: the check digit of ISBN-10 and ISBN-13, and one canonical form (ISBN-13, digits only) so that
// "0-13-110362-8" and "9780131103627" are one edition. The server's rule for POST/PATCH /books and
// GET /editions/:isbn, and the wizard's and edit dialog's check before anything is sent.
//
// Written here rather than taken from npm: the whole rule is two weighted sums and a prefix. The
// libraries that do it (isbn3, isbn-utils) mostly carry the registration-group range tables for
// hyphenation, which Reshelf does not use, in a package the web app would ship to every seller's phone.

/** Hyphens and spaces are how people type ISBNs ("978-0-13-110362-7", "978 0 13 110362 7"); they mean nothing. */
export const isbnCharacters = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/** ISBN-10: weights 10 down to 1; the total is a multiple of 11, and a check value of 10 is written X. */
function isbn10CheckValid(chars: string): boolean {
  if (!/^\d{9}[\dX]$/.test(chars)) return false;
  let total = 0;
  for (let i = 0; i < 10; i++) total += (chars[i] === 'X' ? 10 : Number(chars[i])) * (10 - i);
  return total % 11 === 0;
}

/** The ISBN-13 check digit of its first twelve digits: weights 1 and 3 alternate, the total made a multiple of 10. */
export function isbn13CheckDigit(first12: string): string {
  let total = 0;
  for (let i = 0; i < 12; i++) total += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (total % 10)) % 10);
}

/**
 * The ISBN-13 (13 digits, no hyphens) of an ISBN-10 or ISBN-13 typed with or without hyphens and spaces,
 * or null when it is not one: wrong length, other characters, a 13-digit number not starting 978 or 979,
 * or a wrong check digit. An ISBN-10 becomes 978 + its first nine digits + a new check digit.
 */
export function toIsbn13(input: string): string | null {
  const chars = isbnCharacters(input);
  if (chars.length === 10) {
    if (!isbn10CheckValid(chars)) return null;
    const first12 = `978${chars.slice(0, 9)}`;
    return first12 + isbn13CheckDigit(first12);
  }
  if (chars.length === 13 && /^97[89]\d{10}$/.test(chars)) {
    return isbn13CheckDigit(chars.slice(0, 12)) === chars[12] ? chars : null;
  }
  return null;
}

/** Whether `input` is an ISBN-10 or ISBN-13 whose check digit is right. */
export const isValidIsbn = (input: string) => toIsbn13(input) !== null;
