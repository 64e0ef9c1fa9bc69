// The database's tables as Kysely sees them. Times are ISO-8601 UTC strings in both dialects,
// money is integer cents, ids are random URL-safe strings (docs/decisions/0002-database.md).
import type { Generated } from 'kysely';

export interface StudentsTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  student_number: string;
  university: string;
  role: 'buyer' | 'seller' | 'admin';
  faculty_name: string | null;
  department_name: string | null;
  year_of_study: string | null;
  semester: string | null;
  academic_year: string | null;
  academic_updated_at: string | null;
  created_at: string;
  updated_at: string;
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
  status: Generated<'pending' | 'approved' | 'declined'>;
  availability: Generated<'available' | 'reserved' | 'sold'>;
  decline_reason: string | null;
  university: string;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  /** The listing's course codes, space-separated, for the text index (migration 011); book_courses holds them. */
  course_codes: Generated<string>;
}

/** The courses a listing is used for, in the seller's order (migration 011). */
export interface BookCoursesTable {
  book_id: string;
  university: string;
  code: string;
  position: number;
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

export interface Database {
  orders: OrdersTable;
  order_messages: OrderMessagesTable;
  reviews: ReviewsTable;
  idempotency_keys: IdempotencyKeysTable;
  cart_items: CartItemsTable;
  package_orders: PackageOrdersTable;
  job_runs: JobRunsTable;
  students: StudentsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  books: BooksTable;
  book_images: BookImagesTable;
  book_courses: BookCoursesTable;
  notifications: NotificationsTable;
}
