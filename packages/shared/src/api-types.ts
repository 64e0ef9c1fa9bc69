// The JSON shapes of the API's answers, derived from the response schemas the server declares on its
// routes (schemas/responses.ts), so the web client, the server and the OpenAPI document agree on them.
// Times are ISO 8601 UTC strings; money is rand as a number with at most 2 decimals.
import type { z } from 'zod';
import type {
  academicInfoSchema,
  apiErrorSchema,
  bookImageSchema,
  bookResponseSchema,
  bookSchema,
  bookSellerSchema,
  bookSummarySchema,
  buyerSummarySchema,
  cartResponseSchema,
  cartSchema,
  checkoutResultSchema,
  editionCopySchema,
  editionResponseSchema,
  editionSchema,
  givenReviewSchema,
  messageResponseSchema,
  notificationListSchema,
  notificationSchema,
  orderMessageResponseSchema,
  orderMessageSchema,
  orderPartySchema,
  orderResponseSchema,
  orderReviewSchema,
  orderSchema,
  packageBookSchema,
  packageOrderItemsSchema,
  packageOrderResponseSchema,
  packageOrderSchema,
  packagesResponseSchema,
  studentResponseSchema,
  studentSchema,
  studentVerifiedSchema,
  textbookPackageSchema,
} from './schemas/responses';
import type { profileReviewSchema, publicProfileSchema } from './schemas/profile';

export type { RealtimeEvent } from './schemas/realtime';

export type AcademicInfo = z.output<typeof academicInfoSchema>;
export type Student = z.output<typeof studentSchema>;
export type StudentVerified = z.output<typeof studentVerifiedSchema>;
/** A student's public profile (GET /students/:id) and one review on it. */
export type PublicProfile = z.output<typeof publicProfileSchema>;
export type ProfileReview = z.output<typeof profileReviewSchema>;
export type BookImage = z.output<typeof bookImageSchema>;
export type BookSeller = z.output<typeof bookSellerSchema>;
export type Book = z.output<typeof bookSchema>;
/** Every listing of one ISBN as one edition, and one of its copies for sale. */
export type Edition = z.output<typeof editionSchema>;
export type EditionCopy = z.output<typeof editionCopySchema>;
/** The part of a book an order carries. */
export type BookSummary = z.output<typeof bookSummarySchema>;
export type OrderParty = z.output<typeof orderPartySchema>;
export type OrderReview = z.output<typeof orderReviewSchema>;
export type Order = z.output<typeof orderSchema>;
export type PackageOrder = z.output<typeof packageOrderSchema>;
export type PackageOrderStatus = PackageOrder['status'];

/** What an order list row needs; a full Order satisfies it. */
export type OrderSummary = Pick<
  Order,
  'id' | 'status' | 'book' | 'buyer' | 'seller' | 'amount' | 'meetupLocation' | 'meetupAt' | 'createdAt' | 'updatedAt'
>;

/** A review as given (the answer to a new review). */
export type Review = z.output<typeof givenReviewSchema>;
export type OrderMessage = z.output<typeof orderMessageSchema>;
export type Notification = z.output<typeof notificationSchema>;
/** A page of notifications with the number still unread. */
export type NotificationList = z.output<typeof notificationListSchema>;
export type BuyerSummary = z.output<typeof buyerSummarySchema>;
export type Cart = z.output<typeof cartSchema>;
export type CheckoutResult = z.output<typeof checkoutResultSchema>;

/** Every error answer: `error` is the first failing rule's message, `fields` one message per field. */
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** A list page (kept generic: the schemas build one per item type with listResponseSchema). */
export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type StudentResponse = z.output<typeof studentResponseSchema>;
export type BookResponse = z.output<typeof bookResponseSchema>;
export type EditionResponse = z.output<typeof editionResponseSchema>;
export type OrderResponse = z.output<typeof orderResponseSchema>;
export type MessageResponse = z.output<typeof messageResponseSchema>;
export type PackageBook = z.output<typeof packageBookSchema>;
export type TextbookPackage = z.output<typeof textbookPackageSchema>;
export type PackagesResponse = z.output<typeof packagesResponseSchema>;
export type CartResponse = z.output<typeof cartResponseSchema>;
export type OrderMessageResponse = z.output<typeof orderMessageResponseSchema>;
export type PackageOrderResponse = z.output<typeof packageOrderResponseSchema>;
export type PackageOrderItems = z.output<typeof packageOrderItemsSchema>;
