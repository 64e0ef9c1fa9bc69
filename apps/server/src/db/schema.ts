// The database's tables as Kysely sees them. Times are ISO-8601 UTC strings in both dialects,
// money is integer cents, ids are random URL-safe strings (docs/decisions/0002-database.md).
import type { Generated } from 'kysely';
import type { FacultyKey, Semester, UniversityId, YearOfStudy } from '@reshelf/shared';

export interface StudentsTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  student_number: string;
  university: UniversityId;
  role: 'buyer' | 'seller' | 'admin';
  faculty_name: FacultyKey | null;
  department_name: string | null;
  year_of_study: YearOfStudy | null;
  semester: Semester | null;
  academic_year: string | null;
  academic_updated_at: string | null;
  /** This semester's course codes, space-separated, upper-case, at the student's university (migration 014). */
  course_codes: Generated<string>;
  created_at: string;
  updated_at: string;
  /** Set while an admin has suspended the account (migration 016). */
  suspended_at: string | null;
  suspension_reason: string | null;
  /** Set together once the student proved enrolment (migration 018): the university, when, how, and the address. */
  verified_university: UniversityId | null;
  verified_at: string | null;
  verified_via: 'email' | 'microsoft' | null;
  verified_email: string | null;
}

/** Every role an account holds, one row each (migration 017): the sign-up role and any added later. */
export interface StudentRolesTable {
  student_id: string;
  role: 'buyer' | 'seller' | 'admin';
  created_at: string;
}

export interface SessionsTable {
  token_hash: string;
  student_id: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  absolute_expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  student_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The one pending mailed verification link per student (migration 018). */
export interface StudentVerificationsTable {
  student_id: string;
  token_hash: string;
  email: string;
  university: UniversityId;
  created_at: string;
  expires_at: string;
}

export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  student_number: string;
  university: string;
  email: string;
  message: string;
  created_at: string;
}

export interface NewsletterSubscribersTable {
  email: string;
  list_id: number;
  source: string;
  signup_date: string;
  updated_at: string;
  synced_at: string | null;
  sync_attempts: Generated<number>;
  next_sync_at: string | null;
}

export interface JobRunsTable {
  name: string;
  next_run_at: string;
  last_run_at: string | null;
  last_run_by: string | null;
  run_count: Generated<number>;
}

export interface BooksTable {
  id: string;
  seller_id: string;
  title: string;
  author: string;
  isbn: string;
  isbn_digits: string;
  publisher: string;
  publication_year: number;
  language: string;
  category: string;
  study_level: string;
  condition: string;
  price_cents: number;
  edition: string;
  number_of_pages: number;
  description: string;
  additional_notes: string | null;
  /** Moderation and what followed approval (migration 016: hidden, taken_down, expired, sold_elsewhere, suspended). */
  status: Generated<'pending' | 'approved' | 'declined' | 'hidden' | 'taken_down' | 'expired' | 'sold_elsewhere' | 'suspended'>;
  availability: Generated<'available' | 'reserved' | 'sold'>;
  decline_reason: string | null;
  university: string;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  /** The listing's course codes, space-separated, for the text index (migration 011); book_courses holds them. */
  course_codes: Generated<string>;
  /** When an approved listing leaves the catalogue unless renewed (migration 016). */
  expires_at: string | null;
  /** The expiry its seller was last reminded of: a renewal moves expires_at, so the next reminder is due again. */
  expiry_reminded_for: string | null;
  taken_down_at: string | null;
  /** The admin's reason for a take-down, which the seller reads. */
  takedown_reason: string | null;
}

/** The courses a listing is used for, in the seller's order (migration 011). */
export interface BookCoursesTable {
  book_id: string;
  university: string;
  code: string;
  position: number;
}

/** The price of a new copy of an edition, entered by an admin (migration 013). */
export interface EditionPricesTable {
  /** ISBN-13, digits only, as listings store it. */
  isbn: string;
  price_cents: number;
  /** The admin who set it (null once that account is erased). */
  set_by: string | null;
  set_at: string;
}

/** Per ISBN, how many copies count towards its price and their median; kept by triggers on books (migration 013). */
export interface EditionMediansTable {
  isbn: string;
  copies: number;
  median_cents: number;
}

export interface BookImagesTable {
  id: string;
  book_id: string;
  position: number;
  path_full: string;
  path_thumb: string;
  width: number;
  height: number;
}

