// Editions: every listing of one ISBN seen as one book (GET /editions/:isbn). Listings store their ISBN
// as its ISBN-13 (packages/shared isbn.ts), so a book listed as "0-13-110362-8" and as "9780131103627"
// is one edition. Its details come from the most recent approved listing; only approved listings count,
// so an unmoderated listing never puts its text on a public page (an ISBN with none is 404).
import { centsToRand, MESSAGES, type Edition, type EditionCopy, type UniversityId } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from './public-cache.ts';
import { uploadUrl } from './reading.ts';
import * as repo from './repository.ts';

/** How many available copies an edition answer lists (the cheapest). */
export const EDITION_COPIES_LIMIT = 50;

/** Low, median and high of prices in cents sorted cheapest first; the median of an even count is the mean of the middle two, to the cent. */
function priceRange(sortedCents: readonly number[]): Edition['price'] {
  if (!sortedCents.length) return null;
  const mid = Math.floor(sortedCents.length / 2);
  const median = sortedCents.length % 2 ? sortedCents[mid]! : Math.round((sortedCents[mid - 1]! + sortedCents[mid]!) / 2);
  return { low: centsToRand(sortedCents[0]!), median: centsToRand(median), high: centsToRand(sortedCents.at(-1)!) };
}

/** Cheapest first, then newest, then by id, so the same copies are listed in the same order every time. */
function cheapestThenNewest(a: { price_cents: number; created_at: string; id: string }, b: { price_cents: number; created_at: string; id: string }): number {
  if (a.price_cents !== b.price_cents) return a.price_cents - b.price_cents;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function createEditionReader(ctx: AppContext, cache?: CatalogueCache) {
  const { db } = ctx;

  async function load(isbn13: string): Promise<Edition | null> {
    const [latest, listings, courses, newPrice] = await Promise.all([
      repo.findLatestApprovedOfIsbn(db, isbn13),
      repo.listEditionListings(db, isbn13),
      repo.listEditionCourses(db, isbn13),
      repo.findNewPrice(db, isbn13),
    ]);
    if (!latest) return null;
    // Counts, prices and the copies from one read of the edition's listings (repository.ts says why).
    const prices = listings.filter((l) => l.availability === 'available' || l.availability === 'sold').map((l) => l.price_cents);
    prices.sort((a, b) => a - b);
    const copies = listings
      .filter((l) => l.availability === 'available')
      .sort(cheapestThenNewest)
      .slice(0, EDITION_COPIES_LIMIT);
    const images = await repo.findImagesOf(db, copies.map((c) => c.id));
    const firstImage = new Map<string, EditionCopy['image']>();
    // findImagesOf answers each book's photos in position order: the first seen is the cover.
    for (const image of images) {
      if (!firstImage.has(image.book_id)) firstImage.set(image.book_id, { url: uploadUrl(image.path_full), thumbUrl: uploadUrl(image.path_thumb) });
    }
    return {
      isbn13,
      title: latest.title,
      author: latest.author,
      publisher: latest.publisher,
      publicationYear: latest.publication_year,
      edition: latest.edition,
      available: listings.filter((l) => l.availability === 'available').length,
      sold: listings.filter((l) => l.availability === 'sold').length,
      // The same copies and the same median as edition_medians (migration 013), which the catalogue's
      // "Good price" mark compares each copy with (reading.ts, isGoodPrice).
      price: priceRange(prices),
      // As an admin entered it (new-prices.ts). The textbook packages price whole bundles, never one book,
      // so they give no new price of their own (docs/decisions/0028-new-prices-and-good-price.md).
      newPrice: newPrice ? centsToRand(newPrice.price_cents) : null,
      // Every course its approved listings were tagged with (reserved and sold ones too), by university then code.
      courses: courses.map((c) => ({ university: c.university as UniversityId, code: c.code })),
      copies: copies.map((c) => ({
        id: c.id,
        condition: c.condition as EditionCopy['condition'],
        price: centsToRand(c.price_cents),
        university: c.university as UniversityId,
        image: firstImage.get(c.id) ?? null,
        createdAt: c.created_at,
      })),
    };
  }

  return {
    /** The edition of an ISBN-13 (the route's schema has checked and normalised it); 404 when no approved listing has it. */
    async edition(isbn13: string): Promise<Edition> {
      // Cached like a book (docs/decisions/0022): any write to the listings' tables or to the new prices makes the entry stale.
      const edition = cache ? await cache.editions.read(isbn13, () => load(isbn13)) : await load(isbn13);
      if (!edition) throw notFound(MESSAGES.editionNotFound);
      return edition;
    },
  };
}
