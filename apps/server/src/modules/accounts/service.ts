// Account rules: sign-up, sign-in with brute-force limits, sliding sessions, password reset and change,
// account deletion, academic (faculty) details and this semester's course codes, and the admin bootstrap.
import {
  LIFECYCLE_MESSAGES,
  LIMITS,
  MESSAGES,
  ROLES,
  type AddRoleBody,
  REPORT_MESSAGES,
  RESET_MAIL,
  SUSPENSION_MAIL,
  SIGN_IN_PROVIDER_MESSAGES,
  type ReportedStudent,
  type ChangePasswordBody,
  type FacultyBody,
  type StudentCoursesBody,
  type LoginBody,
  type RegisterBody,
  type Role,
  type Student,
  type UniversityId,
} from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { EndedSessions } from '../../lib/realtime.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, tooManyRequests, unauthorized, badRequest } from '../../lib/errors.ts';
import { hashToken, newId, newToken } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';
import type { StudentRow } from './repository.ts';

/**
 * The password hash of a student who signed up with an identity provider and has set no password: no
 * argon2 hash is empty, so no password ever matches it (docs/decisions/0036-sign-in-providers.md).
 */
export const NO_PASSWORD = '';

const DAY = 86_400_000;
const IDLE_MS = LIMITS.sessionIdleDays * DAY;
const ABSOLUTE_MS = LIMITS.sessionAbsoluteDays * DAY;
/** Sliding expiry is written back at most this often, so a busy user costs one write an hour, not one a request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface SignedIn {
  student: Student;
  tokenHash: string;
  refreshed: boolean;
  cookieMaxAgeSeconds: number;
}

/** Hooks other modules add to run inside account deletion (their rows) and after it (their files). */
export interface AccountDeletionHook {
  beforeDelete(db: Db, studentId: string, student: Student): Promise<void>;
  afterDelete?(studentId: string): Promise<void>;
}

/**
 * Runs inside the transaction that sets a password from a reset link. Whoever holds the mailbox now
 * owns the account, so other ways in that somebody else may have added (linked sign-in providers) go.
 */
export type PasswordResetHook = (db: Db, studentId: string) => Promise<void>;

/** A new student row: the given identity, no academic details yet, created and updated at `at`. */
function newStudentRow(
  identity: Pick<StudentRow, 'email' | 'password_hash' | 'first_name' | 'last_name' | 'student_number' | 'university' | 'role'>,
  at: string,
): StudentRow {
  return {
    id: newId(),
    ...identity,
    faculty_name: null,
    department_name: null,
    year_of_study: null,
    semester: null,
    academic_year: null,
    academic_updated_at: null,
    course_codes: '',
    created_at: at,
    updated_at: at,
    suspended_at: null,
    suspension_reason: null,
    verified_university: null,
    verified_at: null,
    verified_via: null,
    verified_email: null,
  };
}

/** A student as other students see them beside a listing or an order. */
export interface PublicStudent {
  id: string;
  firstName: string;
  university: string;
  /** Whether they are a verified student (docs/decisions/0035-verified-students.md). */
  verified: boolean;
}

/**
 * The public face of these students (first name, university), read through `db`: other modules call it
 * inside their own transactions, and on SQLite's single connection another handle would wait forever.
 */
export async function publicStudents(db: Db, ids: readonly string[]): Promise<PublicStudent[]> {
  const rows = await repo.findPublicNames(db, [...new Set(ids)]);
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, university: r.university, verified: r.verified_at !== null }));
}

/** What a public profile shows of the student themselves (docs/decisions/0034-public-profiles.md). */
export interface ProfileStudent {
  id: string;
  firstName: string;
  lastInitial: string;
  university: UniversityId;
  verified: Student['verified'];
  memberSince: string;
}

/**
 * The student a public profile is about, or null when there is none to show: no such account (or erased),
 * an admin (admins buy and sell nothing), or a suspended student (out of the marketplace until lifted).
 * Only the last name's initial leaves this function; never the email address or the student number.
 */
