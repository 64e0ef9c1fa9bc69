// After the handover each party rates the other once (1-5 stars as radio buttons, optional comment);
// then both reviews show here.
import { useId, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Star } from 'lucide-react';
import { LIMITS, reviewSchema, type OrderReview, type ReviewBody } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { resolution, useResolvedForm } from '../../../lib/schema-form';
import { useReviewOrder } from '../api';

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" size={18} className={n <= rating ? 'fill-amber-400 text-amber-500' : 'fill-ink-200 text-ink-300'} />
      ))}
    </span>
  );
}

function ReviewView({ title, review, empty }: { title: string; review: OrderReview | null | undefined; empty: string }) {
  return (
    <div className="rounded-xl bg-ink-50 p-4">
      <h3 className="text-sm font-semibold text-ink-700">{title}</h3>
      {review ? (
        <>
          <div className="mt-1">
            <Stars rating={review.rating} label={`${review.rating} out of 5 stars`} />
          </div>
          {review.comment && <p className="mt-1 text-ink-800">{review.comment}</p>}
        </>
      ) : (
        <p className="mt-1 text-sm text-ink-600">{empty}</p>
      )}
    </div>
  );
}

interface ReviewValues {
  /** The checked star's value ('' before one is chosen). */
  rating: string;
  comment: string;
}

const reviewResolver: Resolver<ReviewValues, unknown, ReviewBody> = ({ rating, comment }) => {
  return resolution<ReviewValues, ReviewBody>(reviewSchema.safeParse({ rating: Number(rating) || undefined, comment }));
};

export interface ReviewPanelProps {
  orderId: string;
  otherName: string;
  myReview: OrderReview | null;
  theirReview: OrderReview | null | undefined;
}

export function ReviewPanel({ orderId, otherName, myReview, theirReview }: ReviewPanelProps) {
  const review = useReviewOrder(orderId);
  const form = useResolvedForm(reviewResolver, { rating: '', comment: '' }, { shouldFocusError: false });
  const rating = Number(form.watch('rating')) || 0;
  const comment = form.watch('comment');
  const ratingError = form.formState.errors.rating?.message;
  const [hover, setHover] = useState(0);
  const name = useId();

  const onSubmit = form.handleSubmit((values) => {
    review.run(values, {
      onSuccess: () => toast.success('Thanks for your review!'),
      onError: (error) => toast.error(errorMessage(error, 'Could not save your review. Please try again.')),
    });
  });

  return (
    <section aria-labelledby={`${name}-title`} className="rounded-card border border-ink-200 bg-white p-5 shadow-soft sm:p-6">
      <h2 id={`${name}-title`} className="text-lg font-semibold">
        Reviews
      </h2>
      {myReview ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <ReviewView title="Your review" review={myReview} empty="" />
          <ReviewView title={`${otherName}'s review of you`} review={theirReview} empty={`${otherName} has not reviewed you yet.`} />
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
          <fieldset aria-describedby={ratingError ? `${name}-rating-error` : undefined}>
            <legend className="text-sm font-semibold text-ink-800">How was your exchange with {otherName}?</legend>
            <div className="mt-2 flex gap-1" onMouseLeave={() => setHover(0)}>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600" onMouseEnter={() => setHover(n)}>
                  <input type="radio" value={n} className="sr-only" {...form.register('rating')} />
                  <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
                  <Star
                    aria-hidden="true"
                    size={32}
                    className={cn(n <= (hover || rating) ? 'fill-amber-400 text-amber-500' : 'fill-white text-ink-400', 'transition-colors')}
                  />
                </label>
              ))}
            </div>
            {ratingError && (
              <p id={`${name}-rating-error`} className="mt-1 text-sm font-medium text-red-700">
                {ratingError}
              </p>
            )}
          </fieldset>
          <FormField form={form} name="comment" label="Comment (optional)" hint={`${comment.length}/${LIMITS.reviewCommentMaxLength}`}>
            <Textarea rows={3} maxLength={LIMITS.reviewCommentMaxLength} {...form.register('comment')} />
          </FormField>
          <div>
            <Button type="submit" loading={review.busy}>
              Submit review
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
