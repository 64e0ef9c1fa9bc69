// A listing's availability as the orders module moves it: reserved by one buyer at a time (concurrent
// buyers race in one conditional UPDATE and exactly one wins), back to available when an order ends
// without a sale, sold at handover. Each function takes the orders module's transaction, so the order and
// its book change together. Reached through service.ts, like everything else this module offers.
import type { Db } from '../../db/index.ts';
import { publicStudents } from '../accounts/service.ts';
import * as repo from './repository.ts';

/** Reserves an approved, available listing; false when someone else got there first (or it is not for sale). */
export const reserveListing = (trx: Db, bookId: string, now: string) => repo.reserveIfAvailable(trx, bookId, now);

/** Frees a reserved listing for other buyers (an order declined, cancelled or expired). */
export const releaseListing = (trx: Db, bookId: string, now: string) => repo.releaseReserved(trx, bookId, now);

export const markListingSold = (trx: Db, bookId: string, now: string) => repo.markSold(trx, bookId, now);

/** What an order copies from the listing when it is placed: its details, first photo and seller's first name. */
export async function listingForOrder(db: Db, bookId: string) {
  const book = await repo.findBook(db, bookId);
  if (!book) return undefined;
  const [image, [seller]] = await Promise.all([repo.findFirstImage(db, bookId), publicStudents(db, [book.seller_id])]);
  return { ...book, seller_first_name: seller?.firstName ?? '', image };
}

/** Each listing's moderation state and availability by id (a listing that is gone is absent). */
export async function listingStates(db: Db, ids: readonly string[]) {
  const rows = await repo.findStates(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { status: r.status, availability: r.availability }]));
}
