// A listing's life after approval (docs/decisions/0031-listing-lifecycle.md): it expires 90 days after
// approval unless its seller renews it (reminded 7 days before, once per expiry date), its seller may mark
// it sold elsewhere, reports may hide it until an admin decides, an admin may take it down, and it leaves
// the catalogue with its seller's suspension. Each of these is a status other than `approved`, so the
// catalogue's one rule (approved and available) takes the listing out of every public view at once: the
// catalogue and its search index, edition pages, book pages for anyone but its seller and the admins,
// carts (which show it unavailable) and new orders. The seller hears of each change in the app, and by
// email where they have something to do (renew, fix a taken-down listing).
import { LIFECYCLE_MESSAGES, LIFECYCLE_NOTICES, LISTING_LIFETIME, REPORT_MESSAGES, expiryFrom, formatDate, renewPath, type Book, type Notification } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { brandedMail } from '../../lib/mailer.ts';
import { isSuspended } from '../accounts/service.ts';
import { notify } from '../notifications/service.ts';
import * as repo from './lifecycle-repository.ts';
import { findBook } from './repository.ts';
import type { ListingReader } from './reading.ts';

/** How the seller is reached beyond the stored notice: their email, and their open tabs. */
export interface LifecycleNotices {
  emailOf(studentId: string): Promise<string | undefined>;
  publish?(studentId: string, notification: Notification): Promise<void>;
  log?: { error(obj: unknown, msg: string): void };
}

/** Work to do once a change has committed (realtime pushes, emails); never undoes the change if it fails. */
export type AfterCommit = () => Promise<void>;

/** The first name a notice greets the seller with (from their Book JSON's seller summary). */
type Seller = { id: string; firstName: string };

