// The listing fields' keystroke filters (packages/shared/src/schemas/listing.ts) as the wizard and the edit dialog apply them.
import { acceptsListingInput, type FilteredListingField } from '@reshelf/shared';

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
