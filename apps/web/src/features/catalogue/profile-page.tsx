// A student's public profile (/students/:id, docs/decisions/0034-public-profiles.md): what a buyer sees
// of a seller before requesting a book, and a seller of a buyer before accepting. Name (first name and
// last initial), university, "Verified student", member since, rating, completed sales and purchases,
// no-shows, the books for sale now (the newest few) and the most recent reviews. Phone first: one column,
// the counts two a row, cards that wrap their text.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BookOpen, MessageSquareText, Star, UserX } from 'lucide-react';
import { PROFILE_MESSAGES, formatDate, universityName, type ProfileReview, type PublicProfile } from '@reshelf/shared';
import { Avatar } from '../../components/ui/avatar';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { VerifiedBadge } from '../../components/ui/verified-badge';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { BackToBooksFrame } from './components/back-to-books';
import { BookCard } from './components/book-card';
import { RatingStars } from './components/rating-stars';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

const M = PROFILE_MESSAGES;

/** The public profile of a student, or null when there is none to show (404). */
export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: ['students', 'profile', id] as const,
    queryFn: ({ signal }) =>
      api<{ profile: PublicProfile }>(`/students/${encodeURIComponent(id)}`, { signal }).then(
        (answer): PublicProfile | null => answer.profile,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
  });

function ReviewStars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={M.reviewStars(rating)} className="inline-flex shrink-0">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" size={14} className={n <= rating ? 'fill-amber-400 text-amber-500' : 'fill-ink-200 text-ink-300'} />
      ))}
    </span>
  );
}

function ReviewItem({ review }: { review: ProfileReview }) {
  return (
    <li className="min-w-0 rounded-xl border border-ink-200 bg-white p-4 shadow-soft">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} />
        <Time at={review.createdAt} className="text-sm text-ink-600" />
      </div>
      {review.comment && <p className="mt-2 [overflow-wrap:anywhere] whitespace-pre-line text-ink-800">{review.comment}</p>}
      <p className="mt-2 text-sm [overflow-wrap:anywhere] text-ink-600">{M.reviewAs(review.reviewerFirstName, review.as)}</p>
    </li>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-0 rounded-xl bg-ink-50 p-3 ring-1 ring-ink-200">
      <dt className="text-sm font-medium break-words text-ink-600">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold text-ink-900">{value}</dd>
    </div>
  );
}

export function ProfileView({ profile }: { profile: PublicProfile }) {
  const name = M.name(profile.firstName, profile.lastInitial);
  return (
    <article className="mt-6 min-w-0">
      <header className="flex min-w-0 items-start gap-4">
        <Avatar seed={profile.id} style={7} size={64} name={profile.firstName} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">{name}</h1>
          {profile.verified && <VerifiedBadge className="mt-1" />}
          <p className="mt-1 break-words text-ink-700">{universityName(profile.university)}</p>
          <p className="text-sm text-ink-600">{M.memberSince(formatDate(profile.memberSince))}</p>
          <RatingStars rating={profile.rating} count={profile.reviewCount} emptyLabel={M.noReviewsYet} className="mt-1" />
        </div>
      </header>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={M.completedSales} value={profile.completedSales} />
        <Stat label={M.completedPurchases} value={profile.completedPurchases} />
        <Stat label={M.noShows} value={profile.noShows} />
        <Stat label={M.reviews} value={profile.reviewCount} />
      </dl>

      <section aria-labelledby="profile-for-sale" className="mt-8">
        <h2 id="profile-for-sale" className="text-lg font-semibold">
          {M.forSale} <span className="font-normal text-ink-600">({profile.listingCount})</span>
        </h2>
        {profile.listings.length ? (
          <>
            <div className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
              {profile.listings.map((book) => (
                <BookCard key={book.id} book={book} basePath="/books" />
              ))}
            </div>
            {profile.listingCount > profile.listings.length && (
              <p className="mt-3 text-sm text-ink-600">{M.someListings(profile.listings.length, profile.listingCount)}</p>
            )}
          </>
        ) : (
          <EmptyState className="mt-3 py-8" headingLevel={3} icon={<BookOpen />} title={M.nothingForSale} text={<span className="[overflow-wrap:anywhere]">{M.nothingForSaleText(profile.firstName)}</span>} />
        )}
      </section>

      <section aria-labelledby="profile-reviews" className="mt-8">
        <h2 id="profile-reviews" className="text-lg font-semibold">
          {M.reviews} <span className="font-normal text-ink-600">({profile.reviewCount})</span>
        </h2>
        {profile.reviews.length ? (
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {profile.reviews.map((review, i) => (
              <ReviewItem key={`${review.createdAt}-${i}`} review={review} />
            ))}
          </ul>
        ) : (
          <EmptyState className="mt-3 py-8" headingLevel={3} icon={<MessageSquareText />} title={M.noReviews} text={M.noReviewsText} />
        )}
      </section>
    </article>
  );
}

export function ProfilePage() {
  const { id = '' } = useParams();
  const query = useQuery(profileQuery(id));
  const data = query.data;
  usePageTitle(data ? M.name(data.firstName, data.lastInitial) : data === null ? M.notFoundTitle : 'Student');

  const frame = (children: ReactNode) => <BackToBooksFrame area="public">{children}</BackToBooksFrame>;

  if (data === null) {
    return frame(
      <>
        <h1 className="sr-only">{M.notFoundTitle}</h1>
        <EmptyState className="mt-6" icon={<UserX />} title={M.notFoundTitle} text={M.notFoundText} action={<ButtonLink to="/books">Browse books</ButtonLink>} />
      </>,
    );
  }
  if (query.isPending) {
    return frame(
      <div role="status" aria-label="Loading profile" className="mt-6 space-y-3">
        <div className="flex items-center gap-4">
          <Skeleton className="h-16 w-16 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 pt-3 sm:grid-cols-4">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </div>,
    );
  }
  if (query.isError) {
    return frame(
      <LoadFailed className="mt-6" icon={<UserX />} what="this profile" error={query.error} onRetry={() => void query.refetch()} />,
    );
  }
  return data ? frame(<ProfileView profile={data} />) : null;
}
