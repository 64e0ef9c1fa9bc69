// Display formatting shared by the web app and server mails: rand amounts, en-ZA dates, transaction
// ids, and exact conversion between rand and the integer cents the database stores.
import { CURRENCY, LOCALE, TIME_ZONE } from './constants';

// Built on first use, not when the module loads: a time-zone date format is slow to build on a slow
// phone, and most pages that import this file print no date (docs/performance.md).
let randFormat: Intl.NumberFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;

const NBSP = '\u00a0';

/**
 * An amount in rand exactly as Intl prints it for en-ZA, e.g. 'R 1 234,50' (no-break spaces after the R
 * and between groups, a decimal comma, rounded half away from zero on the number's shortest decimal
 * form, as ICU rounds). Written out rather than asked of Intl: the first Intl object on a page holds a
 * slow phone up while ICU starts, and a catalogue page prints 20 prices before anything else needs
 * Intl (docs/decisions/0010-rand-without-intl.md). format.test.ts holds it equal to Intl.
 */
export function formatRand(amount: number): string {
  const magnitude = Math.abs(amount);
  // Not a number, infinite, or beyond where String() writes plain digits: Intl, as before (never a price).
  if (!Number.isFinite(amount) || magnitude >= 1e21) {
    randFormat ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return randFormat.format(amount);
  }
  // Below 1e-6 String() switches to exponent form; such an amount is 0,00 whatever its digits.
  const [whole = '0', fraction = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const rands = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, NBSP);
  // Intl keeps the sign of a negative amount that rounds to zero, and of -0.
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}R${NBSP}${rands},${digits.slice(-2)}`;
}

/** A date as en-ZA with a short month, e.g. '21 Nov 2026'; an unreadable date gives ''. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
  return dateFormat.format(date);
}

/** The transactions table's id: '#' plus the last 6 characters of the book id, upper-case. */
export function transactionId(bookId: string): string {
  return `#${bookId.slice(-6).toUpperCase()}`;
}

/**
 * The reference of a sale, the same on the buyer's and the seller's screens: the transaction id of the
 * book it sells (the seller's transactions list one row per book), never one made from the order's id.
 */
export function orderReference(order: { book: { id: string } }): string {
  return transactionId(order.book.id);
}

export function centsToRand(cents: number): number {
  return cents / 100;
}

/** Rand to whole cents without float drift (19.99 gives 1999, not 1998). */
export function randToCents(rand: number): number {
  if (!Number.isFinite(rand)) throw new RangeError(`Not an amount of money: ${rand}`);
  return Math.round(rand * 100);
}
