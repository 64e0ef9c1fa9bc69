// Public student profiles (docs/decisions/0034-public-profiles.md): what anyone, signed in or not, sees of a
// student before buying from or selling to them (GET /api/v1/students/:id). Never an email address, a
// student number, a last name beyond its initial, roles, courses or a suspension.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { UNIVERSITY_IDS } from '../universities';
import { bookSchema, studentVerifiedSchema } from './responses';

const time = z.string().describe('ISO 8601 UTC time');
const count = z.number().int().min(0);

/** One review about the student, as their profile shows it. */
export const profileReviewSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    reviewerFirstName: z.string().describe('The reviewer\'s first name ("Former student" once their account is gone)'),
    as: z.enum(['seller', 'buyer']).describe('What the profile\'s student was in that sale: its seller or its buyer'),
    createdAt: time,
  })
  .meta({ id: 'ProfileReview' });

/** A student's public profile. */
export const publicProfileSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastInitial: z.string().describe('The first letter of the last name, upper-case ("" if there is none)'),
    university: z.enum(UNIVERSITY_IDS),
    verified: studentVerifiedSchema.describe('The university that verified the student and when; null if not verified'),
    memberSince: time.describe('When the account was created'),
    rating: z.number().nullable().describe('Average of the reviews about the student, one decimal; null before the first'),
    reviewCount: count.describe('Every review about the student'),
    reviews: z.array(profileReviewSchema).describe(`The ${LIMITS.profileReviews} most recent reviews, newest first`),
    completedSales: count.describe('Orders completed as the seller'),
    completedPurchases: count.describe('Orders completed as the buyer'),
    noShows: count.describe('Meetups the student did not come to, as recorded by the other party'),
    listingCount: count.describe('Listings for sale now (approved and available)'),
    listings: z.array(bookSchema).describe(`The ${LIMITS.profileListings} newest listings for sale now, newest first`),
  })
  .meta({ id: 'PublicProfile' });

export const publicProfileResponseSchema = z.object({ profile: publicProfileSchema });
