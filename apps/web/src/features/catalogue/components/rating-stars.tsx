// A student's average rating as five stars with the count, or 'New seller' (or the caller's words) before the first review.
import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn';

export interface RatingStarsProps {
  rating: number | null;
  count: number;
  className?: string;
  /** What shows before the first review ('New seller' beside a listing). */
  emptyLabel?: string;
}

function ratingText(rating: number, count: number): string {
  return `Rated ${rating.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

export function RatingStars({ rating, count, className, emptyLabel = 'New seller' }: RatingStarsProps) {
  if (rating === null || count === 0) {
    return <span className={cn('text-sm font-medium text-ink-600', className)}>{emptyLabel}</span>;
  }
  const filled = Math.round(rating);
  return (
    <span className={cn('inline-flex max-w-full flex-wrap items-center gap-x-1 text-sm text-ink-700', className)}>
      <span role="img" aria-label={ratingText(rating, count)} className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            size={14}
            className={n <= filled ? 'fill-amber-400 text-amber-500' : 'fill-ink-200 text-ink-300'}
          />
        ))}
      </span>
      <span aria-hidden="true" className="whitespace-nowrap">
        {rating.toFixed(1)} ({count})
      </span>
    </span>
  );
}
