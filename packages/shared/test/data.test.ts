import { describe, expect, it } from 'vitest';
import {
  ACTIVE_ORDER_STATUSES,
  CAMPUS_MEETUP_SPOTS,
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITIONS,
  CONTACT_UNIVERSITIES,
  departmentsOf,
  FACULTIES,
  FACULTY_KEYS,
  FEATURED_UNIVERSITIES,
  LANGUAGES,
  LIMITS,
  NEWSLETTER_ALLOWED_DOMAINS,
  PRODUCT_NAME,
  PRODUCT_TAGLINE,
  SEMESTER_LABELS,
  SIGNUP_UNIVERSITIES,
  STUDY_LEVELS,
  TEXTBOOK_PACKAGES,
  toIsbn13,
  UNIVERSITY_IDS,
  universityLabel,
  universityName,
  YEAR_OF_STUDY_LABELS,
  YEARS_OF_STUDY,
} from '../src/index';

describe('brand', () => {
  it('names the product Reshelf and describes it in the footer', () => {
    expect(PRODUCT_NAME).toBe('Reshelf');
    expect(PRODUCT_TAGLINE).toMatch(/trusted platform for university textbook exchange/);
    expect(PRODUCT_TAGLINE).toMatch(/more affordable and sustainable/);
  });
});

describe('enumerations', () => {
  it('lists the product values in order', () => {
    expect(LANGUAGES).toEqual(['english', 'afrikaans', 'zulu', 'xhosa', 'other']);
    expect(CATEGORIES).toHaveLength(12);
    expect(Object.keys(CATEGORY_LABELS)).toEqual([...CATEGORIES]);
    expect(STUDY_LEVELS).toEqual(['undergraduate', 'postgraduate', 'professional']);
    expect(CONDITIONS).toEqual(['new', 'like-new', 'very-good', 'good', 'acceptable']);
    expect(ACTIVE_ORDER_STATUSES).toEqual(['requested', 'accepted']);
  });

  it('labels years of study and semesters as the forms show them', () => {
    expect(YEARS_OF_STUDY.map((year) => YEAR_OF_STUDY_LABELS[year])).toEqual([
      'First Year',
      'Second Year',
      'Third Year',
      'Fourth Year',
      'Fifth Year',
      'Sixth Year',
      'Seventh Year',
      'Postgraduate',
    ]);
    expect(SEMESTER_LABELS).toEqual({ first: 'First Semester', second: 'Second Semester' });
  });
});

