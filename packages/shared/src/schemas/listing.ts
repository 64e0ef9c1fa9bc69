// A book listing: the wizard's keystroke filters, its three steps, and the `bookData` payload of
// POST /books that the wizard and the server both validate (plus the owner's later edits).
import { z } from 'zod';
import { LIMITS } from '../constants';
import { CATEGORIES, CONDITIONS, LANGUAGES, STUDY_LEVELS } from '../enums';
import { isbnCharacters, isValidIsbn, toIsbn13 } from '../isbn';
import { MESSAGES } from '../messages';
import { UNIVERSITY_IDS } from '../universities';
import { choice, line, numberInput, optionalText, prose, randField, textRule, withNumbersFromText } from './common';

// Phone keyboards type the curly apostrophe (O’Reilly), so it counts as an apostrophe too.
// Titles and editions also take the punctuation real ones use ("Calculus: Early Transcendentals",
// "Physics for Scientists & Engineers", "C++ Primer", "C# in Depth", "What Is Life?", "2nd (Global)",
// "3rd/4th"); names of people and publishers take & and brackets ("John Wiley & Sons", "Oxford
// University Press (Southern Africa)"). Nothing here is markup or a search operator that matters:
// the web escapes text and search keeps only words (docs/decisions/0014-title-punctuation.md).
const TEXT_WITH_DIGITS = /^[\p{L}\p{M}\d .,'’:;&()+/#!?-]*$/u;
const TEXT_WITHOUT_DIGITS = /^[\p{L}\p{M} .,'’&()-]*$/u;

/**
 * The listing fields' input filters: the wizard ignores a keystroke when the field's new value would not
 * match. They accept partial values (an empty field, '12.' while typing a price).
 */
export const LISTING_INPUT_FILTERS = {
  title: TEXT_WITH_DIGITS,
  author: TEXT_WITHOUT_DIGITS,
  publisher: TEXT_WITHOUT_DIGITS,
  edition: TEXT_WITH_DIGITS,
  price: /^\d{0,6}(\.\d{0,2})?$/,
  numberOfPages: /^\d{0,4}$/,
  publicationYear: /^\d{0,4}$/,
  // Digits, hyphens and spaces, and an X as the last character (an ISBN-10's check digit).
  isbn: /^(?=.{0,17}$)[\d -]*[Xx]?$/,
} as const satisfies Record<string, RegExp>;

export type FilteredListingField = keyof typeof LISTING_INPUT_FILTERS;

/** Whether the wizard should accept `value` as the field's new content. */
export function acceptsListingInput(field: FilteredListingField, value: string): boolean {
  return LISTING_INPUT_FILTERS[field].test(value);
}

const REQUIRED = MESSAGES.requiredFields;

function text(label: string, pattern: RegExp, allowed: string, max: number) {
  return textRule(
    z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : `${label} must be text`) }),
    line(label),
  )
    .min(1, { error: REQUIRED, abort: true })
    .max(max, `${label} must be at most ${max} characters`)
    .regex(pattern, `${label} may only contain ${allowed}`);
}

const LETTERS_DIGITS = "letters, numbers, spaces and . , ' - : ; & ( ) + / # ! ?";
const LETTERS_ONLY = "letters, spaces and . , ' - & ( )";

function wholeNumber(label: string, min: number, max: () => number) {
  return numberInput({ required: REQUIRED, invalid: `${label} must be a whole number` }).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .check((payload) => {
        const upper = max();
        if (payload.value < min || payload.value > upper) {
          payload.issues.push({
            code: 'custom',
            message: `${label} must be between ${min} and ${upper}`,
            input: payload.value,
          });
        }
      }),
  );
}

const currentYear = () => new Date().getFullYear();

/**
 * An ISBN-10 or ISBN-13 as people type it (hyphens and spaces anywhere, X as an ISBN-10's check digit),
 * checked by its check digit (isbn.ts) and turned into its ISBN-13, digits only: the form every listing
 * stores, so both forms of one book are one edition. A wrong check digit is `Invalid ISBN`.
 */
