// The JSON shapes the API answers with, as zod schemas: the server declares them as each route's
// `response` (its serializer validates every answer against them and drops fields nobody declared), the
// OpenAPI document is generated from them, and api-types.ts derives the client's types from them.
// Times are ISO 8601 UTC strings; money is rand as a number with at most 2 decimals.
// Named ones (`.meta({ id })`) become components of the OpenAPI document.
import { z } from 'zod';
import {
  AVAILABILITIES,
  BOOK_STATUSES,
  CATEGORIES,
  CONDITIONS,
  LANGUAGES,
  ORDER_STATUSES,
  ROLES,
  SEMESTERS,
  STUDY_LEVELS,
  YEARS_OF_STUDY,
} from '../enums';
import { LIMITS } from '../constants';
import { FACULTY_KEYS } from '../faculties';
import { UNIVERSITY_IDS } from '../universities';

const time = z.string().describe('ISO 8601 UTC time');
const rand = z.number().describe('Rand, at most 2 decimals');

// ---- Errors ----

/** Every error answer: `error` is the first failing rule's message, `fields` one message per field. */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    code: z.string().describe('UPPER_SNAKE machine code, such as VALIDATION or NOT_FOUND'),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError' });

/** A plain confirmation: `{message}`. */
export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

/** A list page: `{items, total, page, pageSize}`, `page` 1-based. */
export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

// ---- Health ----

export const healthSchema = z.object({ status: z.literal('ok') });

// ---- Students ----

export const academicInfoSchema = z.object({
  facultyName: z.enum(FACULTY_KEYS),
  departmentName: z.string(),
  yearOfStudy: z.enum(YEARS_OF_STUDY),
  semester: z.enum(SEMESTERS),
  academicYear: z.string(),
  lastUpdate: time,
});

/**
 * A verified student's proof of enrolment (docs/decisions/0035-verified-students.md): the university
 * that verified them and when; null until verified. Shown as "Verified student".
 */
export const studentVerifiedSchema = z
  .object({
    university: z.enum(UNIVERSITY_IDS).describe('The university whose address (or Microsoft tenant) verified the student'),
    at: time,
  })
  .nullable()
  .meta({ id: 'StudentVerified' });

/** A student as they see themselves: never a password hash or a token. */
export const studentSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    studentNumber: z.string(),
    university: z.enum(UNIVERSITY_IDS),
    role: z.enum(ROLES).describe('The role chosen at sign-up (admin for an admin)'),
    roles: z
      .array(z.enum(ROLES))
      .describe('Every role the account holds: the sign-up role and any added with POST /account/roles'),
    academicInfo: academicInfoSchema.nullable(),
    courses: z
      .array(z.string())
      .describe('The course codes the student takes this semester, at their university, upper-case (PUT /student/courses)'),
    verified: studentVerifiedSchema.describe('Set once the student proved enrolment (POST /account/verify-student); null until then'),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: 'Student' });

export const studentResponseSchema = z.object({ student: studentSchema });

// ---- Books ----

export const bookImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int().optional().describe("The full-size photo's width in pixels (on a listing's photos; summaries may leave it out)"),
  height: z.number().int().optional().describe("The full-size photo's height in pixels (on a listing's photos; summaries may leave it out)"),
});

export const bookSellerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  university: z.enum(UNIVERSITY_IDS),
  rating: z.number().nullable().describe('Average review rating, null before the first review'),
  reviewCount: z.number().int(),
  verified: z.boolean().describe('Whether the seller is a verified student (shown as "Verified student")'),
});

/** A course a listing is used for: its university and its code there, upper-case. */
export const courseSchema = z
  .object({ university: z.enum(UNIVERSITY_IDS), code: z.string().describe('2-12 letters and digits, upper-case') })
  .meta({ id: 'Course' });

