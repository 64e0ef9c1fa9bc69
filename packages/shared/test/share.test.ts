import { describe, expect, it } from 'vitest';
import { BOOK_DESCRIPTION_MAX, SHARE_MESSAGES, bookPageDescription, bookPagePath, pageTitle, type DescribedBook } from '../src/index';

const book = (extra: Partial<DescribedBook> = {}): DescribedBook => ({
  title: 'Calculus: Early Transcendentals',
  author: 'James Stewart',
  price: 450.5,
  condition: 'good',
  description: 'Some pencil notes in chapter 2.',
  seller: { university: 'wits' },
  ...extra,
});

describe('what a shared listing says about itself', () => {
  it('starts with the price as formatRand prints it, the condition and the campus, then the book and its description', () => {
    expect(bookPageDescription(book())).toBe(
      'R\u00a0450,50 · Good condition · University of the Witwatersrand. Calculus: Early Transcendentals by James Stewart, second-hand on Reshelf. Some pencil notes in chapter 2.',
    );
  });

  it("puts the seller's lines on one line and keeps the price's no-break spaces", () => {
    const text = bookPageDescription(book({ price: 1234.5, description: 'Line one.\n\n  Line\ttwo.  ', title: 'Two  spaces' }));
    expect(text).toMatch(/^R\u00a01\u00a0234,50 · /);
    expect(text).toContain('Two spaces by James Stewart');
    expect(text.endsWith('Line one. Line two.')).toBe(true);
  });

  it('is at most 300 characters, cut at a word with an ellipsis, or inside a word too long to keep', () => {
    const long = bookPageDescription(book({ description: 'word '.repeat(200) }));
    expect(Array.from(long).length).toBeLessThanOrEqual(BOOK_DESCRIPTION_MAX);
    expect(long).toMatch(/ word…$/);
    const oneWord = bookPageDescription(book({ description: 'x'.repeat(400) }));
    expect(Array.from(oneWord)).toHaveLength(BOOK_DESCRIPTION_MAX);
    expect(oneWord.endsWith('x…')).toBe(true);
  });

  it('never cuts a character in two', () => {
    const text = bookPageDescription(book({ description: '📚'.repeat(400) }));
    expect(text.endsWith('📚…')).toBe(true);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('has one public address and one title pattern', () => {
    expect(bookPagePath('bk_123-abc')).toBe('/books/bk_123-abc');
    expect(pageTitle('Calculus')).toBe('Calculus | Reshelf');
    expect(SHARE_MESSAGES.linkCopied).toBe('Link copied');
  });
});
