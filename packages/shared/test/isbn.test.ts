import { describe, expect, it } from 'vitest';
import { isValidIsbn, toIsbn13 } from '../src/index';

describe('ISBN check digits', () => {
  it('checks an ISBN-10 (mod 11) and turns it into its ISBN-13', () => {
    expect(toIsbn13('0131103628')).toBe('9780131103627');
    expect(toIsbn13('0-13-110362-8')).toBe('9780131103627');
    expect(toIsbn13('0 13 110362 8')).toBe('9780131103627');
    expect(toIsbn13('0-13-110362-9')).toBeNull();
    expect(toIsbn13('1-13-110362-8')).toBeNull();
  });

  it('takes X (either case) as an ISBN-10 check digit of 10, and only there', () => {
    expect(toIsbn13('0-8044-2957-X')).toBe('9780804429573');
    expect(toIsbn13('080442957x')).toBe('9780804429573');
    expect(toIsbn13('0-8044-2957-0')).toBeNull();
    expect(toIsbn13('X804429570')).toBeNull();
    expect(toIsbn13('978133761392X')).toBeNull();
  });

  it('checks an ISBN-13 (mod 10), with the 978 and 979 prefixes only', () => {
    expect(toIsbn13('978-1-337-61392-7')).toBe('9781337613927');
    expect(toIsbn13('978 1 337 61392 7')).toBe('9781337613927');
    expect(toIsbn13('9781337613928')).toBeNull();
    expect(toIsbn13('979-10-90636-07-1')).toBe('9791090636071');
    expect(toIsbn13('979-10-90636-07-2')).toBeNull();
    // The right mod-10 check digit, but not a book prefix.
    expect(toIsbn13('9771234567003')).toBeNull();
    // A check digit of 0 (the total already a multiple of 10).
    expect(toIsbn13('978-0-306-40615-7')).toBe('9780306406157');
    expect(toIsbn13('9780000000002')).toBe('9780000000002');
  });

  it('refuses the wrong length and other characters', () => {
    for (const input of ['', '123456789', '01311036288', '978133761392', '97813376139270', '978-1-337-61392-7a', '978.1.337.61392.7', '０131103628']) {
      expect(isValidIsbn(input), input).toBe(false);
    }
    expect(isValidIsbn('978-0-13-110362-7')).toBe(true);
  });
});
