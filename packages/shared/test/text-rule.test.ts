// The text rule (src/text.ts) on its own and in every schema that carries free text: one-line fields
// refuse line breaks and hidden characters with their field's message, prose loses the hidden characters
// and keeps its lines, everything is NFC, and toOneLine makes any stored text a safe mail subject.
import { describe, expect, it } from 'vitest';
import {
  acceptOrderSchema,
  catalogueQuerySchema,
  cleanLines,
  contactSchema,
  createOrderSchema,
  declineListingSchema,
  facultySchema,
  fieldErrors,
  lineProblem,
  listingEditSchema,
  listingSchema,
  messageSchema,
  normaliseText,
  reasonSchema,
  registerSchema,
  reviewSchema,
  signupFormSchema,
  toOneLine,
} from '../src/index';
import { firstMessage } from './helpers';

const RLO = '\u202E';
const ZWSP = '\u200B';
const ZWNJ = '\u200C';
const ZWJ = '\u200D';

// Each one shows as nothing or turns the text around it; none may sit in a one-line field.
const HIDDEN: Record<string, string> = {
  'left-to-right embedding U+202A': '\u202A',
  'right-to-left override U+202E': RLO,
  'left-to-right isolate U+2066': '\u2066',
  'pop directional isolate U+2069': '\u2069',
  'left-to-right mark U+200E': '\u200E',
  'right-to-left mark U+200F': '\u200F',
  'Arabic letter mark U+061C': '\u061C',
  'zero-width space U+200B': ZWSP,
  'word joiner U+2060': '\u2060',
  'byte order mark U+FEFF': '\uFEFF',
  'soft hyphen U+00AD': '\u00AD',
  'Hangul filler U+3164': '\u3164',
  'tag letter U+E0041': '\u{E0041}',
  'bell U+0007': '\u0007',
  'escape U+001B': '\u001B',
  'delete U+007F': '\u007F',
  'C1 control U+009B': '\u009B',
  tab: '\t',
  'lone surrogate': '\uD800',
};

const LINE_BREAKS: Record<string, string> = { LF: '\n', CR: '\r', 'CR LF': '\r\n', NEL: '\u0085', 'line separator': '\u2028', 'paragraph separator': '\u2029' };

describe('text rule', () => {
  it('composes to NFC: "e\\u0301" and "é" are one spelling', () => {
    expect(normaliseText('Rene\u0301')).toBe('René');
    expect(normaliseText('Rene\u0301')).toBe(normaliseText('René'));
    expect(normaliseText('Rene\u0301')).toHaveLength(4);
  });

  it('writes every line break as \\n', () => {
    expect(normaliseText('a\r\nb\rc\u0085d\u2028e\u2029f\ng')).toBe('a\nb\nc\nd\ne\nf\ng');
  });

  it.each(Object.entries(HIDDEN))('finds a %s in the middle of one line', (_, char) => {
    expect(lineProblem(`Tha${char}ndi`)).toBe('hidden');
  });

  it.each(Object.entries(LINE_BREAKS))('finds a line break (%s) in one line', (_, char) => {
    expect(lineProblem(`Thandi${char}Bcc: mallory@evil.test`)).toBe('lineBreak');
  });

  it('keeps joiners where a script or an emoji needs them, nowhere else', () => {
    const fine = [
      'Thandi Mokoena',
      "Nomvula O'Neil-Dlamini",
      `می${ZWNJ}خواهم`, // Persian: ZWNJ keeps the two halves of the word unjoined
      `क्${ZWJ}ष`, // Devanagari: ZWJ asks for the half form of the conjunct
      `Thandi 👩${ZWJ}💻`,
      `🏳\uFE0F${ZWJ}🌈`,
      `👨🏽${ZWJ}🔧`,
      '❤\uFE0F',
      '1\uFE0F\u20E3',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', // flag of Scotland: a tag sequence
      '葛\u{E0100}', // an ideographic variation sequence
    ];
    for (const text of fine) expect(lineProblem(text), text).toBeUndefined();
    const spoofs = [
      `Than${ZWNJ}di`, // invisible in Latin
      `Than${ZWJ}di`,
      `Thandi${ZWJ}`,
      `${ZWJ}👩`,
      `👩${ZWJ}`,
      `1${ZWJ}2`,
      '❤\uFE0F\uFE0F', // a run of selectors carries hidden data
      '\uFE0F',
      'a \uFE0F',
      '\u{E0067}\u{E0062}', // tags outside a flag
      '🏴\u{E0067}\u{E0062}', // a flag sequence that never ends
    ];
    for (const text of spoofs) expect(lineProblem(text), JSON.stringify(text)).toBe('hidden');
  });

  it('cleans prose: NFC, hidden characters removed, line breaks as \\n, tabs kept', () => {
    expect(cleanLines(`See you${ZWSP} at 2${RLO}\r\nBy the\tlibrary\u0007 caf\u0065\u0301`)).toBe('See you at 2\nBy the\tlibrary café');
    expect(cleanLines(`👩${ZWJ}💻 and می${ZWNJ}خواهم`)).toBe(`👩${ZWJ}💻 and می${ZWNJ}خواهم`);
    expect(cleanLines(`Than${ZWNJ}di`)).toBe('Thandi');
  });

  it('makes any text one safe line for a mail subject', () => {
    expect(toOneLine(`${RLO}Bongi\r\nBcc: mallory@evil.test`)).toBe('Bongi Bcc: mallory@evil.test');
    expect(toOneLine(`  Wits\t\tLibrary\u2028Lawns ${ZWSP} `)).toBe('Wits Library Lawns');
    expect(toOneLine('Rene\u0301 wants to buy "Calculus"')).toBe('René wants to buy "Calculus"');
    expect(toOneLine(`👩${ZWJ}💻 \u0000\u001B[31m`)).toBe(`👩${ZWJ}💻 [31m`);
  });
});

