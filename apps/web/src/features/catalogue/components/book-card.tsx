// One catalogue result: photo, title, author, edition, condition, price (with "Good price" when it is below
// the edition's median), university and the seller.
import { Link } from 'react-router';
import { CONDITION_LABELS, formatRand, universityLabel, universityName, type Book } from '@reshelf/shared';
import { Badge } from '../../../components/ui/badge';
import { BookImage } from '../../../components/ui/book-image';
import { GoodPriceBadge } from './good-price-badge';
import { SkeletonCard } from '../../../components/ui/skeleton-card';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { RatingStars } from './rating-stars';

export interface BookCardProps {
  book: Book;
  /** Where the book page lives in this area (/books or /buyer/books). */
  basePath: string;
  /** An extra action under the card (Add to cart for buyers). */
  action?: React.ReactNode;
  /** A card in the first row: its photo loads at once and early (it is usually the page's largest
   *  paint), instead of lazily once laid out. */
  priority?: boolean;
}

export function BookCard({ book, basePath, action, priority = false }: BookCardProps) {
  const photo = book.images[0];
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft transition-shadow hover:shadow-lift">
      <div className="relative aspect-[3/4] overflow-hidden bg-ink-100">
        <BookImage
          src={photo?.thumbUrl}
          width={300}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <Badge tone="brand" className="absolute top-3 left-3 bg-white/95">
          {CONDITION_LABELS[book.condition]}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 text-base leading-snug font-semibold text-ink-900">
          {/* The whole card is the link's target area; the text stays the accessible name. */}
          <Link to={`${basePath}/${book.id}`} className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-card focus-visible:after:outline-2 focus-visible:after:outline-brand-600">
            {book.title}
          </Link>
        </h3>
        <p className="truncate text-sm text-ink-600">
          {book.author} · {book.edition}
        </p>
        {/* The badge goes under the price when both do not fit on one line (a narrow card, a large price). */}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-[0.9375rem] font-bold tracking-tight whitespace-nowrap text-brand-800 min-[360px]:text-lg min-[360px]:tracking-normal">{formatRand(book.price)}</p>
          {book.goodPrice && <GoodPriceBadge />}
        </div>
        <p className="truncate text-sm text-ink-600" title={universityName(book.seller.university)}>
          {universityLabel(universityName(book.seller.university))}
        </p>
        {book.seller.verified && <VerifiedBadge wrap className="self-start" />}
        {/* The rating goes under the name when both do not fit (a phone's half-width card), never squeezing either. */}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 pt-2 text-sm">
          <span className="max-w-full min-w-0 truncate font-medium text-ink-800">{book.seller.firstName}</span>
          <RatingStars rating={book.seller.rating} count={book.seller.reviewCount} />
        </div>
        {action && <div className="relative z-10 pt-3">{action}</div>}
      </div>
    </article>
  );
}

/** The card's shape while the catalogue loads: cover, title, author and price. */
export function BookCardSkeleton() {
  return <SkeletonCard image="aspect-[3/4]" padding="p-4" lines={['h-4 w-5/6 rounded', 'h-3 w-2/3 rounded', 'h-5 w-1/3 rounded']} />;
}
