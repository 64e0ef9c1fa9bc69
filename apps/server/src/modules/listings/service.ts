// The listings module's one door for the rest of the server: reading listings as Book JSON for anyone
// (reading.ts) and as editions (editions.ts), sellers and moderators managing them (management.ts), and the orders module moving a
// listing's availability (availability.ts). Other modules import this file, never the parts behind it.
import type { AppContext } from '../../context.ts';
import type { PhotoStore } from '../../lib/photo-store.ts';
import { createEditionReader } from './editions.ts';
import { createListingManagement, parseListing } from './management.ts';
import type { CatalogueCache } from './public-cache.ts';
import { createListingReader } from './reading.ts';

export { listingForOrder, listingStates, markListingSold, releaseListing, reserveListing } from './availability.ts';
export type { ModerationDecision } from './management.ts';
export type { PhotoAudience, RatingsProvider } from './reading.ts';

export function createListingsService(ctx: AppContext, photos: PhotoStore, cache?: CatalogueCache) {
  const reader = createListingReader(ctx, cache);
  const management = createListingManagement(ctx, photos, reader);
  const editions = createEditionReader(ctx, cache);
  return {
    // Reading, for anyone.
    useRatings: reader.useRatings,
    booksByIds: (ids: readonly string[]) => reader.booksByIds(ids),
    viewBook: reader.viewBook,
    photoAudience: reader.photoAudience,
    edition: editions.edition,

    // Managing, for sellers and moderators.
    parseListing,
    createListingIdempotent: management.createListingIdempotent,
    sellerBooks: management.sellerBooks,
    editListing: management.editListing,
    withdrawListing: management.withdrawListing,
    moderationQueue: management.moderationQueue,
    moderate: management.moderate,
    accountDeletionHook: management.accountDeletionHook,
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
