// Moderation: an admin approves or declines a pending listing; the seller hears about it in the app
// (recorded with the decision, in one transaction) and by email (after it, best effort). Admins also keep
// editions' new prices here (kept by the listings module).
import { MODERATION_NOTICES, type Book, type BookStatus, type Notification, type Student } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { brandedMail } from '../../lib/mailer.ts';
import type { Db } from '../../db/index.ts';
import type { ListingsService } from '../listings/service.ts';
import { notify } from '../notifications/service.ts';

export interface ModerationDeps {
  listings: ListingsService;
  /** The seller's email address (from the accounts module). */
  emailOf(studentId: string): Promise<string | undefined>;
  log?: { error(obj: unknown, msg: string): void };
  /** Pushes a stored notification to the seller's open tabs (realtime), after the decision commits. */
  publish?(studentId: string, notification: Notification): Promise<void>;
  /**
   * Runs in the approval's transaction (the wishlists record their matches and notices there, so they
   * commit with it or not at all); what it returns runs once the approval has committed.
   */
  onApproved?(trx: Db, book: Book): Promise<() => Promise<void>>;
}

const { approvedTitle, declinedTitle } = MODERATION_NOTICES;

export function createModerationService(ctx: AppContext, deps: ModerationDeps) {
  const { clock, mailer, config } = ctx;
  const { listings } = deps;
  const sellerBooksUrl = `${config.publicUrl}/seller/books`;

  async function mailSeller(book: Book, subject: string, heading: string, paragraphs: string[], action: { label: string; url: string }) {
    try {
      const to = await deps.emailOf(book.seller.id);
      if (!to) return;
      await mailer.send(brandedMail({ to, subject, heading, paragraphs, action }));
    } catch (err) {
      // The decision stands and the in-app notice is stored; a mail outage must not undo either.
      deps.log?.error({ err, bookId: book.id }, 'moderation mail failed');
    }
  }

  async function publish(studentId: string, notification: Notification | undefined) {
    if (!notification || !deps.publish) return;
    await deps.publish(studentId, notification).catch((err: unknown) => deps.log?.error({ err }, 'moderation notice push failed'));
  }

  return {
    queue: (status: BookStatus, page: number, pageSize: number) => listings.moderationQueue(status, page, pageSize),

    /** Editions' new prices, which the sell wizard's price guidance shows (the listings module keeps them). */
    newPrices: (page: number, pageSize: number) => listings.newPrices(page, pageSize),
    setNewPrice: (admin: Student, isbn13: string, price: number) => listings.setNewPrice(admin, isbn13, price),
    removeNewPrice: (isbn13: string) => listings.removeNewPrice(isbn13),

    /** `seen`: the version of the listing the admin was shown (its updatedAt); the approval applies only to it. */
    async approve(bookId: string, seen?: string): Promise<Book> {
      let notice: Notification | undefined;
      let afterApproval: (() => Promise<void>) | undefined;
      const book = await listings.moderate(bookId, { status: 'approved', seen }, async (trx, decided) => {
        notice = await notify(trx, decided.seller.id, {
          kind: 'listing_approved',
          title: approvedTitle(decided.title),
          body: MODERATION_NOTICES.approvedBody,
          link: `/books/${decided.id}`,
          at: clock.now(),
        });
        // A listing of a suspended seller is approved into `suspended`, out of the catalogue: nothing to match yet.
        if (decided.status === 'approved') afterApproval = await deps.onApproved?.(trx, decided);
      });
      await publish(book.seller.id, notice);
      await afterApproval?.().catch((err: unknown) => deps.log?.error({ err, bookId: book.id }, 'after-approval work failed'));
      await mailSeller(
        book,
        approvedTitle(book.title),
        approvedTitle(book.title),
        MODERATION_NOTICES.approvedMail(book.seller.firstName, book.title),
        { label: MODERATION_NOTICES.approvedAction, url: `${config.publicUrl}/books/${book.id}` },
      );
      return book;
    },

    async decline(bookId: string, reason: string, seen?: string): Promise<Book> {
      let notice: Notification | undefined;
      const book = await listings.moderate(bookId, { status: 'declined', reason, seen }, async (trx, decided) => {
        notice = await notify(trx, decided.seller.id, {
          kind: 'listing_declined',
          title: declinedTitle(decided.title),
          body: MODERATION_NOTICES.declinedBody(reason),
          link: '/seller/books',
          at: clock.now(),
        });
      });
      await publish(book.seller.id, notice);
      await mailSeller(
        book,
        declinedTitle(book.title),
        declinedTitle(book.title),
        MODERATION_NOTICES.declinedMail(book.seller.firstName, book.title, reason),
        { label: MODERATION_NOTICES.declinedAction, url: sellerBooksUrl },
      );
      return book;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