export interface NotificationsTable {
  id: string;
  student_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export type OrderStatusColumn = 'requested' | 'accepted' | 'declined' | 'cancelled' | 'completed' | 'expired';

export interface OrdersTable {
  id: string;
  book_id: string | null;
  buyer_id: string | null;
  seller_id: string | null;
  buyer_first_name: string;
  seller_first_name: string;
  book_title: string;
  book_author: string;
  book_edition: string;
  book_isbn: string;
  book_condition: string;
  book_image_url: string | null;
  book_thumb_url: string | null;
  amount_cents: number;
  status: OrderStatusColumn;
  meetup_location: string | null;
  meetup_at: string | null;
  reason: string | null;
  expires_at: string;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Six digits, made when the seller accepts; shown to the buyer only. */
  handover_code: string | null;
  /** Codes tried since the last lock ended (a right one completes the order). */
  handover_attempts: Generated<number>;
  handover_locked_until: string | null;
  proposed_meetup_at: string | null;
  proposed_meetup_location: string | null;
  proposed_by: 'buyer' | 'seller' | null;
  proposed_at: string | null;
  /** Moves on each time the meetup moves (the calendar file's SEQUENCE). */
  meetup_sequence: Generated<number>;
}

export interface NoShowsTable {
  id: string;
  order_id: string;
  /** The student who did not come. */
  student_id: string | null;
  reporter_id: string | null;
  created_at: string;
}

export interface OrderRemindersTable {
  order_id: string;
  kind: 'evening' | 'hour';
  due_at: string;
  meetup_at: string;
  sent_at: string | null;
}

export interface OrderMessagesTable {
  id: string;
  order_id: string;
  sender_id: string | null;
  sender_first_name: string;
  body: string;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  order_id: string;
  reviewer_id: string | null;
  reviewer_first_name: string;
  subject_id: string | null;
  rating: number;
  comment: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  student_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: string;
}

export interface CartItemsTable {
  student_id: string;
  item_type: 'book' | 'package';
  item_id: string;
  created_at: string;
}

export interface PackageOrdersTable {
  id: string;
  student_id: string | null;
  student_first_name: string;
  student_email: string | null;
  package_id: string;
  package_name: string;
  amount_cents: number;
  status: 'requested' | 'confirmed' | 'collected' | 'cancelled';
  created_at: string;
  updated_at: string;
}

/** What a student waits for (migration 012); the fields it does not narrow by are null. */
export interface WishlistsTable {
  id: string;
  student_id: string;
  slot: number;
  isbn: string | null;
  q: string | null;
  q_key: string | null;
  course: string | null;
  university: string | null;
  max_price_cents: number | null;
  criteria: string;
  emails_stopped_at: string | null;
  created_at: string;
}

/** One per wishlist entry and listing that matched it, with its email's progress (migration 012). */
export interface WishlistMatchesTable {
  wishlist_id: string;
  book_id: string;
  student_id: string;
  matched_at: string;
  email: 'each' | 'digest' | 'none';
  email_claim: string | null;
  email_claimed_at: string | null;
  emailed_at: string | null;
  email_attempts: Generated<number>;
}

/** A provider's account linked to a student (migration 019, owned by the identities module). */
export interface StudentIdentitiesTable {
  provider: string;
  subject: string;
  student_id: string;
  email: string | null;
  linked_at: string;
}

/** A started sign-in with a provider, until its callback (migration 019, identities module). */
export interface SignInFlowsTable {
  id_hash: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  intent: 'sign-in' | 'link';
  student_id: string | null;
  created_at: string;
  expires_at: string;
}

/** A provider's verified identity waiting for a profile or a password (migration 019, identities module). */
export interface PendingSignInsTable {
  token_hash: string;
  provider: string;
  subject: string;
  email: string;
  first_name: string;
  last_name: string;
  student_id: string | null;
  created_at: string;
  expires_at: string;
}

/** Keys the server signs links with, made once (migration 012). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A student's report of a listing or another student (migration 016, owned by the reports module). */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_type: 'book' | 'student';
  target_id: string;
  /** The student responsible: the listing's seller, or the student reported. */
  subject_id: string;
  reason: string;
  details: string | null;
  /** 0 when the reporter had a report about the same target dismissed before: it does not count towards hiding. */
  counts: Generated<number>;
  created_at: string;
  closed_at: string | null;
  outcome: 'dismissed' | 'taken_down' | 'suspended' | null;
  closed_by: string | null;
}

export interface Database {
  reports: ReportsTable;
  orders: OrdersTable;
  no_shows: NoShowsTable;
  order_reminders: OrderRemindersTable;
  order_messages: OrderMessagesTable;
  reviews: ReviewsTable;
  idempotency_keys: IdempotencyKeysTable;
  cart_items: CartItemsTable;
  package_orders: PackageOrdersTable;
  job_runs: JobRunsTable;
  students: StudentsTable;
  student_roles: StudentRolesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  student_verifications: StudentVerificationsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  books: BooksTable;
  book_images: BookImagesTable;
  book_courses: BookCoursesTable;
  edition_prices: EditionPricesTable;
  edition_medians: EditionMediansTable;
  notifications: NotificationsTable;
  wishlists: WishlistsTable;
  wishlist_matches: WishlistMatchesTable;
  server_secrets: ServerSecretsTable;
  student_identities: StudentIdentitiesTable;
  sign_in_flows: SignInFlowsTable;
  pending_sign_ins: PendingSignInsTable;
}
