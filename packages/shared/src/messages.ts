// Every user-facing message of the product and the API, spelled exactly once.
// Schemas, routes and pages import these instead of retyping the text.

export const MESSAGES = {
  // Sign-up form and its outcome
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  studentNumberRequired: 'Student number is required',
  studentNumberShort: 'Student number seems too short',
  universityRequired: 'Please select your university',
  userTypeRequired: 'Please select whether you want to buy or sell books',
  termsRequired: 'Please accept the Terms of Service',
  signupSuccess: 'Your account has been created successfully! 🎉',
  canLogInNow: 'You can now log in with your email and password',
  signupBusy: 'Please wait, signup in progress',
  emailExists: 'Email already exists',
  invalidInput: 'Invalid input data',
  createAccountFailed: 'Failed to create account',
  troubleNow: "We're having trouble right now. Please try again in a few minutes.",

  // Account creation logic (server-side password rules)
  passwordMinLong: 'Password must be at least 8 characters long',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose a less common password',

  // Login and session
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Failed to login',
  loginFailedRetry: 'Failed to login. Please try again.',
  userDataNotFound: 'User data not found',
  notSignedIn: 'Not signed in',
  tooManyAttempts: 'Too many attempts. Please try again later.',

  // Password reset and change
  resetSent: 'Password reset link sent to your email',
  resetFailed: 'Failed to send reset email',
  resetFailedSettings: 'Failed to send password reset email',
  resetInvalid: 'Reset link is invalid or has expired',
  noEmail: 'No email address found',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordRequired: 'New password is required',
  newPasswordMin: 'New password must be at least 8 characters',
  changePasswordFailed: 'Failed to change password',

  // Account deletion
  deleteConfirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleteCancelled: 'Account deletion cancelled',
  deleteCancelledNoPassword: 'Account deletion cancelled - password required',
  passwordIncorrect: 'Password is incorrect',
  deleteFailed: 'Failed to delete account',
  accountDeleted: 'Account deleted successfully',
  operationBusy: 'Please wait for the current operation to complete',

  // Access to the buyer, seller and admin areas
  buyerRequired: 'Access denied. Buyer account required.',
  sellerRequired: 'Access denied. Seller account required.',
  adminRequired: 'Access denied. Admin account required.',
  csrf: 'Cross-site request blocked',
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  databaseNotReady: 'The database is not answering',

  // Requests the server cannot read
  badUrl: 'The address of this request is not valid',
  badRequest: 'Bad request',
  invalidRequest: 'Invalid request',
  invalidValue: 'Invalid value',
  invalidJson: 'The request body is not valid JSON',
  emptyJson: 'The request body is empty',
  unsupportedContentType: 'Unsupported content type',
  invalidContentLength: 'Invalid content length',
  bodyTooLarge: 'The request body is too large',
  expectedMultipart: 'Expected a multipart upload',
  tooManyUploadParts: 'Too many parts in the upload',
  tooManyUploadFields: 'Too many fields in the upload',

  // Query strings and paths of the lists and actions
  asBuyerOrSeller: 'as must be buyer or seller',
  cartItemType: 'type must be book or package',
  idRequired: 'id is required',
  unknownAction: 'Unknown action',
  invalidAvatarSeed: 'Invalid avatar seed',
  jsonTooDeep: 'The request body is nested too deeply',

  // Why the server closes a realtime socket (its close reason)
  crossSiteSocket: 'Cross-site connection blocked',
  sessionEnded: 'Session ended',
  socketTryAgain: 'Try again',
  packageOrderStatus: 'status must be requested, confirmed, collected or cancelled',
  unexpectedAppError: 'Unexpected Application Error!',

  // Contact
  contactSent: 'Message sent successfully!',
  contactFailedToast: 'Failed to send message. Please try again later.',
  contactFailed: 'Failed to send message',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 5000 characters',

  // Newsletter
  newsletterInvalidEmail: 'Please enter a valid email address',
  newsletterDomain: 'Please use your university email or a personal Gmail/iCloud account',
  newsletterSubscribed: 'Successfully subscribed to newsletter!',
  newsletterFailed: 'Failed to subscribe. Please try again.',

  // Listings
  bookListed: 'Book listed successfully!',
  bookSubmitted: 'Book submitted successfully!',
  bookListedTitle: 'Book Listed Successfully!',
  listingFailed: 'Failed to list book',
  requiredFields: 'Please fill in all required fields',
  maxImages: 'Maximum 6 images allowed',
  minImages: 'At least 4 images are required',
  imageTooLarge: 'Each image must be 5MB or smaller',
  imageType: 'Images must be PNG, JPG, GIF or WebP',
  imageHint: 'PNG, JPG, GIF up to 5MB each',
  maxImagesReached: 'Maximum images reached',
  listingLocked: 'This listing is part of an active order and cannot be changed right now',
  listingSold: 'This book has been sold and cannot be changed',
  listingNotPending: 'This listing is not waiting for moderation',
  imageTooManyPixels: 'Each image must be 40 megapixels or smaller',
  isbnCharacters: 'ISBN may only contain digits, hyphens, spaces and a final X',
  invalidIsbn: 'Invalid ISBN',
  // Course codes a listing is used for (MATH1014 at Wits)
  courseCode: 'Course code must be 2 to 12 letters and numbers, like MATH1014',
  courseUniversity: 'Please choose the university of each course from the list',
  tooManyCourses: 'A listing can have at most 10 course codes',
  coursesInvalid: 'Courses must be a list of {university, code}',
  courseFilterCode: 'course must be 2 to 12 letters and numbers',

  // Editions (every listing of one ISBN)
  editionNotFound: 'No book with this ISBN has been listed on Reshelf',

  // Faculty
  facultyUpdated: 'Faculty details updated successfully',
  facultyFailed: 'Failed to update faculty details',
  facultyCooldown: 'You can only update faculty details once every 24 hours',
  facultyPrompt: 'Please fill in your faculty details',

  // Paging of every list
  pageInvalid: 'page must be a whole number from 1 to 1000000',
  pageSizeInvalid: 'pageSize must be a whole number from 1 to 50',

  // Orders
  bookUnavailable: 'This book is no longer available',
  ownBook: 'You cannot buy your own book',
  meetupInPast: 'Please choose a meetup time in the future',
  meetupTooLate: 'Please choose a meetup time within the next 30 days',
  orderNotFound: 'Order not found',
  onlySellerAccepts: 'Only the seller can accept this request',
  onlySellerDeclines: 'Only the seller can decline this request',
  onlyBuyerCompletes: 'Only the buyer confirms the handover',
  orderAlreadyCompleted: 'This order is already completed',
  orderWasCancelled: 'This order was cancelled',
  orderWasDeclined: 'This order was declined',
  orderExpired: 'This order expired',
  requestNotWaiting: 'This request is no longer waiting for an answer',
  orderNotCancellable: 'This order can no longer be cancelled',
  handoverBeforeAccept: 'The seller has to accept before the handover can be confirmed',
  reviewBeforeHandover: 'You can review only after the handover is complete',
  alreadyReviewed: 'You have already reviewed this order',
  conversationClosed: 'This order ended without a sale, so the conversation is closed',
  /** How a student whose account is gone appears to the other party of their orders. */
  formerStudent: 'Former student',
  /** The reason stored on an order cancelled because the other party erased their account. */
  otherPartyLeft: 'The other student closed their account',

  // Packages and the cart
  packageNotFound: 'Package not found',
  packageOrderNotFound: 'Package order not found',
  packageNotForCart: 'This package cannot be added to the cart',

  // Idempotency-Key
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being processed',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The toast after a successful login. */
export function welcome(firstName: string): string {
  const name = firstName.trim();
  return name ? `Welcome back, ${name}!` : 'Welcome back!';
}

/** Listing photo hints, worded exactly as the wizard shows them. */
export function uploadMoreImages(count: number): string {
  return `Upload at least ${count} more images`;
}

export function canAddMoreImages(count: number): string {
  return `You can add ${count} more images`;
}

/** A one-line field (a name, a meetup place, a book title) holding a line break (text.ts). */
export function oneLineOnly(field: string): string {
  return `${field} must be on one line`;
}

/** A one-line field holding a character that shows as nothing or turns the text around (text.ts). */
export function hiddenCharacters(field: string): string {
  return `${field} cannot contain invisible or text-direction characters`;
}

/** A package order that is no longer in a state the change needs. */
export function packageOrderIs(status: string): string {
  return `This package order is ${status}`;
}

/** A query value that must be one of a list (a status filter). */
export function oneOf(name: string, values: readonly string[]): string {
  return `${name} must be one of: ${values.join(', ')}`;
}

/** The orders list's status filter: a comma-separated list of these. */
export function statusAmong(values: readonly string[]): string {
  return `status must be among: ${values.join(', ')}`;
}

/** A query value that must be a whole number in a range (an avatar style). */
export function wholeNumberFromTo(name: string, min: number, max: number): string {
  return `${name} must be a whole number from ${min} to ${max}`;
}

/** An Idempotency-Key header longer than the server keeps. */
export function idempotencyKeyTooLong(max: number): string {
  return `Idempotency-Key must be at most ${max} characters`;
}

/** An in-app notification's words (its title is also the subject of the email that goes with it). */
export interface NoticeText {
  title: string;
  body: string;
}

/** What each party of an order hears when it moves, in the app and by email. */
export const ORDER_NOTICES = {
  requested: (buyer: string, title: string): NoticeText => ({
    title: `${buyer} wants to buy "${title}"`,
    body: 'Accept with a meetup spot and time on campus, or decline. The request expires in 72 hours.',
  }),
  accepted: (seller: string, place: string, when: string): NoticeText => ({
    title: `${seller} accepted: meet at ${place}`,
    body: `Meet on ${when} at ${place}. Check the book, pay on handover, then confirm in Reshelf.`,
  }),
  declined: (seller: string, title: string, reason: string | undefined): NoticeText => ({
    title: `${seller} declined your request for "${title}"`,
    body: reason ? `Reason: ${reason}` : 'The book is back in the catalogue for others.',
  }),
  cancelled: (who: string, title: string, reason: string | undefined): NoticeText => ({
    title: `${who} cancelled the order for "${title}"`,
    body: reason ? `Reason: ${reason}` : 'The order is cancelled.',
  }),
  completed: (buyer: string, title: string): NoticeText => ({
    title: `${buyer} confirmed the handover of "${title}"`,
    body: 'The sale is complete. Rate the buyer to help other students.',
  }),
  reviewed: (reviewer: string, rating: number, comment: string | undefined): NoticeText => ({
    title: `${reviewer} rated you ${rating}/5`,
    body: comment ?? 'Thanks for trading on Reshelf.',
  }),
  expired: (title: string): NoticeText => ({
    title: `Your request for "${title}" expired`,
    body: 'The seller did not answer within 72 hours. The book is back in the catalogue.',
  }),
  otherPartyLeft: (title: string): NoticeText => ({
    title: `The order for "${title}" was cancelled`,
    body: 'The other student closed their Reshelf account.',
  }),
  /** The button of the email that goes with an order notice. */
  openOrder: 'Open the order',
} as const;

/** What a seller hears when a moderator decides on their listing, in the app and by email. */
export const MODERATION_NOTICES = {
  approvedTitle: (title: string) => `Your listing "${title}" is live`,
  approvedBody: 'Buyers can now find it in the catalogue.',
  approvedMail: (seller: string, title: string) => [`Hi ${seller}, a moderator approved "${title}". Buyers can now find it in the Reshelf catalogue.`],
  approvedAction: 'View your listing',
  declinedTitle: (title: string) => `Your listing "${title}" was not approved`,
  declinedBody: (reason: string) => `Reason: ${reason}. You can edit the listing and submit it again.`,
  declinedMail: (seller: string, title: string, reason: string) => [
    `Hi ${seller}, a moderator did not approve "${title}".`,
    `Reason: ${reason}`,
    'You can fix the listing in My Books and submit it again.',
  ],
  declinedAction: 'Open My Books',
} as const;

/** The password-reset email. */
export const RESET_MAIL = {
  subject: 'Reset your Reshelf password',
  heading: (firstName: string) => `Hi ${firstName}, reset your password`,
  paragraphs: [
    'Someone (hopefully you) asked to reset the password of your Reshelf account.',
    'The link below works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
  ],
  action: 'Choose a new password',
} as const;

/** The line every mail from Reshelf ends with, in its plain-text and its HTML part. */
export const MAIL_FOOTER = {
  text: '— Reshelf, second-hand textbooks between students',
  html: 'Reshelf — second-hand textbooks between students.',
  /** Beside the button, for mail apps that do not show it. */
  linkIntro: 'Or open this link:',
} as const;

/** The contact form's message as the support inbox receives it. */
export const CONTACT_MAIL = {
  subject: (first: string, last: string, university: string) => `Contact form: ${first} ${last} (${university})`,
  heading: (first: string, last: string) => `Message from ${first} ${last}`,
  paragraphs: (email: string, studentNumber: string, university: string, message: string) => [
    `Email: ${email}`,
    `Student number: ${studentNumber}`,
    `University: ${university}`,
    message,
  ],
} as const;
