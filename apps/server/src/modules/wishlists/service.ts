// Wishlists (docs/decisions/0026-wishlist-matching.md): a student saves what they wait for (an ISBN, search
// words or a course code, optionally at one campus and up to a price); when a moderator approves a listing
// that matches an entry, the entry's owner gets one in-app notification (recorded in the approval's own
// transaction, with the match row whose key makes it once per entry and listing) and one email, sent after
// the commit from that same row (an outbox: a send that failed or never ran is retried by the mail job).
// An entry that matched more than LIMITS.wishlistDigestAfter listings within a day sends its next ones in
// one daily digest. Every email carries a signed one-click unsubscribe link for its entry.
import {
  LIMITS,
  MESSAGES,
  WISHLIST_NOTICES,
  centsToRand,
  formatRand,
  randToCents,
  universityName,
  wishlistEntryText,
  type Book,
  type Notification,
  type Student,
  type UnsubscribeAnswer,
  type WishlistEntry,
  type WishlistEntryBody,
  type WishlistList,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { brandedMail, type Mail } from '../../lib/mailer.ts';
import type { Signer } from '../../lib/signing.ts';
import { notify } from '../notifications/service.ts';
import { entryMatches, listingForMatching, listingWords, queryKey, queryWords } from './matching.ts';
import * as repo from './repository.ts';
import type { EntryRow, EntryWithCounts } from './repository.ts';

/** What an unsubscribe link is signed for: nothing else signed by the server verifies as one. */
const UNSUBSCRIBE = 'wishlist-unsubscribe';
/** A sender holds a match's email this long; if its process dies meanwhile, another sends it after. */
export const MAIL_HOLD_MS = 10 * 60_000;
/** Sends of one email tried before it is given up. */
export const MAIL_ATTEMPTS = 5;
/** How many waiting emails one run of the mail job takes. */
const MAIL_BATCH = 100;

export interface WishlistsDeps {
  signer: Signer;
  /** The entry owner's name and address (accounts). */
  studentOf(studentId: string): Promise<Pick<Student, 'firstName' | 'email'> | null>;
  /** Book JSON of listings, whatever their status (listings). */
  booksByIds(ids: string[]): Promise<Book[]>;
  /** Pushes a stored notification to the student's open tabs, after the approval commits. */
  publish?(studentId: string, notification: Notification): Promise<void>;
  log?: { error(obj: unknown, msg: string): void };
}

type Criteria = Pick<EntryRow, 'isbn' | 'q' | 'course' | 'university' | 'max_price_cents'>;

/** An entry in words, for notices and emails. */
function describe(entry: Criteria): string {
  return wishlistEntryText({
    isbn: entry.isbn,
    q: entry.q,
    course: entry.course,
    universityName: entry.university ? universityName(entry.university) : null,
    maxPrice: entry.max_price_cents === null ? null : formatRand(centsToRand(entry.max_price_cents)),
  });
}

const criteriaJson = (entry: Criteria) => ({
  isbn: entry.isbn,
  q: entry.q,
  course: entry.course,
  university: entry.university as WishlistEntry['university'],
  maxPrice: entry.max_price_cents === null ? null : centsToRand(entry.max_price_cents),
});

function toEntry(row: EntryWithCounts): WishlistEntry {
  return { id: row.id, ...criteriaJson(row), emails: row.emails_stopped_at === null, matches: row.matches, lastMatchAt: row.last_match_at, createdAt: row.created_at };
}

/** What an entry waits for, in one canonical text: the same search in other words or order is the same entry. */
function criteriaKey(body: WishlistEntryBody): string {
  const words = body.q === undefined ? null : [...queryWords(body.q)].sort().join(' ');
  return JSON.stringify([body.isbn ?? null, words, body.course ?? null, body.university ?? null]);
}

const isForSale = (book: Book) => book.status === 'approved' && book.availability === 'available';

export function createWishlistsService(ctx: AppContext, deps: WishlistsDeps) {
  const { db, clock, config, mailer } = ctx;
  const now = () => iso(clock.now());

  const unsubscribeApiUrl = (token: string) => `${config.publicUrl}/api/v1/wishlist/unsubscribe/${token}`;
  const unsubscribePageUrl = (token: string) => `${config.publicUrl}/wishlist/unsubscribe/${token}`;

  /** An email about `entry`, with its entry's one-click unsubscribe (RFC 8058) in the headers and the small print. */
  function entryMail(to: string, wishlistId: string, entry: Criteria, content: Omit<Parameters<typeof brandedMail>[0], 'to' | 'unsubscribe'>): Mail {
    const token = deps.signer.sign(UNSUBSCRIBE, wishlistId);
    const mail = brandedMail({
      ...content,
      to,
      unsubscribe: { reason: WISHLIST_NOTICES.mailReason(describe(entry)), label: WISHLIST_NOTICES.unsubscribeLink, url: unsubscribePageUrl(token) },
    });
    return { ...mail, headers: { 'List-Unsubscribe': `<${unsubscribeApiUrl(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
  }

  const claimWindow = () => {
    const at = clock.now();
    return { claim: newId(), now: iso(at), staleBefore: iso(new Date(at.getTime() - MAIL_HOLD_MS)), maxAttempts: MAIL_ATTEMPTS };
  };

  /**
   * Sends what one claim holds: one match's own email, or one entry's digest. Matches whose entry stopped
   * its emails, whose owner is gone or whose books are no longer for sale are settled without a mail.
   */
  async function deliver(claim: string): Promise<void> {
    const rows = await repo.claimedMatches(db, claim);
    const first = rows[0];
    if (!first) return;
    try {
      const student = first.emails_stopped_at === null ? await deps.studentOf(first.student_id) : null;
      const books = student ? (await deps.booksByIds(rows.map((r) => r.book_id))).filter(isForSale) : [];
      if (!student || !books.length) {
        await repo.markUnsent(db, claim);
        return;
      }
      const entryWords = describe(first);
      const bookUrl = (book: Book) => `${config.publicUrl}/books/${book.id}`;
      const campus = (book: Book) => universityName(book.seller.university);
      let mail: Mail;
      if (first.email === 'digest') {
        const title = WISHLIST_NOTICES.digestTitle(books.length, entryWords);
        mail = entryMail(student.email, first.wishlist_id, first, {
          subject: title,
          heading: title,
          paragraphs: WISHLIST_NOTICES.digestMail(student.firstName, books.length),
          links: books.map((book) => ({ text: WISHLIST_NOTICES.digestLine(book.title, formatRand(book.price), campus(book)), url: bookUrl(book) })),
          action: { label: WISHLIST_NOTICES.digestAction, url: `${config.publicUrl}/buyer/wishlist` },
        });
      } else {
        const book = books[0]!;
        const title = WISHLIST_NOTICES.matchTitle(book.title);
        mail = entryMail(student.email, first.wishlist_id, first, {
          subject: title,
          heading: title,
          paragraphs: WISHLIST_NOTICES.matchMail(student.firstName, book.title, book.author, formatRand(book.price), campus(book), entryWords),
          action: { label: WISHLIST_NOTICES.matchAction, url: bookUrl(book) },
        });
      }
      await mailer.send(mail);
      await repo.markSent(db, claim, now());
    } catch (err) {
      deps.log?.error({ err, wishlistId: first.wishlist_id }, 'wishlist mail failed; it is tried again later');
      await repo.markFailed(db, claim).catch((markErr: unknown) => deps.log?.error({ err: markErr }, 'could not record a failed wishlist mail'));
    }
  }

  /** Sends the own email of these matches of one listing, each by whoever claims it first. */
  async function sendMatches(bookId: string, wishlistIds: readonly string[]): Promise<void> {
    for (const wishlistId of wishlistIds) {
      const w = claimWindow();
      if (await repo.claimMatch(db, wishlistId, bookId, w)) await deliver(w.claim);
    }
  }

  async function ownEntry(studentId: string, id: string): Promise<EntryRow> {
    const row = await repo.findEntry(db, id);
    // Someone else's entry is as good as missing.
    if (!row || row.student_id !== studentId) throw notFound(MESSAGES.wishlistEntryNotFound);
    return row;
  }

  async function entryJson(id: string): Promise<WishlistEntry> {
    const row = await repo.findEntryWithCounts(db, id);
    if (!row) throw notFound(MESSAGES.wishlistEntryNotFound);
    return toEntry(row);
  }

  /** The entry of an unsubscribe link: 400 when the link was not signed by this server, 404 when the entry is gone. */
  async function entryOfLink(token: string): Promise<EntryRow> {
    const id = deps.signer.verify(UNSUBSCRIBE, token);
    if (!id) throw badRequest(MESSAGES.unsubscribeInvalid, undefined, 'INVALID_LINK');
    const row = await repo.findEntry(db, id);
    if (!row) throw notFound(MESSAGES.unsubscribeEntryGone, 'ENTRY_GONE');
    return row;
  }

  return {
    async list(studentId: string, page: number, pageSize: number): Promise<WishlistList> {
      const [rows, total] = await Promise.all([repo.listEntries(db, studentId, pageSize, (page - 1) * pageSize), repo.countEntries(db, studentId)]);
      return { items: rows.map(toEntry), total, page, pageSize };
    },

    /**
     * Saves an entry: 'created' with the new entry, or 'updated' when the student already waits for the
     * same thing under another price (the entry takes the new price); the same entry again is 409, and a
     * 51st entry 409. Each entry takes a free slot of the student's 50, so saves racing for the last one
     * cannot both win.
     */
    async add(studentId: string, body: WishlistEntryBody): Promise<{ status: 'created' | 'updated'; entry: WishlistEntry }> {
      const criteria = criteriaKey(body);
      const maxPriceCents = body.maxPrice === undefined ? null : randToCents(body.maxPrice);
      const words = body.q === undefined ? [] : queryWords(body.q);
      for (let attempt = 0; attempt <= LIMITS.wishlistMaxEntries; attempt++) {
        const existing = await repo.findByCriteria(db, studentId, criteria);
        if (existing) {
          if (existing.max_price_cents === maxPriceCents) throw conflict(MESSAGES.wishlistDuplicate, 'WISHLIST_DUPLICATE');
          await repo.setMaxPrice(db, existing.id, maxPriceCents);
          return { status: 'updated', entry: await entryJson(existing.id) };
        }
        const used = await repo.usedSlots(db, studentId);
        const slot = Array.from({ length: LIMITS.wishlistMaxEntries }, (_, i) => i + 1).find((s) => !used.has(s));
        if (slot === undefined) throw conflict(MESSAGES.wishlistFull, 'WISHLIST_FULL');
        const id = newId();
        const inserted = await repo.insertEntry(db, {
          id,
          student_id: studentId,
          slot,
          isbn: body.isbn ?? null,
          q: body.q ?? null,
          q_key: queryKey(words),
          course: body.course ?? null,
          university: body.university ?? null,
          max_price_cents: maxPriceCents,
          criteria,
          emails_stopped_at: null,
          created_at: now(),
        });
        if (inserted) return { status: 'created', entry: await entryJson(id) };
        // Another save took this slot or saved the same entry at the same moment: look again.
      }
      throw conflict(MESSAGES.wishlistFull, 'WISHLIST_FULL');
    },

    async remove(studentId: string, id: string): Promise<void> {
      if (!(await repo.deleteOwnEntry(db, studentId, id))) throw notFound(MESSAGES.wishlistEntryNotFound);
    },

    /** Turns the entry's emails on or off (off drops the emails still waiting). */
    async setEmails(studentId: string, id: string, emails: boolean): Promise<WishlistEntry> {
      const row = await ownEntry(studentId, id);
      await repo.setEmailsStopped(db, row.id, emails ? null : now());
      if (!emails) await repo.dropUnsent(db, row.id);
      return entryJson(row.id);
    },

    /** The link's own token for an entry (what its emails carry). */
    unsubscribeToken: (wishlistId: string) => deps.signer.sign(UNSUBSCRIBE, wishlistId),

    /** What an unsubscribe link is about, for its confirmation page. */
    async unsubscribeInfo(token: string): Promise<UnsubscribeAnswer> {
      const row = await entryOfLink(token);
      return { entry: criteriaJson(row), emails: row.emails_stopped_at === null };
    },

    /** One-click unsubscribe: the link's entry sends no more emails (again is fine); it stays on the wishlist. */
    async unsubscribe(token: string): Promise<UnsubscribeAnswer> {
      const row = await entryOfLink(token);
      await repo.setEmailsStopped(db, row.id, now());
      await repo.dropUnsent(db, row.id);
      return { entry: criteriaJson(row), emails: false };
    },

    /**
     * Inside the approval's transaction: records a match and an in-app notification for every entry the
     * listing matches (none twice: a match already recorded for the entry and listing, by an earlier
     * approval of the same listing or a racing retry, records nothing). Returns what to do once the
     * approval has committed: push the notifications and send the emails.
     */
    async matchApproved(trx: Db, book: Book): Promise<() => Promise<void>> {
      const listing = listingForMatching(book);
      const words = listingWords(listing);
      const candidates = await repo.candidateEntries(trx, {
        sellerId: listing.sellerId,
        isbn13: listing.isbn13,
        codes: listing.courses.map((c) => c.code),
        campus: listing.campus,
        priceCents: listing.priceCents,
        text: ` ${words.join(' ')} `,
      });
      const at = clock.now();
      const since = iso(new Date(at.getTime() - LIMITS.wishlistDigestWindowMs));
      const recorded: { entry: EntryRow; notification: Notification; email: 'each' | 'digest' | 'none' }[] = [];
      for (const entry of candidates.filter((c) => entryMatches(c, listing, words))) {
        const email =
          entry.emails_stopped_at !== null ? 'none' : (await repo.countMatchesSince(trx, entry.id, since)) >= LIMITS.wishlistDigestAfter ? 'digest' : 'each';
        const fresh = await repo.insertMatch(trx, { wishlist_id: entry.id, book_id: book.id, student_id: entry.student_id, matched_at: iso(at), email, email_claim: null, email_claimed_at: null, emailed_at: null });
        if (!fresh) continue;
        const notification = await notify(trx, entry.student_id, {
          kind: 'wishlist_match',
          title: WISHLIST_NOTICES.matchTitle(book.title),
          body: WISHLIST_NOTICES.matchBody(formatRand(book.price), universityName(book.seller.university), describe(entry)),
          link: `/books/${book.id}`,
          at,
        });
        recorded.push({ entry, notification, email });
      }
      return async () => {
        for (const { entry, notification } of recorded) {
          await deps.publish?.(entry.student_id, notification).catch((err: unknown) => deps.log?.error({ err }, 'wishlist notice push failed'));
        }
        await sendMatches(
          book.id,
          recorded.filter((r) => r.email === 'each').map((r) => r.entry.id),
        ).catch((err: unknown) => deps.log?.error({ err, bookId: book.id }, 'wishlist mails failed; the mail job tries again'));
      };
    },

    /**
     * The mail job: own emails still waiting (their first send failed, or the process that recorded them
     * stopped before sending) and digests that are due (an entry's oldest waiting match is a day old).
     */
    async sendDue(): Promise<void> {
      const hold = claimWindow();
      for (const { wishlist_id, book_id } of await repo.unsentMatches(db, hold, MAIL_BATCH)) {
        await sendMatches(book_id, [wishlist_id]);
      }
      const due = iso(new Date(clock.now().getTime() - LIMITS.wishlistDigestWindowMs));
      for (const wishlistId of await repo.dueDigests(db, due, hold, MAIL_BATCH)) {
        const w = claimWindow();
        if (await repo.claimDigest(db, wishlistId, w)) await deliver(w.claim);
      }
    },
  };
}

export type WishlistsService = ReturnType<typeof createWishlistsService>;
