// The order state machine (docs/api.md, Orders): a buyer requests a listing (reserving it), the seller
// accepts with a campus meetup or declines, either party may cancel before handover, the buyer confirms
// the handover, unanswered requests expire after 72 hours, and after completion each party reviews the
// other once. Every change notifies the other party in-app, by email and over the realtime channel.
import {
  LIMITS,
  MESSAGES,
  ORDER_NOTICES,
  centsToRand,
  endedWithoutSale,
  meetupTimeProblem,
  pageOffset,
  type NoticeText,
  type AcceptOrderBody,
  type Order,
  type OrderMessage,
  type OrderStatus,
  type ReviewBody,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { OrderStatusColumn } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors.ts';
import { newId, newSortableId } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import type { RealtimeHub } from '../../lib/realtime.ts';
import type { SignedIn } from '../accounts/service.ts';
import { createIdempotency } from '../idempotency/service.ts';
import { listingForOrder, listingStates, markListingSold, releaseListing, reserveListing } from '../listings/service.ts';
import * as repo from './repository.ts';
import type { OrderRow } from './repository.ts';

const HOUR = 3_600_000;
const ACTIVE: OrderStatusColumn[] = ['requested', 'accepted'];

export interface Notifier {
  notify(db: Db, studentId: string, n: { kind: string; title: string; body: string; link: string | null }): Promise<unknown>;
  /** Notifications about `links` that begin with `firstName` begin with `replacement` instead (account erased). */
  anonymise(db: Db, links: string[], firstName: string, replacement: string): Promise<unknown>;
}

const FORMER_STUDENT = MESSAGES.formerStudent;

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

export function toOrderJson(
  row: OrderRow,
  listing: ListingState,
  viewerId: string,
  reviews: { reviewer_id: string | null; rating: number; comment: string | null }[] = [],
): Order {
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

  async function json(row: OrderRow, viewerId: string, withReviews: boolean): Promise<Order> {
    const [listings, reviews] = await Promise.all([listingsOf([row]), withReviews ? repo.reviewsOfOrder(db, row.id) : []]);
    return toOrderJson(row, (row.book_id && listings.get(row.book_id)) || null, viewerId, reviews);
  }

  async function orderJson(id: string, viewerId: string): Promise<Order> {
    return json((await repo.findOrder(db, id))!, viewerId, true);
  }

  /** Tells the other party: in-app notification, email, realtime event to both. */
  async function announce(row: OrderRow, to: 'buyer' | 'seller', { title, body }: NoticeText) {
    const recipient = to === 'buyer' ? row.buyer_id : row.seller_id;
    const link = `/${to}/orders/${row.id}`;
    if (recipient) {
      await deps.notifier.notify(db, recipient, { kind: 'order', title, body, link });
      const email = await deps.emailOf(recipient);
      if (email) {
        ctx.mailer
          .send(brandedMail({ to: email, subject: title, heading: title, paragraphs: [body], action: { label: ORDER_NOTICES.openOrder, url: `${ctx.config.publicUrl}${link}` } }))
          .catch(() => undefined);
      }
    }
    const fresh = await repo.findOrder(db, row.id);
    if (fresh) {
      const [listings, reviews] = await Promise.all([listingsOf([fresh]), repo.reviewsOfOrder(db, fresh.id)]);
      const listing = (fresh.book_id && listings.get(fresh.book_id)) || null;
      for (const party of [fresh.buyer_id, fresh.seller_id]) {
        if (party) await deps.hub.publish([party], { type: 'order.updated', order: toOrderJson(fresh, listing, party, reviews) });
      }
    }
  }

  async function create(auth: SignedIn, bookId: string): Promise<Order> {
    const book = await listingForOrder(db, bookId);
    if (!book || book.status !== 'approved') throw conflict(MESSAGES.bookUnavailable, 'BOOK_UNAVAILABLE');
    refuseOwnBook(book.seller_id, auth.student.id);
    const id = newId();
    const t = clock.now();
    const created = await db.transaction().execute(async (trx) => {
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
      return { items: rows.map((r) => toOrderJson(r, (r.book_id && listings.get(r.book_id)) || null, auth.student.id)), total, page, pageSize };
    },

    async accept(auth: SignedIn, id: string, body: AcceptOrderBody): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'seller') throw forbidden(MESSAGES.onlySellerAccepts);
      const at = new Date(body.meetupAt);
      const problem = meetupTimeProblem(at, clock.now());
      if (problem) throw badRequest(problem, { meetupAt: problem });
      const ok = await repo.transitionOrder(db, id, ['requested'], { status: 'accepted', meetup_location: body.meetupLocation, meetup_at: at.toISOString(), updated_at: now() });
      if (!ok) throw wrongState(row, MESSAGES.requestNotWaiting);
      await announce(row, 'buyer', ORDER_NOTICES.accepted(row.seller_first_name, body.meetupLocation, at.toUTCString()));
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

    async complete(auth: SignedIn, id: string): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'buyer') throw forbidden(MESSAGES.onlyBuyerCompletes);
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ['accepted'], { status: 'completed', completed_at: now(), updated_at: now() }))) return false;
        if (row.book_id) await markListingSold(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw wrongState(row, MESSAGES.handoverBeforeAccept);
      await announce(row, 'seller', ORDER_NOTICES.completed(row.buyer_first_name, row.book_title));
      return orderJson(id, auth.student.id);
    },

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

    /** Live counts for the buyer's home page. */
    async buyerCounts(auth: SignedIn) {
      const rows = await repo.countOrdersByStatus(db, 'buyer_id', auth.student.id);
      const count = (s: string[]) => rows.filter((r) => s.includes(r.status)).reduce((a, r) => a + Number(r.n), 0);
      return { pending: count(['requested', 'accepted']), completed: count(['completed']) };
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
