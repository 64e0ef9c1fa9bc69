// SQL for wishlists: the entries (`wishlists`), the matches with their emails' progress
// (`wishlist_matches`). Every function takes the db or a transaction first.
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, WishlistMatchesTable, WishlistsTable } from '../../db/schema.ts';

export type EntryRow = WishlistsTable;
export type EntryWithCounts = EntryRow & { matches: number; last_match_at: string | null };

const withCounts = (db: Db) =>
  db
    .selectFrom('wishlists as w')
    .selectAll('w')
    .select((eb) => [
      eb.selectFrom('wishlist_matches as m').whereRef('m.wishlist_id', '=', 'w.id').select((e) => e.fn.countAll<number | string>().as('n')).as('matches'),
      eb.selectFrom('wishlist_matches as m').whereRef('m.wishlist_id', '=', 'w.id').select((e) => e.fn.max('m.matched_at').as('at')).as('last_match_at'),
    ]);

const counted = <R extends { matches: number | string | null; last_match_at: string | null }>(row: R) => ({ ...row, matches: Number(row.matches ?? 0) });

/** The student's entries, newest first. */
export async function listEntries(db: Db, studentId: string, limit: number, offset: number): Promise<EntryWithCounts[]> {
  const rows = await withCounts(db).where('w.student_id', '=', studentId).orderBy('w.created_at', 'desc').orderBy('w.id').limit(limit).offset(offset).execute();
  return rows.map(counted);
}

export async function findEntryWithCounts(db: Db, id: string): Promise<EntryWithCounts | undefined> {
  const row = await withCounts(db).where('w.id', '=', id).executeTakeFirst();
  return row && counted(row);
}

