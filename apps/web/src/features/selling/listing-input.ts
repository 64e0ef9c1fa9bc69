// What the wizard and the edit dialog share about a listing's fields: the choices of the select fields
// and the keystroke filters (packages/shared/src/schemas/listing.ts) as both apply them.
import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITIONS,
  CONDITION_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  STUDY_LEVELS,
  STUDY_LEVEL_LABELS,
  acceptsListingInput,
  type FilteredListingField,
} from '@reshelf/shared';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

export const LANGUAGE_OPTIONS = options(LANGUAGES, LANGUAGE_LABELS);
export const CATEGORY_OPTIONS = options(CATEGORIES, CATEGORY_LABELS);
export const STUDY_LEVEL_OPTIONS = options(STUDY_LEVELS, STUDY_LEVEL_LABELS);
export const CONDITION_OPTIONS = options(CONDITIONS, CONDITION_LABELS);

/** The fields whose keystrokes pass a filter; the others take any text. */
export const FILTERED_FIELDS: ReadonlySet<string> = new Set<FilteredListingField>([
  'title',
  'author',
  'publisher',
  'edition',
  'price',
  'numberOfPages',
  'publicationYear',
  'isbn',
]);

/**
 * The field's new text, or null to ignore the keystroke. Phone keyboards in South Africa type a
 * decimal comma, so the price takes it as a point.
 */
export function filterListingInput(field: FilteredListingField, raw: string): string | null {
  const value = field === 'price' ? raw.replace(',', '.') : raw;
  if (!acceptsListingInput(field, value)) return null;
  // Pages run from 1: a leading zero is never part of a valid count.
  if (field === 'numberOfPages' && value.startsWith('0')) return null;
  return value;
}
