// The order state machine (docs/api.md, Orders): a buyer requests a listing (reserving it), the seller
// accepts with a campus meetup or declines, either party may cancel before handover, the seller completes
// the sale with the buyer's handover code (or the buyer confirms the handover), unanswered requests expire
// after 72 hours, and after completion each party reviews the other once. Around the meetup: either party
// may propose a new time for the other to accept, report a no-show once the time has passed (it cancels
// the order and counts against the other party), and both are reminded the evening before and an hour
// before. Every change notifies the other party in-app, by email and over the realtime channel.
import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  HANDOVER,
  LIFECYCLE_NOTICES,
  LIMITS,
  MESSAGES,
  ORDER_LIMIT_MESSAGES,
  ORDER_NOTICES,
  centsToRand,
  endedWithoutSale,
  formatClockTime,
  formatMeetupTime,
  handoverLocked,
  meetupReminderTimes,
  meetupTimeProblem,
  noShowReason,
  noShowTooEarly,
  pageOffset,
  proposalLapsesAt,
  type NoticeText,
  type AcceptOrderBody,
  type MeetupReminderKind,
  type Order,
  type OrderMessage,
  type OrderStatus,
  type RescheduleOrderBody,
  type ReviewBody,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { OrderStatusColumn } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, type AppError } from '../../lib/errors.ts';
import { newId, newSortableId } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import type { RealtimeHub } from '../../lib/realtime.ts';
import type { SignedIn } from '../accounts/service.ts';
import { createIdempotency } from '../idempotency/service.ts';
import { listingForOrder, listingStates, markListingSold, releaseListing, reserveListing } from '../listings/service.ts';
import { meetupCalendar } from './calendar.ts';
import * as repo from './repository.ts';
import type { OrderRow } from './repository.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const ACTIVE: OrderStatusColumn[] = ['requested', 'accepted'];

export interface Notifier {
  notify(db: Db, studentId: string, n: { kind: string; title: string; body: string; link: string | null }): Promise<unknown>;
  /** Notifications about `links` that begin with `firstName` begin with `replacement` instead (account erased). */
  anonymise(db: Db, links: string[], firstName: string, replacement: string): Promise<unknown>;
}

const FORMER_STUDENT = MESSAGES.formerStudent;

/** The code of the 409 for a request past LIMITS.openRequestsPerBuyer (the cart keeps such a book). */
export const OPEN_REQUESTS_CODE = 'TOO_MANY_OPEN_REQUESTS';

/**
 * Nobody buys their own book, whichever way they try (an order, the cart): 403, as for any signed-in
 * student asking for something they may not do.
 */
export function refuseOwnBook(sellerId: string | null, buyerId: string): void {
  if (sellerId === buyerId) throw forbidden(MESSAGES.ownBook, 'OWN_BOOK');
}

export interface OrderDeps {
  hub: RealtimeHub;
  notifier: Notifier;
  emailOf(studentId: string): Promise<string | undefined>;
}

const uploadsUrl = (path: string | null | undefined) => (path ? (path.startsWith('/') ? path : `/uploads/${path}`) : null);

/** The listing's own state beside an order; null once the listing is gone (withdrawn after the sale, or erased). */
type ListingState = { status: string; availability: string } | null;

/** A fresh handover code: six digits from the operating system's CSPRNG. */
function newHandoverCode(): string {
  return String(randomInt(0, 10 ** HANDOVER.codeLength)).padStart(HANDOVER.codeLength, '0');
}