export const bookSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    author: z.string(),
    isbn: z.string(),
    publisher: z.string(),
    publicationYear: z.number().int(),
    language: z.enum(LANGUAGES),
    category: z.enum(CATEGORIES),
    studyLevel: z.enum(STUDY_LEVELS),
    condition: z.enum(CONDITIONS),
    price: rand,
    edition: z.string(),
    numberOfPages: z.number().int(),
    description: z.string(),
    additionalNotes: z.string().nullable(),
    status: z.enum(BOOK_STATUSES),
    availability: z.enum(AVAILABILITIES),
    declineReason: z.string().nullable(),
    images: z.array(bookImageSchema),
    courses: z.array(courseSchema).describe('The courses the seller says this book is used for'),
    goodPrice: z
      .boolean()
      .describe(
        `True when the listing is approved and available and its price is below the median of its edition's copies (GET /editions/:isbn's price.median: approved copies available or sold), counted once the edition has at least ${LIMITS.goodPriceMinCopies}; otherwise false`,
      ),
    seller: bookSellerSchema,
    createdAt: time,
    updatedAt: time,
    // Only in the seller's and the admins' views of a listing (docs/decisions/0031-listing-lifecycle.md).
    expiresAt: time
      .nullable()
      .optional()
      .describe("When the listing leaves the catalogue unless renewed (approved and expired listings); only in its seller's and the admins' views"),
    takenDown: z
      .object({ reason: z.string(), at: time })
      .nullable()
      .optional()
      .describe("Why and when an admin took the listing down; only in its seller's and the admins' views"),
  })
  .meta({ id: 'Book' });

export const bookResponseSchema = z.object({ book: bookSchema });
export const bookListSchema = listResponseSchema(bookSchema);

/** The part of a book an order carries. */
export const bookSummarySchema = bookSchema
  .pick({ id: true, title: true, author: true, edition: true, isbn: true, condition: true, price: true, images: true, status: true, availability: true })
  .meta({ id: 'BookSummary' });

// ---- Editions ----

/** One copy of an edition for sale, with what a catalogue card shows of it. */
export const editionCopySchema = z
  .object({
    id: z.string().describe('The listing (GET /books/:id)'),
    condition: z.enum(CONDITIONS),
    price: rand,
    university: z.enum(UNIVERSITY_IDS).describe('The campus the copy is sold at'),
    image: bookImageSchema.nullable().describe('Its first photo'),
    createdAt: time,
  })
  .meta({ id: 'EditionCopy' });

/** Every listing of one ISBN as one edition (GET /editions/:isbn). */
export const editionSchema = z
  .object({
    isbn13: z.string().describe('13 digits, no hyphens'),
    title: z.string().describe('From the most recent approved listing of this ISBN, as are author, publisher, year and edition'),
    author: z.string(),
    publisher: z.string(),
    publicationYear: z.number().int(),
    edition: z.string(),
    available: z.number().int().describe('Copies in the catalogue now (approved, not reserved or sold)'),
    sold: z.number().int().describe('Copies sold through Reshelf'),
    price: z
      .object({ low: rand, median: rand, high: rand })
      .nullable()
      .describe('Over the prices of available and sold copies; null when there are none'),
    newPrice: rand.nullable().describe('The price of a new copy where Reshelf knows it; otherwise null'),
    courses: z.array(courseSchema).describe('The courses this edition is used in: distinct, from its approved listings'),
    copies: z.array(editionCopySchema).describe('The available copies, cheapest first, at most 50'),
  })
  .meta({ id: 'Edition' });

export const editionResponseSchema = z.object({ edition: editionSchema });

// ---- Orders, reviews, messages ----

export const orderPartySchema = z.object({ id: z.string(), firstName: z.string() });
export const orderReviewSchema = z.object({ rating: z.number().int(), comment: z.string().nullable() });

/** A new meetup time proposed by one party of an accepted order, waiting for the other's answer. */
export const orderProposalSchema = z
  .object({
    meetupAt: time,
    meetupLocation: z.string().describe('The place: the proposed one, or the agreed one if the proposal kept it'),
    by: z.enum(['buyer', 'seller']).describe('Who proposed it; the other party accepts it'),
    createdAt: time,
    lapsesAt: time.describe('When it stops waiting: 48 hours after it was made, or at the proposed time if that comes first'),
  })
  .meta({ id: 'MeetupProposal' });

export const orderSchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    book: bookSummarySchema,
    buyer: orderPartySchema,
    seller: orderPartySchema,
    amount: rand,
    meetupLocation: z.string().nullable(),
    meetupAt: time.nullable(),
    createdAt: time,
    updatedAt: time,
    myReview: orderReviewSchema.nullable().describe("The caller's own review of the other party, once given"),
    expiresAt: time.nullable().describe('While requested: when the request lapses (72 hours after it was made); otherwise null'),
    reason: z.string().nullable().describe('The decline or cancel reason, if one was given'),
    theirReview: orderReviewSchema.nullable().describe("The other party's review of the caller, once given"),
    handoverCode: z
      .string()
      .nullable()
      .optional()
      .describe(
        "Only in the buyer's own view of one order (GET /orders/:id, the answers to the buyer's actions, the buyer's realtime events): while accepted, the 6 digits the seller enters to complete the sale; otherwise null. Never in the seller's view or in lists",
      ),
    proposal: orderProposalSchema.nullable().describe('While accepted: a new meetup time one party proposed and the other has not yet accepted; null when there is none or it lapsed'),
  })
  .meta({ id: 'Order' });

