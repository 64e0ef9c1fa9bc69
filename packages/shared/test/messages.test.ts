import { describe, expect, it } from 'vitest';
import { canAddMoreImages, LIMITS, MESSAGES, REPORT_MESSAGES, REPORT_RULES, uploadMoreImages, welcome } from '../src/index';

// The product's exact texts, written out a second time: a typo in MESSAGES fails here.
const QUOTED: Partial<Record<keyof typeof MESSAGES, string>> = {
  signupSuccess: 'Your account has been created successfully! 🎉',
  canLogInNow: 'You can now log in with your email and password',
  signupBusy: 'Please wait, signup in progress',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Failed to login',
  loginFailedRetry: 'Failed to login. Please try again.',
  userDataNotFound: 'User data not found',
  emailExists: 'Email already exists',
  invalidInput: 'Invalid input data',
  createAccountFailed: 'Failed to create account',
  troubleNow: "We're having trouble right now. Please try again in a few minutes.",
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
  passwordMinLong: 'Password must be at least 8 characters long',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  studentNumberRequired: 'Student number is required',
  studentNumberShort: 'Student number seems too short',
  universityRequired: 'Please select your university',
  userTypeRequired: 'Please select whether you want to buy or sell books',
  resetSent: 'Password reset link sent to your email',
  resetFailed: 'Failed to send reset email',
  resetFailedSettings: 'Failed to send password reset email',
  resetInvalid: 'Reset link is invalid or has expired',
  noEmail: 'No email address found',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordMin: 'New password must be at least 8 characters',
  changePasswordFailed: 'Failed to change password',
  deleteConfirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleteCancelled: 'Account deletion cancelled',
  deleteCancelledNoPassword: 'Account deletion cancelled - password required',
  passwordIncorrect: 'Password is incorrect',
  deleteFailed: 'Failed to delete account',
  accountDeleted: 'Account deleted successfully',
  operationBusy: 'Please wait for the current operation to complete',
  buyerRequired: 'Access denied. Buyer account required.',
  sellerRequired: 'Access denied. Seller account required.',
  notSignedIn: 'Not signed in',
  csrf: 'Cross-site request blocked',
  unexpectedAppError: 'Unexpected Application Error!',
  contactSent: 'Message sent successfully!',
  contactFailedToast: 'Failed to send message. Please try again later.',
  contactFailed: 'Failed to send message',
  newsletterInvalidEmail: 'Please enter a valid email address',
  newsletterDomain: 'Please use your university email or a personal Gmail/iCloud account',
  newsletterSubscribed: 'Successfully subscribed to newsletter!',
  newsletterFailed: 'Failed to subscribe. Please try again.',
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
  facultyUpdated: 'Faculty details updated successfully',
  facultyFailed: 'Failed to update faculty details',
  facultyCooldown: 'You can only update faculty details once every 24 hours',
  facultyPrompt: 'Please fill in your faculty details',
  bookUnavailable: 'This book is no longer available',
};

describe('MESSAGES', () => {
  it('holds every quoted text exactly', () => {
    for (const [key, text] of Object.entries(QUOTED)) {
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toBe(text);
    }
  });

  it('words the image hints exactly', () => {
    expect(uploadMoreImages(2)).toBe('Upload at least 2 more images');
    expect(canAddMoreImages(1)).toBe('You can add 1 more images');
  });

  it('welcomes by first name, or plainly when there is none', () => {
    expect(welcome(' Lerato ')).toBe('Welcome back, Lerato!');
    expect(welcome('')).toBe('Welcome back!');
  });
});

// A message that states a limit is written out as text (the product's exact words), and the limit it
// states is the one the rule enforces: changing either alone fails here.
describe('messages that state a limit say the limit in force', () => {
  const mb = LIMITS.maxImageBytes / (1024 * 1024);
  const stated: [string, number][] = [
    [MESSAGES.passwordMin, LIMITS.passwordMinLength],
    [MESSAGES.passwordMinLong, LIMITS.passwordMinLength],
    [MESSAGES.newPasswordMin, LIMITS.passwordMinLength],
    [MESSAGES.passwordTooLong, LIMITS.passwordMaxLength],
    [MESSAGES.maxImages, LIMITS.maxImages],
    [MESSAGES.minImages, LIMITS.minImages],
    [MESSAGES.imageTooLarge, mb],
    [MESSAGES.imageHint, mb],
    [MESSAGES.tooManyCourses, LIMITS.maxCourses],
    [MESSAGES.tooManyStudentCourses, LIMITS.maxStudentCourses],
    [MESSAGES.messageTooLong, LIMITS.contactMessageMaxLength],
    [MESSAGES.newPriceDigits, LIMITS.priceMaxIntegerDigits],
    [MESSAGES.wishlistMaxPriceDigits, LIMITS.priceMaxIntegerDigits],
    [MESSAGES.pageInvalid, LIMITS.maxPage],
    [MESSAGES.pageSizeInvalid, LIMITS.maxPageSize],
    [MESSAGES.meetupTooLate, LIMITS.meetupMaxDaysAhead],
    [MESSAGES.wishlistSearchTooLong, LIMITS.searchQueryMaxLength],
    [MESSAGES.wishlistFull, LIMITS.wishlistMaxEntries],
    [MESSAGES.facultyCooldown, LIMITS.facultyCooldownMs / 3_600_000],
    [REPORT_MESSAGES.reasonTooShort, REPORT_RULES.reasonMinLength],
    [REPORT_MESSAGES.reasonTooLong, REPORT_RULES.reasonMaxLength],
    [REPORT_MESSAGES.detailsTooLong, REPORT_RULES.detailsMaxLength],
  ];
  it.each(stated)('%s', (message, limit) => {
    expect(message.match(/\d+/g)).toContain(String(limit));
  });
});