export function createListingLifecycle(ctx: AppContext, reader: ListingReader) {
  const { db, clock, mailer, config } = ctx;
  let notices: LifecycleNotices = { emailOf: async () => undefined };
  const now = () => iso(clock.now());

  const publish = (studentId: string, notification: Notification): AfterCommit => async () => {
    await notices.publish?.(studentId, notification).catch((err: unknown) => notices.log?.error({ err }, 'listing notice push failed'));
  };

  const mail = (seller: Seller, subject: string, paragraphs: string[], action: { label: string; url: string }): AfterCommit => async () => {
    try {
      const to = await notices.emailOf(seller.id);
      if (to) await mailer.send(brandedMail({ to, subject, heading: subject, paragraphs, action }));
    } catch (err) {
      notices.log?.error({ err, sellerId: seller.id }, 'listing notice mail failed');
    }
  };

  /** The seller's and the admins' view of these books: when each expires, and why it was taken down. */
  async function ownerViews(books: Book[], trx: Db = db): Promise<Book[]> {
    const rows = new Map((await repo.findLifecycle(trx, books.map((b) => b.id))).map((r) => [r.id, r]));
    return books.map((book) => {
      const row = rows.get(book.id);
      return {
        ...book,
        expiresAt: row && (row.status === 'approved' || row.status === 'expired' || row.status === 'hidden' || row.status === 'suspended') ? row.expires_at : null,
        takenDown: row?.status === 'taken_down' && row.takedown_reason && row.taken_down_at ? { reason: row.takedown_reason, at: row.taken_down_at } : null,
      };
    });
  }

  async function ownerView(id: string, trx: Db = db): Promise<Book> {
    const row = await findBook(trx, id);
    if (!row) throw notFound();
    const [book] = await ownerViews(await reader.toBooks([row], trx), trx);
    return book!;
  }

  /** The owner's listing for a change they ask for; anyone else's is 404, as everywhere else. */
  async function ownRow(sellerId: string, id: string) {
    const row = await repo.findForLifecycle(db, id);
    if (!row || row.seller_id !== sellerId) throw notFound();
    return row;
  }

  /** Why the owner cannot do what they asked, from the state the listing is in. */
  function refusal(row: { status: string; availability: string }, otherwise: string) {
    if (row.status === 'hidden') return conflict(LIFECYCLE_MESSAGES.underReview, 'UNDER_REVIEW');
    if (row.status === 'sold_elsewhere') return conflict(LIFECYCLE_MESSAGES.soldElsewhere, 'SOLD_ELSEWHERE');
    if (row.status === 'taken_down') return conflict(LIFECYCLE_MESSAGES.takenDown, 'TAKEN_DOWN');
    return conflict(otherwise, 'INVALID_STATE');
  }

  return {
    ownerViews,
    ownerView,

    /** Who the seller's notices reach beyond the app (set once the mail and realtime parts exist). */
    useNotices(given: LifecycleNotices) {
      notices = given;
    },

    /**
     * The owner keeps an approved or expired listing that is not sold in the catalogue for another 90 days
     * from now, without another review (its details have not changed since a moderator approved them).
     */
    async renew(sellerId: string, id: string): Promise<Book> {
      const row = await ownRow(sellerId, id);
      const t = clock.now();
      if (!(await repo.renew(db, id, sellerId, iso(expiryFrom(t)), iso(t)))) {
        throw refusal((await repo.findForLifecycle(db, id)) ?? row, LIFECYCLE_MESSAGES.notRenewable);
      }
      return ownerView(id);
    },

    /**
     * The owner sold the book outside Reshelf: it leaves the catalogue for good. Not while it is in an order
     * (the order decides), and never counted as a Reshelf sale (availability stays as it was; edition pages
     * count sales by availability 'sold').
     */
    async markSoldElsewhere(sellerId: string, id: string): Promise<Book> {
      const row = await ownRow(sellerId, id);
      if (!(await repo.markSoldElsewhere(db, id, sellerId, now()))) {
        const current = (await repo.findForLifecycle(db, id)) ?? row;
        if (current.availability === 'reserved') throw conflict(LIFECYCLE_MESSAGES.notMarkable, 'LISTING_LOCKED');
        throw refusal(current, LIFECYCLE_MESSAGES.notMarkable);
      }
      return ownerView(id);
    },

    /**
     * Reports hid the listing (inside the report's transaction); false when it was not approved. The seller
     * is told in the app; what to run after the commit comes back with it.
     */
    async hideForReports(trx: Db, id: string): Promise<{ hidden: boolean; after: AfterCommit }> {
      const row = await repo.findForLifecycle(trx, id);
      if (!row || !(await repo.hideIfApproved(trx, id, now()))) return { hidden: false, after: async () => undefined };
      const notice = await notify(trx, row.seller_id, {
        kind: 'listing_hidden',
        title: LIFECYCLE_NOTICES.hiddenTitle(row.title),
        body: LIFECYCLE_NOTICES.hiddenBody,
        link: '/seller/books',
        at: clock.now(),
      });
      return { hidden: true, after: publish(row.seller_id, notice) };
    },

    /**
     * An admin dismissed the reports of a hidden listing: it comes back (inside the decision's transaction),
     * as expired if its time ran out meanwhile, or suspended if its seller is.
     */
    async restoreHidden(trx: Db, id: string): Promise<AfterCommit> {
      const row = await repo.findForLifecycle(trx, id);
      if (!row || row.status !== 'hidden') return async () => undefined;
      if (!(await repo.restoreIfHidden(trx, id, now(), await isSuspended(trx, row.seller_id)))) return async () => undefined;
      const notice = await notify(trx, row.seller_id, {
        kind: 'listing_restored',
        title: LIFECYCLE_NOTICES.restoredTitle(row.title),
        body: LIFECYCLE_NOTICES.restoredBody,
        link: '/seller/books',
        at: clock.now(),
      });
      return publish(row.seller_id, notice);
    },

    /**
     * An admin takes a listing down with a reason its seller reads (in the app now, by email after the
     * commit). 404 for no listing; 409 unless it was approved at some point and is not sold. Whether it was
     * reserved comes back, so the caller cancels its order in the same transaction.
     */
    async takeDown(trx: Db, id: string, reason: string): Promise<{ wasReserved: boolean; book: Book; after: AfterCommit }> {
      const row = await repo.findForLifecycle(trx, id);
      if (!row) throw notFound();
      if (!(await repo.takeDown(trx, id, reason, now()))) throw conflict(REPORT_MESSAGES.notTakeDownable, 'INVALID_STATE');
      const book = await ownerView(id, trx);
      const notice = await notify(trx, row.seller_id, {
        kind: 'listing_taken_down',
        title: LIFECYCLE_NOTICES.takenDownTitle(row.title),
        body: LIFECYCLE_NOTICES.takenDownBody(reason),
        link: '/seller/books',
        at: clock.now(),
      });
      const seller = book.seller;
      const sendMail = mail(seller, LIFECYCLE_NOTICES.takenDownTitle(row.title), LIFECYCLE_NOTICES.takenDownMail(seller.firstName, row.title, reason), {
        label: LIFECYCLE_NOTICES.takenDownAction,
        url: `${config.publicUrl}/seller/books`,
      });
      const push = publish(row.seller_id, notice);
      return {
        wasReserved: row.availability === 'reserved',
        book,
        after: async () => {
          await push();
          await sendMail();
        },
      };
    },

    /** The seller's approved listings leave the catalogue with their suspension (inside its transaction). */
    suspendSeller: (trx: Db, sellerId: string) => repo.suspendListingsOf(trx, sellerId, now()),

    /** Their suspended listings come back (or expire, if their time ran out meanwhile). */
    unsuspendSeller: (trx: Db, sellerId: string) => repo.unsuspendListingsOf(trx, sellerId, now()),

    /**
     * Reminds each seller, once per expiry date, of a listing that leaves the catalogue within 7 days:
     * in the app and by email with a one-click renewal (a link into My Books, which renews it once the
     * seller is signed in). One process claims each reminder. Returns how many went out.
     */
    async remindExpiring(): Promise<number> {
      const t = clock.now();
      let sent = 0;
      for (const due of await repo.dueForReminder(db, iso(t), iso(new Date(t.getTime() + LISTING_LIFETIME.reminderMs)), 200)) {
        if (!due.expires_at || !(await repo.claimReminder(db, due.id, due.expires_at))) continue;
        const date = formatDate(due.expires_at);
        const notice = await notify(db, due.seller_id, {
          kind: 'listing_expiring',
          title: LIFECYCLE_NOTICES.expiringTitle(due.title, date),
          body: LIFECYCLE_NOTICES.expiringBody,
          link: renewPath(due.id),
          at: t,
        });
        await publish(due.seller_id, notice)();
        const [seller] = await reader.sellerSummaries(db, [due.seller_id]).then((m) => [...m.values()]);
        if (seller) {
          await mail(seller, LIFECYCLE_NOTICES.expiringTitle(due.title, date), LIFECYCLE_NOTICES.expiringMail(seller.firstName, due.title, date), {
            label: LIFECYCLE_NOTICES.expiringAction,
            url: `${config.publicUrl}${renewPath(due.id)}`,
          })();
        }
        sent += 1;
      }
      return sent;
    },

    /** Takes listings whose time has come out of the catalogue (a listing in an order waits for the order). */
    async expireDue(): Promise<number> {
      const t = clock.now();
      let expired = 0;
      for (const due of await repo.dueToExpire(db, iso(t), 200)) {
        let notice: Notification | undefined;
        await db.transaction().execute(async (trx) => {
          if (!(await repo.expireIfDue(trx, due.id, iso(t)))) return;
          notice = await notify(trx, due.seller_id, {
            kind: 'listing_expired',
            title: LIFECYCLE_NOTICES.expiredTitle(due.title),
            body: LIFECYCLE_NOTICES.expiredBody,
            link: '/seller/books',
            at: t,
          });
        });
        if (!notice) continue;
        await publish(due.seller_id, notice)();
        expired += 1;
      }
      return expired;
    },
  };
}

export type ListingLifecycle = ReturnType<typeof createListingLifecycle>;