/** Whether `given` is the order's code, compared in constant time (both are six ASCII digits by then). */
function isHandoverCode(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The proposed new meetup time while it waits for an answer; null when there is none, or it lapsed. */
function proposalOf(row: OrderRow, now: Date): Order['proposal'] {
  if (row.status !== 'accepted' || !row.proposed_at || !row.proposed_meetup_at || !row.proposed_by) return null;
  const lapsesAt = proposalLapsesAt(new Date(row.proposed_at), new Date(row.proposed_meetup_at));
  if (lapsesAt.getTime() <= now.getTime()) return null;
  return {
    meetupAt: row.proposed_meetup_at,
    meetupLocation: row.proposed_meetup_location ?? row.meetup_location ?? '',
    by: row.proposed_by,
    createdAt: row.proposed_at,
    lapsesAt: iso(lapsesAt),
  };
}

/** The reminders of a meetup at `meetupAt` that are still to come at `now`. */
function reminderRows(meetupAt: Date, now: Date) {
  const times = meetupReminderTimes(meetupAt);
  return (Object.keys(times) as MeetupReminderKind[])
    .filter((kind) => times[kind].getTime() > now.getTime())
    .map((kind) => ({ kind, due_at: iso(times[kind]), meetup_at: iso(meetupAt) }));
}

export interface OrderView {
  /** The other party's and the caller's reviews (a single order's view). */
  reviews?: { reviewer_id: string | null; rating: number; comment: string | null }[];
  /** Whether a proposal has lapsed is judged at this time. */
  now: Date;
  /**
   * A single order as its buyer sees it (GET /orders/:id, the answers to the buyer's actions, the buyer's
   * realtime events): only then, and only for the buyer, does it carry `handoverCode`. Lists never do.
   */
  handoverCode?: boolean;
}

export function toOrderJson(row: OrderRow, listing: ListingState, viewerId: string, view: OrderView): Order {
  const reviews = view.reviews ?? [];
  const mine = reviews.find((r) => r.reviewer_id === viewerId);
  const image = uploadsUrl(row.book_image_url);
  const thumb = uploadsUrl(row.book_thumb_url);
  return {
    id: row.id,
    status: row.status as OrderStatus,
    book: {
      id: row.book_id ?? '',
      title: row.book_title,
      author: row.book_author,
      edition: row.book_edition,
      isbn: row.book_isbn,
      condition: row.book_condition as Order['book']['condition'],
      price: centsToRand(row.amount_cents),
      images: image ? [{ url: image, thumbUrl: thumb ?? image }] : [],
      status: (listing?.status ?? 'approved') as Order['book']['status'],
      availability: (listing?.availability ?? 'sold') as Order['book']['availability'],
    },
    buyer: { id: row.buyer_id ?? '', firstName: row.buyer_id ? row.buyer_first_name : FORMER_STUDENT },
    seller: { id: row.seller_id ?? '', firstName: row.seller_id ? row.seller_first_name : FORMER_STUDENT },
    amount: centsToRand(row.amount_cents),
    meetupLocation: row.meetup_location,
    meetupAt: row.meetup_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    myReview: mine ? { rating: mine.rating, comment: mine.comment } : null,
    expiresAt: row.status === 'requested' ? row.expires_at : null,
    reason: row.reason,
    theirReview: (() => {
      const theirs = reviews.find((r) => r.reviewer_id !== viewerId);
      return theirs ? { rating: theirs.rating, comment: theirs.comment } : null;
    })(),
    ...(view.handoverCode && row.buyer_id === viewerId ? { handoverCode: row.status === 'accepted' ? row.handover_code : null } : {}),
    proposal: proposalOf(row, view.now),
  };
}

const STATE_MESSAGES: Partial<Record<OrderStatus, string>> = {
  completed: MESSAGES.orderAlreadyCompleted,
  cancelled: MESSAGES.orderWasCancelled,
  declined: MESSAGES.orderWasDeclined,
  expired: MESSAGES.orderExpired,
};

function wrongState(row: OrderRow, expected: string): AppError {
  return conflict(STATE_MESSAGES[row.status as OrderStatus] ?? expected, 'INVALID_STATE');
}

export function createOrdersService(ctx: AppContext, deps: OrderDeps) {
  const { db, clock } = ctx;
  const now = () => iso(clock.now());
  const idempotency = createIdempotency(ctx);
  // Each new meetup time mails the other party: one party may propose a few an hour on one order.
  const proposalsPerHour = ctx.limiter.limit('meetup-proposals', { max: LIMITS.meetupProposalsPerHour, windowMs: HOUR });

  /** Finds an order the caller is a party to; anyone else gets 404, as if it did not exist. */
  async function partyOrder(auth: SignedIn, id: string): Promise<{ row: OrderRow; as: 'buyer' | 'seller' }> {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound(MESSAGES.orderNotFound);
    if (row.buyer_id === auth.student.id) return { row, as: 'buyer' };
    if (row.seller_id === auth.student.id) return { row, as: 'seller' };
    throw notFound(MESSAGES.orderNotFound);
  }

  /** The state of each order's listing, read through the listings module. */
  async function listingsOf(rows: readonly OrderRow[]): Promise<Map<string, ListingState>> {
    return listingStates(db, rows.flatMap((r) => (r.book_id ? [r.book_id] : [])));
  }

  /** One order as `viewerId` sees it; `single` for a single order's view (reviews, and the buyer's handover code). */
  async function json(row: OrderRow, viewerId: string, single: boolean): Promise<Order> {
    const [listings, reviews] = await Promise.all([listingsOf([row]), single ? repo.reviewsOfOrder(db, row.id) : []]);
    return toOrderJson(row, (row.book_id && listings.get(row.book_id)) || null, viewerId, { reviews, now: clock.now(), handoverCode: single });
  }

  async function orderJson(id: string, viewerId: string): Promise<Order> {
    return json((await repo.findOrder(db, id))!, viewerId, true);
  }

  /**
   * A change that could not be made because the order moved on meanwhile (a race lost): the 409 that
   * names the state it is in now, not the one read before.
   */
  async function movedOn(row: OrderRow, expected: string): Promise<AppError> {
    return wrongState((await repo.findOrder(db, row.id)) ?? row, expected);
  }

  /** Tells one party: in-app notification and email. */
  async function tell(row: OrderRow, to: 'buyer' | 'seller', { title, body }: NoticeText, kind = 'order') {
    const recipient = to === 'buyer' ? row.buyer_id : row.seller_id;
    const link = `/${to}/orders/${row.id}`;
    if (!recipient) return;
    await deps.notifier.notify(db, recipient, { kind, title, body, link });
    const email = await deps.emailOf(recipient);
    if (email) {
      ctx.mailer
        .send(brandedMail({ to: email, subject: title, heading: title, paragraphs: [body], action: { label: ORDER_NOTICES.openOrder, url: `${ctx.config.publicUrl}${link}` } }))
        .catch(() => undefined);
    }
  }

  /** Tells the other party (in-app notification, email) and sends both the order as each sees it. */
  async function announce(row: OrderRow, to: 'buyer' | 'seller', notice: NoticeText) {
    await tell(row, to, notice);
    const fresh = await repo.findOrder(db, row.id);
    if (fresh) {
      const [listings, reviews] = await Promise.all([listingsOf([fresh]), repo.reviewsOfOrder(db, fresh.id)]);
      const listing = (fresh.book_id && listings.get(fresh.book_id)) || null;
      for (const party of [fresh.buyer_id, fresh.seller_id]) {
        const order = toOrderJson(fresh, listing, party ?? '', { reviews, now: clock.now(), handoverCode: true });
        if (party) await deps.hub.publish([party], { type: 'order.updated', order });
      }
    }
  }

  /**
   * A request to buy: reserves the book and tells the seller. A buyer may have at most
   * LIMITS.openRequestsPerBuyer requests waiting for an answer at once (each holds its book out of the
   * catalogue and mails its seller), counted under a per-buyer lock in the same transaction as the
   * reservation, so requests arriving together never take a buyer past it.
   */
  async function create(auth: SignedIn, bookId: string): Promise<Order> {
    const book = await listingForOrder(db, bookId);
    if (!book || book.status !== 'approved') throw conflict(MESSAGES.bookUnavailable, 'BOOK_UNAVAILABLE');
    refuseOwnBook(book.seller_id, auth.student.id);
    const id = newId();
    const t = clock.now();
    const created = await db.transaction().execute(async (trx): Promise<boolean | 'capped'> => {
      await repo.lockBuyerRequests(trx, auth.student.id);
      if ((await repo.countWaitingRequests(trx, auth.student.id)) >= LIMITS.openRequestsPerBuyer) return 'capped';
      if (!(await reserveListing(trx, bookId, iso(t)))) return false;
      await repo.insertOrder(trx, {
        id,
        book_id: bookId,
        buyer_id: auth.student.id,
        seller_id: book.seller_id,
        buyer_first_name: auth.student.firstName,
        seller_first_name: book.seller_first_name,
        book_title: book.title,
        book_author: book.author,
        book_edition: book.edition,
        book_isbn: book.isbn,
        book_condition: book.condition,
        book_image_url: book.image ? `/uploads/${book.image.path_full}` : null,
        book_thumb_url: book.image ? `/uploads/${book.image.path_thumb}` : null,
        amount_cents: book.price_cents,
        status: 'requested',
        meetup_location: null,
        meetup_at: null,
        reason: null,
        expires_at: iso(new Date(t.getTime() + LIMITS.orderRequestExpiryHours * HOUR)),
        completed_at: null,
        created_at: iso(t),
        updated_at: iso(t),
      });
      return true;
    }).catch((err: unknown) => {
      // The partial unique index is the last line of defence against a second active order.
      if (String((err as Error)?.message ?? '').match(/unique|constraint/i)) return false;
      throw err;
    });
    if (created === 'capped') throw conflict(ORDER_LIMIT_MESSAGES.openRequests(LIMITS.openRequestsPerBuyer), OPEN_REQUESTS_CODE);
    if (!created) throw conflict(MESSAGES.bookUnavailable, 'BOOK_UNAVAILABLE');
    const row = (await repo.findOrder(db, id))!;
    await announce(row, 'seller', ORDER_NOTICES.requested(auth.student.firstName, book.title));
    return json(row, auth.student.id, false);
  }

  return {
    create,

    /** POST /orders with an optional Idempotency-Key: a retry gets the first answer back, refusals included. */
    createIdempotent(auth: SignedIn, bookId: string, key: string | undefined): Promise<{ statusCode: number; body: unknown }> {
      return idempotency.handle({
        studentId: auth.student.id,
        key,
        request: { bookId },
        keepRefusals: true,
        run: async () => ({ order: await create(auth, bookId) }),
      });
    },

    async get(auth: SignedIn, id: string): Promise<Order> {
      const { row } = await partyOrder(auth, id);
      return json(row, auth.student.id, true);
    },

    async list(auth: SignedIn, as: 'buyer' | 'seller', page: number, pageSize: number, status?: OrderStatusColumn[]) {
      const { rows, total } = await repo.listOrders(db, { studentId: auth.student.id, as, status, limit: pageSize, offset: pageOffset({ page, pageSize }) });
      const listings = await listingsOf(rows);
      const at = clock.now();
      return { items: rows.map((r) => toOrderJson(r, (r.book_id && listings.get(r.book_id)) || null, auth.student.id, { now: at })), total, page, pageSize };
    },

    async accept(auth: SignedIn, id: string, body: AcceptOrderBody): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'seller') throw forbidden(MESSAGES.onlySellerAccepts);
      const at = new Date(body.meetupAt);
      const t = clock.now();
      const problem = meetupTimeProblem(at, t);
      if (problem) throw badRequest(problem, { meetupAt: problem });
      const ok = await db.transaction().execute(async (trx) => {
        const patch = {
          status: 'accepted' as const,
          meetup_location: body.meetupLocation,
          meetup_at: at.toISOString(),
          handover_code: newHandoverCode(),
          handover_attempts: 0,
          handover_locked_until: null,
          updated_at: iso(t),
        };
        if (!(await repo.transitionOrder(trx, id, ['requested'], patch))) return false;
        await repo.replaceReminders(trx, id, reminderRows(at, t));
        return true;
      });
      if (!ok) throw wrongState(row, MESSAGES.requestNotWaiting);
      await announce(row, 'buyer', ORDER_NOTICES.accepted(row.seller_first_name, body.meetupLocation, formatMeetupTime(at)));
      return orderJson(id, auth.student.id);
    },

    async decline(auth: SignedIn, id: string, reason: string | undefined): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'seller') throw forbidden(MESSAGES.onlySellerDeclines);
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ['requested'], { status: 'declined', reason: reason ?? null, updated_at: now() }))) return false;
        if (row.book_id) await releaseListing(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw wrongState(row, MESSAGES.requestNotWaiting);
      await announce(row, 'buyer', ORDER_NOTICES.declined(row.seller_first_name, row.book_title, reason));
      return orderJson(id, auth.student.id);
    },

    async cancel(auth: SignedIn, id: string, reason: string | undefined): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ACTIVE, { status: 'cancelled', reason: reason ?? null, updated_at: now() }))) return false;
        if (row.book_id) await releaseListing(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw wrongState(row, MESSAGES.orderNotCancellable);
      const who = as === 'buyer' ? row.buyer_first_name : row.seller_first_name;
      await announce(row, as === 'buyer' ? 'seller' : 'buyer', ORDER_NOTICES.cancelled(who, row.book_title, reason));
      return orderJson(id, auth.student.id);
    },

    /**
     * The buyer confirms the handover, or the seller completes the sale with the buyer's handover code.
     * Each code the seller tries is counted before it is compared, in one conditional UPDATE: after
     * HANDOVER.maxWrongCodes codes, completing by code is locked for HANDOVER.lockMinutes (429 with the
     * time it reopens), however many guesses arrive at once. The buyer can still confirm meanwhile.
     */
    async complete(auth: SignedIn, id: string, code: string | undefined): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as === 'seller') {
        if (row.status !== 'accepted') throw wrongState(row, MESSAGES.handoverBeforeAccept);
        if (code === undefined) throw badRequest(MESSAGES.handoverCodeRequired, { code: MESSAGES.handoverCodeRequired }, 'HANDOVER_CODE_REQUIRED');
        const t = clock.now();
        const lockUntil = new Date(t.getTime() + HANDOVER.lockMinutes * MINUTE);
        if (!(await repo.claimHandoverAttempt(db, id, iso(t), iso(lockUntil), HANDOVER.maxWrongCodes))) {
          const fresh = await repo.findOrder(db, id);
          if (!fresh || fresh.status !== 'accepted' || !fresh.handover_locked_until) throw await movedOn(row, MESSAGES.handoverBeforeAccept);
          const until = new Date(fresh.handover_locked_until);
          throw tooManyRequests(handoverLocked(formatClockTime(until)), (until.getTime() - t.getTime()) / 1000, 'HANDOVER_LOCKED');
        }
        if (!isHandoverCode(row.handover_code, code)) throw badRequest(MESSAGES.wrongHandoverCode, { code: MESSAGES.wrongHandoverCode }, 'WRONG_HANDOVER_CODE');
      }
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ['accepted'], { status: 'completed', completed_at: now(), updated_at: now() }))) return false;
        if (row.book_id) await markListingSold(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw await movedOn(row, MESSAGES.handoverBeforeAccept);
      if (as === 'buyer') await announce(row, 'seller', ORDER_NOTICES.completed(row.buyer_first_name, row.book_title));
      else await announce(row, 'buyer', ORDER_NOTICES.completedWithCode(row.seller_first_name, row.book_title));
      return orderJson(id, auth.student.id);
    },

    /**
     * After the meetup time, either party reports that the other did not come: the no-show is recorded
     * against the other party (once per order), the order is cancelled and the book freed, in one
     * transaction that only an accepted order whose meetup has passed lets through, so a no-show and a
     * completion racing each other cannot both happen.
     */
    async noShow(auth: SignedIn, id: string): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (await repo.findNoShow(db, id)) throw conflict(MESSAGES.noShowOncePerOrder, 'NO_SHOW_REPORTED');
      if (row.status !== 'accepted' || !row.meetup_at) throw wrongState(row, MESSAGES.noShowBeforeAccept);
      const t = clock.now();
      if (new Date(row.meetup_at).getTime() > t.getTime()) throw conflict(noShowTooEarly(formatMeetupTime(row.meetup_at)), 'MEETUP_NOT_PASSED');
      const absent = as === 'buyer' ? 'seller' : 'buyer';
      const absentName = absent === 'buyer' ? row.buyer_first_name : row.seller_first_name;
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.cancelForNoShow(trx, id, iso(t), noShowReason(absentName)))) return false;
        await repo.insertNoShow(trx, { id: newId(), order_id: id, student_id: absent === 'buyer' ? row.buyer_id : row.seller_id, reporter_id: auth.student.id, created_at: iso(t) });
        if (row.book_id) await releaseListing(trx, row.book_id, iso(t));
        return true;
      }).catch(async (err: unknown) => {
        // The unique order_id of no_shows: the other party's report got there first.
        if (await repo.findNoShow(db, id)) return false;
        throw err;
      });
      if (!ok) {
        if (await repo.findNoShow(db, id)) throw conflict(MESSAGES.noShowOncePerOrder, 'NO_SHOW_REPORTED');
        throw await movedOn(row, MESSAGES.noShowBeforeAccept);
      }
      await announce(row, absent, ORDER_NOTICES.noShow(auth.student.firstName, row.book_title));
      return orderJson(id, auth.student.id);
    },

    /**
     * Either party of an accepted order proposes a new meetup time (and place), before or after the agreed
     * one, within the same window as accepting; it replaces a proposal still waiting, and waits for the
     * other party until it lapses (proposalLapsesAt). Every proposal that would be stored is counted first
     * (per order and party, LIMITS.meetupProposalsPerHour), so a burst cannot flood the other party's inbox.
     */
    async reschedule(auth: SignedIn, id: string, body: RescheduleOrderBody): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (row.status !== 'accepted') throw wrongState(row, MESSAGES.rescheduleBeforeAccept);
      const at = new Date(body.meetupAt);
      const t = clock.now();
      const problem = meetupTimeProblem(at, t);
      if (problem) throw badRequest(problem, { meetupAt: problem });
      const place = body.meetupLocation ?? row.meetup_location ?? '';
      const verdict = await proposalsPerHour.take(`${id}:${auth.student.id}`);
      if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
      const ok = await repo.proposeMeetup(db, id, { proposed_meetup_at: iso(at), proposed_meetup_location: place, proposed_by: as, proposed_at: iso(t) });
      if (!ok) throw await movedOn(row, MESSAGES.rescheduleBeforeAccept);
      await announce(row, as === 'buyer' ? 'seller' : 'buyer', ORDER_NOTICES.rescheduleProposed(auth.student.firstName, formatMeetupTime(at), place));
      return orderJson(id, auth.student.id);
    },

    /** The other party accepts the proposed time: the meetup moves, and so do its reminders. */
    async acceptReschedule(auth: SignedIn, id: string): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (row.status !== 'accepted') throw wrongState(row, MESSAGES.proposalNone);
      const t = clock.now();
      const proposal = proposalOf(row, t);
      if (!proposal) throw conflict(MESSAGES.proposalNone, 'NO_PROPOSAL');
      if (proposal.by === as) throw forbidden(MESSAGES.proposalOwn, 'OWN_PROPOSAL');
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.acceptProposal(trx, id, { proposed_at: proposal.createdAt, proposed_by: proposal.by }, iso(t)))) return false;
        await repo.replaceReminders(trx, id, reminderRows(new Date(proposal.meetupAt), t));
        return true;
      });
      if (!ok) {
        const fresh = await repo.findOrder(db, id);
        if (fresh && fresh.status !== 'accepted') throw wrongState(fresh, MESSAGES.proposalNone);
        throw conflict(MESSAGES.proposalNone, 'NO_PROPOSAL');
      }
      await announce(row, proposal.by, ORDER_NOTICES.rescheduleAccepted(auth.student.firstName, formatMeetupTime(proposal.meetupAt), proposal.meetupLocation));
      return orderJson(id, auth.student.id);
    },

    /** The meetup as an iCalendar file for either party; 409 while there is no agreed meetup. */
    async calendar(auth: SignedIn, id: string): Promise<{ filename: string; body: string }> {
      const { row, as } = await partyOrder(auth, id);
      if (!row.meetup_at || !row.meetup_location) throw conflict(MESSAGES.calendarNoMeetup, 'NO_MEETUP');
      return meetupCalendar(row, as, { publicUrl: ctx.config.publicUrl, now: clock.now() });
    },

    /**
     * Sends the meetup reminders that are due: each is claimed by one process (a conditional UPDATE), then
     * sent in-app and by email to both parties if its order is still accepted with the same meetup, still
     * to come; otherwise it is dropped unsent (a cancelled order, a meetup that moved).
     */
    async sendDueReminders(): Promise<number> {
      let sent = 0;
      for (const reminder of await repo.dueReminders(db, now(), 200)) {
        if (!(await repo.claimReminder(db, reminder, now()))) continue;
        const row = await repo.findOrder(db, reminder.order_id);
        if (!row || row.status !== 'accepted' || !row.meetup_at || row.meetup_at !== reminder.meetup_at) continue;
        if (new Date(row.meetup_at).getTime() <= clock.now().getTime()) continue;
        const when = formatMeetupTime(row.meetup_at);
        const place = row.meetup_location ?? '';
        const notice = reminder.kind === 'evening' ? ORDER_NOTICES.reminderEvening(row.book_title, when, place) : ORDER_NOTICES.reminderHour(row.book_title, when, place);
        await tell(row, 'buyer', notice, 'order_reminder');
        await tell(row, 'seller', notice, 'order_reminder');
        sent += 1;
      }
      return sent;
    },

    /** How many no-shows were recorded against each student (a public profile shows it). */
    noShowsOf: (ids: string[]) => repo.noShowCounts(db, ids),

    async review(auth: SignedIn, id: string, body: ReviewBody) {
      const { row, as } = await partyOrder(auth, id);
      if (row.status !== 'completed') throw conflict(MESSAGES.reviewBeforeHandover, 'INVALID_STATE');
      const subject = as === 'buyer' ? row.seller_id : row.buyer_id;
      const review = {
        id: newId(),
        order_id: id,
        reviewer_id: auth.student.id,
        reviewer_first_name: auth.student.firstName,
        subject_id: subject,
        rating: body.rating,
        comment: body.comment ?? null,
        created_at: now(),
      };
      try {
        await repo.insertReview(db, review);
      } catch (err) {
        if (await repo.findReview(db, id, auth.student.id)) throw conflict(MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
        throw err;
      }
      await announce(row, as === 'buyer' ? 'seller' : 'buyer', ORDER_NOTICES.reviewed(auth.student.firstName, body.rating, body.comment));
      return {
        review: { id: review.id, orderId: id, reviewer: { id: auth.student.id, firstName: auth.student.firstName }, subjectId: subject ?? '', rating: review.rating, comment: review.comment, createdAt: review.created_at },
      };
    },

    async messages(auth: SignedIn, id: string): Promise<{ items: OrderMessage[]; total: number; page: number; pageSize: number }> {
      await partyOrder(auth, id);
      const rows = await repo.listMessages(db, id, 500);
      const items = rows.map((m) => ({ id: m.id, orderId: m.order_id, sender: { id: m.sender_id ?? '', firstName: m.sender_id ? m.sender_first_name : FORMER_STUDENT }, body: m.body, createdAt: m.created_at }));
      return { items, total: items.length, page: 1, pageSize: items.length };
    },

    async postMessage(auth: SignedIn, id: string, body: string): Promise<OrderMessage> {
      const { row } = await partyOrder(auth, id);
      if (endedWithoutSale(row.status as OrderStatus)) throw conflict(MESSAGES.conversationClosed, 'CONVERSATION_CLOSED');
      const message = { id: newSortableId(), order_id: id, sender_id: auth.student.id, sender_first_name: auth.student.firstName, body, created_at: now() };
      await repo.insertMessage(db, message);
      const json: OrderMessage = { id: message.id, orderId: id, sender: { id: auth.student.id, firstName: auth.student.firstName }, body, createdAt: message.created_at };
      await deps.hub.publish([row.buyer_id, row.seller_id], { type: 'message.created', orderId: id, message: json });
      return json;
    },

    /** Frees the books of requests nobody answered within 72 hours. */
    async expireDue(): Promise<number> {
      let n = 0;
      for (const { id } of await repo.dueForExpiry(db, now(), 200)) {
        const row = await repo.findOrder(db, id);
        if (!row) continue;
        const ok = await db.transaction().execute(async (trx) => {
          if (!(await repo.transitionOrder(trx, id, ['requested'], { status: 'expired', updated_at: now() }))) return false;
          if (row.book_id) await releaseListing(trx, row.book_id, now());
          return true;
        });
        if (ok) {
          n += 1;
          await announce(row, 'buyer', ORDER_NOTICES.expired(row.book_title));
        }
      }
      return n;
    },

    /**
     * An admin's decision ends orders (docs/decisions/0031-listing-lifecycle.md): the active order on a
     * listing taken down, or every active order of a suspended student. Cancelled inside the decision's
     * transaction (each listing freed: one taken down or suspended stays out of the catalogue by its own
     * status); what comes back tells the other party (in the app, by email, over realtime) once it commits.
     */
    async cancelForModeration(trx: Db, which: { bookId: string } | { studentId: string }): Promise<() => Promise<void>> {
      const rows =
        'bookId' in which
          ? [await repo.activeOrderOfBook(trx, which.bookId)].filter((r): r is OrderRow => r !== undefined)
          : await repo.activeOrdersOf(trx, which.studentId);
      const reason = 'bookId' in which ? LIFECYCLE_NOTICES.orderReasonTakenDown : LIFECYCLE_NOTICES.orderReasonSuspended;
      const cancelled: { row: OrderRow; to: 'buyer' | 'seller' }[] = [];
      for (const row of rows) {
        if (!(await repo.transitionOrder(trx, row.id, ACTIVE, { status: 'cancelled', reason, updated_at: now() }))) continue;
        if (row.book_id) await releaseListing(trx, row.book_id, now());
        // A take-down tells the buyer (the seller hears of the take-down itself); a suspension tells whoever was not suspended.
        const to = 'bookId' in which || row.seller_id === which.studentId ? 'buyer' : 'seller';
        cancelled.push({ row, to });
      }
      return async () => {
        for (const { row, to } of cancelled) {
          const notice = 'bookId' in which ? LIFECYCLE_NOTICES.orderCancelledTakenDown(row.book_title) : LIFECYCLE_NOTICES.orderCancelledSuspended(row.book_title);
          await announce(row, to, notice).catch(() => undefined);
        }
      };
    },

    /** Live counts for the buyer's home page. */
    async buyerCounts(auth: SignedIn) {
      const rows = await repo.countOrdersByStatus(db, 'buyer_id', auth.student.id);
      const count = (s: string[]) => rows.filter((r) => s.includes(r.status)).reduce((a, r) => a + Number(r.n), 0);
      return { pending: count(['requested', 'accepted']), completed: count(['completed']) };
    },

    /**
     * A student's record for their public profile (docs/decisions/0034-public-profiles.md): average rating
     * and review count, the `reviewLimit` most recent reviews, completed sales and purchases, and no-shows.
     * Five indexed queries, whatever the student's history.
     */
    async publicRecordOf(studentId: string, reviewLimit: number) {
      const [ratings, reviews, completed, noShows] = await Promise.all([
        repo.ratingsOf(db, [studentId]),
        repo.recentReviewsAbout(db, studentId, reviewLimit),
        repo.completedCountsOf(db, studentId),
        repo.noShowCounts(db, [studentId]),
      ]);
      const rating = ratings.get(studentId);
      return {
        rating: rating?.rating ?? null,
        reviewCount: rating?.count ?? 0,
        reviews: reviews.map((r) => ({
          rating: r.rating,
          comment: r.comment,
          reviewerFirstName: r.reviewer_first_name,
          as: r.seller_id === studentId ? ('seller' as const) : ('buyer' as const),
          createdAt: r.created_at,
        })),
        completedSales: completed.sales,
        completedPurchases: completed.purchases,
        noShows: noShows.get(studentId) ?? 0,
      };
    },

    /** Sellers' average ratings, read through `db` (a caller's transaction, or the app's handle). */
    ratingsOf: (ids: string[], db: Db = ctx.db) => repo.ratingsOf(db, ids),

    /**
     * Before an account is erased: its active orders are cancelled (books freed) and the other party told;
     * the orders, messages and reviews the other party keeps no longer carry the student's name.
     */
    accountDeletionHook: {
      async beforeDelete(trx: Db, studentId: string, student: { firstName: string }) {
        const active = await repo.activeOrdersOf(trx, studentId);
        for (const row of active) {
          await repo.transitionOrder(trx, row.id, ACTIVE, { status: 'cancelled', reason: MESSAGES.otherPartyLeft, updated_at: now() });
          if (row.book_id && row.buyer_id === studentId) await releaseListing(trx, row.book_id, now());
          const other = row.buyer_id === studentId ? row.seller_id : row.buyer_id;
          if (other) {
            await deps.notifier.notify(trx, other, { kind: 'order', ...ORDER_NOTICES.otherPartyLeft(row.book_title), link: null });
          }
        }
        const all = await repo.ordersOf(trx, studentId);
        await repo.anonymiseStudent(trx, studentId, FORMER_STUDENT);
        // Other students' stored answers (an order) may quote them by id: those go too.
        await idempotency.forgetAnswersQuoting(trx, studentId);
        const links = all.flatMap((o) => [`/buyer/orders/${o.id}`, `/seller/orders/${o.id}`]);
        await deps.notifier.anonymise(trx, links, student.firstName, FORMER_STUDENT);
      },
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
