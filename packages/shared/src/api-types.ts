// The JSON shapes of the API's answers, shared so the web client and the server agree on them.
// Times are ISO 8601 UTC strings; money is rand as a number with at most 2 decimals.
import type {
  Availability,
  BookStatus,
  Category,
  Condition,
  Language,
  OrderStatus,
  Role,
  Semester,
  StudyLevel,
  YearOfStudy,
} from './enums';
import type { FacultyKey } from './faculties';
import type { UniversityId } from './universities';

export interface AcademicInfo {
  facultyName: FacultyKey;
  departmentName: string;
  yearOfStudy: YearOfStudy;
  semester: Semester;
  academicYear: string;
  lastUpdate: string;
}

export interface Student {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  studentNumber: string;
  university: UniversityId;
  role: Role;
  academicInfo: AcademicInfo | null;
  createdAt: string;
  updatedAt: string;
}

export interface BookImage {
  url: string;
  thumbUrl: string;
}

export interface BookSeller {
  id: string;
  firstName: string;
  university: UniversityId;
  /** Average review rating, null before the first review. */
  rating: number | null;
  reviewCount: number;
}

export interface Book {
  id: string;
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  publicationYear: number;
  language: Language;
  category: Category;
  studyLevel: StudyLevel;
  condition: Condition;
  price: number;
  edition: string;
  numberOfPages: number;
  description: string;
  additionalNotes: string | null;
  status: BookStatus;
  availability: Availability;
  declineReason: string | null;
  images: BookImage[];
  seller: BookSeller;
  createdAt: string;
  updatedAt: string;
}

/** The part of a book an order carries. */
export type BookSummary = Pick<
  Book,
  'id' | 'title' | 'author' | 'edition' | 'isbn' | 'condition' | 'price' | 'images' | 'status' | 'availability'
>;

export interface OrderParty {
  id: string;
  firstName: string;
}

export interface OrderReview {
  rating: number;
  comment: string | null;
}

export interface Order {
  id: string;
  status: OrderStatus;
  book: BookSummary;
  buyer: OrderParty;
  seller: OrderParty;
  amount: number;
  meetupLocation: string | null;
  meetupAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The caller's own review of the other party, once given. */
  myReview: OrderReview | null;
  /** While `requested`: when the request lapses (72 hours after it was made); otherwise null. */
  expiresAt: string | null;
  /** The decline or cancel reason, if one was given. */
  reason: string | null;
  /** The other party's review of the caller, once given. */
  theirReview: OrderReview | null;
}

export type PackageOrderStatus = 'requested' | 'confirmed' | 'collected' | 'cancelled';

/** A buyer's order of a whole textbook package, fulfilled by an admin. */
export interface PackageOrder {
  id: string;
  packageId: string;
  packageName: string;
  amount: number;
  status: PackageOrderStatus;
  student: { id: string; firstName: string; email: string | null };
  createdAt: string;
  updatedAt: string;
}

/** What an order list row needs; a full Order satisfies it. */
export type OrderSummary = Pick<
  Order,
  'id' | 'status' | 'book' | 'buyer' | 'seller' | 'amount' | 'meetupLocation' | 'meetupAt' | 'createdAt' | 'updatedAt'
>;

export interface Review {
  id: string;
  orderId: string;
  reviewer: OrderParty;
  /** The person being rated. */
  subjectId: string;
  rating: number;
  comment: string | null;
  createdAt: string;
}

export interface OrderMessage {
  id: string;
  orderId: string;
  sender: OrderParty;
  body: string;
  createdAt: string;
}

export interface Notification {
  id: string;
  /** One of NOTIFICATION_KINDS; typed loosely so a newer server never breaks an older client. */
  kind: string;
  title: string;
  body: string;
  /** An in-app path to open, such as '/seller/books'. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

/** Every error answer: `error` is the first failing rule's message, `fields` one message per field. */
export interface ApiErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StudentResponse {
  student: Student;
}

export interface BookResponse {
  book: Book;
}

export interface OrderResponse {
  order: Order;
}

export interface MessageResponse {
  message: string;
}

export interface PackageBook {
  title: string;
  edition: string;
  isbn: string;
  /** ISBN of the PDF edition, where the publisher sells one separately. */
  epdfIsbn?: string;
  ebookIsbn?: string;
  description: string;
  note: string;
}

export interface TextbookPackage {
  id: string;
  name: string;
  description: string;
  /** Rand; null for the custom request, which is quoted per student. */
  price: number | null;
  category: string;
  level: string;
  /** A path the web app serves, e.g. '/packages/computer-science.svg'. */
  image: string;
  books: PackageBook[];
  isCustomRequest: boolean;
  /** The chat number for custom requests; configured on the server, so null in shared data. */
  contactNumber: string | null;
}

export interface PackagesResponse {
  items: TextbookPackage[];
}
