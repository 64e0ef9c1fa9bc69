// Verified students (docs/decisions/0035-verified-students.md, amended by
// docs/decisions/0037-verification-needs-its-student.md): a student proves enrolment by confirming, signed
// in to their own account, a link mailed to an address at their own university's email domain, or by signing in with Microsoft
// from a university tenant (the identities module calls markVerified). Either way Student.verified is set
// and their listings' seller carries `verified`, shown as "Verified student".
import {
  UNIVERSITY_EMAIL_DOMAINS,
  VERIFY_STUDENT_MAIL,
  VERIFY_STUDENT_MESSAGES,
  canonicalUniversityEmail,
  universityName,
  universityOfEmail,
  type Student,
  type StudentVerified,
  type UniversityId,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { iso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import { VerifiedAddressTaken, setStudentVerified, type SignedIn } from '../accounts/service.ts';
import * as repo from './repository.ts';

const HOUR = 3_600_000;
/** How long a mailed link works. */
export const VERIFY_LINK_TTL_MS = 24 * HOUR;
/** Links one student may ask for in an hour (each is an email to a university mailbox). */
export const VERIFY_REQUESTS_PER_HOUR = 5;

export type VerifiedVia = 'email' | 'microsoft';

export function createVerificationService(ctx: AppContext) {
  const { db, clock, limiter, mailer, config } = ctx;
  const now = () => clock.now();
  const perHour = limiter.limit('verify-student', { max: VERIFY_REQUESTS_PER_HOUR, windowMs: HOUR });

  /** The refusal for an address that is not at the student's own university, or null when it is. */
  function addressProblem(own: UniversityId, email: string): string | null {
    const at = universityOfEmail(email);
    if (at === own) return null;
    if (at) return VERIFY_STUDENT_MESSAGES.otherUniversity(universityName(at), universityName(own));
    return VERIFY_STUDENT_MESSAGES.notUniversity(universityName(own), UNIVERSITY_EMAIL_DOMAINS[own][0]!);
  }

  return {
    /**
     * Mails a single-use link to `email`, an address at the student's own university, replacing any link
     * asked for before. The answer says nothing about other accounts: an address that already verifies
     * another account is refused only at confirmation, to whoever can read its mail.
     */
    async request(auth: SignedIn, email: string): Promise<void> {
      const student = auth.student;
      const problem = addressProblem(student.university, email);
      if (problem) throw badRequest(problem, { email: problem }, 'NOT_UNIVERSITY_EMAIL');
      const verdict = await perHour.take(student.id);
      if (!verdict.allowed) throw tooManyRequests(VERIFY_STUDENT_MESSAGES.tooMany, verdict.retryAfterMs / 1000);
      const token = newToken();
      const t = now();
      await repo.replacePending(db, {
        student_id: student.id,
        token_hash: hashToken(token),
        // The form the one-account rule compares (no +tag, lower-case); the mail goes to the address typed.
        email: canonicalUniversityEmail(email),
        university: student.university,
        created_at: iso(t),
        expires_at: iso(new Date(t.getTime() + VERIFY_LINK_TTL_MS)),
      });
      const url = `${config.publicUrl}/verify-student?token=${encodeURIComponent(token)}`;
      const mail = brandedMail({
        to: email,
        subject: VERIFY_STUDENT_MAIL.subject,
        heading: VERIFY_STUDENT_MAIL.heading(student.firstName),
        paragraphs: [...VERIFY_STUDENT_MAIL.paragraphs(universityName(student.university))],
        action: { label: VERIFY_STUDENT_MAIL.action, url },
      });
      // Not waited on, like the password reset's: a mail server that is slow or down costs the student a
      // second request, not a hanging answer.
      void mailer.send(mail).catch(() => undefined);
    },

    /**
     * Confirms a mailed link for the signed-in student who asked for it: uses up its token and marks them
     * verified at the university it was asked for, in one transaction. An unknown, used, replaced or
     * expired token, and another student's token (which stays usable by its owner), are one refusal: the
     * person holding the mailbox cannot be made to verify someone else's account.
     */
    async confirm(auth: SignedIn, token: string): Promise<NonNullable<StudentVerified>> {
      const at = iso(now());
      return db.transaction().execute(async (trx) => {
        const pending = await repo.takePending(trx, hashToken(token), auth.student.id);
        if (!pending || pending.expires_at <= at) throw badRequest(VERIFY_STUDENT_MESSAGES.linkInvalid, undefined, 'VERIFY_LINK_INVALID');
        const student = await markIn(trx, pending.student_id, pending.university, 'email', canonicalUniversityEmail(pending.email), at);
        return student.verified!;
      });
    },

    /**
     * For sign-in providers: marks a student verified at `university` (a Microsoft sign-in from that
     * university's tenant). `email` is the university address it vouched for, if any: it then counts as
     * that address in its canonical form (one account per address, whatever its case or +tag). 404 for an unknown student, 409 when the address verifies
     * another account.
     */
    async markVerified(studentId: string, university: UniversityId, via: VerifiedVia, email: string | null = null): Promise<Student> {
      const at = iso(now());
      return db.transaction().execute((trx) => markIn(trx, studentId, university, via, email === null ? null : canonicalUniversityEmail(email), at));
    },
  };

  async function markIn(trx: Db, studentId: string, university: UniversityId, via: VerifiedVia, email: string | null, at: string): Promise<Student> {
    try {
      const student = await setStudentVerified(trx, studentId, { university, at, via, email });
      if (!student) throw notFound();
      // A student verified any way needs no pending link any more.
      await repo.deletePendingOf(trx, studentId);
      return student;
    } catch (err) {
      if (err instanceof VerifiedAddressTaken) throw conflict(VERIFY_STUDENT_MESSAGES.addressTaken, 'ADDRESS_TAKEN');
      throw err;
    }
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>;