export async function profileStudent(db: Db, id: string): Promise<ProfileStudent | null> {
  const row = await repo.findStudentById(db, id);
  if (!row || row.role === 'admin' || row.suspended_at) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastInitial: row.last_name.trim().charAt(0).toUpperCase(),
    university: row.university as UniversityId,
    verified: toStudent(row).verified,
    memberSince: row.created_at,
  };
}

/** Raised by setStudentVerified when another account is verified by the same university address. */
export class VerifiedAddressTaken extends Error {}

/**
 * Marks a student verified (docs/decisions/0035-verified-students.md), through `db` so the verification
 * module writes it in the same transaction that uses up its link. One university address verifies one
 * account at most: another account holding it (checked here, and by a unique index whatever the timing)
 * raises VerifiedAddressTaken. Returns the student as they now see themselves, or null if gone.
 */
export async function setStudentVerified(
  db: Db,
  studentId: string,
  v: { university: UniversityId; at: string; via: 'email' | 'microsoft'; email: string | null },
): Promise<Student | null> {
  if (v.email) {
    const holder = await repo.findVerifiedEmailHolder(db, v.email);
    if (holder && holder.id !== studentId) throw new VerifiedAddressTaken();
  }
  try {
    await repo.setVerified(db, studentId, v);
  } catch (err) {
    if (/unique|constraint/i.test(String((err as Error)?.message ?? ''))) throw new VerifiedAddressTaken();
    throw err;
  }
  const row = await repo.findStudentById(db, studentId);
  return row ? toStudent(row, await repo.findRoles(db, studentId)) : null;
}

/**
 * Whether a student is suspended, read through the caller's transaction and, on PostgreSQL, held until it
 * ends (repository.findSuspension says why): an approval asks before it puts a listing in the catalogue.
 */
export async function isSuspended(db: Db, studentId: string): Promise<boolean> {
  return Boolean((await repo.findSuspension(db, studentId))?.suspended_at);
}

/** These students as an admin judging reports sees them (never an email, a password or a student number). */
export async function reportedStudents(db: Db, ids: readonly string[]): Promise<ReportedStudent[]> {
  const rows = await repo.findForAdmin(db, [...new Set(ids)]);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    university: r.university as ReportedStudent['university'],
    role: r.role,
    createdAt: r.created_at,
    suspended: r.suspended_at ? { at: r.suspended_at, reason: r.suspension_reason ?? '' } : null,
  }));
}

/** The student's course codes as stored (space-separated on their row), in their order. */
const coursesOf = (row: Pick<StudentRow, 'course_codes'>): string[] => (row.course_codes ? row.course_codes.split(' ') : []);

/**
 * Every role the account holds, in a fixed order: the sign-up role always (a row written without its
 * roles read, or an account created by a path that wrote no role row, still opens its own area), and
 * those added with POST /account/roles (docs/decisions/0033-one-account-both-roles.md).
 */
function rolesOf(row: Pick<StudentRow, 'role'>, held: readonly Role[]): Role[] {
  return ROLES.filter((role) => role === row.role || held.includes(role));
}