export async function countEntries(db: Db, studentId: string): Promise<number> {
  const row = await db.selectFrom('wishlists').select((eb) => eb.fn.countAll<number | string>().as('n')).where('student_id', '=', studentId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function usedSlots(db: Db, studentId: string): Promise<Set<number>> {
  const rows = await db.selectFrom('wishlists').select('slot').where('student_id', '=', studentId).execute();
  return new Set(rows.map((r) => r.slot));
}

/** Inserts the entry unless its slot or its criteria are already the student's; true when it was inserted. */
export async function insertEntry(db: Db, row: Insertable<WishlistsTable>): Promise<boolean> {
  const inserted = await db.insertInto('wishlists').values(row).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

export const findEntry = (db: Db, id: string) => db.selectFrom('wishlists').selectAll().where('id', '=', id).executeTakeFirst();

export const findByCriteria = (db: Db, studentId: string, criteria: string) =>
  db.selectFrom('wishlists').selectAll().where('student_id', '=', studentId).where('criteria', '=', criteria).executeTakeFirst();

export const setMaxPrice = (db: Db, id: string, cents: number | null) => db.updateTable('wishlists').set({ max_price_cents: cents }).where('id', '=', id).execute();

export async function deleteOwnEntry(db: Db, studentId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('wishlists').where('id', '=', id).where('student_id', '=', studentId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Stops (a time) or restarts (null) the entry's emails; stopping keeps the time it was first stopped. */
export async function setEmailsStopped(db: Db, id: string, at: string | null): Promise<void> {
  if (at === null) await db.updateTable('wishlists').set({ emails_stopped_at: null }).where('id', '=', id).execute();
  else await db.updateTable('wishlists').set({ emails_stopped_at: at }).where('id', '=', id).where('emails_stopped_at', 'is', null).execute();
}

/** What a listing offers the SQL half of matching: the rest (words, a course at a university) is matching.ts's. */
export interface ListingFilter {
  sellerId: string;
  isbn13: string;
  codes: readonly string[];
  campus: string;
  priceCents: number;
  /** The listing's folded words, space-separated with a space at each end. */
  text: string;
}

/**
 * The entries that may match a listing: not the seller's, within price and campus, the same ISBN and one
 * of its course codes when they have them, and (for a search) the listing's words contain the search's
 * longest word. matching.ts decides among these.
 */
export function candidateEntries(db: Db, listing: ListingFilter) {
  return db
    .selectFrom('wishlists')
    .selectAll()
    .where('student_id', '<>', listing.sellerId)
    .where((eb) => eb.or([eb('max_price_cents', 'is', null), eb('max_price_cents', '>=', listing.priceCents)]))
    .where((eb) => eb.or([eb('university', 'is', null), eb('university', '=', listing.campus)]))
    .where((eb) => eb.or([eb('isbn', 'is', null), eb('isbn', '=', listing.isbn13)]))
    .where((eb) => (listing.codes.length ? eb.or([eb('course', 'is', null), eb('course', 'in', [...listing.codes])]) : eb('course', 'is', null)))
    // The key is letters and digits only (matching.ts), so it holds no LIKE wildcard.
    .where((eb) => eb.or([eb('q_key', 'is', null), sql<boolean>`${listing.text} LIKE ('% ' || ${eb.ref('q_key')} || '%')`]))
    .execute();
}

/** How many listings matched the entry since `since`. */
export async function countMatchesSince(db: Db, wishlistId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('wishlist_matches')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('wishlist_id', '=', wishlistId)
    .where('matched_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the match unless the entry already matched this listing; true when this call recorded it. */
export async function insertMatch(db: Db, row: Insertable<WishlistMatchesTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('wishlist_matches')
    .values(row)
    .onConflict((oc) => oc.columns(['wishlist_id', 'book_id']).doNothing())
    .returning('wishlist_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A match whose email may be taken now: not sent, tries left, and nobody holds it (or their hold has lapsed). */
const claimable = (staleBefore: string, maxAttempts: number) => (eb: ExpressionBuilder<Database, 'wishlist_matches'>) =>
  eb.and([
    eb('emailed_at', 'is', null),
    eb('email_attempts', '<', maxAttempts),
    eb.or([eb('email_claimed_at', 'is', null), eb('email_claimed_at', '<=', staleBefore)]),
  ]);

export interface ClaimWindow {
  claim: string;
  now: string;
  /** A hold taken at or before this has lapsed (its process died while sending). */
  staleBefore: string;
  maxAttempts: number;
}

/** Takes one match's own email for this sender; true when it is now this claim's. */
export async function claimMatch(db: Db, wishlistId: string, bookId: string, w: ClaimWindow): Promise<boolean> {
  const res = await db
    .updateTable('wishlist_matches')
    .set({ email_claim: w.claim, email_claimed_at: w.now })
    .where('wishlist_id', '=', wishlistId)
    .where('book_id', '=', bookId)
    .where('email', '=', 'each')
    .where(claimable(w.staleBefore, w.maxAttempts))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Own-email matches waiting to be sent (their first try failed, or the process that made them stopped). */
export const unsentMatches = (db: Db, w: Omit<ClaimWindow, 'claim' | 'now'>, limit: number) =>
  db
    .selectFrom('wishlist_matches')
    .select(['wishlist_id', 'book_id'])
    .where('email', '=', 'each')
    .where(claimable(w.staleBefore, w.maxAttempts))
    .orderBy('matched_at')
    .limit(limit)
    .execute();

/** Entries whose digest is due: matches waiting for it, the oldest matched at or before `due`. */
export async function dueDigests(db: Db, due: string, w: Omit<ClaimWindow, 'claim' | 'now'>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('wishlist_matches')
    .select('wishlist_id')
    .where('email', '=', 'digest')
    .where(claimable(w.staleBefore, w.maxAttempts))
    .groupBy('wishlist_id')
    .having((eb) => eb.fn.min('matched_at'), '<=', due)
    .limit(limit)
    .execute();
  return rows.map((r) => r.wishlist_id);
}

/** Takes every match waiting for the entry's digest; how many it took. */
export async function claimDigest(db: Db, wishlistId: string, w: ClaimWindow): Promise<number> {
  const res = await db
    .updateTable('wishlist_matches')
    .set({ email_claim: w.claim, email_claimed_at: w.now })
    .where('wishlist_id', '=', wishlistId)
    .where('email', '=', 'digest')
    .where(claimable(w.staleBefore, w.maxAttempts))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The matches a claim holds, with their entries, oldest first. */
export const claimedMatches = (db: Db, claim: string) =>
  db
    .selectFrom('wishlist_matches as m')
    .innerJoin('wishlists as w', 'w.id', 'm.wishlist_id')
    .select(['m.wishlist_id', 'm.book_id', 'm.student_id', 'm.email', 'm.matched_at'])
    .select(['w.isbn', 'w.q', 'w.course', 'w.university', 'w.max_price_cents', 'w.emails_stopped_at'])
    .where('m.email_claim', '=', claim)
    .orderBy('m.matched_at')
    .orderBy('m.book_id')
    .execute();

/** The claim's email went out. */
export const markSent = (db: Db, claim: string, at: string) =>
  db.updateTable('wishlist_matches').set({ emailed_at: at, email_claim: null }).where('email_claim', '=', claim).execute();

/** The claim's matches send no email after all (emails stopped, the book is gone): never tried again. */
export const markUnsent = (db: Db, claim: string) =>
  db.updateTable('wishlist_matches').set({ email: 'none', email_claim: null }).where('email_claim', '=', claim).execute();

/** The claim's send failed: given up, counted; tried again once the hold's time (email_claimed_at) has lapsed. */
export const markFailed = (db: Db, claim: string) =>
  db
    .updateTable('wishlist_matches')
    .set({ email_claim: null, email_attempts: sql<number>`email_attempts + 1` })
    .where('email_claim', '=', claim)
    .execute();

/** The entry's emails stopped: its matches not yet sent never will be. */
export const dropUnsent = (db: Db, wishlistId: string) =>
  db
    .updateTable('wishlist_matches')
    .set({ email: 'none' })
    .where('wishlist_id', '=', wishlistId)
    .where('emailed_at', 'is', null)
    .where('email_claim', 'is', null)
    .execute();
