// Order payloads: reserving a book, agreeing a campus meetup, declining or cancelling with a reason,
// reviews, messages between the two parties, and a moderator's decline of a listing.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { HANDOVER_CODE_PATTERN } from '../meetup';
import { MESSAGES } from '../messages';
import { body, isMissing, line, optionalText, prose, requiredText, token } from './common';

/** POST /orders. */
export const createOrderSchema = body({
  bookId: requiredText({ text: token, required: 'Please choose a book', invalid: 'Book id must be text', max: 100, maxMessage: 'Unknown book' }),
});
export type CreateOrderBody = z.output<typeof createOrderSchema>;

const MEETUP_TIME_REQUIRED = 'Please choose a meetup time';
const MEETUP_TIME_INVALID = 'Meetup time must be a valid date and time';

/**
 * POST /orders/:id/accept. Whether the time is inside the meetup window is `meetupTimeProblem`'s rule,
 * checked against the server's clock (the form checks it too, to answer before sending).
 */
export const acceptOrderSchema = body({
  meetupLocation: requiredText({
    text: line('Meetup place'),
    required: 'Please choose a meetup place',
    invalid: 'Meetup place must be text',
    max: 200,
    maxMessage: 'Meetup place must be at most 200 characters',
  }).min(3, 'Meetup place must be at least 3 characters'),
  meetupAt: z
    .string({ error: (issue) => (isMissing(issue.input) ? MEETUP_TIME_REQUIRED : MEETUP_TIME_INVALID) })
    .trim()
    .min(1, { error: MEETUP_TIME_REQUIRED, abort: true })
    .pipe(z.iso.datetime({ offset: true, error: MEETUP_TIME_INVALID })),
});
export type AcceptOrderBody = z.output<typeof acceptOrderSchema>;

const DAY_MS = 86_400_000;

/** The meetup window: after `now` and at most 30 days ahead (the book is held for the buyer until then). */
export function meetupWindow(now: Date): { earliest: Date; latest: Date } {
  return { earliest: now, latest: new Date(now.getTime() + LIMITS.meetupMaxDaysAhead * DAY_MS) };
}

/** The message for a meetup time outside the window, or undefined when it is inside. */
export function meetupTimeProblem(at: Date, now: Date): string | undefined {
  const { earliest, latest } = meetupWindow(now);
  if (at.getTime() <= earliest.getTime()) return MESSAGES.meetupInPast;
  if (at.getTime() > latest.getTime()) return MESSAGES.meetupTooLate;
  return undefined;
}

/**
 * POST /orders/:id/complete. The seller sends the buyer's handover code; the buyer sends nothing (a code
 * from the buyer is ignored). Whether the code is needed is the service's rule, since it depends on who asks.
 */
export const completeOrderSchema = body({
  code: z
    .string({ error: MESSAGES.handoverCodeText })
    // Digits as a person reads them off a screen: spaces between groups are dropped.
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(HANDOVER_CODE_PATTERN, MESSAGES.handoverCodeFormat))
    .optional(),
});
export type CompleteOrderBody = z.output<typeof completeOrderSchema>;

/** The seller's "Complete sale" form: the same code, required there. */
export const handoverCodeFormSchema = body({
  code: z
    .string({ error: MESSAGES.handoverCodeRequired })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: MESSAGES.handoverCodeRequired, abort: true }).regex(HANDOVER_CODE_PATTERN, MESSAGES.handoverCodeFormat)),
});

/**
 * POST /orders/:id/reschedule: either party proposes a new meetup time (and, optionally, a new place);
 * the time is held to the same meetup window as accepting (`meetupTimeProblem`).
 */
export const rescheduleOrderSchema = body({
  meetupAt: acceptOrderSchema.shape.meetupAt,
  // Left empty, the place stays as agreed.
  meetupLocation: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    acceptOrderSchema.shape.meetupLocation.optional(),
  ),
});
export type RescheduleOrderBody = z.output<typeof rescheduleOrderSchema>;

/** POST /orders/:id/decline and /cancel: an optional reason for the other party. */
export const reasonSchema = body({
  reason: optionalText(prose, LIMITS.reasonMaxLength, `Reason must be at most ${LIMITS.reasonMaxLength} characters`, 'Reason must be text'),
});
export type ReasonBody = z.output<typeof reasonSchema>;

const RATING_MESSAGE = 'Please choose a rating from 1 to 5';

/** POST /orders/:id/review. */
export const reviewSchema = body({
  rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  comment: optionalText(
    prose,
    LIMITS.reviewCommentMaxLength,
    `Comment must be at most ${LIMITS.reviewCommentMaxLength} characters`,
    'Comment must be text',
  ),
});
export type ReviewBody = z.output<typeof reviewSchema>;

/** POST /orders/:id/messages. */
export const messageSchema = body({
  body: requiredText({
    text: prose,
    required: 'Message cannot be empty',
    invalid: 'Message must be text',
    max: LIMITS.messageMaxLength,
    maxMessage: `Message must be at most ${LIMITS.messageMaxLength} characters`,
  }),
});
export type MessageBody = z.output<typeof messageSchema>;

/**
 * The version of a listing a moderator decided on: the `updatedAt` of the Book JSON they were shown. With it,
 * a decision applies only while the listing is still that version (an edit, photos included, moves it on);
 * without it, to whatever the listing says when the decision arrives.
 */
const seenVersion = z.iso.datetime({ error: MESSAGES.moderationSeenInvalid }).optional();

/** POST /admin/books/:id/approve (the body may be left out altogether). */
export const approveListingSchema = body({ seen: seenVersion });
export type ApproveListingBody = z.output<typeof approveListingSchema>;

/** POST /admin/books/:id/decline: the seller reads the reason, so it is required. */
export const declineListingSchema = body({
  reason: requiredText({
    text: prose,
    required: 'Please give a reason for declining',
    invalid: 'Reason must be text',
    max: LIMITS.reasonMaxLength,
    maxMessage: `Reason must be at most ${LIMITS.reasonMaxLength} characters`,
  }).min(3, 'Reason must be at least 3 characters'),
  seen: seenVersion,
});
export type DeclineListingBody = z.output<typeof declineListingSchema>;

/** Common reasons a moderator can pick before adding their own words. */
export const LISTING_DECLINE_REASONS = [
  'Photos are unclear or not of the actual book',
  'Price is above the 40-60% guide',
  'Details do not match the photos',
  'Not a textbook',
  'Duplicate listing',
] as const;
