import { describe, expect, it } from 'vitest';
import {
  acceptsListingInput,
  LISTING_INPUT_FILTERS,
  listingEditFormSchema,
  listingEditSchema,
  listingFormSchema,
  listingSchema,
  WIZARD_STEPS,
  wizardStepSchema,
} from '../src/index';
import { firstMessage } from './helpers';

const REQUIRED = 'Please fill in all required fields';

const valid = {
  title: 'Calculus, Early Transcendentals',
  author: "James Stewart, D. O'Neil",
  isbn: '978-1-337-61392-7',
  publisher: 'Cengage Learning',
  publicationYear: 2020,
  language: 'english',
  category: 'mathematics',
  studyLevel: 'undergraduate',
  condition: 'very-good',
  price: 450.5,
  edition: '9th Edition',
  numberOfPages: 1368,
  description: '  Some highlighting in chapter 3.  ',
  studentId: 'someone-else',
};

describe('listingSchema', () => {
  it('accepts a complete listing, trims text and drops the studentId', () => {
    const listing = listingSchema.parse(valid);
    expect(listing.description).toBe('Some highlighting in chapter 3.');
    expect(listing.additionalNotes).toBeUndefined();
    expect(listing).not.toHaveProperty('studentId');
    expect(listing.price).toBe(450.5);
  });

  it('takes JSON numbers only: a number sent as text is refused with the field message', () => {
    expect(firstMessage(listingSchema, { ...valid, price: '450.50' })).toBe('Price must be a number');
    expect(firstMessage(listingSchema, { ...valid, publicationYear: '2020' })).toBe('Publication year must be a whole number');
    expect(firstMessage(listingSchema, { ...valid, numberOfPages: '1368' })).toBe('Number of pages must be a whole number');
  });

  it('the form flavour takes the wizard values as text and gives the numbers the API takes', () => {
    const listing = listingFormSchema.parse({ ...valid, price: '450.50', publicationYear: '2020', numberOfPages: ' 1368 ' });
    expect(listing).toMatchObject({ price: 450.5, publicationYear: 2020, numberOfPages: 1368 });
    expect(listingFormSchema.parse({ ...valid, price: '12.' }).price).toBe(12);
    expect(firstMessage(listingFormSchema, { ...valid, price: '-5' })).toBe('Price must be more than R0');
    expect(firstMessage(listingFormSchema, { ...valid, price: '1e3' })).toBe('Price must be a number');
    expect(firstMessage(listingFormSchema, 'title')).toBe('Invalid input data');
  });

  it('asks for every required field with one message', () => {
    expect(firstMessage(listingSchema, {})).toBe(REQUIRED);
    for (const field of Object.keys(valid).filter((key) => key !== 'studentId')) {
      expect(firstMessage(listingSchema, { ...valid, [field]: undefined }), field).toBe(REQUIRED);
      // A blank field of the form is a missing one, number fields included.
      expect(firstMessage(listingFormSchema, { ...valid, [field]: '' }), field).toBe(REQUIRED);
    }
    expect(firstMessage(listingSchema, { ...valid, title: '   ' })).toBe(REQUIRED);
    expect(firstMessage(listingSchema, { ...valid, additionalNotes: '' })).toBe('ok');
  });

  it('keeps the price above 0 with at most 6 integer digits and 2 decimals', () => {
    const price = (value: unknown) => firstMessage(listingSchema, { ...valid, price: value });
    expect(price(0)).toBe('Price must be more than R0');
    expect(price(-5)).toBe('Price must be more than R0');
    expect(price('100')).toBe('Price must be a number');
    expect(price(0.01)).toBe('ok');
    expect(price(999999.99)).toBe('ok');
    expect(price(1000000)).toBe('Price can have at most 6 digits before the decimal point and 2 after it');
    expect(price(19.999)).toBe('Price can have at most 6 digits before the decimal point and 2 after it');
    expect(price('12.5.1')).toBe('Price must be a number');
    expect(price('R100')).toBe('Price must be a number');
    expect(price(true)).toBe('Price must be a number');
    expect(price(Number.POSITIVE_INFINITY)).not.toBe('ok');
  });

  it('keeps pages between 1 and 9999', () => {
    const pages = (value: unknown) => firstMessage(listingSchema, { ...valid, numberOfPages: value });
    expect(pages(0)).toBe('Number of pages must be between 1 and 9999');
    expect(pages(1)).toBe('ok');
    expect(pages(9999)).toBe('ok');
    expect(pages(10000)).toBe('Number of pages must be between 1 and 9999');
    expect(pages(12.5)).toBe('Number of pages must be a whole number');
  });

  it('keeps the publication year between 1900 and the current year', () => {
    const year = (value: unknown) => firstMessage(listingSchema, { ...valid, publicationYear: value });
    const thisYear = new Date().getFullYear();
    expect(year(1899)).toBe(`Publication year must be between 1900 and ${thisYear}`);
    expect(year(1900)).toBe('ok');
    expect(year(thisYear)).toBe('ok');
    expect(year(thisYear + 1)).toBe(`Publication year must be between 1900 and ${thisYear}`);
    expect(firstMessage(listingFormSchema, { ...valid, publicationYear: '20201' })).toBe(`Publication year must be between 1900 and ${thisYear}`);
  });

  it('checks ISBN, choices and text characters', () => {
    const listing = (patch: object) => firstMessage(listingSchema, { ...valid, ...patch });
    expect(listing({ isbn: '9781337613927' })).toBe('ok');
    expect(listing({ isbn: '0-13-110362-8' })).toBe('ok');
    expect(listing({ isbn: '978-1-337-61392-7-00' })).toBe('ISBN must be at most 17 characters');
    expect(listing({ isbn: '978 1 337 61392 7' })).toBe('ok');
    expect(listing({ isbn: '0-8044-2957-x' })).toBe('ok');
    expect(listing({ isbn: '978-1-337-6139X-7' })).toBe('ISBN may only contain digits, hyphens, spaces and a final X');
    expect(listing({ isbn: '978_1337613927' })).toBe('ISBN may only contain digits, hyphens, spaces and a final X');
    expect(listing({ isbn: '12345' })).toBe('ISBN must have 10 or 13 digits');
    expect(listing({ isbn: '97813376139270' })).toBe('ISBN must have 10 or 13 digits');
    expect(listing({ isbn: '978-1-337-61392-8' })).toBe('Invalid ISBN');
    expect(listing({ isbn: '0-13-110362-9' })).toBe('Invalid ISBN');
    expect(listing({ isbn: '978133761392X' })).toBe('Invalid ISBN');
    expect(listing({ language: 'klingon' })).toBe('Please choose a language from the list');
    expect(listing({ condition: 'mint' })).toBe('Please choose a condition from the list');
    expect(listing({ title: '<script>alert(1)</script>' })).toBe(
      "Title may only contain letters, numbers, spaces and . , ' - : ; & ( ) + / # ! ?",
    );
    expect(listing({ title: 'Price: $100' })).toBe("Title may only contain letters, numbers, spaces and . , ' - : ; & ( ) + / # ! ?");
    expect(listing({ author: 'R2D2' })).toBe("Author may only contain letters, spaces and . , ' - & ( )");
    expect(listing({ author: 'Halliday & Resnick' })).toBe('ok');
    expect(listing({ publisher: 'Oxford University Press (Southern Africa)' })).toBe('ok');
    expect(listing({ edition: '2nd/3rd (Global) Edition' })).toBe('ok');
    expect(listing({ author: 'Zoë Ndlovu-Müller' })).toBe('ok');
    expect(listing({ description: 'x'.repeat(5001) })).toBe('Description must be at most 5000 characters');
    expect(listing({ additionalNotes: 'x'.repeat(2001) })).toBe('Additional notes must be at most 2000 characters');
    expect(listing({ title: 42 })).toBe('Title must be text');
  });

  it('stores every ISBN as its ISBN-13, digits only', () => {
    expect(listingSchema.parse({ ...valid, isbn: '0-13-110362-8' }).isbn).toBe('9780131103627');
    expect(listingSchema.parse({ ...valid, isbn: ' 978-0-13-110362-7 ' }).isbn).toBe('9780131103627');
    expect(listingEditSchema.parse({ isbn: '0 8044 2957 X' }).isbn).toBe('9780804429573');
    expect(firstMessage(listingEditSchema, { isbn: '9780131103628' })).toBe('Invalid ISBN');
  });

  it('refuses a body that is not an object', () => {
    expect(firstMessage(listingSchema, 'title')).toBe('Invalid input data');
    expect(firstMessage(listingSchema, null)).toBe('Invalid input data');
  });
});

