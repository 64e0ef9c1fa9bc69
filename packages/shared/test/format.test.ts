import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToRand, formatDate, formatRand, orderReference, randToCents, transactionId } from '../src/index';

describe('formatRand', () => {
  it('prints rand with 2 decimals the way Intl does for en-ZA', () => {
    const expected = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(1234.5);
    expect(formatRand(1234.5)).toBe(expected);
    expect(formatRand(1234.5)).toMatch(/^R\s1\s234,50$/);
    expect(formatRand(0)).toMatch(/^R\s0,00$/);
    expect(formatRand(2499.99)).toMatch(/^R\s2\s499,99$/);
  });

  it('prints exactly what Intl prints, for prices, sums, fractions of a cent, ties, negatives and extremes', () => {
    const intl = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const same = (amount: number) => {
      expect(formatRand(amount), String(amount)).toBe(intl.format(amount));
    };
    for (const amount of [0, -0, 0.005, 0.004999, 1.005, 1.015, 999.995, 123456789.125, -0.001, -0.005, -1234.5, 0.1 + 0.2, 1e-7, 5e-3, 1e20, 999999999999.99, 1e21, 2.5e21, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity]) same(amount);
    // Every price the database can hold (whole cents) and any sum of them.
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => same(cents / 100)), { numRuns: 5000 });
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 12 }), (prices) => same(prices.reduce((sum, cents) => sum + cents / 100, 0))), { numRuns: 2000 });
    // Any double at all, and decimals with three places (where half-way cases live).
    fc.assert(fc.property(fc.double({ min: -1e22, max: 1e22 }), same), { numRuns: 5000 });
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (mills) => same(mills / 1000)), { numRuns: 5000 });
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

  it("gives an order the reference of its book, so buyer and seller quote the same one", () => {
    const order = { id: 'order-0000ELZV5Q', book: { id: 'book-00000ERA0PA' } };
    expect(orderReference(order)).toBe('#ERA0PA');
    expect(orderReference(order)).toBe(transactionId(order.book.id));
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

