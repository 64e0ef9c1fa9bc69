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

  // Faculty
  facultyUpdated: 'Faculty details updated successfully',
  facultyFailed: 'Failed to update faculty details',
  facultyCooldown: 'You can only update faculty details once every 24 hours',
  facultyPrompt: 'Please fill in your faculty details',

  // Orders
  bookUnavailable: 'This book is no longer available',
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
