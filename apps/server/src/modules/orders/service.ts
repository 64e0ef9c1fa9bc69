// The order state machine (docs/api.md, Orders): a buyer requests a listing (reserving it), the seller
// accepts with a campus meetup or declines, either party may cancel before handover, the buyer confirms
// the handover, unanswered requests expire after 72 hours, and after completion each party reviews the
// other once. Every change notifies the other party in-app, by email and over the realtime channel.
import {
  LIMITS,
  MESSAGES,
  centsToRand,
  type AcceptOrderBody,
  type Order,
  type OrderMessage,
  type OrderStatus,
  type ReviewBody,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { OrderStatusColumn } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors.ts';
import { newId, newSortableId } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import type { RealtimeHub } from '../../lib/realtime.ts';
import type { SignedIn } from '../accounts/service.ts';
import { listingForOrder, markListingSold, releaseListing, reserveListing } from '../listings/availability.ts';
import * as idempotencyRepo from '../idempotency/repository.ts';
import { createIdempotency } from '../idempotency/service.ts';
import * as repo from './repository.ts';
import type { OrderRow } from './repository.ts';

const HOUR = 3_600_000;
const ACTIVE: OrderStatusColumn[] = ['requested', 'accepted'];

export interface Notifier {
  notify(db: AppContext['db'], studentId: string, n: { kind: string; title: string; body: string; link: string | null }): Promise<unknown>;
  /** Notifications about `links` that begin with `firstName` begin with `replacement` instead (account erased). */
  anonymise(db: AppContext['db'], links: string[], firstName: string, replacement: string): Promise<unknown>;
}

/** How a student whose account is gone appears to the other party of their orders. */
export const FORMER_STUDENT = 'Former student';

export interface OrderDeps {
  hub: RealtimeHub;
  notifier: Notifier;
  emailOf(studentId: string): Promise<string | undefined>;
}

const uploadsUrl = (path: string | null | undefined) => (path ? (path.startsWith('/') ? path : `/uploads/${path}`) : null);

export function toOrderJson(row: OrderRow, viewerId: string, reviews: { reviewer_id: string | null; rating: number; comment: string | null }[] = []): Order {
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
      status: (row.book_status ?? 'approved') as Order['book']['status'],
      availability: (row.book_availability ?? 'sold') as Order['book']['availability'],
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
  } as Order;
}