describe('universities', () => {
  it('offers the 10 sign-up universities with the API ids and Uni. labels', () => {
    expect(SIGNUP_UNIVERSITIES.map((university) => university.id)).toEqual([
      'uct',
      'wits',
      'up',
      'sun',
      'uj',
      'ru',
      'ukzn',
      'uwc',
      'nmu',
      'ufs',
    ]);
    expect(UNIVERSITY_IDS).toHaveLength(10);
    expect(SIGNUP_UNIVERSITIES.find((university) => university.id === 'wits')).toEqual({
      id: 'wits',
      name: 'University of the Witwatersrand',
      label: 'Uni. of the Witwatersrand',
    });
    expect(universityLabel('Stellenbosch University')).toBe('Stellenbosch Uni.');
    expect(universityName('uj')).toBe('University of Johannesburg');
    expect(universityName('unknown')).toBe('unknown');
  });

  it('lists 25 contact universities, alphabetical, with UNISA and universities of technology', () => {
    expect(CONTACT_UNIVERSITIES).toHaveLength(25);
    expect(new Set(CONTACT_UNIVERSITIES).size).toBe(25);
    expect([...CONTACT_UNIVERSITIES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([...CONTACT_UNIVERSITIES]);
    expect(CONTACT_UNIVERSITIES.some((name) => name.includes('UNISA'))).toBe(true);
    for (const name of [
      'Cape Peninsula University of Technology',
      'Durban University of Technology',
      'Tshwane University of Technology',
      'Central University of Technology',
      'Vaal University of Technology',
      'Mangosuthu University of Technology',
    ]) {
      expect(CONTACT_UNIVERSITIES).toContain(name);
    }
    for (const university of SIGNUP_UNIVERSITIES) expect(CONTACT_UNIVERSITIES).toContain(university.name);
  });

  it('features 9 sign-up universities on the landing page', () => {
    expect(FEATURED_UNIVERSITIES).toHaveLength(9);
    for (const featured of FEATURED_UNIVERSITIES) {
      expect(featured.name).toBe(universityName(featured.id));
    }
  });

  it('suggests 3 to 5 public meetup spots on every sign-up campus', () => {
    for (const id of UNIVERSITY_IDS) {
      const spots = CAMPUS_MEETUP_SPOTS[id];
      expect(spots.length).toBeGreaterThanOrEqual(3);
      expect(spots.length).toBeLessThanOrEqual(5);
      expect(new Set(spots).size).toBe(spots.length);
    }
    expect(CAMPUS_MEETUP_SPOTS.wits).toContain('Wits Library Lawns (Wartenweiler Library entrance)');
    expect(CAMPUS_MEETUP_SPOTS.uj).toContain('UJ APK Library');
  });
});

describe('faculties', () => {
  it('has the 7 faculties with their labels', () => {
    expect(FACULTY_KEYS).toEqual(['science', 'engineering', 'commerce', 'humanities', 'medicine', 'law', 'education']);
    expect(FACULTIES.map((faculty) => faculty.label)).toEqual([
      'Science',
      'Engineering',
      'Commerce',
      'Humanities',
      'Medicine & Health Sciences',
      'Law',
      'Education',
    ]);
  });

  it('gives each faculty its departments', () => {
    expect(departmentsOf('law')).toEqual([
      'Criminal',
      'Civil',
      'Corporate',
      'International',
      'Constitutional Law',
      'Human Rights Law',
    ]);
    expect(departmentsOf('science')).toContain('Environmental Science');
    expect(departmentsOf('medicine')).toHaveLength(7);
    expect(departmentsOf('education')).toHaveLength(6);
    expect(departmentsOf('astrology')).toEqual([]);
  });
});

describe('constants', () => {
  it('keeps the business limits', () => {
    expect(LIMITS).toMatchObject({
      passwordMinLength: 8,
      studentNumberMinLength: 5,
      minImages: 4,
      maxImages: 6,
      maxImageBytes: 5 * 1024 * 1024,
      transactionsPageSize: 10,
      sellerRecentBooks: 5,
      pagesMax: 9999,
      isbnMaxLength: 17,
      facultyCooldownMs: 86_400_000,
      avatarStyles: 30,
      toastDurationMs: 10_000,
      promoDelayMs: 5000,
      promoGapMs: 7 * 86_400_000,
      signupRedirectDelayMs: 1500,
      navSpacerPx: 72,
      defaultPageSize: 20,
      maxPageSize: 50,
      meetupMaxDaysAhead: 30,
      loginWindowMs: 900_000,
    });
  });

  it('allows the student newsletter domains plus Gmail and iCloud', () => {
    expect(NEWSLETTER_ALLOWED_DOMAINS).toHaveLength(15);
    expect(NEWSLETTER_ALLOWED_DOMAINS.slice(-2)).toEqual(['gmail.com', 'icloud.com']);
  });
});

/** A packages book's ISBN is an ISBN-13 (isbn.ts), written with its hyphens. */
const isValidIsbn13 = (isbn: string) => isbn.replace(/-/g, '').length === 13 && toIsbn13(isbn) === isbn.replace(/-/g, '');

describe('textbook packages', () => {
  it('has the 6 priced packages and the custom request', () => {
    const prices = Object.fromEntries(TEXTBOOK_PACKAGES.map((pkg) => [pkg.name, pkg.price]));
    expect(prices).toEqual({
      'Computer Science': 2499.99,
      'Biological Science': 3299.99,
      'Construction Studies': 1899.99,
      'Actuarial Science': 4499.99,
      Engineering: 1899.99,
      'General Science': 2699.99,
      'Custom Book Request': null,
    });
    const custom = TEXTBOOK_PACKAGES.filter((pkg) => pkg.isCustomRequest);
    expect(custom.map((pkg) => pkg.name)).toEqual(['Custom Book Request']);
    expect(new Set(TEXTBOOK_PACKAGES.map((pkg) => pkg.id)).size).toBe(TEXTBOOK_PACKAGES.length);
  });

  it('gives every priced package 4 to 6 books with valid ISBN-13s', () => {
    for (const pkg of TEXTBOOK_PACKAGES.filter((candidate) => !candidate.isCustomRequest)) {
      expect(pkg.books.length, pkg.name).toBeGreaterThanOrEqual(4);
      expect(pkg.books.length, pkg.name).toBeLessThanOrEqual(6);
      expect(pkg.image).toMatch(/^\/packages\/[a-z-]+\.svg$/);
      for (const book of pkg.books) {
        expect(isValidIsbn13(book.isbn), `${book.title} ${book.isbn}`).toBe(true);
        if (book.ebookIsbn) expect(isValidIsbn13(book.ebookIsbn), book.ebookIsbn).toBe(true);
        expect(book.title && book.edition && book.description && book.note).toBeTruthy();
      }
    }
  });

  it('catches a wrong check digit', () => {
    expect(isValidIsbn13('978-0-262-04630-5')).toBe(true);
    expect(isValidIsbn13('978-0-262-04630-4')).toBe(false);
  });
});
