// Wishlists: what a student waits for (an ISBN, search words or a course code, optionally at one campus
// and up to a price), the bodies that save and change an entry, and the answers about entries, shared by
// the Wishlist page's form, the routes and the OpenAPI document (docs/decisions/0026-wishlist-matching.md).
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { UNIVERSITY_IDS } from '../universities';
import { line, randField, textRule, withNumbersFromText } from './common';
import { courseCodeField, isbnField } from './listing';
import { listResponseSchema } from './responses';

/** An optional field left blank (or null) is not set: a cleared form field and a field left out mean the same. */
const blankIsUnset = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** Search words as the catalogue takes them: one line, at most 200 characters, with a word or number in it. */
function searchField() {
  return textRule(z.string({ error: MESSAGES.wishlistSearchText }), line('Search'))
    .max(LIMITS.searchQueryMaxLength, MESSAGES.wishlistSearchTooLong)
    .refine((text) => /[\p{L}\p{N}]/u.test(text), MESSAGES.wishlistSearchWords);
}

/** Rand like a book's price: above R0, at most 6 digits before the point and 2 after it. */
function maxPriceField() {
  return randField({
    required: MESSAGES.wishlistMaxPriceNumber,
    invalid: MESSAGES.wishlistMaxPriceNumber,
    positive: MESSAGES.wishlistMaxPricePositive,
    digits: MESSAGES.wishlistMaxPriceDigits,
  });
}

/**
 * POST /wishlist: at least one of `isbn` (checked by its check digit and kept as its ISBN-13, `Invalid
 * ISBN` otherwise), `q` (search words) and `course` (2-12 letters and digits, upper-cased); `university`
 * (a sign-up university id) and `maxPrice` (rand) narrow any of them. Every criterion given must hold.
 */
export const wishlistEntryInputSchema = z
  .object(
    {
      isbn: z.preprocess(blankIsUnset, isbnField().optional()),
      q: z.preprocess(blankIsUnset, searchField().optional()),
      course: z.preprocess(blankIsUnset, courseCodeField().optional()),
      university: z.preprocess(blankIsUnset, z.enum(UNIVERSITY_IDS, { error: MESSAGES.wishlistUniversity }).optional()),
      maxPrice: z.preprocess(blankIsUnset, maxPriceField().optional()),
    },
    { error: MESSAGES.invalidInput },
  )
  .refine((entry) => entry.isbn !== undefined || entry.q !== undefined || entry.course !== undefined, { error: MESSAGES.wishlistNeedsCriteria });
export type WishlistEntryInput = z.input<typeof wishlistEntryInputSchema>;
export type WishlistEntryBody = z.output<typeof wishlistEntryInputSchema>;

/** The Wishlist page's form: the same rules, with the max price as typed text. */
export const wishlistEntryFormSchema = withNumbersFromText(wishlistEntryInputSchema, ['maxPrice']);

/** PATCH /wishlist/:id: turns the entry's emails back on (or off). */
export const wishlistEmailsSchema = z.object({ emails: z.boolean({ error: MESSAGES.wishlistEmailsFlag }) }, { error: MESSAGES.invalidInput });

export const wishlistEntryParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The signed token of an unsubscribe link: `<entry id>~<HMAC>`, URL-safe. */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });

const time = z.string().describe('ISO 8601 UTC time');

/** What an entry waits for; the fields it does not narrow by are null. */
const wishlistCriteriaShape = {
  isbn: z.string().nullable().describe('ISBN-13, digits only'),
  q: z.string().nullable().describe('Search words: every word must start a word of the title, author, ISBN or a course code'),
  course: z.string().nullable().describe('Course code, upper-case'),
  university: z.enum(UNIVERSITY_IDS).nullable().describe("The listing's campus (and, with a course, the course's university)"),
  maxPrice: z.number().nullable().describe('Rand, at most 2 decimals'),
};

export const wishlistEntrySchema = z
  .object({
    id: z.string(),
    ...wishlistCriteriaShape,
    emails: z.boolean().describe('Whether matches are also emailed (one-click unsubscribe turns it off)'),
    matches: z.number().int().describe('Listings that matched since the entry was saved'),
    lastMatchAt: time.nullable(),
    createdAt: time,
  })
  .meta({ id: 'WishlistEntry' });
export type WishlistEntry = z.output<typeof wishlistEntrySchema>;

export const wishlistEntryResponseSchema = z.object({ entry: wishlistEntrySchema });
export const wishlistListSchema = listResponseSchema(wishlistEntrySchema);
export type WishlistList = z.output<typeof wishlistListSchema>;

/** An unsubscribe link's entry (what it waits for, nothing about whose it is) and whether it still sends emails. */
export const unsubscribeResponseSchema = z
  .object({ unsubscribe: z.object({ entry: z.object(wishlistCriteriaShape), emails: z.boolean() }) })
  .meta({ id: 'WishlistUnsubscribe' });
export type UnsubscribeAnswer = z.output<typeof unsubscribeResponseSchema>['unsubscribe'];
