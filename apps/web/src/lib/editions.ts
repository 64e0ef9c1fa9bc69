// The query of one edition (GET /editions/:isbn: every listing of an ISBN as one book), shared by the
// features that read it (docs/decisions/0020): the edition page and the book page's link in the
// catalogue, the sell wizard's price guidance and prefill in selling.
import { queryOptions } from '@tanstack/react-query';
import { formatRand, isbnCharacters, toIsbn13, type Edition, type EditionResponse } from '@reshelf/shared';
import { ApiError, api } from './api';

export const editionKeys = {
  all: ['editions'] as const,
  /** One edition, by its ISBN-13. */
  detail: (isbn13: string) => ['editions', isbn13] as const,
};

/**
 * The ISBN-13 of what a seller (or an admin setting a new price) has typed so far, or null while it is
 * not yet an ISBN worth asking about. Ten characters starting 978 or 979 are almost always an ISBN-13 half
 * typed, which can pass the ISBN-10 check by chance (1 in 11): its edition would fill in, suggest the
 * courses of, or name another book.
 */
export function typedIsbn13(typed: string): string | null {
  const characters = isbnCharacters(typed);
  return characters.length === 10 && /^97[89]/.test(characters) ? null : toIsbn13(typed);
}

/**
 * The edition of an ISBN-13 (toIsbn13 has checked and normalised it), or null when no approved listing
 * has that ISBN yet (404): for the wizard that is "no earlier copies", for the edition page "not found",
 * and neither is a failure to retry.
 */
export const editionQuery = (isbn13: string) =>
  queryOptions({
    queryKey: editionKeys.detail(isbn13),
    queryFn: ({ signal }) =>
      api<EditionResponse>(`/editions/${encodeURIComponent(isbn13)}`, { signal }).then(
        (answer): Edition | null => answer.edition,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
  });

/** "R 120,00 – R 300,00, median R 200,00" (one price: just that price). */
export function priceRangeText(price: NonNullable<Edition['price']>): string {
  if (price.low === price.high) return formatRand(price.low);
  return `${formatRand(price.low)} – ${formatRand(price.high)}, median ${formatRand(price.median)}`;
}
