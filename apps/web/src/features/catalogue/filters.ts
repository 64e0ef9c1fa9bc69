// The catalogue's search text, filters, sort and page as URL search params, so a search can be shared
// and the back button steps through filter changes. Only known values are read back; anything else
// in the address is ignored rather than sent to the server.
//
// A signed-in student's catalogue opens on their own university (the landing page's promise): an address
// without `university` means their campus, and `university=all` the choice to see every campus. The
// preset is an ordinary filter, shown and cleared like any other, and its results come from the same
// cached catalogue pages as anyone's.
import {
  CATEGORIES,
  CONDITIONS,
  LANGUAGES,
  STUDY_LEVELS,
  UNIVERSITY_IDS,
  type CatalogueSort,
  type Category,
  type Condition,
  type Language,
  type StudyLevel,
  type UniversityId,
} from '@reshelf/shared';
import { CATALOGUE_PAGE_SIZE } from './first-page';

export { CATALOGUE_PAGE_SIZE };

/** Every sort the API knows, with its label (the Record type makes the compiler check the list is
 *  complete). The list comes from here, not from the shared CATALOGUE_SORTS: that module also builds the
 *  server's zod query schema, and importing it would load zod with the catalogue. */
export const SORT_LABELS: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};
const SORTS = Object.keys(SORT_LABELS) as CatalogueSort[];

export interface CatalogueFilters {
  q: string;
  category?: Category;
  studyLevel?: StudyLevel;
  condition?: Condition;
  language?: Language;
  university?: UniversityId;
  /** A course code (MATH1014), upper-case: books tagged with it (at `university` when that is set too). */
  course?: string;
  minPrice?: string;
  maxPrice?: string;
  sort?: CatalogueSort;
  page: number;
  /** The signed-in student's university: what `university` is when the address does not say. */
  home?: UniversityId;
}

/** The `university` value that asks for every campus when a home university would apply. */
const ALL_UNIVERSITIES = 'all';

/** The student's university when the catalogue knows it (the preset), else undefined. */
export function homeUniversity(university: string | null | undefined): UniversityId | undefined {
  return university ? oneOf(UNIVERSITY_IDS, university) : undefined;
}

/** The filter keys that narrow the results (search text and paging aside). */
export const FILTER_KEYS = ['category', 'studyLevel', 'condition', 'language', 'university', 'course', 'minPrice', 'maxPrice'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A course code as the API takes it (2-12 letters and digits), upper-cased; anything else is ignored. */
function courseParam(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  return /^[A-Za-z0-9]{2,12}$/.test(trimmed) ? trimmed.toUpperCase() : undefined;
}

function priceParam(value: string | null): string | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  return /^\d{1,6}(\.\d{1,2})?$/.test(trimmed) ? trimmed : undefined;
}

export function readFilters(params: URLSearchParams, home?: UniversityId): CatalogueFilters {
  const page = Number(params.get('page'));
  const university = params.get('university');
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: oneOf(CATEGORIES, params.get('category')),
    studyLevel: oneOf(STUDY_LEVELS, params.get('studyLevel')),
    condition: oneOf(CONDITIONS, params.get('condition')),
    language: oneOf(LANGUAGES, params.get('language')),
    university: university === null ? home : oneOf(UNIVERSITY_IDS, university),
    course: courseParam(params.get('course')),
    minPrice: priceParam(params.get('minPrice')),
    maxPrice: priceParam(params.get('maxPrice')),
    sort: oneOf(SORTS, params.get('sort')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    home,
  };
}

/** The URL params for `filters`, leaving out what is unset (page 1 included) or the student's own campus. */
export function writeFilters(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  const trimmed = filters.q.trim();
  if (trimmed) params.set('q', trimmed);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (key === 'university' && filters.home) {
      if (!value) params.set(key, ALL_UNIVERSITIES);
      else if (value !== filters.home) params.set(key, value);
      continue;
    }
    if (value) params.set(key, value);
  }
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The GET /books query string for `filters`. */
export function catalogueQueryString(filters: CatalogueFilters): string {
  // The server is told the campus itself, never the address's shorthand for it.
  const params = writeFilters({ ...filters, home: undefined });
  // A relevance sort without search text is the server's newest; leave it to the server.
  if (params.get('sort') === 'relevance' && !params.get('q')) params.delete('sort');
  params.set('page', String(filters.page));
  params.set('pageSize', String(CATALOGUE_PAGE_SIZE));
  return params.toString();
}

export function hasActiveFilters(filters: CatalogueFilters): boolean {
  return Boolean(filters.q.trim()) || FILTER_KEYS.some((key) => Boolean(filters[key]));
}
