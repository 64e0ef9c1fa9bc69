// Reports and what admins decide about them (docs/decisions/0031-listing-lifecycle.md). A signed-in
// student reports a listing or another student (a reason from a fixed list, optional details): one open
// report per student and target, never their own listing or themselves, at most REPORT_RULES.perStudentPerHour
// an hour. Open reports from REPORT_RULES.studentsToHide different students hide a listing from the
// catalogue at once, until an admin decides; a student whose earlier report about the same thing was
// dismissed is heard again but does not count towards hiding it (so a group cannot hide a listing over and
// over). Admins see the open reports grouped by what they are about, and dismiss them (a hidden listing
// comes back), take a listing down with a reason the seller reads (with or without reports), or suspend a
// student (their sessions end, they cannot sign in, their listings leave the catalogue and their open
// orders are cancelled) and lift the suspension. Each decision about a target runs in one transaction
// holding that target's lock (repository.lockTarget), so reports and decisions arriving together apply
// one after the other.
import {
  REPORT_MESSAGES,
  REPORT_RULES,
  pageOffset,
  type Book,
  type ReportBody,
  type ReportGroup,
  type ReportReason,
  type ReportTarget,
  type ReportedStudent,
  type Report,
  type Student,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { publicStudents, reportedStudents, type AccountsService } from '../accounts/service.ts';
import type { AfterCommit, ListingsService } from '../listings/service.ts';
import type { OrdersService } from '../orders/service.ts';
import * as repo from './repository.ts';

export interface ReportsDeps {
  listings: ListingsService;
  accounts: AccountsService;
  orders: OrdersService;
  log?: { error(obj: unknown, msg: string): void };
}

const HOUR = 3_600_000;

/** Whether a database error is the partial unique index refusing a second open report. */
const isUniqueViolation = (err: unknown) => /unique|constraint/i.test(String((err as Error)?.message ?? ''));

export function createReportsService(ctx: AppContext, deps: ReportsDeps) {
  const { db, clock, limiter } = ctx;
  const { listings, accounts, orders } = deps;
  const perHour = limiter.limit('reports', { max: REPORT_RULES.perStudentPerHour, windowMs: HOUR });
  const now = () => iso(clock.now());

  /** Runs what a committed decision left to do; a failure there (a mail, a push) never undoes the decision. */
  async function settle(after: AfterCommit[]) {
    for (const work of after) await work().catch((err: unknown) => deps.log?.error({ err }, 'work after a report decision failed'));
  }

  /**
   * The listing a student may report: one anyone can see (approved), or one already hidden by reports (a
   * student who had it open a moment ago is still heard); 404 otherwise.
   */
  async function reportableBook(id: string): Promise<Book> {
    const [book] = await listings.booksByIds([id]);
    if (!book || (book.status !== 'approved' && book.status !== 'hidden')) throw notFound(REPORT_MESSAGES.bookNotFound);
    return book;
  }

  return {
    /**
     * A student's report. Counted against the hourly limit before anything else (refusals count too, so
     * the limit also stops probing); the listing is hidden in the same transaction as the report that
     * makes it the third student's.
     */
    async report(reporter: Student, body: ReportBody): Promise<Report> {
      const verdict = await perHour.take(reporter.id);
      if (!verdict.allowed) throw tooManyRequests(REPORT_MESSAGES.tooMany, verdict.retryAfterMs / 1000);

      let subjectId: string;
      if (body.target === 'book') {
        const book = await reportableBook(body.id);
        if (book.seller.id === reporter.id) throw forbidden(REPORT_MESSAGES.ownListing, 'OWN_LISTING');
        subjectId = book.seller.id;
      } else {
        if (body.id === reporter.id) throw forbidden(REPORT_MESSAGES.yourself, 'YOURSELF');
        const [student] = await reportedStudents(db, [body.id]);
        if (!student || student.role === 'admin') throw notFound(REPORT_MESSAGES.studentNotFound);
        subjectId = student.id;
      }
      const duplicate = () => conflict(body.target === 'book' ? REPORT_MESSAGES.alreadyReportedBook : REPORT_MESSAGES.alreadyReportedStudent, 'ALREADY_REPORTED');

      const report: Report = { id: newId(), target: body.target, targetId: body.id, reason: body.reason, details: body.details ?? null, createdAt: now() };
      const after: AfterCommit[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          await repo.lockTarget(trx, body.target, body.id);
          if (await repo.findOpenReport(trx, reporter.id, body.target, body.id)) throw duplicate();
          const counts = !(await repo.hadDismissed(trx, reporter.id, body.target, body.id));
          await repo.insertReport(trx, {
            id: report.id,
            reporter_id: reporter.id,
            target_type: body.target,
            target_id: body.id,
            subject_id: subjectId,
            reason: body.reason,
            details: report.details,
            counts: counts ? 1 : 0,
            created_at: report.createdAt,
            closed_at: null,
            outcome: null,
            closed_by: null,
          });
          if (body.target === 'book' && counts && (await repo.countingReporters(trx, 'book', body.id)) >= REPORT_RULES.studentsToHide) {
            after.push((await listings.hideForReports(trx, body.id)).after);
          }
        });
      } catch (err) {
        // The partial unique index: the same student's other report got there first.
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
      await settle(after);
      return report;
    },

    /** The admin queue: every target with open reports, the most recently reported first, one page. */
    async queue(page: number, pageSize: number) {
      const [targets, total] = await Promise.all([repo.listOpenTargets(db, pageSize, pageOffset({ page, pageSize })), repo.countOpenTargets(db)]);
      const ids = (type: ReportTarget) => targets.filter((t) => t.target_type === type).map((t) => t.target_id);
      const [bookReports, studentReports, books] = await Promise.all([
        repo.openReportsAbout(db, 'book', ids('book')),
        repo.openReportsAbout(db, 'student', ids('student')),
        listings.booksByIds(ids('book')).then((found) => listings.ownerViews(found)),
      ]);
      const reports = [...bookReports, ...studentReports];
      const [subjects, reporters] = await Promise.all([
        reportedStudents(db, targets.map((t) => String(t.subject_id))),
        publicStudents(db, reports.map((r) => r.reporter_id)),
      ]);
      const subjectById = new Map(subjects.map((s) => [s.id, s]));
      const reporterName = new Map(reporters.map((r) => [r.id, r.firstName]));
      const bookById = new Map(books.map((b) => [b.id, b]));
      const items: ReportGroup[] = targets.map((t) => {
        const mine = (t.target_type === 'book' ? bookReports : studentReports).filter((r) => r.target_id === t.target_id);
        const reasons = new Map<ReportReason, number>();
        for (const r of mine) reasons.set(r.reason as ReportReason, (reasons.get(r.reason as ReportReason) ?? 0) + 1);
        return {
          target: t.target_type,
          targetId: t.target_id,
          openReports: Number(t.reports),
          reporters: Number(t.reporters),
          latestAt: String(t.latest_at),
          reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
          reports: mine.slice(0, REPORT_RULES.queueReportsPerTarget).map((r) => ({
            id: r.id,
            reason: r.reason as ReportReason,
            details: r.details,
            createdAt: r.created_at,
            reporter: { id: r.reporter_id, firstName: reporterName.get(r.reporter_id) ?? '' },
            countsTowardsHiding: r.counts === 1,
          })),
          book: t.target_type === 'book' ? (bookById.get(t.target_id) ?? null) : null,
          subject: subjectById.get(String(t.subject_id)) ?? null,
        };
      });
      return { items, total, page, pageSize };
    },

    /** Closes every open report about a target as dismissed; a listing they hid comes back. 409 when none is open. */
    async dismiss(admin: Student, target: ReportTarget, id: string): Promise<number> {
      const after: AfterCommit[] = [];
      const closed = await db.transaction().execute(async (trx) => {
        await repo.lockTarget(trx, target, id);
        const n = await repo.closeReports(trx, target, id, 'dismissed', admin.id, now());
        if (!n) throw conflict(REPORT_MESSAGES.nothingOpen, 'NOTHING_OPEN');
        if (target === 'book') after.push(await listings.restoreHidden(trx, id));
        return n;
      });
      await settle(after);
      return closed;
    },

    /**
     * Takes a listing down (from the reports queue or the admin's own view of an approved listing): the
     * seller reads the reason in the app and by email, open reports about it close as acted on, and an
     * active order on it is cancelled with a notice to the buyer.
     */
    async takeDown(admin: Student, bookId: string, reason: string): Promise<Book> {
      const after: AfterCommit[] = [];
      const book = await db.transaction().execute(async (trx) => {
        await repo.lockTarget(trx, 'book', bookId);
        const result = await listings.takeDown(trx, bookId, reason);
        after.push(result.after);
        if (result.wasReserved) after.push(await orders.cancelForModeration(trx, { bookId }));
        await repo.closeReports(trx, 'book', bookId, 'taken_down', admin.id, now());
        return result.book;
      });
      await settle(after);
      return book;
    },

    /**
     * Suspends a student: they cannot sign in and every session of theirs ends, their approved listings
     * leave the catalogue, their active orders are cancelled (the other party told), and open reports
     * about them close as acted on. One transaction; the student's email and the closing of their open
     * tabs follow the commit.
     */
    async suspend(admin: Student, studentId: string, reason: string): Promise<ReportedStudent> {
      if (studentId === admin.id) throw conflict(REPORT_MESSAGES.adminNotSuspendable, 'ADMIN');
      const after: AfterCommit[] = [];
      await db.transaction().execute(async (trx) => {
        await repo.lockTarget(trx, 'student', studentId);
        after.push(await accounts.suspend(trx, studentId, reason));
        await listings.suspendSeller(trx, studentId);
        after.push(await orders.cancelForModeration(trx, { studentId }));
        await repo.closeReports(trx, 'student', studentId, 'suspended', admin.id, now());
      });
      await settle(after);
      return (await reportedStudents(db, [studentId]))[0]!;
    },

    /** Lifts a suspension: the student can sign in again and their suspended listings come back (or expire). */
    async unsuspend(studentId: string): Promise<ReportedStudent> {
      const after: AfterCommit[] = [];
      await db.transaction().execute(async (trx) => {
        await repo.lockTarget(trx, 'student', studentId);
        after.push(await accounts.unsuspend(trx, studentId));
        await listings.unsuspendSeller(trx, studentId);
      });
      await settle(after);
      return (await reportedStudents(db, [studentId]))[0]!;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
