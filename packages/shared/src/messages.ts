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
  // A moderator's decision names the version they were shown (`seen`, the listing's updatedAt).
  listingChangedBeforeApproval: 'This listing was changed after you opened it. Review it again before approving.',
  listingChangedBeforeDecline: 'This listing was changed after you opened it. Review it again before declining.',
  moderationSeenInvalid: 'seen must be the updatedAt time of the listing as you were shown it',
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
  // New prices of editions, entered by admins (PUT /admin/new-prices/:isbn)
  newPriceRequired: 'Please enter the new price',
  newPriceNumber: 'New price must be a number',
  newPricePositive: 'New price must be more than R0',
  newPriceDigits: 'New price can have at most 6 digits before the decimal point and 2 after it',
  newPriceNotFound: 'No new price is set for this ISBN',

  // Scanning a book's barcode in the sell wizard
  scanFound: 'ISBN filled in from the barcode',
  scanInsecure: 'The camera can only be used on a secure (https) connection. Type the ISBN instead.',
  scanCameraDenied: 'Reshelf is not allowed to use your camera. Allow camera access for this site in your browser settings and try again, or type the ISBN.',
  scanNoCamera: 'No camera was found on this device. Type the ISBN instead.',
  scanCameraInUse: 'Your camera is being used by another app. Close that app and try again, or type the ISBN.',
  scanCameraFailed: 'The camera could not be started. Try again, or type the ISBN.',
  scanReaderFailed: 'The barcode reader could not be loaded. Check your connection and try again, or type the ISBN.',
  scanNotBook: "This barcode is a product code, not a book's ISBN. Scan the barcode that starts with 978 or 979.",
  scanPriceCode: 'This is the small price code beside the ISBN. Scan the larger barcode next to it, the one that starts with 978 or 979.',
  scanNotIsbn: 'This barcode is not an ISBN. Scan the barcode on the back cover that starts with 978 or 979.',

  // Faculty
  facultyUpdated: 'Faculty details updated successfully',
  facultyFailed: 'Failed to update faculty details',
  facultyCooldown: 'You can only update faculty details once every 24 hours',
  facultyPrompt: 'Please fill in your faculty details',
  // The student's own course codes this semester (PUT /student/courses), at their university
  tooManyStudentCourses: 'You can add at most 12 course codes',
  studentCoursesInvalid: 'Courses must be a list of course codes, like ["MATH1014"]',
  studentCoursesSaved: 'Your courses are saved',
  studentCoursesFailed: 'Could not save your courses. Please try again.',

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

  // The meetup of an accepted order: the handover code, a no-show, a new time, the calendar file
  wrongHandoverCode: 'Wrong handover code',
  handoverCodeRequired: 'Enter the 6-digit handover code the buyer shows you',
  handoverCodeFormat: 'The handover code is 6 digits',
  handoverCodeText: 'The handover code must be text',
  noShowOncePerOrder: 'A no-show was already reported for this order',
  noShowBeforeAccept: 'A no-show can only be reported for an agreed meetup',
  rescheduleBeforeAccept: 'A new time can only be proposed for an agreed meetup',
  proposalNone: 'There is no new meetup time waiting for your answer',
  proposalOwn: 'The other student has to accept the new time you proposed',
  calendarNoMeetup: 'This order has no agreed meetup to add to a calendar',

  // Packages and the cart
  packageNotFound: 'Package not found',
  packageOrderNotFound: 'Package order not found',
  packageNotForCart: 'This package cannot be added to the cart',

  // Idempotency-Key
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being processed',

  // Wishlists (an ISBN, a search or a course a student waits for) and their emails' unsubscribe links
  wishlistNeedsCriteria: 'Add an ISBN, search words or a course code to save',
  wishlistSearchText: 'Search must be text',
  wishlistSearchTooLong: 'Search must be at most 200 characters',
  wishlistSearchWords: 'Search must contain at least one word or number',
  wishlistUniversity: 'Please choose a university from the list',
  wishlistMaxPriceNumber: 'Max price must be a number',
  wishlistMaxPricePositive: 'Max price must be more than R0',
  wishlistMaxPriceDigits: 'Max price can have at most 6 digits before the decimal point and 2 after it',
  wishlistEmailsFlag: 'emails must be true or false',
  wishlistDuplicate: 'This is already on your wishlist',
  wishlistFull: 'Your wishlist is full (50 entries). Delete one to add another.',
  wishlistEntryNotFound: 'Wishlist entry not found',
  wishlistSaved: 'Saved to your wishlist. We will tell you when a matching book is listed.',
  wishlistSaveFailed: 'Failed to save to your wishlist',
  wishlistRemoved: 'Removed from your wishlist',
  wishlistRemoveFailed: 'Failed to remove it from your wishlist',
  wishlistEmailsOn: 'Emails about this entry are on again',
  wishlistEmailsOff: 'Emails about this entry are off. Its matches still show in your notifications.',
  wishlistEmailsFailed: 'Failed to change the emails of this entry',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribeEntryGone: 'This wishlist entry was deleted, so it sends no more emails',
  unsubscribeFailed: 'Failed to stop the emails. Please try again.',
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

