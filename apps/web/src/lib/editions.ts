// The query of one edition (GET /editions/:isbn: every listing of an ISBN as one book), shared by the
// features that read it (docs/decisions/0020): the edition page and the book page's link in the
// catalogue, the sell wizard's price guidance and prefill in selling.
import { queryOptions } from '@tanstack/react-query';
import { formatRand, type Edition, type EditionResponse } from '@reshelf/shared';
import { ApiError, api } from './api';

export const editionKeys = {
  all: ['editions'] as const,
  /** One edition, by its ISBN-13. */
  detail: (isbn13: string) => ['editions', isbn13] as const,
};

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
