// Reports and the admin's decisions about them (docs/decisions/0031-listing-lifecycle.md): a student's
// report of a listing or another student, the admin queue (open reports grouped by what they are about),
// and the bodies and answers of dismiss, take down and suspend. A listing's renewal and "sold elsewhere"
// answer with the Book itself.
import { z } from 'zod';
import { ROLES } from '../enums';
import { REPORT_MESSAGES } from '../messages';
import { REPORT_REASONS, REPORT_RULES, REPORT_TARGETS } from '../reports';
import { UNIVERSITY_IDS } from '../universities';
import { body, choice, optionalText, prose, requiredText, token } from './common';
import { bookSchema } from './responses';

const time = z.string().describe('ISO 8601 UTC time');

/** POST /reports: what is reported (`target` and its `id`), why, and in the student's own words. */
export const reportBodySchema = body({
  target: choice(REPORT_TARGETS, REPORT_MESSAGES.targetRequired),
  id: requiredText({ text: token, required: REPORT_MESSAGES.idRequired, max: 100, maxMessage: REPORT_MESSAGES.idRequired }),
  reason: choice(REPORT_REASONS, REPORT_MESSAGES.reasonRequired),
  details: optionalText(prose, REPORT_RULES.detailsMaxLength, REPORT_MESSAGES.detailsTooLong, REPORT_MESSAGES.detailsText),
});
export type ReportBody = z.output<typeof reportBodySchema>;
/** The report form's values before the schema cleans them. */
export type ReportFormValues = z.input<typeof reportBodySchema>;

/** The reason a seller or a student reads: with a take-down and with a suspension. */
const decisionReason = (required: string) =>
  requiredText({ text: prose, required, invalid: REPORT_MESSAGES.reasonText, max: REPORT_RULES.reasonMaxLength, maxMessage: REPORT_MESSAGES.reasonTooLong }).min(
    REPORT_RULES.reasonMinLength,
    REPORT_MESSAGES.reasonTooShort,
  );

/** POST /admin/books/:id/take-down. */
export const takeDownBodySchema = body({ reason: decisionReason(REPORT_MESSAGES.takeDownReasonRequired) });
export type TakeDownBody = z.output<typeof takeDownBodySchema>;

/** POST /admin/students/:id/suspend. */
export const suspendBodySchema = body({ reason: decisionReason(REPORT_MESSAGES.suspendReasonRequired) });
export type SuspendBody = z.output<typeof suspendBodySchema>;

/** POST /admin/reports/dismiss: every open report about this listing or student is closed as dismissed. */
export const dismissReportsBodySchema = body({
  target: choice(REPORT_TARGETS, REPORT_MESSAGES.targetRequired),
  id: requiredText({ text: token, required: REPORT_MESSAGES.idRequired, max: 100, maxMessage: REPORT_MESSAGES.idRequired }),
});
export type DismissReportsBody = z.output<typeof dismissReportsBodySchema>;

/** The params of /admin/students/:id/…. */
export const studentIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ---- Answers ----

/** A report as its author sent it (the answer to POST /reports). */
export const reportSchema = z
  .object({
    id: z.string(),
    target: z.enum(REPORT_TARGETS),
    targetId: z.string().describe('The listing or student reported'),
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    createdAt: time,
  })
  .meta({ id: 'Report' });
export const reportResponseSchema = z.object({ report: reportSchema });

/** A student as an admin judging reports sees them: never a password, an email or a student number. */
export const reportedStudentSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    university: z.enum(UNIVERSITY_IDS),
    role: z.enum(ROLES),
    createdAt: time,
    suspended: z.object({ at: time, reason: z.string() }).nullable().describe('Set while the account is suspended'),
  })
  .meta({ id: 'ReportedStudent' });
export const reportedStudentResponseSchema = z.object({ student: reportedStudentSchema });

/** One open report inside a queue entry. */
export const queuedReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: time,
  reporter: z.object({ id: z.string(), firstName: z.string() }).describe('Who sent it (only admins see this)'),
  countsTowardsHiding: z.boolean().describe('False when this student had a report about the same thing dismissed before'),
});

/** Everything open about one listing or one student: the admin queue's entry. */
export const reportGroupSchema = z
  .object({
    target: z.enum(REPORT_TARGETS),
    targetId: z.string(),
    openReports: z.number().int(),
    reporters: z.number().int().describe('Different students among them'),
    latestAt: time.describe('When the newest open report came'),
    reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })).describe('Most common first'),
    reports: z.array(queuedReportSchema).describe(`The newest open reports, at most ${REPORT_RULES.queueReportsPerTarget}`),
    book: bookSchema.nullable().describe('The listing reported (null for a student, or a listing its seller has since withdrawn)'),
    subject: reportedStudentSchema.nullable().describe("The student responsible: the listing's seller, or the student reported (null once the account is erased)"),
  })
  .meta({ id: 'ReportGroup' });

export const reportQueueSchema = z.object({
  items: z.array(reportGroupSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const dismissReportsResponseSchema = z.object({ closed: z.number().int().describe('How many open reports were dismissed') });

export type Report = z.output<typeof reportSchema>;
export type ReportResponse = z.output<typeof reportResponseSchema>;
export type ReportedStudent = z.output<typeof reportedStudentSchema>;
export type ReportedStudentResponse = z.output<typeof reportedStudentResponseSchema>;
export type QueuedReport = z.output<typeof queuedReportSchema>;
export type ReportGroup = z.output<typeof reportGroupSchema>;
export type ReportQueue = z.output<typeof reportQueueSchema>;
export type DismissReportsResponse = z.output<typeof dismissReportsResponseSchema>;