/** A student as they see themselves; `held` are the rows of student_roles (repository.findRoles). */
export function toStudent(row: StudentRow, held: readonly Role[] = []): Student {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    studentNumber: row.student_number,
    university: row.university,
    role: row.role,
    roles: rolesOf(row, held),
    // The faculty details are saved all together (PUT /student/faculty), so a row has all of them or none.
    academicInfo:
      row.faculty_name && row.year_of_study && row.semester
      ? {
          facultyName: row.faculty_name,
          departmentName: row.department_name ?? '',
          yearOfStudy: row.year_of_study,
          semester: row.semester,
          academicYear: row.academic_year ?? '',
          lastUpdate: row.academic_updated_at ?? row.updated_at,
        }
      : null,
    courses: coursesOf(row),
    verified: row.verified_university && row.verified_at ? { university: row.verified_university, at: row.verified_at } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createAccountsService(ctx: AppContext) {
  const { db, clock, limiter, mailer, config } = ctx;
  const deletionHooks: AccountDeletionHook[] = [];
  const passwordResetHooks: PasswordResetHook[] = [];
  const sessionEndListeners: ((ended: EndedSessions) => Promise<void>)[] = [];
  /** Tells the listeners (open sockets) that sessions ended, once the change is committed. */
  async function sessionsEnded(ended: EndedSessions) {
    for (const listener of sessionEndListeners) await listener(ended);
  }
  const now = () => clock.now();

  async function createSession(studentId: string): Promise<{ token: string; maxAgeSeconds: number }> {
    const token = newToken();
    const t = now();
    await repo.insertSession(db, {
      token_hash: hashToken(token),
      student_id: studentId,
      created_at: iso(t),
      last_seen_at: iso(t),
      idle_expires_at: iso(new Date(t.getTime() + IDLE_MS)),
      absolute_expires_at: iso(new Date(t.getTime() + ABSOLUTE_MS)),
    });
    return { token, maxAgeSeconds: Math.floor(IDLE_MS / 1000) };
  }

  /** A new student and the role they chose, together or not at all. */
  async function insertWithRole(row: StudentRow) {
    await db.transaction().execute(async (trx) => {
      await repo.insertStudent(trx, row);
      await repo.insertRole(trx, { student_id: row.id, role: row.role, created_at: row.created_at });
    });
  }

  /** The student behind a row, with every role they hold. */
  async function studentOfRow(row: StudentRow): Promise<Student> {
    return toStudent(row, await repo.findRoles(db, row.id));
  }

  const loginFailures = limiter.limit('login-failures', { max: LIMITS.loginFailuresPerWindow, windowMs: LIMITS.loginWindowMs });
  /** Reset mails per address, whoever asks from wherever: the per-address ceiling alone lets many addresses flood one mailbox. */
  const resetMails = limiter.limit('reset-mails', { max: LIMITS.resetMailsPerWindow, windowMs: LIMITS.resetMailWindowMs });

  /**
   * The current password of a signed-in student, asked again before a change or a deletion, under login's
   * per-email failure limit (the same counter): a stolen session cookie must not become a way to guess
   * the password, which would outlive the session. Counted before the check, refunded when right, as login.
   */
  async function checkCurrentPassword(row: StudentRow, password: string, wrong: string): Promise<void> {
    const verdict = await loginFailures.take(row.email);
    if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
    if (!(await verifyPassword(row.password_hash, password))) throw unauthorized(wrong, 'INVALID_CREDENTIALS');
    await loginFailures.refund(row.email);
  }

  /** A new password must not be one attackers try first (checked after the composition rules of the schema). */
  function refuseCommonPassword(password: string) {
    if (isCommonPassword(password)) {
      throw badRequest(MESSAGES.passwordTooCommon, { password: MESSAGES.passwordTooCommon }, 'PASSWORD_TOO_COMMON');
    }
  }

  return {
    onAccountDeletion(hook: AccountDeletionHook) {
      deletionHooks.push(hook);
    },

    onPasswordReset(hook: PasswordResetHook) {
      passwordResetHooks.push(hook);
    },

    /** `listener` hears of every session that ends, however it ends. */
    onSessionsEnded(listener: (ended: EndedSessions) => Promise<void>) {
      sessionEndListeners.push(listener);
    },

    async register(body: RegisterBody): Promise<Student> {
      refuseCommonPassword(body.password);
      const existing = await repo.findStudentByEmail(db, body.email);
      if (existing) throw conflict(MESSAGES.emailExists, 'EMAIL_EXISTS');
      const row = newStudentRow(
        {
          email: body.email,
          password_hash: await hashPassword(body.password),
          first_name: body.firstName,
          last_name: body.lastName,
          student_number: body.studentNumber,
          university: body.university,
          role: body.userType as Role,
        },
        iso(now()),
      );
      try {
        await insertWithRole(row);
      } catch (err) {
        // Two sign-ups with one email at the same moment: the unique index decides.
        if (await repo.findStudentByEmail(db, body.email)) throw conflict(MESSAGES.emailExists, 'EMAIL_EXISTS');
        throw err;
      }
      return toStudent(row, [row.role]);
    },

    /**
     * Checks credentials under the per-email failure limit. The attempt is counted before the password is
     * verified, in one atomic step, so a burst of guesses in flight at once gets no more checks than the
     * limit; a right password gives its count back, so only failures use up the limit.
     */
    async login(body: LoginBody) {
      const verdict = await loginFailures.take(body.email);
      if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
      const row = await repo.findStudentByEmail(db, body.email);
      const ok = row && row.password_hash !== NO_PASSWORD ? await verifyPassword(row.password_hash, body.password) : await verifyDummy(body.password);
      if (!row || !ok) throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      await loginFailures.refund(body.email);
      // Only after the right password, so the answer never tells a stranger that an address is suspended.
      if (row.suspended_at) throw forbidden(LIFECYCLE_MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED');
      const session = await createSession(row.id);
      return { student: await studentOfRow(row), ...session };
    },

    /** The session behind a cookie token, sliding its idle expiry; null when unknown or expired. */
    async resolveSession(token: string): Promise<SignedIn | null> {
      if (token.length > 200) return null;
      const tokenHash = hashToken(token);
      const session = await repo.findSession(db, tokenHash);
      if (!session) return null;
      const t = now();
      const nowIso = iso(t);
      if (session.idle_expires_at <= nowIso || session.absolute_expires_at <= nowIso) {
        await repo.deleteSession(db, tokenHash);
        await sessionsEnded({ studentId: session.student_id, tokenHashes: [tokenHash] });
        return null;
      }
      // Read on every request, never cached: a role added a moment ago opens its area on the next one.
      const [row, held] = await Promise.all([repo.findStudentById(db, session.student_id), repo.findRoles(db, session.student_id)]);
      if (!row) return null;
      if (row.suspended_at) {
        // A session that began as the suspension was committed (a sign-in racing it) ends here.
        await repo.deleteSession(db, tokenHash);
        await sessionsEnded({ studentId: row.id, tokenHashes: [tokenHash] });
        return null;
      }
      let refreshed = false;
      if (t.getTime() - new Date(session.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
        const idle = Math.min(t.getTime() + IDLE_MS, new Date(session.absolute_expires_at).getTime());
        await repo.touchSession(db, tokenHash, nowIso, iso(new Date(idle)));
        refreshed = true;
      }
      const remaining = Math.min(IDLE_MS, new Date(session.absolute_expires_at).getTime() - t.getTime());
      return { student: toStudent(row, held), tokenHash, refreshed, cookieMaxAgeSeconds: Math.floor(remaining / 1000) };
    },

    async logout(auth: SignedIn) {
      await repo.deleteSession(db, auth.tokenHash);
      await sessionsEnded({ studentId: auth.student.id, tokenHashes: [auth.tokenHash] });
    },

    /** Whether the session behind this token hash still exists and has not expired (without sliding it). */
    async sessionIsLive(tokenHash: string): Promise<boolean> {
      const session = await repo.findSession(db, tokenHash);
      const nowIso = iso(now());
      return Boolean(session && session.idle_expires_at > nowIso && session.absolute_expires_at > nowIso);
    },

    /**
     * Sends a reset link when the address has an account and has not had its reset mails for the window;
     * answers the same either way. Every address is counted, known or not, so the work does not tell them apart.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const verdict = await resetMails.take(email);
      const row = await repo.findStudentByEmail(db, email);
      if (!row || !verdict.allowed) {
        // Same work as the real path (a hash) so timing does not tell who has an account.
        hashToken(newToken());
        return;
      }
      const token = newToken();
      const t = now();
      await repo.insertPasswordReset(db, {
        token_hash: hashToken(token),
        student_id: row.id,
        created_at: iso(t),
        expires_at: iso(new Date(t.getTime() + LIMITS.resetTokenTtlMs)),
      });
      const url = `${config.publicUrl}/reset?token=${encodeURIComponent(token)}`;
      const mail = brandedMail({
        to: row.email,
        subject: RESET_MAIL.subject,
        heading: RESET_MAIL.heading(row.first_name),
        paragraphs: [...RESET_MAIL.paragraphs],
        action: { label: RESET_MAIL.action, url },
      });
      // Sent without waiting: an answer that waited on the mail server would take longer for real accounts
      // than for unknown emails, and the difference would tell who has an account. The student can ask again.
      void mailer.send(mail).catch(() => undefined);
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      // Before the token is used up, so a refused password leaves the link working.
      refuseCommonPassword(password);
      const studentId = await repo.consumePasswordReset(db, hashToken(token), iso(now()));
      if (!studentId) throw badRequest(MESSAGES.resetInvalid, undefined, 'RESET_INVALID');
      const row = await repo.findStudentById(db, studentId);
      if (!row) throw badRequest(MESSAGES.resetInvalid, undefined, 'RESET_INVALID');
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await repo.updateStudent(trx, studentId, { password_hash: passwordHash, updated_at: iso(now()) });
        await repo.deleteSessionsOf(trx, studentId);
        await repo.deleteResetsOf(trx, studentId);
        for (const hook of passwordResetHooks) await hook(trx, studentId);
      });
      await sessionsEnded({ studentId, allExcept: null });
      // The real owner proved control of the mailbox: clear the guessing lock on their email.
      await loginFailures.reset(row.email);
    },

    async changePassword(auth: SignedIn, body: ChangePasswordBody): Promise<void> {
      refuseCommonPassword(body.password);
      const row = await repo.findStudentById(db, auth.student.id);
      if (row?.password_hash === NO_PASSWORD) throw badRequest(SIGN_IN_PROVIDER_MESSAGES.noPasswordYet, undefined, 'NO_PASSWORD');
      if (!row) throw unauthorized(MESSAGES.currentPasswordIncorrect, 'INVALID_CREDENTIALS');
      await checkCurrentPassword(row, body.oldPassword, MESSAGES.currentPasswordIncorrect);
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        await repo.updateStudent(trx, row.id, { password_hash: passwordHash, updated_at: iso(now()) });
        await repo.deleteSessionsOf(trx, row.id, auth.tokenHash);
      });
      await sessionsEnded({ studentId: row.id, allExcept: auth.tokenHash });
    },

    async deleteAccount(auth: SignedIn, password: string): Promise<void> {
      const row = await repo.findStudentById(db, auth.student.id);
      if (row?.password_hash === NO_PASSWORD) throw badRequest(SIGN_IN_PROVIDER_MESSAGES.noPasswordYet, undefined, 'NO_PASSWORD');
      if (!row) throw unauthorized(MESSAGES.passwordIncorrect, 'INVALID_CREDENTIALS');
      await checkCurrentPassword(row, password, MESSAGES.passwordIncorrect);
      await db.transaction().execute(async (trx) => {
        for (const hook of deletionHooks) await hook.beforeDelete(trx, row.id, toStudent(row));
        await repo.deleteSessionsOf(trx, row.id);
        await repo.deleteResetsOf(trx, row.id);
        await repo.deleteStudent(trx, row.id);
      });
      await sessionsEnded({ studentId: row.id, allExcept: null });
      for (const hook of deletionHooks) await hook.afterDelete?.(row.id);
    },

    async profile(studentId: string): Promise<Student | null> {
      const row = await repo.findStudentById(db, studentId);
      return row ? studentOfRow(row) : null;
    },

    async updateFaculty(auth: SignedIn, body: FacultyBody): Promise<Student> {
      const t = now();
      const allowed = await repo.updateAcademicIfAllowed(
        db,
        auth.student.id,
        {
          faculty_name: body.faculty,
          department_name: body.department,
          year_of_study: body.yearOfStudy,
          semester: body.semester,
          academic_year: body.academicYear,
          academic_updated_at: iso(t),
          updated_at: iso(t),
        },
        iso(new Date(t.getTime() - LIMITS.facultyCooldownMs)),
      );
      const row = await repo.findStudentById(db, auth.student.id);
      if (!allowed && row?.academic_updated_at) {
        const next = new Date(row.academic_updated_at).getTime() + LIMITS.facultyCooldownMs;
        throw tooManyRequests(MESSAGES.facultyCooldown, (next - t.getTime()) / 1000, 'FACULTY_COOLDOWN');
      }
      return studentOfRow(row!);
    },

    /**
     * Replaces the student's course codes (checked, upper-cased and distinct already). Not held to the
     * faculty details' 24-hour rule: a forgotten code is added at once (docs/decisions/0029-student-courses.md).
     */
    async updateCourses(auth: SignedIn, body: StudentCoursesBody): Promise<Student> {
      const t = iso(now());
      await repo.updateStudent(db, auth.student.id, { course_codes: body.courses.join(' '), updated_at: t });
      const row = await repo.findStudentById(db, auth.student.id);
      return studentOfRow(row!);
    },

    /**
     * Adds buying or selling to the caller's account (docs/decisions/0033-one-account-both-roles.md).
     * Adding a role already held changes nothing and answers the same, so a retry or a second tab is
     * harmless; two adds at the same moment leave one row (the primary key). An admin account stays an
     * admin's: its route refuses it before reading the body (`adminRefused`, plugins/session.ts). The next
     * request of every session of theirs sees the role (sessions are read afresh).
     */
    async addRole(auth: SignedIn, body: AddRoleBody): Promise<Student> {
      const t = iso(now());
      await db.transaction().execute(async (trx) => {
        await repo.insertRole(trx, { student_id: auth.student.id, role: body.role, created_at: t });
        await repo.updateStudent(trx, auth.student.id, { updated_at: t });
      });
      const row = await repo.findStudentById(db, auth.student.id);
      if (!row) throw unauthorized(MESSAGES.notSignedIn);
      return studentOfRow(row);
    },

    /** Creates the configured admin when absent; never overwrites an existing account. */
    async ensureAdmin(email: string, password: string, names = { firstName: 'Reshelf', lastName: 'Admin' }): Promise<'created' | 'exists'> {
      const normalised = email.trim().toLowerCase();
      if (await repo.findStudentByEmail(db, normalised)) return 'exists';
      const row = newStudentRow(
        {
          email: normalised,
          password_hash: await hashPassword(password),
          first_name: names.firstName,
          last_name: names.lastName,
          student_number: 'ADMIN',
          university: 'wits',
          role: 'admin',
        },
        iso(now()),
      );
      try {
        await insertWithRole(row);
      } catch (err) {
        // Several processes starting together with ADMIN_EMAIL: one creates it, the others find it.
        if (await repo.findStudentByEmail(db, normalised)) return 'exists';
        throw err;
      }
      return 'created';
    },

    /**
     * Suspends a student inside the caller's transaction (the reports module takes their listings out of
     * the catalogue and cancels their orders in the same one): they cannot sign in, and every session of
     * theirs ends. 404 for no such student; 409 for an admin or a student already suspended. What comes
     * back runs after the commit: their open tabs close, and they get an email with the reason.
     */
    async suspend(trx: Db, studentId: string, reason: string): Promise<() => Promise<void>> {
      const row = await repo.findStudentById(trx, studentId);
      if (!row) throw notFound(REPORT_MESSAGES.studentNotFound);
      if (row.role === 'admin') throw conflict(REPORT_MESSAGES.adminNotSuspendable, 'ADMIN');
      if (!(await repo.suspendIfActive(trx, studentId, iso(now()), reason))) throw conflict(REPORT_MESSAGES.alreadySuspended, 'ALREADY_SUSPENDED');
      await repo.deleteSessionsOf(trx, studentId);
      return async () => {
        await sessionsEnded({ studentId, allExcept: null });
        const mail = brandedMail({
          to: row.email,
          subject: SUSPENSION_MAIL.suspendedSubject,
          heading: SUSPENSION_MAIL.suspendedHeading(row.first_name),
          paragraphs: SUSPENSION_MAIL.suspendedParagraphs(reason),
        });
        // A reply reaches the people who can look at the suspension again.
        await mailer.send({ ...mail, replyTo: config.supportEmail }).catch(() => undefined);
      };
    },

    /** Lifts a suspension inside the caller's transaction; 404 for no such student, 409 if not suspended. */
    async unsuspend(trx: Db, studentId: string): Promise<() => Promise<void>> {
      const row = await repo.findStudentById(trx, studentId);
      if (!row) throw notFound(REPORT_MESSAGES.studentNotFound);
      if (!(await repo.liftSuspension(trx, studentId, iso(now())))) throw conflict(REPORT_MESSAGES.notSuspended, 'NOT_SUSPENDED');
      return async () => {
        const mail = brandedMail({
          to: row.email,
          subject: SUSPENSION_MAIL.liftedSubject,
          heading: SUSPENSION_MAIL.liftedHeading(row.first_name),
          paragraphs: [...SUSPENSION_MAIL.liftedParagraphs],
          action: { label: SUSPENSION_MAIL.liftedAction, url: `${config.publicUrl}/login` },
        });
        await mailer.send(mail).catch(() => undefined);
      };
    },

    // ---- For sign-in with identity providers (docs/decisions/0036-sign-in-providers.md) ----

    /** A session exactly like a password login's for a student a provider vouched for; 403 when suspended. */
    async startSession(studentId: string) {
      const row = await repo.findStudentById(db, studentId);
      if (!row) throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      if (row.suspended_at) throw forbidden(LIFECYCLE_MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED');
      const session = await createSession(row.id);
      return { student: await studentOfRow(row), ...session };
    },

    async findByEmail(email: string): Promise<Student | null> {
      const row = await repo.findStudentByEmail(db, email.toLowerCase());
      return row ? studentOfRow(row) : null;
    },

    async hasPassword(studentId: string): Promise<boolean> {
      const row = await repo.findStudentById(db, studentId);
      return Boolean(row && row.password_hash !== NO_PASSWORD);
    },

    /**
     * The account's password, checked under login's per-email failure limit (the same counter): a wrong
     * one is login's 401, too many are login's 429, and a suspended account is refused after the right one.
     */
    async checkPassword(studentId: string, password: string): Promise<Student> {
      const row = await repo.findStudentById(db, studentId);
      if (!row) throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      const verdict = await loginFailures.take(row.email);
      if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
      const ok = row.password_hash !== NO_PASSWORD ? await verifyPassword(row.password_hash, password) : await verifyDummy(password);
      if (!ok) throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      await loginFailures.refund(row.email);
      if (row.suspended_at) throw forbidden(LIFECYCLE_MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED');
      return studentOfRow(row);
    },

    /**
     * A student with no password (NO_PASSWORD), inside the caller's transaction so their identity is
     * written with them; 409 when the email is taken, whatever the timing.
     */
    async createWithoutPassword(
      trx: Db,
      identity: { email: string; firstName: string; lastName: string; studentNumber: string; university: UniversityId; role: Role },
    ): Promise<Student> {
      if (await repo.findStudentByEmail(trx, identity.email)) throw conflict(MESSAGES.emailExists, 'EMAIL_EXISTS');
      const row = newStudentRow(
        {
          email: identity.email,
          password_hash: NO_PASSWORD,
          first_name: identity.firstName,
          last_name: identity.lastName,
          student_number: identity.studentNumber,
          university: identity.university,
          role: identity.role,
        },
        iso(now()),
      );
      await repo.insertStudent(trx, row);
      await repo.insertRole(trx, { student_id: row.id, role: row.role, created_at: row.created_at });
      return toStudent(row, [row.role]);
    },

    /** Deletes expired sessions and closes what was still open under them; returns how many ended. */
    async pruneSessions(): Promise<number> {
      const ended = await repo.deleteExpiredSessions(db, iso(now()));
      const byStudent = new Map<string, string[]>();
      for (const { student_id, token_hash } of ended) byStudent.set(student_id, [...(byStudent.get(student_id) ?? []), token_hash]);
      for (const [studentId, tokenHashes] of byStudent) await sessionsEnded({ studentId, tokenHashes });
      return ended.length;
    },

  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