describe('LISTING_INPUT_FILTERS', () => {
  it('lets through only the keystrokes each field allows', () => {
    expect(acceptsListingInput('title', "Grade 12 Maths, Vol. 2 - O'Brien")).toBe(true);
    // Real titles' punctuation (docs/decisions/0014-title-punctuation.md); still no markup or quotes.
    for (const title of ['C++ Primer', 'Calculus: Early Transcendentals', 'Physics for Scientists & Engineers', 'C# in Depth', 'What Is Life?', 'TCP/IP Illustrated (Vol. 1)', 'Wow! Maths; Grade 12']) {
      expect(acceptsListingInput('title', title), title).toBe(true);
      expect(firstMessage(listingSchema, { ...valid, title }), title).toBe('ok');
    }
    expect(acceptsListingInput('title', 'a<b')).toBe(false);
    expect(acceptsListingInput('title', 'say "hi"')).toBe(false);
    expect(acceptsListingInput('author', 'Wiley & Sons (SA)')).toBe(true);
    expect(acceptsListingInput('author', 'C++')).toBe(false);
    expect(acceptsListingInput('author', 'Émile Zola')).toBe(true);
    expect(acceptsListingInput('author', 'Author 2')).toBe(false);
    expect(acceptsListingInput('publisher', 'Van Schaik')).toBe(true);
    expect(acceptsListingInput('price', '')).toBe(true);
    expect(acceptsListingInput('price', '123456.78')).toBe(true);
    expect(acceptsListingInput('price', '12.')).toBe(true);
    expect(acceptsListingInput('price', '1234567')).toBe(false);
    expect(acceptsListingInput('price', '1.234')).toBe(false);
    expect(acceptsListingInput('numberOfPages', '9999')).toBe(true);
    expect(acceptsListingInput('numberOfPages', '10000')).toBe(false);
    expect(acceptsListingInput('publicationYear', '2024')).toBe(true);
    expect(acceptsListingInput('publicationYear', '20a')).toBe(false);
    expect(acceptsListingInput('isbn', '978-0-13-518874-3')).toBe(true);
    expect(acceptsListingInput('isbn', '978-0-13-518874-3-')).toBe(false);
    expect(acceptsListingInput('isbn', '0 8044 2957 X')).toBe(true);
    expect(acceptsListingInput('isbn', '080442957x')).toBe(true);
    expect(acceptsListingInput('isbn', '978x1')).toBe(false);
    expect(acceptsListingInput('isbn', '978a')).toBe(false);
    expect(acceptsListingInput('edition', '2nd Edition')).toBe(true);
    expect(Object.keys(LISTING_INPUT_FILTERS).sort()).toEqual(
      ['author', 'edition', 'isbn', 'numberOfPages', 'price', 'publicationYear', 'publisher', 'title'].sort(),
    );
  });
});

