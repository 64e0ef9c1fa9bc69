// What both sides agree on about reports and a listing's life after approval
// (docs/decisions/0031-listing-lifecycle.md): what can be reported and why, how many students it takes
// to hide a listing, how long an approval lasts and when the seller is reminded.

/** What a student can report: a listing, or another student. */
export const REPORT_TARGETS = ['book', 'student'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Why a student reports something: a fixed list, so the admin queue can count and sort them. */
export const REPORT_REASONS = ['not_textbook', 'wrong_details', 'prohibited', 'scam', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  not_textbook: 'Not a textbook',
  wrong_details: 'Wrong details or photos',
  prohibited: 'Prohibited item',
  scam: 'Scam or fraud',
  offensive: 'Offensive content',
  other: 'Something else',
};

/** How an admin closed a report. */
export const REPORT_OUTCOMES = ['dismissed', 'taken_down', 'suspended'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const REPORT_RULES = {
  /** Open reports from this many different students hide a listing until an admin decides. */
  studentsToHide: 3,
  /** The longest details a report may carry. */
  detailsMaxLength: 1000,
  /** Reports one student may send in an hour (every attempt counts, refused ones too). */
  perStudentPerHour: 10,
  /** A take-down's or a suspension's reason, which the student reads. */
  reasonMinLength: 3,
  reasonMaxLength: 500,
  /** The latest open reports of each target the admin queue shows in full. */
  queueReportsPerTarget: 20,
} as const;

const DAY = 86_400_000;

export const LISTING_LIFETIME = {
  /** An approval (or a renewal) keeps a listing in the catalogue this long. */
  days: 90,
  ms: 90 * DAY,
  /** The seller is reminded this long before it expires, once per expiry date. */
  reminderDays: 7,
  reminderMs: 7 * DAY,
} as const;

/** When a listing approved or renewed at `from` expires. */
export const expiryFrom = (from: Date): Date => new Date(from.getTime() + LISTING_LIFETIME.ms);

/**
 * The address of the one-click renewal a reminder links to: My Books renews the listing once the seller
 * is signed in (docs/decisions/0031-listing-lifecycle.md). `renew` is the listing's id.
 */
export const RENEW_PARAM = 'renew';
export const renewPath = (bookId: string) => `/seller/books?${RENEW_PARAM}=${encodeURIComponent(bookId)}`;