export const orderResponseSchema = z.object({ order: orderSchema });
export const orderListSchema = listResponseSchema(orderSchema);

/** A review as given: the answer to POST /orders/:id/review. */
export const givenReviewSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    reviewer: orderPartySchema,
    subjectId: z.string().describe('The person being rated'),
    rating: z.number().int(),
    comment: z.string().nullable(),
    createdAt: time,
  })
  .meta({ id: 'Review' });

export const reviewResponseSchema = z.object({ review: givenReviewSchema });

export const orderMessageSchema = z
  .object({ id: z.string(), orderId: z.string(), sender: orderPartySchema, body: z.string(), createdAt: time })
  .meta({ id: 'OrderMessage' });

export const orderMessageResponseSchema = z.object({ message: orderMessageSchema });
export const orderMessageListSchema = listResponseSchema(orderMessageSchema);

/** Live counts for the buyer's home. */
export const buyerSummarySchema = z.object({
  pending: z.number().int().describe('Orders requested or accepted'),
  completed: z.number().int(),
});

// ---- Notifications ----

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.string().describe('One of the notification kinds; typed loosely so a newer server never breaks an older client'),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().describe("An in-app path to open, such as '/seller/books'"),
    readAt: time.nullable(),
    createdAt: time,
  })
  .meta({ id: 'Notification' });

export const notificationResponseSchema = z.object({ notification: notificationSchema });
export const notificationListSchema = listResponseSchema(notificationSchema).extend({ unread: z.number().int() });

// ---- Packages ----

export const PACKAGE_ORDER_STATUSES = ['requested', 'confirmed', 'collected', 'cancelled'] as const;

export const packageBookSchema = z.object({
  title: z.string(),
  edition: z.string(),
  isbn: z.string(),
  epdfIsbn: z.string().optional().describe('ISBN of the PDF edition, where the publisher sells one separately'),
  ebookIsbn: z.string().optional(),
  description: z.string(),
  note: z.string(),
});

export const textbookPackageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    price: rand.nullable().describe('Rand; null for the custom request, which is quoted per student'),
    category: z.string(),
    level: z.string(),
    image: z.string().describe("A path the web app serves, e.g. '/packages/computer-science.svg'"),
    books: z.array(packageBookSchema),
    isCustomRequest: z.boolean(),
    contactNumber: z.string().nullable().describe('The chat number for custom requests; configured on the server'),
  })
  .meta({ id: 'TextbookPackage' });

export const packagesResponseSchema = z.object({ items: z.array(textbookPackageSchema) });

/** A buyer's order of a whole textbook package, fulfilled by an admin. */
export const packageOrderSchema = z
  .object({
    id: z.string(),
    packageId: z.string(),
    packageName: z.string(),
    amount: rand,
    status: z.enum(PACKAGE_ORDER_STATUSES),
    student: z.object({ id: z.string(), firstName: z.string(), email: z.string().nullable() }),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: 'PackageOrder' });

export const packageOrderResponseSchema = z.object({ packageOrder: packageOrderSchema });
export const packageOrderItemsSchema = z.object({ items: z.array(packageOrderSchema) });
export const packageOrderListSchema = listResponseSchema(packageOrderSchema);

// ---- Cart ----

/**
 * A carted book whose listing is not approved any more (edited back into review, declined, hidden after
 * reports, taken down, expired, sold elsewhere, its seller suspended): only its id, because its text and
 * photos may be ones no moderator has seen, or ones taken out of sight.
 */
export const cartUnlistedBookSchema = z
  .object({ id: z.string(), listed: z.literal(false).describe('Always false: the listing is out of the catalogue and cannot be ordered') })
  .meta({ id: 'CartUnlistedBook' });

export const cartSchema = z
  .object({
    books: z
      .array(z.union([bookSchema, cartUnlistedBookSchema]))
      .describe('Approved listings as Book (available, or reserved or sold meanwhile); any other carted listing as CartUnlistedBook'),
    packages: z.array(textbookPackageSchema),
    count: z.number().int(),
    total: rand.describe('Rand; only books still available count'),
  })
  .meta({ id: 'Cart' });

export const cartResponseSchema = z.object({ cart: cartSchema });

export const checkoutResultSchema = z.object({
  orders: z.array(orderSchema),
  packageOrders: z.array(packageOrderSchema),
  unavailable: z.array(z.object({ bookId: z.string(), title: z.string().nullable(), error: z.string() })),
});