const signup = {
  email: 'thandi@students.wits.ac.za',
  password: 'Str0ng!Pass',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  studentNumber: '2301234',
  university: 'wits',
  userType: 'buyer',
};

describe('one-line fields refuse, with their own message', () => {
  it('refuses a right-to-left override in a name at sign-up (form and API)', () => {
    const spoofed = { ...signup, firstName: `${RLO}ignahT` };
    expect(firstMessage(registerSchema, spoofed)).toBe('First name cannot contain invisible or text-direction characters');
    expect(firstMessage(signupFormSchema, { ...spoofed, acceptTerms: true })).toBe(
      'First name cannot contain invisible or text-direction characters',
    );
    const result = registerSchema.safeParse({ ...signup, lastName: `Mo${ZWSP}koena` });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ lastName: 'Last name cannot contain invisible or text-direction characters' });
  });

  it('refuses a line break inside a name, but trims one at the end as any space', () => {
    expect(firstMessage(registerSchema, { ...signup, firstName: 'Thandi\nBcc: mallory@evil.test' })).toBe('First name must be on one line');
    expect(firstMessage(registerSchema, { ...signup, lastName: 'Mo\r\nkoena' })).toBe('Last name must be on one line');
    expect(registerSchema.parse({ ...signup, firstName: 'Thandi\n' }).firstName).toBe('Thandi');
  });

  it('stores names in NFC and keeps emoji and joiners where they belong', () => {
    const parsed = registerSchema.parse({ ...signup, firstName: 'Rene\u0301e', lastName: `می${ZWNJ}خواهم 👩🏽${ZWJ}💻` });
    expect(parsed.firstName).toBe('Renée');
    expect(parsed.lastName).toBe(`می${ZWNJ}خواهم 👩🏽${ZWJ}💻`);
  });

  it('refuses a student number with a hidden character', () => {
    expect(firstMessage(registerSchema, { ...signup, studentNumber: `2301${ZWSP}234` })).toBe(
      'Student number cannot contain invisible or text-direction characters',
    );
  });

  it('refuses a zero-width space or a line break in a meetup place', () => {
    const meetup = { meetupLocation: 'Wits Library Lawns', meetupAt: '2026-11-25T12:30:00.000Z' };
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupLocation: `Wits${ZWSP} Library` })).toBe(
      'Meetup place cannot contain invisible or text-direction characters',
    );
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupLocation: `Wits ${RLO}sbal` })).toBe(
      'Meetup place cannot contain invisible or text-direction characters',
    );
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupLocation: 'Wits\nLibrary' })).toBe('Meetup place must be on one line');
    // The hidden character is what to fix, not the length it brings the place to.
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupLocation: `a${ZWSP}` })).toBe(
      'Meetup place cannot contain invisible or text-direction characters',
    );
    expect(acceptOrderSchema.parse({ ...meetup, meetupLocation: 'Cafe\u0301 on East Campus' }).meetupLocation).toBe('Café on East Campus');
  });

  it('refuses hidden characters in listing titles, authors, publishers and editions', () => {
    const listing = {
      title: 'Calculus',
      author: 'James Stewart',
      isbn: '978-1-337-61392-7',
      publisher: 'Cengage',
      publicationYear: 2020,
      language: 'english',
      category: 'mathematics',
      studyLevel: 'undergraduate',
      condition: 'good',
      price: 450,
      edition: '9th',
      numberOfPages: 1368,
      description: 'Clean copy',
    };
    expect(firstMessage(listingSchema, { ...listing, title: `Calc${RLO}ulus` })).toBe('Title cannot contain invisible or text-direction characters');
    expect(firstMessage(listingSchema, { ...listing, author: `James${ZWSP} Stewart` })).toBe('Author cannot contain invisible or text-direction characters');
    expect(firstMessage(listingSchema, { ...listing, publisher: 'Cen\ngage' })).toBe('Publisher must be on one line');
    expect(firstMessage(listingSchema, { ...listing, edition: '9th\u00AD' })).toBe('Edition cannot contain invisible or text-direction characters');
    expect(listingSchema.parse({ ...listing, title: 'E\u0301tudes' }).title).toBe('Études');
  });

  it('refuses them in the contact form names and the faculty department', () => {
    const contact = { firstName: 'Thandi', lastName: 'Mokoena', studentNumber: '2301234', university: 'University of the Witwatersrand', email: 'thandi@gmail.com', message: 'Hello' };
    expect(firstMessage(contactSchema, { ...contact, firstName: `Support${RLO}` })).toBe('First name cannot contain invisible or text-direction characters');
    expect(firstMessage(contactSchema, { ...contact, lastName: 'Mokoena\nX-Priority: 1' })).toBe('Last name must be on one line');
    const faculty = { faculty: 'science', department: 'Computer Science', yearOfStudy: 'second', academicYear: '2026', semester: 'first' };
    expect(firstMessage(facultySchema, { ...faculty, department: `Computer${ZWSP} Science` })).toBe(
      'Department cannot contain invisible or text-direction characters',
    );
  });

  it('leaves ids as sent: they are looked up, not shown', () => {
    expect(createOrderSchema.parse({ bookId: ' abc123 ' })).toEqual({ bookId: 'abc123' });
  });
});