describe('wizard steps', () => {
  it('has the three titled steps covering every listing field once', () => {
    expect(WIZARD_STEPS.map((step) => step.title)).toEqual(['Basic Information', 'Book Details', 'Images & Description']);
    // The steps' text fields, and the course codes, which the first step holds as a list of chips.
    const fields = [...WIZARD_STEPS.flatMap((step) => [...step.fields]), 'courses'];
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields.sort()).toEqual(Object.keys(listingSchema.shape).sort());
  });

  it('validates only the fields of one step', () => {
    const step1 = {
      title: valid.title,
      author: valid.author,
      isbn: valid.isbn,
      publisher: valid.publisher,
      publicationYear: '2020',
      edition: valid.edition,
    };
    expect(firstMessage(wizardStepSchema(1), step1)).toBe('ok');
    expect(firstMessage(wizardStepSchema(1), { ...step1, edition: '' })).toBe(REQUIRED);
    expect(firstMessage(wizardStepSchema(2), {})).toBe(REQUIRED);
    expect(firstMessage(wizardStepSchema(3), { description: 'Fine' })).toBe('ok');
  });
});

describe('listingEditSchema', () => {
  it('lets the owner change any detail, each under the rules of a new listing', () => {
    expect(listingEditSchema.parse({ price: 300, title: 'C++ Primer', status: 'approved' })).toEqual({ price: 300, title: 'C++ Primer' });
    const { studentId: _ignored, ...details } = valid;
    expect(listingEditSchema.parse(details)).toEqual(listingSchema.parse(valid));
    expect(firstMessage(listingEditSchema, { title: '' })).toBe(REQUIRED);
    expect(firstMessage(listingEditSchema, { isbn: '12345' })).toBe('ISBN must have 10 or 13 digits');
    expect(firstMessage(listingEditSchema, { publicationYear: 2099 })).toBe(`Publication year must be between 1900 and ${new Date().getFullYear()}`);
    expect(firstMessage(listingEditSchema, { author: 'R2D2' })).toBe("Author may only contain letters, spaces and . , ' - & ( )");
    expect(firstMessage(listingEditSchema, { price: '300' })).toBe('Price must be a number');
    expect(listingEditFormSchema.parse({ price: '300' })).toEqual({ price: 300 });
    expect(listingEditSchema.parse({})).toEqual({});
    expect(listingEditSchema.parse({ additionalNotes: '' })).toEqual({ additionalNotes: null });
    expect(firstMessage(listingEditSchema, { price: 0 })).toBe('Price must be more than R0');
    expect(firstMessage(listingEditSchema, { condition: 'mint' })).toBe('Please choose a condition from the list');
    expect(firstMessage(listingEditSchema, { description: ' ' })).toBe(REQUIRED);
  });
});
