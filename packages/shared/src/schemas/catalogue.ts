// GET /books query string: search text, filters, sort and paging. Query values arrive as text (or
// arrays when repeated); blanks mean "not set", long search text is cut rather than refused.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { CATEGORIES, CONDITIONS, LANGUAGES, STUDY_LEVELS } from '../enums';
import { MESSAGES, oneOf } from '../messages';
import { toOneLine } from '../text';
import { UNIVERSITY_IDS } from '../universities';
import { courseCodeField } from './listing';
import { pagingFields, queryValue } from './pagination';
import { bookListSchema, bookSchema } from './responses';

export const CATALOGUE_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

function filter<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.preprocess(
    queryValue,
    z.enum(values, { error: oneOf(name, values) }).optional(),
  );
}

function price(name: string) {
  return z.preprocess(
    queryValue,
    z.coerce.number({ error: `${name} must be a number of at least 0` }).min(0, `${name} must be a number of at least 0`).optional(),
  );
}

export const catalogueQuerySchema = z
  .object({
    q: z.preprocess(
      queryValue,
      z
        .union([z.string(), z.number()], { error: 'q must be text' })
        .transform((text) =>
          // Control characters (NUL and friends) never help a search and upset some engines; NFC and no
          // invisible characters, so the words match the listings' text, which is stored that way.
          toOneLine(String(text)).slice(0, LIMITS.searchQueryMaxLength).trim(),
        )
        .transform((text) => text || undefined)
        .optional(),
    ),
    category: filter('category', CATEGORIES),
    studyLevel: filter('studyLevel', STUDY_LEVELS),
    condition: filter('condition', CONDITIONS),
    language: filter('language', LANGUAGES),
    university: filter('university', UNIVERSITY_IDS),
    // Books tagged with this course code (any case; at `university` when that is given too).
    course: z.preprocess(queryValue, courseCodeField(MESSAGES.courseFilterCode).optional()),
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
    sort: filter('sort', CATALOGUE_SORTS),
    ...pagingFields,
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    path: ['maxPrice'],
    error: 'maxPrice must not be below minPrice',
  })
  .transform(({ sort, ...query }) => ({
    ...query,
    // Relevance needs search text; without it the newest listings come first.
    sort: (sort && !(sort === 'relevance' && !query.q) ? sort : query.q ? 'relevance' : 'newest') as CatalogueSort,
  }));
export type CatalogueQueryInput = z.input<typeof catalogueQuerySchema>;
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/**
 * A catalogue page (GET /books): a list page of books and, when a search finds few or no books because
 * of a misspelt word, the query with that word corrected, if the corrected query finds more books
 * (docs/decisions/0024-search-that-forgives.md).
 */
export const catalogueListSchema = bookListSchema
  .extend({
    totalCapped: z
      .boolean()
      .describe(`true when the question finds more books than \`total\`: the count stops at ${LIMITS.catalogueCountCap} (a page says "${LIMITS.catalogueCountCap}+ books")`),
    suggestion: z
      .string()
      .nullable()
      .describe('The search with its misspelt words replaced by catalogue words, when that finds more books; else null'),
  })
  .meta({ id: 'CatalogueList' });
export type CatalogueList = z.output<typeof catalogueListSchema>;

/** One of the student's courses with the books for sale for it (GET /student/course-books). */
export const courseBooksEntrySchema = z
  .object({
    code: z.string().describe('The course code, upper-case'),
    university: z.enum(UNIVERSITY_IDS).describe("The student's university: the course is taught there"),
    total: z.number().int().describe("How many books for sale are tagged with this course there, the student's own listings left out"),
    books: z.array(bookSchema).describe(`The newest of them, at most ${LIMITS.courseBooksPerCourse}`),
  })
  .meta({ id: 'CourseBooks' });

/**
 * "Books for your courses": for each of the student's course codes, in their order, the approved,
 * available books tagged with it at the student's university, never the student's own listings
 * (docs/decisions/0029-student-courses.md).
 */
export const courseBooksResponseSchema = z.object({ courses: z.array(courseBooksEntrySchema) });
export type CourseBooks = z.output<typeof courseBooksEntrySchema>;
export type CourseBooksResponse = z.output<typeof courseBooksResponseSchema>;