export function isbnField() {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'ISBN must be text') })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .max(LIMITS.isbnMaxLength, { error: `ISBN must be at most ${LIMITS.isbnMaxLength} characters`, abort: true })
    .regex(/^[\d -]*[\dXx]$/, { error: MESSAGES.isbnCharacters, abort: true })
    .refine((isbn) => [10, 13].includes(isbnCharacters(isbn).length), { error: 'ISBN must have 10 or 13 digits', abort: true })
    .refine(isValidIsbn, { error: MESSAGES.invalidIsbn, abort: true })
    .overwrite((isbn) => toIsbn13(isbn) ?? isbn);
}

/** A course code as stored and compared: 2 to 12 letters and digits, upper-case (MATH1014, ECO1010F). */
export const COURSE_CODE_PATTERN = /^[A-Za-z0-9]{2,12}$/;

/** A course code as typed: spaces around it dropped, checked, upper-cased. */
export function courseCodeField(message: string = MESSAGES.courseCode) {
  return z
    .string({ error: message })
    .trim()
    .regex(COURSE_CODE_PATTERN, message)
    .transform((code) => code.toUpperCase());
}

/** One course a listing is used for: the university it is taught at and its code there. */
export const courseInputSchema = z.object(
  {
    university: choice(UNIVERSITY_IDS, MESSAGES.courseUniversity),
    code: courseCodeField(),
  },
  { error: MESSAGES.coursesInvalid },
);
export type CourseInput = z.input<typeof courseInputSchema>;
export type Course = z.output<typeof courseInputSchema>;

