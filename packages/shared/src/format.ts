// Display formatting shared by the web app and server mails: rand amounts, en-ZA dates, transaction
// ids, and exact conversion between rand and the integer cents the database stores.
import { CURRENCY, LOCALE, TIME_ZONE } from './constants';

// Built on first use, not when the module loads: a time-zone date format costs ~150 ms on a slow phone,
// and most pages that import this file print no date (docs/performance.md).
let randFormat: Intl.NumberFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;

/** An amount in rand as Intl prints it for en-ZA, e.g. 'R 1 234,50' (with non-breaking spaces). */
export function formatRand(amount: number): string {
  randFormat ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return randFormat.format(amount);
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

export function centsToRand(cents: number): number {
  return cents / 100;
}

/** Rand to whole cents without float drift (19.99 gives 1999, not 1998). */
export function randToCents(rand: number): number {
  if (!Number.isFinite(rand)) throw new RangeError(`Not an amount of money: ${rand}`);
  return Math.round(rand * 100);
}
