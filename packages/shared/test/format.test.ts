import { describe, expect, it } from 'vitest';
import { centsToRand, formatDate, formatRand, randToCents, transactionId } from '../src/index';

describe('formatRand', () => {
  it('prints rand with 2 decimals the way Intl does for en-ZA', () => {
    const expected = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(1234.5);
    expect(formatRand(1234.5)).toBe(expected);
    expect(formatRand(1234.5)).toMatch(/^R\s1\s234,50$/);
    expect(formatRand(0)).toMatch(/^R\s0,00$/);
    expect(formatRand(2499.99)).toMatch(/^R\s2\s499,99$/);
  });
});

describe('formatDate', () => {
  it('prints en-ZA dates with a short month in South African time', () => {
    expect(formatDate('2026-11-21T10:00:00.000Z')).toBe('21 Nov 2026');
    // 23:30 UTC is already the next day in Johannesburg.
    expect(formatDate('2026-11-21T23:30:00.000Z')).toBe('22 Nov 2026');
    // ICU prints single-digit days of en-ZA with a leading zero; older builds did not.
    expect(formatDate(new Date('2024-02-05T08:00:00Z'))).toMatch(/^0?5 Feb 2024$/);
  });

  it('gives an empty text for an unreadable date instead of throwing', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('transactionId', () => {
  it('is # plus the last 6 characters of the book id, upper-case', () => {
    expect(transactionId('665f1c2e9a7b4d0012ab3cdf')).toBe('#AB3CDF');
    expect(transactionId('abc')).toBe('#ABC');
  });
});

describe('money conversion', () => {
  it('converts rand to cents exactly', () => {
    expect(randToCents(19.99)).toBe(1999);
    expect(randToCents(0.1 + 0.2)).toBe(30);
    expect(randToCents(999999.99)).toBe(99999999);
    expect(randToCents(4499.99)).toBe(449999);
    expect(centsToRand(1999)).toBe(19.99);
    expect(() => randToCents(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every cent amount of a typical price range', () => {
    for (let cents = 0; cents <= 200_000; cents += 7) {
      expect(randToCents(centsToRand(cents))).toBe(cents);
    }
  });
});