/** The same course twice (codes compared upper-cased) counts once, first one kept. */
export function distinctCourses<T extends { university: string; code: string }>(courses: readonly T[]): T[] {
  const seen = new Set<string>();
  return courses.filter((c) => {
    const key = `${c.university} ${c.code.toUpperCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `courses` of a listing: at most LIMITS.maxCourses different courses, duplicates collapsed first (so
 * MATH1014 and math1014 at one university are one course). The array itself is capped far above that so a
 * huge payload is refused before each entry is checked.
 */
export function coursesField() {
  return z
    .array(courseInputSchema, { error: MESSAGES.coursesInvalid })
    .max(LIMITS.maxCourses * 10, MESSAGES.tooManyCourses)
    .transform((courses) => distinctCourses(courses))
    .refine((courses) => courses.length <= LIMITS.maxCourses, MESSAGES.tooManyCourses);
}

/** GET /editions/:isbn: the ISBN in the path, 10 or 13 digits with hyphens allowed, as its ISBN-13. */
export const editionParamsSchema = z.object({ isbn: isbnField() });

/** The `bookData` of POST /books. A `studentId` sent by older clients is dropped (the seller is the session). */
export const listingSchema = z.object(
  {
    title: text('Title', TEXT_WITH_DIGITS, LETTERS_DIGITS, 200),
    author: text('Author', TEXT_WITHOUT_DIGITS, LETTERS_ONLY, 200),
    isbn: isbnField(),
    publisher: text('Publisher', TEXT_WITHOUT_DIGITS, LETTERS_ONLY, 200),
    publicationYear: wholeNumber('Publication year', LIMITS.publicationYearMin, currentYear),
    language: choice(LANGUAGES, REQUIRED, 'Please choose a language from the list'),
    category: choice(CATEGORIES, REQUIRED, 'Please choose a category from the list'),
    studyLevel: choice(STUDY_LEVELS, REQUIRED, 'Please choose a study level from the list'),
    condition: choice(CONDITIONS, REQUIRED, 'Please choose a condition from the list'),
    price: priceField(),
    edition: text('Edition', TEXT_WITH_DIGITS, LETTERS_DIGITS, 50),
    numberOfPages: wholeNumber('Number of pages', LIMITS.pagesMin, () => LIMITS.pagesMax),
    description: descriptionField(),
    additionalNotes: optionalText(
      prose,
      LIMITS.additionalNotesMaxLength,
      `Additional notes must be at most ${LIMITS.additionalNotesMaxLength} characters`,
      'Additional notes must be text',
    ),
    // Optional: a listing without courses is fine; PATCH replaces the whole list when it is sent.
    courses: coursesField().optional(),
  },
  { error: MESSAGES.invalidInput },
);
export type ListingInput = z.input<typeof listingSchema>;
export type ListingBody = z.output<typeof listingSchema>;
/** The listing's fields that forms hold as text (courses are a list of their own). */
export type ListingField = Exclude<keyof ListingBody, 'courses'>;

function priceField() {
  return randField({
    required: REQUIRED,
    invalid: 'Price must be a number',
    positive: 'Price must be more than R0',
    digits: `Price can have at most ${LIMITS.priceMaxIntegerDigits} digits before the decimal point and ${LIMITS.priceDecimals} after it`,
  });
}

function descriptionField() {
  return textRule(
    z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Description must be text') }),
    prose,
  )
    .min(1, { error: REQUIRED, abort: true })
    .max(LIMITS.descriptionMaxLength, `Description must be at most ${LIMITS.descriptionMaxLength} characters`);
}

/**
 * PATCH /books/:id: the owner may change any detail of the listing (a listing declined for a wrong title
 * or ISBN is corrected, not withdrawn and listed again); every field is optional and follows the same
 * rules as when listing. Empty notes clear them.
 */
export const listingEditSchema = listingSchema
  .omit({ additionalNotes: true })
  .partial()
  .extend({
    additionalNotes: textRule(z.string({ error: 'Additional notes must be text' }), prose)
      .max(LIMITS.additionalNotesMaxLength, `Additional notes must be at most ${LIMITS.additionalNotesMaxLength} characters`)
      .nullish()
      .transform((notes) => (notes === undefined ? undefined : notes || null)),
  });
export type ListingEditInput = z.input<typeof listingEditSchema>;
export type ListingEditBody = z.output<typeof listingEditSchema>;

/** The listing's number fields, which the API takes as JSON numbers and the forms hold as text. */
const NUMBER_FIELDS = ['price', 'publicationYear', 'numberOfPages'] as const;

/** The sell wizard's values (its number fields as typed text) checked as the `bookData` they become. */
export const listingFormSchema = withNumbersFromText(listingSchema, NUMBER_FIELDS);

/** The edit dialog's values (the price as typed text) checked as the PATCH body they become. */
export const listingEditFormSchema = withNumbersFromText(listingEditSchema, NUMBER_FIELDS);

export interface WizardStep {
  title: string;
  fields: readonly ListingField[];
}

/** The sell wizard's three steps and their text fields; the course codes (a list) are on the first step, and
 * photos belong to the last step but are not part of `bookData`. */
export const WIZARD_STEPS = [
  { title: 'Basic Information', fields: ['title', 'author', 'isbn', 'publisher', 'publicationYear', 'edition'] },
  { title: 'Book Details', fields: ['language', 'category', 'studyLevel', 'condition', 'price', 'numberOfPages'] },
  { title: 'Images & Description', fields: ['description', 'additionalNotes'] },
] as const satisfies readonly WizardStep[];

/** The schema for one wizard step (1 to 3), so Next can validate only what that step shows (as text). */
export function wizardStepSchema(step: 1 | 2 | 3) {
  const fields = WIZARD_STEPS[step - 1]?.fields ?? [];
  const mask = Object.fromEntries(fields.map((field) => [field, true])) as Partial<Record<ListingField, true>>;
  return withNumbersFromText(listingSchema.pick(mask), NUMBER_FIELDS);
}
