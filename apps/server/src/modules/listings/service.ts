// The listings module's one door for the rest of the server: reading listings as Book JSON for anyone
// (reading.ts) and as editions (editions.ts), sellers and moderators managing them (management.ts), what
// happens after approval (lifecycle.ts: expiry, renewal, sold elsewhere, hidden by reports, taken down,
// suspended with the seller), admins entering editions' new prices (new-prices.ts), and the orders module
// moving a listing's availability (availability.ts). Other modules import this file, never the parts behind it.
import type { Student } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { PhotoStore } from '../../lib/photo-store.ts';
import { createEditionReader } from './editions.ts';
import { createListingLifecycle } from './lifecycle.ts';
import { createListingManagement, parseListing } from './management.ts';
import { createNewPrices } from './new-prices.ts';
import type { CatalogueCache } from './public-cache.ts';
import { createListingReader } from './reading.ts';

export { listingForOrder, listingStates, markListingSold, releaseListing, reserveListing } from './availability.ts';
export type { AfterCommit, LifecycleNotices } from './lifecycle.ts';
export type { ModerationDecision } from './management.ts';
export type { PhotoAudience, RatingsProvider } from './reading.ts';

export function createListingsService(ctx: AppContext, photos: PhotoStore, cache?: CatalogueCache) {
  const reader = createListingReader(ctx, cache);
  const lifecycle = createListingLifecycle(ctx, reader);
  const management = createListingManagement(ctx, photos, reader, lifecycle);
  const editions = createEditionReader(ctx, cache);
  const newPrices = createNewPrices(ctx);
  return {
    // Reading, for anyone.
    useRatings: reader.useRatings,
    booksByIds: (ids: readonly string[]) => reader.booksByIds(ids),
    /** A listing as `viewer` may see it; its seller and the admins also see its expiry and any take-down. */
    async viewBook(viewer: Student | null, id: string) {
      const book = await reader.viewBook(viewer, id);
      const privileged = viewer !== null && (viewer.id === book.seller.id || viewer.role === 'admin');
      return privileged ? (await lifecycle.ownerViews([book]))[0]! : book;
    },
    /** A seller's newest `limit` listings for sale now and how many they have (public profiles). */
    forSaleBy: reader.forSaleBy,
    photoAudience: reader.photoAudience,
    edition: editions.edition,

    // Managing, for sellers and moderators.
    parseListing,
    admitListing: management.admitListing,
    createListingIdempotent: management.createListingIdempotent,
    sellerBooks: management.sellerBooks,
    checkEditable: management.checkEditable,
    editListing: management.editListing,
    withdrawListing: management.withdrawListing,
    moderationQueue: management.moderationQueue,
    moderate: management.moderate,
    accountDeletionHook: management.accountDeletionHook,

    // After approval (docs/decisions/0031-listing-lifecycle.md): the owner renews or marks a listing sold
    // elsewhere; reports hide it and admins restore it, take it down or suspend its seller (inside the
    // reports module's transactions); the scheduled jobs remind sellers and expire listings.
    useNotices: lifecycle.useNotices,
    ownerViews: lifecycle.ownerViews,
    renew: lifecycle.renew,
    markSoldElsewhere: lifecycle.markSoldElsewhere,
    hideForReports: lifecycle.hideForReports,
    restoreHidden: lifecycle.restoreHidden,
    takeDown: lifecycle.takeDown,
    suspendSeller: lifecycle.suspendSeller,
    unsuspendSeller: lifecycle.unsuspendSeller,
    remindExpiring: lifecycle.remindExpiring,
    expireDue: lifecycle.expireDue,

    // Editions' new prices, for admins.
    newPrices: newPrices.list,
    setNewPrice: newPrices.set,
    removeNewPrice: newPrices.remove,
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