/** Completing with the handover code is locked after too many wrong codes, until `time` (South African time). */
export function handoverLocked(time: string): string {
  return `Too many wrong codes. You can enter the code again at ${time}, or the buyer can confirm the handover on their side.`;
}

/** A no-show reported before the meetup time (`time`, South African time) has passed. */
export function noShowTooEarly(time: string): string {
  return `You can report a no-show once the meetup time (${time}) has passed`;
}

/** The reason stored on an order cancelled by a no-show: who did not come. */
export function noShowReason(absent: string): string {
  return `${absent} did not come to the meetup`;
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
  completedWithCode: (seller: string, title: string): NoticeText => ({
    title: `${seller} completed the sale of "${title}"`,
    body: 'Your handover code was entered at the meetup. Rate the seller to help other students.',
  }),
  noShow: (reporter: string, title: string): NoticeText => ({
    title: `${reporter} reported that you did not come to the meetup`,
    body: `The order for "${title}" is cancelled, and the no-show counts on your Reshelf profile.`,
  }),
  rescheduleProposed: (who: string, when: string, place: string): NoticeText => ({
    title: `${who} proposed a new meetup time`,
    body: `${when} at ${place}. Accept it in the order, or propose another time.`,
  }),
  rescheduleAccepted: (who: string, when: string, place: string): NoticeText => ({
    title: `${who} accepted the new meetup time`,
    body: `Meet on ${when} at ${place}.`,
  }),
  reminderEvening: (title: string, when: string, place: string): NoticeText => ({
    title: `Meetup tomorrow: "${title}"`,
    body: `${when} at ${place}. Bring the book or the cash, and open the order on your phone for the handover.`,
  }),
  reminderHour: (title: string, when: string, place: string): NoticeText => ({
    title: `Meetup in an hour: "${title}"`,
    body: `${when} at ${place}. Open the order on your phone for the handover.`,
  }),
  /** The button of the email that goes with an order notice. */
  openOrder: 'Open the order',
} as const;

