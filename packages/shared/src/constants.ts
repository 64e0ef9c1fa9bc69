// The product's business constants and limits plus the API's own limits, in one typed object so
// client and server enforce the same numbers.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LIMITS = {
  passwordMinLength: 8,
  /** Upper bound so hashing stays cheap; a 64-character passphrase is well inside it. */
  passwordMaxLength: 128,
  studentNumberMinLength: 5,
  requestTimeoutMs: 15 * SECOND,
  newsletterTimeoutMs: 15_000,
  newsletterListId: 7,
  persistTimeoutMs: 5000,
  minImages: 4,
  maxImages: 6,
  maxImageBytes: 5 * 1024 * 1024,
  transactionsPageSize: 10,
  sellerRecentBooks: 5,
  publicationYearMin: 1900,
  priceMaxIntegerDigits: 6,
  priceDecimals: 2,
  pagesMin: 1,
  pagesMax: 9999,
  isbnMaxLength: 17,
  /** Course codes one listing may carry. */
  maxCourses: 10,
  /** Course codes a student may add to their faculty details (this semester's courses). */
  maxStudentCourses: 12,
  /** Books shown per course under "Books for your courses" on a student's home. */
  courseBooksPerCourse: 4,
  academicYearDigits: 4,
  facultyCooldownMs: 24 * HOUR,
  avatarStyles: 30,
  toastDurationMs: 10 * SECOND,
  promoDelayMs: 5 * SECOND,
  promoGapMs: 7 * DAY,
  promoCloseAnimationMs: 300,
  signupRedirectDelayMs: 1500,
  navShadowThreshold: 10,
  navSpacerPx: 72,
  contactResponseHours: 72,
  refundClaimHours: 48,
  orderRequestExpiryHours: 72,
  /**
   * Requests to buy (orders waiting for the seller's answer, each holding its book out of the catalogue)
   * one buyer may have at once: a semester's books, not the whole market.
   */
  openRequestsPerBuyer: 10,
  /** New meetup times one party of an order may propose in an hour (each one mails the other party). */
  meetupProposalsPerHour: 5,
  messageMaxLength: 2000,
  contactMessageMaxLength: 5000,
  descriptionMaxLength: 5000,
  additionalNotesMaxLength: 2000,
  reviewCommentMaxLength: 1000,
  reasonMaxLength: 500,
  searchQueryMaxLength: 200,
  /**
   * The catalogue counts the books a question finds no further than this (GET /books answers `total`
   * with `totalCapped: true` beyond it, shown as "1,000+ books"), and a search whose words match more
   * listings than this ranks the newest this many of them: a question's work stays the same however
   * large the catalogue grows (docs/decisions/0038-catalogue-at-national-scale.md).
   */
  catalogueCountCap: 1000,
  /** Wishlist entries one student may keep. */
  wishlistMaxEntries: 50,
  /** An entry that matched this many listings within a day sends the next ones in one daily digest. */
  wishlistDigestAfter: 3,
  wishlistDigestWindowMs: DAY,
  /** Every list the API pages (catalogue, orders, notifications, the seller's and the admins' lists): one rule. */
  defaultPageSize: 20,
  maxPageSize: 50,
  /** Far beyond any list's end; it keeps the row offset a small integer on every database. */
  maxPage: 1_000_000,
  /** A seller proposes a meetup at most this many days ahead (the order is held for the buyer meanwhile). */
  meetupMaxDaysAhead: 30,
  sessionIdleDays: 30,
  sessionAbsoluteDays: 90,
  resetTokenTtlMs: HOUR,
  /** Reset mails one address is sent in a window, however many addresses ask: more requests answer the same and send nothing. */
  resetMailsPerWindow: 3,
  resetMailWindowMs: HOUR,
  loginFailuresPerWindow: 10,
  loginWindowMs: 15 * MINUTE,
  /** Used books sell for 40-60% of the original price (the FAQ's guide). */
  usedPriceGuideMin: 0.4,
  usedPriceGuideMax: 0.6,
  /** A copy is a "good price" only when its edition has at least this many priced copies: with one or two, a median says little. */
  goodPriceMinCopies: 3,
  /** A public profile shows this many of the student's most recent reviews (docs/decisions/0034-public-profiles.md). */
  profileReviews: 10,
  /** A public profile shows this many of the student's newest listings for sale. */
  profileListings: 12,
} as const;

/**
 * Newsletter sign-ups must come from one of these domains or a sub-domain of one. The last two
 * are the personal providers students may also use: Gmail and iCloud.
 */
export const NEWSLETTER_ALLOWED_DOMAINS = [
  'ac.za',
  'edu.za',
  'mycput.ac.za',
  'mylife.unisa.ac.za',
  'myuwc.ac.za',
  'student.wits.ac.za',
  'tuks.co.za',
  'students.wits.ac.za',
  'mandela.ac.za',
  'sun.ac.za',
  'uct.ac.za',
  'uj.ac.za',
  'up.ac.za',
  'gmail.com',
  'icloud.com',
] as const;

export const NEWSLETTER_SOURCE = 'website_footer';

export const CURRENCY = 'ZAR';
export const LOCALE = 'en-ZA';
/** Dates are shown in South African time wherever the code runs (server mail, browser abroad). */
export const TIME_ZONE = 'Africa/Johannesburg';

/** Image types accepted for listing photos (checked by their bytes on the server). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