describe('prose keeps its lines and loses the hidden characters', () => {
  it('order messages keep \\n and tabs, drop bidi controls and zero-width characters, and compose to NFC', () => {
    expect(messageSchema.parse({ body: `See you at 2\nI will wear a green cap${RLO}\r\n\t– Rene\u0301${ZWSP}` }).body).toBe(
      'See you at 2\nI will wear a green cap\n\t– René',
    );
  });

  it('a message of hidden characters only is empty', () => {
    expect(firstMessage(messageSchema, { body: `${ZWSP}${RLO}\u2066` })).toBe('Message cannot be empty');
  });

  it('reviews, reasons, descriptions, notes and the contact message are cleaned the same way', () => {
    expect(reviewSchema.parse({ rating: 5, comment: `Great${RLO} seller 👍🏽 👩${ZWJ}💻` }).comment).toBe(`Great seller 👍🏽 👩${ZWJ}💻`);
    expect(reasonSchema.parse({ reason: `Found it\u200Fcheaper\nelsewhere` }).reason).toBe('Found itcheaper\nelsewhere');
    expect(declineListingSchema.parse({ reason: `Photos\u00AD unclear${ZWSP}` }).reason).toBe('Photos unclear');
    expect(listingEditSchema.parse({ description: `Line one\r\nLine two${RLO}`, additionalNotes: `\uFEFFNote` })).toEqual({
      description: 'Line one\nLine two',
      additionalNotes: 'Note',
    });
    const contact = { firstName: 'Thandi', lastName: 'Mokoena', studentNumber: '2301234', university: 'University of the Witwatersrand', email: 'thandi@gmail.com' };
    expect(contactSchema.parse({ ...contact, message: `Hi${ZWSP}\nMy order${RLO}` }).message).toBe('Hi\nMy order');
  });

  it('length limits count the cleaned text', () => {
    expect(messageSchema.parse({ body: `${'x'.repeat(2000)}${ZWSP.repeat(50)}` }).body).toHaveLength(2000);
  });
});

describe('catalogue search text', () => {
  it('is NFC without hidden characters, so it matches what listings store', () => {
    expect(catalogueQuerySchema.parse({ q: `calc${ZWSP}ulus` }).q).toBe('calculus');
    expect(catalogueQuerySchema.parse({ q: 'E\u0301tudes' }).q).toBe('Études');
    expect(catalogueQuerySchema.parse({ q: `${RLO}\u2066` }).q).toBeUndefined();
  });
});