/** The meetup as a calendar event (GET /orders/:id/calendar.ics). */
export const MEETUP_CALENDAR = {
  summary: (title: string) => `Reshelf meetup: ${title}`,
  description: (other: string, title: string, link: string) =>
    `Handover of "${title}" with ${other}. Check the book before any money changes hands. The order: ${link}`,
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

/** The parts of a wishlist entry, ready to read (the price formatted, the university by name). */
export interface WishlistEntryWords {
  isbn: string | null;
  q: string | null;
  course: string | null;
  universityName: string | null;
  maxPrice: string | null;
}

/** A wishlist entry in words: `ISBN 9780131103627`, `"calculus stewart" at University of Cape Town up to R 300,00`. */
export function wishlistEntryText(entry: WishlistEntryWords): string {
  const what = [entry.isbn && `ISBN ${entry.isbn}`, entry.q && `"${entry.q}"`, entry.course].filter(Boolean).join(', ');
  return [what, entry.universityName && `at ${entry.universityName}`, entry.maxPrice && `up to ${entry.maxPrice}`].filter(Boolean).join(' ');
}

/** What a student hears when a listing that matches their wishlist is approved, in the app and by email. */
export const WISHLIST_NOTICES = {
  matchTitle: (title: string) => `On your wishlist: "${title}" is for sale`,
  matchBody: (price: string, campus: string, entry: string) => `${price} at ${campus}. It matches ${entry}.`,
  matchMail: (firstName: string, title: string, author: string, price: string, campus: string, entry: string) => [
    `Hi ${firstName}, a student just listed "${title}" by ${author} for ${price} at ${campus}.`,
    `It matches your wishlist: ${entry}. Books go to the first buyer who asks, so have a look soon.`,
  ],
  matchAction: 'View the book',
  digestTitle: (count: number, entry: string) => `${count} new ${count === 1 ? 'book matches' : 'books match'} your wishlist: ${entry}`,
  digestMail: (firstName: string, count: number) => [
    `Hi ${firstName}, ${count === 1 ? 'this book was' : `these ${count} books were`} listed since our last email. This wishlist entry matches often, so its matches come together once a day.`,
  ],
  digestLine: (title: string, price: string, campus: string) => `"${title}", ${price} at ${campus}`,
  digestAction: 'Open your wishlist',
  /** Why the email came, and the way to stop it (the link is the entry's one-click unsubscribe). */
  mailReason: (entry: string) => `You get this email because you saved ${entry} on your Reshelf wishlist.`,
  unsubscribeLink: 'Stop emails for this wishlist entry',
  /** The unsubscribe page. */
  unsubscribeTitle: 'Stop wishlist emails',
  unsubscribeQuestion: (entry: string) => `Stop emails about ${entry}?`,
  unsubscribeKeeps: 'The entry stays on your wishlist and matches still show in your Reshelf notifications.',
  unsubscribeDone: (entry: string) => `You will get no more emails about ${entry}.`,
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

// ---- Reports, take-downs, suspensions and listings that expire (docs/decisions/0031-listing-lifecycle.md) ----

/** What a student reads when reporting, and what the API answers about reports. */
export const REPORT_MESSAGES = {
  targetRequired: 'Choose what you are reporting: a book or a student',
  idRequired: 'Say which book or student you are reporting',
  reasonRequired: 'Please choose a reason',
  detailsText: 'Details must be text',
  detailsTooLong: 'Details must be at most 1000 characters',
  sent: 'Thanks. Your report was sent to the Reshelf team.',
  sendFailed: 'Failed to send your report',
  alreadyReportedBook: 'You have already reported this listing. The Reshelf team will look at it.',
  alreadyReportedStudent: 'You have already reported this student. The Reshelf team will look at it.',
  ownListing: 'You cannot report your own listing',
  yourself: 'You cannot report yourself',
  bookNotFound: 'This listing is not in the catalogue',
  studentNotFound: 'Student not found',
  tooMany: 'You have sent many reports in a short time. Please try again later.',
  adminsDoNotReport: 'Admins act on listings directly instead of reporting them',
  nothingOpen: 'There are no open reports about this',
  /** Admin decisions. */
  takeDownReasonRequired: 'Please give a reason the seller will read',
  suspendReasonRequired: 'Please give a reason the student will read',
  reasonText: 'Reason must be text',
  reasonTooShort: 'Reason must be at least 3 characters',
  reasonTooLong: 'Reason must be at most 500 characters',
  notTakeDownable: 'Only a listing that was approved and is not sold can be taken down',
  alreadySuspended: 'This student is already suspended',
  notSuspended: 'This student is not suspended',
  adminNotSuspendable: 'Admin accounts cannot be suspended',
  dismissed: 'Reports dismissed',
  takenDown: 'Listing taken down',
  suspended: 'Student suspended',
  unsuspended: 'Suspension lifted',
} as const;

/** What a seller reads about a listing's life after approval, and the account's suspension. */
export const LIFECYCLE_MESSAGES = {
  /** Sign-in of a suspended account, after the right password. */
  accountSuspended: 'This account is suspended. We emailed you the reason; reply to that email if you think it is a mistake.',
  underReview: 'This listing is hidden while the Reshelf team looks at reports about it. You can change it once they have decided.',
  soldElsewhere: 'This listing was marked as sold elsewhere',
  takenDown: 'This listing was taken down by the Reshelf team. Edit it to submit it for review again.',
  notRenewable: 'Only an approved or expired listing that is not sold can be renewed',
  notMarkable: 'Only an approved or expired listing that is not in an order can be marked as sold elsewhere',
  renewed: (date: string) => `Listing renewed. It stays in the catalogue until ${date}.`,
  renewFailed: 'Failed to renew the listing',
  markedSoldElsewhere: 'Marked as sold elsewhere. It is no longer in the catalogue.',
  markSoldElsewhereFailed: 'Failed to mark the listing as sold elsewhere',
  expiresOn: (date: string) => `In the catalogue until ${date}`,
  expiredOn: (date: string) => `Expired on ${date}`,
  /** A carted book that left the catalogue. */
  noLongerListed: 'No longer listed',
} as const;

/** What a seller hears in the app (and by email where it says) when their listing's state changes. */
export const LIFECYCLE_NOTICES = {
  hiddenTitle: (title: string) => `Your listing "${title}" is hidden for now`,
  hiddenBody: 'Several students reported it, so it is out of the catalogue until the Reshelf team has looked at it. You will hear what they decide.',
  restoredTitle: (title: string) => `Your listing "${title}" is back in the catalogue`,
  restoredBody: 'The Reshelf team looked at the reports about it and found nothing wrong.',
  takenDownTitle: (title: string) => `Your listing "${title}" was taken down`,
  takenDownBody: (reason: string) => `Reason: ${reason}. It is no longer in the catalogue. You can edit it and submit it for review again.`,
  takenDownMail: (seller: string, title: string, reason: string) => [
    `Hi ${seller}, the Reshelf team took your listing "${title}" out of the catalogue.`,
    `Reason: ${reason}`,
    'You can edit the listing in My Books and submit it for review again.',
  ],
  takenDownAction: 'Open My Books',
  expiringTitle: (title: string, date: string) => `Your listing "${title}" expires on ${date}`,
  expiringBody: 'Renew it with one tap to keep it in the catalogue for another 90 days.',
  expiringMail: (seller: string, title: string, date: string) => [
    `Hi ${seller}, your listing "${title}" leaves the Reshelf catalogue on ${date}, 90 days after it went live.`,
    'Still have the book? Renew the listing with the button below and it stays for another 90 days. Sold it already? Mark it as sold elsewhere in My Books.',
  ],
  expiringAction: 'Renew listing',
  expiredTitle: (title: string) => `Your listing "${title}" has expired`,
  expiredBody: 'It is no longer in the catalogue. Renew it in My Books to list it for another 90 days.',
  /** The buyer of an order on a listing an admin took down. */
  orderCancelledTakenDown: (title: string) => ({
    title: `Your order for "${title}" was cancelled`,
    body: 'The Reshelf team took the listing down, so the order cannot go ahead.',
  }),
  /** The other party of an order with a student whose account was suspended. */
  orderCancelledSuspended: (title: string) => ({
    title: `Your order for "${title}" was cancelled`,
    body: "The other student's account was suspended, so the order cannot go ahead.",
  }),
  /** The reason stored on those orders. */
  orderReasonTakenDown: 'The listing was taken down by the Reshelf team',
  orderReasonSuspended: 'An account in this order was suspended',
} as const;

/** The emails a student gets when their account is suspended and when the suspension is lifted. */
export const SUSPENSION_MAIL = {
  suspendedSubject: 'Your Reshelf account is suspended',
  suspendedHeading: (firstName: string) => `Hi ${firstName}, your account is suspended`,
  suspendedParagraphs: (reason: string) => [
    `Reason: ${reason}`,
    'While it is suspended you cannot sign in, your listings are out of the catalogue, and your open orders were cancelled.',
    'If you think this is a mistake, reply to this email.',
  ],
  liftedSubject: 'Your Reshelf account is active again',
  liftedHeading: (firstName: string) => `Hi ${firstName}, your account is active again`,
  liftedParagraphs: ['You can sign in again, and your listings are back in the catalogue unless they expired meanwhile.'],
  liftedAction: 'Sign in',
} as const;

// ---- Sharing a listing (the book page's Share on WhatsApp, Copy link and Share) ----

export const SHARE_MESSAGES = {
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link. Copy it from the box below.',
  shareFailed: 'Could not open sharing. Copy the link instead.',
} as const;

/** The text of a listing's first photo in its link preview (og:image:alt), for those who cannot see it. */
export function sharedPhotoAlt(title: string): string {
  return `Photo of ${title}`;
}

// ---- Sign-in with identity providers (Google, Microsoft, Facebook, GitHub, X, a self-hosted OpenID Provider) ----

export const SIGN_IN_PROVIDERS = ['google', 'microsoft', 'facebook', 'github', 'x', 'oidc'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** The name a button says ("Continue with Google"); the self-hosted one is the university's single sign-on. */
export const SIGN_IN_PROVIDER_NAMES: Record<SignInProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  github: 'GitHub',
  x: 'X',
  oidc: 'single sign-on',
};

/** Why a sign-in with a provider stopped: the code the callback puts in the address, and its message. */
export const SIGN_IN_PROVIDER_ERRORS = {
  expired: 'That sign-in was not started here or took too long. Please try again.',
  state: 'That sign-in did not match the one started in this browser, so it was stopped. Please try again.',
  provider: 'The provider could not confirm that sign-in (a link used twice, or a refusal). Please try again.',
  denied: 'The sign-in was cancelled at the provider.',
  unverified: 'The provider did not share a verified email address, so we cannot use it to find or create your account. Sign up with your email, or use another provider.',
  taken: 'That provider account is already linked to another Reshelf account.',
  suspended: 'This account is suspended.',
  unavailable: 'That way of signing in is not available right now. Please try again later, or use your email and password.',
  admin: 'Admin accounts sign in with their email and password only.',
} as const;

/** The mail a student gets when a provider is linked to their account: a link they did not make is a warning. */
export const SIGN_IN_PROVIDER_MAIL = {
  subject: (provider: string) => `${provider} can now sign you in to Reshelf`,
  heading: (firstName: string) => `Hi ${firstName},`,
  paragraphs: (provider: string) => [
    `${provider} was just linked to your Reshelf account, so it can sign you in from now on.`,
    'If that was not you, reset your password now with "Forgot password?" on the login page: setting a new password from the emailed link unlinks every sign-in provider and signs out every device.',
  ],
  action: 'Open your settings',
} as const;
export type SignInProviderError = keyof typeof SIGN_IN_PROVIDER_ERRORS;

export const SIGN_IN_PROVIDER_MESSAGES = {
  continueWith: (name: string) => `Continue with ${name}`,
  unknownProvider: 'That sign-in provider is not configured on this server',
  pendingExpired: 'This sign-in has expired. Please start again from the login page.',
  completeHeading: 'Complete your profile',
  completeIntro: (provider: string) => `You signed in with ${provider}. Tell us where you study to finish creating your account.`,
  linkHeading: 'You already have an account',
  linkIntro: (provider: string) => `An account with this email already exists. Enter its password to link ${provider} to it; next time ${provider} signs you in directly.`,
  linked: (provider: string) => `${provider} is linked to your account.`,
  unlinked: (provider: string) => `${provider} is unlinked from your account.`,
  notLinked: 'That provider is not linked to your account',
  lastWayToSignIn: 'This is your only way to sign in. Set a password (use "Forgot password?" on the login page) or link another provider before unlinking it.',
  alreadyLinked: 'That provider is already linked to your account',
  cardHeading: 'Sign-in providers',
  cardIntro: 'Sign in with these as well as your password.',
  cardIntroNoPassword: 'Your account has no password: keep one provider linked, or set a password with the reset link above first.',
  noPasswordYet: 'Your account has no password yet. Set one with "Forgot password?" on the login page (we email you a link), then try again.',
  /** Settings' Change password, for an account that signs in with providers only. */
  noPasswordToChange: 'Your account has no password yet: you sign in with a provider. Set one with the password reset link above.',
} as const;

// ---- One account, both roles (docs/decisions/0033-one-account-both-roles.md) ----

export const ROLE_CHANGE_MESSAGES = {
  roleRequired: 'Choose the role to add: buyer or seller',
  roleInvalid: 'role must be buyer or seller',
  adminNotAddable: 'Admin is not a role you can add to your account',
  adminAccount: 'An admin account cannot add buying or selling. Use a student account for that.',
  /** The toast once the role is on the account. */
  added: { buyer: 'You can now buy books with this account', seller: 'You can now sell books with this account' },
  addFailed: 'Could not add the role. Please try again.',
  /** The settings card, for the role the account does not hold yet. */
  cardHeading: { buyer: 'Start buying', seller: 'Start selling' },
  cardIntro: {
    buyer: 'Buy textbooks from other students with this same account. Your books for sale stay as they are.',
    seller: 'Sell your textbooks with this same account. Your orders, cart and wishlist stay as they are.',
  },
  cardAction: { buyer: 'Start buying', seller: 'Start selling' },
  cardBusy: 'Adding...',
  /** The settings card once the account holds both. */
  bothHeading: 'Buying and selling',
  bothIntro: 'This account can buy and sell. Move between the two areas from the menu.',
  /** Offered in place of the access-denied redirect to a student who could add the area's role. */
  offerIntro: {
    buyer: 'Add buying to your account to open this page. Nothing else changes.',
    seller: 'Add selling to your account to open this page. Nothing else changes.',
  },
  offerBack: 'Not now',
  /** The link between the two areas for a student holding both. */
  switchTo: { buyer: 'Switch to buying', seller: 'Switch to selling' },
  /** Under a book's Request to buy for an account that only sells. */
  startBuyingToRequest: 'Start buying with this account to request this book.',
  startBuyingToOrder: 'Start buying with this account to order this package.',
} as const;

// ---- Verified students (docs/decisions/0035-verified-students.md) ----

export const VERIFY_STUDENT_MESSAGES = {
  emailRequired: 'Enter your university email address',
  emailInvalid: 'Enter a valid email address',
  /** An address at no university's domain. */
  notUniversity: (university: string, domain: string) => `Use your ${university} email address, such as name@${domain}`,
  /** An address at another sign-up university than the student's own. */
  otherUniversity: (other: string, own: string) => `That address is at ${other}, but your account is at ${own}. Use your ${own} email address.`,
  /** The 202's message. */
  sent: 'Check your inbox: we emailed a link to that address. It works once and expires in 24 hours.',
  tooMany: 'Too many verification emails. Please try again later.',
  linkInvalid: 'This verification link is invalid, used, expired or was asked for from another account. Ask for a new one in Settings.',
  addressTaken: 'This university address already verifies another Reshelf account.',
  confirmed: (university: string) => `You are now a verified student at ${university}`,
  /** The badge beside a verified student's name and on their listings. */
  badge: 'Verified student',
  /** The settings card. */
  cardHeading: 'Student verification',
  cardIntro: 'Show buyers you are a real student: confirm your university email address and your listings show "Verified student".',
  emailLabel: 'University email',
  emailHint: (domains: string) => `An address at ${domains}`,
  send: 'Email me a link',
  sending: 'Sending...',
  inboxHeading: 'Check your inbox',
  inboxText: (email: string) => `We emailed a link to ${email}. Open it on any device and log in to this account to confirm. It works once and expires in 24 hours.`,
  sendFailed: 'Could not send the link. Please try again.',
  verifiedText: (university: string, date: string) => `Verified at ${university} on ${date}.`,
  /** The page the mailed link opens. */
  confirmTitle: 'Confirm your student email',
  confirmIntro: 'Confirm that this university address is yours and your Reshelf account shows "Verified student".',
  /** Names the signed-in account the link is about to verify (docs/decisions/0037-verification-needs-its-student.md). */
  confirmFor: (accountEmail: string) => `Confirm your university email for the account ${accountEmail}.`,
  notThisAccount: 'Not this account? The link only works for the account that asked for it.',
  otherAccount: 'Log in with another account',
  /** The link's page for a visitor: confirming needs the session of the account that asked. */
  signInToConfirm:
    'Log in to the Reshelf account that asked for this link to confirm it: the link only verifies that account. You will come straight back here.',
  logInToConfirm: 'Log in to confirm',
  confirm: 'Confirm',
  confirming: 'Confirming...',
  confirmFailed: 'Could not confirm. Please try again.',
  toSettings: 'Back to settings',
} as const;

/** The email with the verification link, sent to the university address. */
export const VERIFY_STUDENT_MAIL = {
  subject: 'Confirm your university email for Reshelf',
  heading: (firstName: string) => `Hi ${firstName}, confirm your university email`,
  paragraphs: (university: string) => [
    `Someone (hopefully you) asked Reshelf to verify a student account at ${university} with this address.`,
    'Open the link below, log in to the Reshelf account that asked for it and press Confirm. It works once and expires in 24 hours. If you did not ask for it, ignore this email: nothing changes.',
  ],
  action: 'Confirm my university email',
} as const;

// ---- Public student profiles (docs/decisions/0034-public-profiles.md) ----

export const PROFILE_MESSAGES = {
  /** The profile's name: first name and last initial. */
  name: (firstName: string, lastInitial: string) => (lastInitial ? `${firstName} ${lastInitial}.` : firstName),
  memberSince: (date: string) => `Member since ${date}`,
  noReviewsYet: 'No reviews yet',
  completedSales: 'Sales completed',
  completedPurchases: 'Purchases completed',
  noShows: 'No-shows',
  reviews: 'Reviews',
  forSale: 'For sale',
  nothingForSale: 'Nothing for sale right now',
  nothingForSaleText: (firstName: string) => `${firstName} has no books listed at the moment.`,
  noReviews: 'No reviews yet',
  noReviewsText: 'Reviews appear here after completed sales.',
  someListings: (shown: number, total: number) => `The ${shown} newest of ${total} books for sale are shown.`,
  reviewAs: (reviewer: string, as: 'seller' | 'buyer') => (as === 'seller' ? `${reviewer}, who bought from them` : `${reviewer}, who sold to them`),
  reviewStars: (rating: number) => `Rated ${rating} out of 5`,
  notFoundTitle: 'Student not found',
  notFoundText: 'This profile does not exist or is no longer available.',
  /** The link to a profile beside a name (book pages, orders). */
  viewProfile: (firstName: string) => `View ${firstName}'s profile`,
} as const;

// ---- What one buyer's orders may hold at once, and a carted book that left the catalogue ----

export const ORDER_LIMIT_MESSAGES = {
  /** A request to buy (or a checkout's book) refused: `max` requests already wait for sellers (LIMITS.openRequestsPerBuyer). */
  openRequests: (max: number) =>
    `You already have ${max} books waiting for a seller's answer. Wait for an answer, or cancel a request, before reserving another.`,
  /** A carted book whose listing is no longer in the catalogue: all the cart shows of it. */
  cartBookGone: 'This book is no longer in the catalogue. Remove it from your cart.',
} as const;

export function isSignInProvider(value: unknown): value is SignInProvider {
  return typeof value === 'string' && (SIGN_IN_PROVIDERS as readonly string[]).includes(value);
}