const STATE_MESSAGES: Partial<Record<OrderStatus, string>> = {
  completed: 'This order is already completed',
  cancelled: 'This order was cancelled',
  declined: 'This order was declined',
  expired: 'This order expired',
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
    if (!row) throw notFound('Order not found');
    if (row.buyer_id === auth.student.id) return { row, as: 'buyer' };
    if (row.seller_id === auth.student.id) return { row, as: 'seller' };
    throw notFound('Order not found');
  }

  async function orderJson(id: string, viewerId: string): Promise<Order> {
    const row = (await repo.findOrder(db, id))!;
    return toOrderJson(row, viewerId, await repo.reviewsOfOrder(db, id));
  }

  /** Tells the other party: in-app notification, email, realtime event to both. */
  async function announce(row: OrderRow, to: 'buyer' | 'seller', title: string, body: string) {
    const recipient = to === 'buyer' ? row.buyer_id : row.seller_id;
    const link = `/${to}/orders/${row.id}`;
    if (recipient) {
      await deps.notifier.notify(db, recipient, { kind: 'order', title, body, link });
      const email = await deps.emailOf(recipient);
      if (email) {
        ctx.mailer
          .send(brandedMail({ to: email, subject: title, heading: title, paragraphs: [body], action: { label: 'Open the order', url: `${ctx.config.publicUrl}${link}` } }))
          .catch(() => undefined);
      }
    }
    const fresh = await repo.findOrder(db, row.id);
    if (fresh) {
      for (const party of [fresh.buyer_id, fresh.seller_id]) {
        if (party) await deps.hub.publish([party], { type: 'order.updated', order: toOrderJson(fresh, party, await repo.reviewsOfOrder(db, row.id)) });
      }
    }
  }

  async function create(auth: SignedIn, bookId: string): Promise<Order> {
    const book = await listingForOrder(db, bookId);
    if (!book || book.status !== 'approved') throw conflict(MESSAGES.bookUnavailable, 'BOOK_UNAVAILABLE');
    if (book.seller_id === auth.student.id) throw forbidden('You cannot buy your own book', 'OWN_BOOK');
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
    await announce(row, 'seller', `${auth.student.firstName} wants to buy "${book.title}"`, 'Accept with a meetup spot and time on campus, or decline. The request expires in 72 hours.');
    return toOrderJson(row, auth.student.id);
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
      return toOrderJson(row, auth.student.id, await repo.reviewsOfOrder(db, id));
    },

    async list(auth: SignedIn, as: 'buyer' | 'seller', page: number, pageSize: number, status?: OrderStatusColumn[]) {
      const { rows, total } = await repo.listOrders(db, { studentId: auth.student.id, as, status, limit: pageSize, offset: (page - 1) * pageSize });
      return { items: rows.map((r) => toOrderJson(r, auth.student.id)), total, page, pageSize };
    },

    async accept(auth: SignedIn, id: string, body: AcceptOrderBody): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'seller') throw forbidden('Only the seller can accept this request');
      const at = new Date(body.meetupAt);
      if (at.getTime() <= clock.now().getTime()) throw badRequest('Please choose a meetup time in the future', { meetupAt: 'Please choose a meetup time in the future' });
      if (at.getTime() > clock.now().getTime() + 30 * 24 * HOUR) throw badRequest('Please choose a meetup time within the next 30 days', { meetupAt: 'Please choose a meetup time within the next 30 days' });
      const ok = await repo.transitionOrder(db, id, ['requested'], { status: 'accepted', meetup_location: body.meetupLocation, meetup_at: at.toISOString(), updated_at: now() });
      if (!ok) throw wrongState(row, 'This request is no longer waiting for an answer');
      await announce(row, 'buyer', `${row.seller_first_name} accepted: meet at ${body.meetupLocation}`, `Meet on ${at.toUTCString()} at ${body.meetupLocation}. Check the book, pay on handover, then confirm in Reshelf.`);
      return orderJson(id, auth.student.id);
    },

    async decline(auth: SignedIn, id: string, reason: string | undefined): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'seller') throw forbidden('Only the seller can decline this request');
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ['requested'], { status: 'declined', reason: reason ?? null, updated_at: now() }))) return false;
        if (row.book_id) await releaseListing(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw wrongState(row, 'This request is no longer waiting for an answer');
      await announce(row, 'buyer', `${row.seller_first_name} declined your request for "${row.book_title}"`, reason ? `Reason: ${reason}` : 'The book is back in the catalogue for others.');
      return orderJson(id, auth.student.id);
    },

    async cancel(auth: SignedIn, id: string, reason: string | undefined): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ACTIVE, { status: 'cancelled', reason: reason ?? null, updated_at: now() }))) return false;
        if (row.book_id) await releaseListing(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw wrongState(row, 'This order can no longer be cancelled');
      const who = as === 'buyer' ? row.buyer_first_name : row.seller_first_name;
      await announce(row, as === 'buyer' ? 'seller' : 'buyer', `${who} cancelled the order for "${row.book_title}"`, reason ? `Reason: ${reason}` : 'The order is cancelled.');
      return orderJson(id, auth.student.id);
    },

    async complete(auth: SignedIn, id: string): Promise<Order> {
      const { row, as } = await partyOrder(auth, id);
      if (as !== 'buyer') throw forbidden('Only the buyer confirms the handover');
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.transitionOrder(trx, id, ['accepted'], { status: 'completed', completed_at: now(), updated_at: now() }))) return false;
        if (row.book_id) await markListingSold(trx, row.book_id, now());
        return true;
      });
      if (!ok) throw wrongState(row, 'The seller has to accept before the handover can be confirmed');
      await announce(row, 'seller', `${row.buyer_first_name} confirmed the handover of "${row.book_title}"`, 'The sale is complete. Rate the buyer to help other students.');
      return orderJson(id, auth.student.id);
    },

    async review(auth: SignedIn, id: string, body: ReviewBody) {
      const { row, as } = await partyOrder(auth, id);
      if (row.status !== 'completed') throw conflict('You can review only after the handover is complete', 'INVALID_STATE');
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
        if (await repo.findReview(db, id, auth.student.id)) throw conflict('You have already reviewed this order', 'ALREADY_REVIEWED');
        throw err;
      }
      await announce(row, as === 'buyer' ? 'seller' : 'buyer', `${auth.student.firstName} rated you ${body.rating}/5`, body.comment ?? 'Thanks for trading on Reshelf.');
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
          await announce(row, 'buyer', `Your request for "${row.book_title}" expired`, 'The seller did not answer within 72 hours. The book is back in the catalogue.');
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

    ratingsOf: (ids: string[], dbh: AppContext['db'] = db) => repo.ratingsOf(dbh, ids),

    /**
     * Before an account is erased: its active orders are cancelled (books freed) and the other party told;
     * the orders, messages and reviews the other party keeps no longer carry the student's name.
     */
    accountDeletionHook: {
      async beforeDelete(trx: AppContext['db'], studentId: string, student: { firstName: string }) {
        const active = await repo.activeOrdersOf(trx, studentId);
        for (const row of active) {
          await repo.transitionOrder(trx, row.id, ACTIVE, { status: 'cancelled', reason: 'The other student closed their account', updated_at: now() });
          if (row.book_id && row.buyer_id === studentId) await releaseListing(trx, row.book_id, now());
          const other = row.buyer_id === studentId ? row.seller_id : row.buyer_id;
          if (other) {
            await deps.notifier.notify(trx, other, { kind: 'order', title: `The order for "${row.book_title}" was cancelled`, body: 'The other student closed their Reshelf account.', link: null });
          }
        }
        const all = await repo.ordersOf(trx, studentId);
        await repo.anonymiseStudent(trx, studentId, FORMER_STUDENT);
        // Other students' stored answers (an order) may quote them by id: those go too.
        await idempotencyRepo.deleteAnswersQuoting(trx, studentId);
        const links = all.flatMap((o) => [`/buyer/orders/${o.id}`, `/seller/orders/${o.id}`]);
        await deps.notifier.anonymise(trx, links, student.firstName, FORMER_STUDENT);
      },
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
