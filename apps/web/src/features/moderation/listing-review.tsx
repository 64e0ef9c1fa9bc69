// One listing as a moderator judges it: every photo, every detail, the seller, and (in the queue) the
// Approve and Decline buttons.
import type { ReactNode } from 'react';
import { Star } from 'lucide-react';
import { BOOK_STATUS_LABELS, CATEGORY_LABELS, CONDITION_LABELS, LANGUAGE_LABELS, STUDY_LEVEL_LABELS, formatRand, universityName, type Book } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { DetailRow } from '../../components/ui/detail-row';
import { PhotoGallery } from '../../components/ui/photo-gallery';
import { keepRangesTogether } from '../../components/ui/range-text';
import { Time } from '../../components/ui/time';

export function ListingReview({ book, actions }: { book: Book; actions?: ReactNode }) {
  const { status } = book;
  return (
    <Card className="p-4 sm:p-6">
      <article aria-labelledby={`review-${book.id}`} className="grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <PhotoGallery layout="grid" images={book.images} title={book.title} />
        {/* A container: the details take as many columns as fit its width (an ISBN must not break). */}
        <div className="@container flex min-w-0 flex-col">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 id={`review-${book.id}`} className="text-xl leading-snug font-bold text-ink-900">
                {book.title}
              </h2>
              <p className="text-ink-600">{book.author}</p>
            </div>
            <p className="text-2xl font-bold text-brand-800">{formatRand(book.price)}</p>
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge status={status}>{BOOK_STATUS_LABELS[status]}</Badge>
            <Badge tone="neutral">Submitted <Time at={book.createdAt} /></Badge>
          </div>

          <dl className="mt-4 grid gap-x-4 gap-y-3 text-sm @2xs:grid-cols-2 @md:grid-cols-3">
            <DetailRow layout="cell" label="ISBN">{book.isbn}</DetailRow>
            <DetailRow layout="cell" label="Publisher">{book.publisher}</DetailRow>
            <DetailRow layout="cell" label="Year">{book.publicationYear}</DetailRow>
            <DetailRow layout="cell" label="Edition">{book.edition}</DetailRow>
            <DetailRow layout="cell" label="Pages">{book.numberOfPages}</DetailRow>
            <DetailRow layout="cell" label="Language">{LANGUAGE_LABELS[book.language] ?? book.language}</DetailRow>
            <DetailRow layout="cell" label="Category">{CATEGORY_LABELS[book.category] ?? book.category}</DetailRow>
            <DetailRow layout="cell" label="Study level">{STUDY_LEVEL_LABELS[book.studyLevel] ?? book.studyLevel}</DetailRow>
            <DetailRow layout="cell" label="Condition">{CONDITION_LABELS[book.condition] ?? book.condition}</DetailRow>
          </dl>

          <div className="mt-4 text-sm">
            <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Description</h3>
            <p className="mt-1 whitespace-pre-line text-ink-900">{book.description}</p>
            {book.additionalNotes && (
              <>
                <h3 className="mt-3 text-xs font-semibold tracking-wide text-ink-600 uppercase">Additional notes</h3>
                <p className="mt-1 whitespace-pre-line text-ink-900">{book.additionalNotes}</p>
              </>
            )}
          </div>

          <p className="mt-4 rounded-xl bg-ink-50 px-3 py-2 text-sm text-ink-700">
            <span className="font-semibold text-ink-900">Seller:</span> {book.seller.firstName}, {universityName(book.seller.university)}
            {book.seller.rating !== null && (
              <span className="ml-2 inline-flex items-center gap-1">
                <Star aria-hidden="true" size={14} className="fill-amber-400 text-amber-500" />
                {book.seller.rating.toFixed(1)} ({book.seller.reviewCount})
              </span>
            )}
          </p>

          {status === 'declined' && book.declineReason && (
            <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
              <span className="font-semibold">Reason: </span>
              {keepRangesTogether(book.declineReason)}
            </p>
          )}

          {status === 'taken_down' && book.takenDown && (
            <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 [overflow-wrap:anywhere]">
              <span className="font-semibold">Taken down <Time at={book.takenDown.at} />: </span>
              {keepRangesTogether(book.takenDown.reason)}
            </p>
          )}

          {actions && <div className="mt-auto flex flex-col gap-2 pt-5 sm:flex-row sm:justify-end">{actions}</div>}
        </div>
      </article>
    </Card>
  );
}
