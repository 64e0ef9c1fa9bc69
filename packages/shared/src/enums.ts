// The product's enumerations: the stored values, their union types and
// the labels people see. Values are what the API sends; labels are display text only.

export const LANGUAGES = ['english', 'afrikaans', 'zulu', 'xhosa', 'other'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  english: 'English',
  afrikaans: 'Afrikaans',
  zulu: 'isiZulu',
  xhosa: 'isiXhosa',
  other: 'Other',
};

export const CATEGORIES = [
  'mathematics',
  'physics',
  'chemistry',
  'biology',
  'computer-science',
  'engineering',
  'business',
  'economics',
  'accounting',
  'law',
  'medicine',
  'nursing',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  mathematics: 'Mathematics',
  physics: 'Physics',
  chemistry: 'Chemistry',
  biology: 'Biology',
  'computer-science': 'Computer Science',
  engineering: 'Engineering',
  business: 'Business',
  economics: 'Economics',
  accounting: 'Accounting',
  law: 'Law',
  medicine: 'Medicine',
  nursing: 'Nursing',
};

export const STUDY_LEVELS = ['undergraduate', 'postgraduate', 'professional'] as const;
export type StudyLevel = (typeof STUDY_LEVELS)[number];
export const STUDY_LEVEL_LABELS: Record<StudyLevel, string> = {
  undergraduate: 'Undergraduate',
  postgraduate: 'Postgraduate',
  professional: 'Professional',
};

export const CONDITIONS = ['new', 'like-new', 'very-good', 'good', 'acceptable'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = {
  new: 'New',
  'like-new': 'Like New',
  'very-good': 'Very Good',
  good: 'Good',
  acceptable: 'Acceptable',
};

// The seller form's seven years plus the shorter variant's 'postgrad', so both forms share one list.
export const YEARS_OF_STUDY = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'postgrad'] as const;
export type YearOfStudy = (typeof YEARS_OF_STUDY)[number];
export const YEAR_OF_STUDY_LABELS: Record<YearOfStudy, string> = {
  first: 'First Year',
  second: 'Second Year',
  third: 'Third Year',
  fourth: 'Fourth Year',
  fifth: 'Fifth Year',
  sixth: 'Sixth Year',
  seventh: 'Seventh Year',
  postgrad: 'Postgraduate',
};

export const SEMESTERS = ['first', 'second'] as const;
export type Semester = (typeof SEMESTERS)[number];
export const SEMESTER_LABELS: Record<Semester, string> = {
  first: 'First Semester',
  second: 'Second Semester',
};

/**
 * Where a listing stands: moderation (pending, approved, declined; a declined listing reads "Rejected" to
 * its seller) and what can happen to it once approved (docs/decisions/0031-listing-lifecycle.md). Only
 * `approved` is in the catalogue (and then only while available): hidden after reports, taken down by an
 * admin, expired, sold elsewhere and suspended with its seller are all out of it, seen by their seller and
 * the admins alone.
 */
export const BOOK_STATUSES = ['pending', 'approved', 'declined', 'hidden', 'taken_down', 'expired', 'sold_elsewhere', 'suspended'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
/**
 * The statuses in which the owner cannot edit a listing: reports hid it (the admins decide first), it was
 * sold elsewhere (it is gone), or it is suspended with its seller. Any other may be edited, back to review.
 */
export const EDIT_FROZEN_STATUSES = ['hidden', 'sold_elsewhere', 'suspended'] as const satisfies readonly BookStatus[];
export const isEditFrozen = (status: string) => (EDIT_FROZEN_STATUSES as readonly string[]).includes(status);
/**
 * The statuses in which the owner cannot withdraw (delete) a listing: reports hid it or a moderator took
 * it down, and the admins judging those need its details and photos as they are.
 */
export const KEPT_FOR_MODERATION = ['hidden', 'taken_down'] as const satisfies readonly BookStatus[];
export const isKeptForModeration = (status: string) => (KEPT_FOR_MODERATION as readonly string[]).includes(status);
export const BOOK_STATUS_LABELS: Record<BookStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Rejected',
  hidden: 'Hidden after reports',
  taken_down: 'Taken down',
  expired: 'Expired',
  sold_elsewhere: 'Sold elsewhere',
  suspended: 'Suspended',
};

/** Whether an approved listing can still be bought. */
export const AVAILABILITIES = ['available', 'reserved', 'sold'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
};

export const ROLES = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person may choose at sign-up; admins are created by configuration only. */
export const USER_TYPES = ['buyer', 'seller'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = {
  buyer: 'Buy Books',
  seller: 'Sell Books',
};

export const ORDER_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'completed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
  expired: 'Expired',
};

/** Orders that still hold the book (it is reserved while one of these exists). */
export const ACTIVE_ORDER_STATUSES = ['requested', 'accepted'] as const satisfies readonly OrderStatus[];
export type ActiveOrderStatus = (typeof ACTIVE_ORDER_STATUSES)[number];

/** Orders that ended without a sale: their conversation is closed (read-only for both parties). */
export const ENDED_WITHOUT_SALE_STATUSES = ['declined', 'cancelled', 'expired'] as const satisfies readonly OrderStatus[];
export const endedWithoutSale = (status: OrderStatus): boolean => (ENDED_WITHOUT_SALE_STATUSES as readonly OrderStatus[]).includes(status);

/** In-app notification kinds the server sends; the web app picks an icon per kind. */
export const NOTIFICATION_KINDS = [
  'listing_approved',
  'listing_declined',
  'order_requested',
  'order_accepted',
  'order_declined',
  'order_cancelled',
  'order_completed',
  'order_expired',
  'order_reminder',
  'order_message',
  'review_received',
  'listing_hidden',
  'listing_restored',
  'listing_taken_down',
  'listing_expiring',
  'listing_expired',
  'wishlist_match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
