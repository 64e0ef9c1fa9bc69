// A listing's page: the photo gallery, every detail, the seller (first name, university, rating), the
// price, and 'Request to buy' (reserves it: POST /orders) or 'Add to cart'. Visitors and other roles
// are sent to log in as a buyer and come back here afterwards.
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BookX, Check, ShieldCheck, ShoppingCart } from 'lucide-react';
import {
  AVAILABILITY_LABELS,
  BOOK_STATUS_LABELS,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  LANGUAGE_LABELS,
  MESSAGES,
  PROFILE_MESSAGES,
  ROLE_CHANGE_MESSAGES,
  STUDY_LEVEL_LABELS,
  bookPageDescription,
  formatRand,
  holdsRole,
  universityName,
  type Book,
} from '@reshelf/shared';
import { Avatar } from '../../components/ui/avatar';
import { VerifiedBadge } from '../../components/ui/verified-badge';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { DetailRow } from '../../components/ui/detail-row';
import { PhotoGallery } from '../../components/ui/photo-gallery';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { ReportSlot } from '../../lib/report-slot';
import { usePageTitle } from '../../lib/use-page-title';
import { useAddBookToCart, useBook, useCart, useMyOpenOrderFor, useRequestToBuy } from './api';
import { BackToBooksFrame, booksPath, type CatalogueArea } from './components/back-to-books';
import { EditionLink } from './components/edition-link';
import { GOOD_PRICE_SENTENCE, GoodPriceBadge } from './components/good-price-badge';
import { RatingStars } from './components/rating-stars';
import { ShareListing } from './components/share-listing';
import { LoadFailed } from '../../components/ui/load-failed';

const REQUEST_SENT_MESSAGE = 'Request sent! The seller has 72 hours to answer.';
/** Its seller and the admins see a listing that is not approved (waiting, rejected, hidden...); nobody buys it. */
export const NOT_LISTED_NOTE = 'Not in the catalogue: buyers cannot see or request this listing.';

function BuyBox({ book }: { book: Book }) {
  const { student } = useSession();
  const navigate = useNavigate();
  // Any account holding the buyer role (docs/decisions/0033-one-account-both-roles.md), never for its own book.
  const ownBook = student?.id === book.seller.id;
  const isBuyer = Boolean(student && holdsRole(student, 'buyer')) && !ownBook;
  const request = useRequestToBuy();
  const addToCart = useAddBookToCart();
  const cart = useCart(isBuyer);
  const { refetch } = useBook(book.id);
  const listed = book.status === 'approved';
  const available = listed && book.availability === 'available';
  const buyerPath = `/buyer/books/${book.id}`;
  const inCart = cart.data?.books.some((item) => item.id === book.id) ?? false;
  const mine = useMyOpenOrderFor(book.id, isBuyer && !available);

  const onRequest = () => {
    request.run(book.id, {
      leavesPage: true,
      onSuccess: (order) => {
        toast.success(REQUEST_SENT_MESSAGE);
        navigate(`/buyer/orders/${order.id}`);
      },
      onError: (error) => {
        // The API's own reason: the book was taken, or the buyer already has as many requests waiting as they may.
        if (error instanceof ApiError && error.status === 409) {
          toast.error(errorMessage(error, MESSAGES.bookUnavailable));
          if (error.code === 'BOOK_UNAVAILABLE') void refetch();
          return;
        }
        toast.error(errorMessage(error, 'Could not send your request. Please try again.'));
      },
    });
  };

  const onAddToCart = () => {
    addToCart.run(book.id, {
      onSuccess: () => toast.success('Added to your cart'),
      onError: (error) => {
        toast.error(errorMessage(error, 'Could not add the book to your cart'));
        if (error instanceof ApiError && error.status === 409) void refetch();
      },
    });
  };

  let actions: ReactNode;
  if (!available && mine.data) {
    // The buyer's own reservation is not 'no longer available' to them: it is their order.
    actions = (
      <div className="flex flex-col gap-2">
        <p className="rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900">
          {mine.data.status === 'accepted' ? 'The seller accepted your request.' : 'You have requested this book.'}
        </p>
        <ButtonLink to={`/buyer/orders/${mine.data.id}`} size="lg">
          View your order
        </ButtonLink>
      </div>
    );
  } else if (!listed) {
    actions = <p className="rounded-xl bg-ink-100 p-3 text-sm font-medium text-ink-700">{NOT_LISTED_NOTE}</p>;
  } else if (!available) {
    actions = mine.isLoading ? (
      <Skeleton className="h-12" />
    ) : (
      <p className="rounded-xl bg-ink-100 p-3 text-sm font-medium text-ink-700">{MESSAGES.bookUnavailable}</p>
    );
  } else if (ownBook) {
    actions = <p className="rounded-xl bg-ink-100 p-3 text-sm font-medium text-ink-700">{MESSAGES.ownBook}</p>;
  } else if (student && student.role !== 'admin' && !isBuyer) {
    // A seller's account: the buyer page of this book offers to start buying, then shows it with its actions.
    actions = (
      <div className="flex flex-col gap-2">
        <ButtonLink to={buyerPath} size="lg" aria-describedby="buy-login-note">
          Request to buy
        </ButtonLink>
        <p id="buy-login-note" className="text-sm text-ink-600">
          {ROLE_CHANGE_MESSAGES.startBuyingToRequest}
        </p>
      </div>
    );
  } else if (isBuyer) {
    actions = (
      <div className="flex flex-col gap-2">
        <Button size="lg" onClick={onRequest} loading={request.busy}>
          Request to buy
        </Button>
        {inCart ? (
          <ButtonLink to="/buyer/cart" variant="soft">
            <Check aria-hidden="true" size={18} /> In cart
            <span className="sr-only">: view your cart</span>
          </ButtonLink>
        ) : (
          <Button variant="outline" onClick={onAddToCart} loading={addToCart.isRunning(book.id)} disabled={request.busy}>
            <ShoppingCart aria-hidden="true" size={18} /> Add to cart
          </Button>
        )}
      </div>
    );
  } else {
    // Visitors log in and come back; a seller or admin signs in with a buyer account instead.
    const state: LoginRedirectState = student ? { from: buyerPath, denied: true } : { from: buyerPath };
    actions = (
      <div className="flex flex-col gap-2">
        <ButtonLink to="/login" state={state} size="lg" aria-describedby="buy-login-note">
          Request to buy
        </ButtonLink>
        <p id="buy-login-note" className="text-sm text-ink-600">
          {student
            ? // Only an admin is signed in here: a student's account is offered buying above.
              "You're signed in as an admin. Log in with a buyer account to request this book."
            : 'Log in as a buyer to request this book. You will come straight back here.'}
        </p>
      </div>
    );
  }

  return (
    <div className="rounded-card border border-ink-200 bg-white p-5 shadow-soft sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-2xl font-bold whitespace-nowrap text-brand-800 sm:text-3xl">{formatRand(book.price)}</p>
        {listed ? (
          <Badge status={book.availability}>{AVAILABILITY_LABELS[book.availability]}</Badge>
        ) : (
          <Badge status={book.status}>{BOOK_STATUS_LABELS[book.status]}</Badge>
        )}
      </div>
      {book.goodPrice && (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-700">
          <GoodPriceBadge reasonShown />
          <span>{GOOD_PRICE_SENTENCE}</span>
        </p>
      )}
      <div className="mt-5">{actions}</div>
      <div className="mt-6 flex items-center gap-3 border-t border-ink-100 pt-5">
        <Avatar seed={book.seller.id} style={7} size={44} name={book.seller.firstName} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink-900">
            <span className="min-w-0 break-words">
              <span className="sr-only">Seller: </span>
              {/* The seller's public profile (docs/decisions/0034-public-profiles.md), to see before requesting. */}
              <Link to={`/students/${book.seller.id}`} className="rounded-md text-brand-800 underline-offset-2 hover:underline">
                {book.seller.firstName}
                <span className="sr-only"> ({PROFILE_MESSAGES.viewProfile(book.seller.firstName)})</span>
              </Link>
            </span>
            {book.seller.verified && <VerifiedBadge />}
          </p>
          <p className="text-sm text-ink-600">{universityName(book.seller.university)}</p>
          <RatingStars rating={book.seller.rating} count={book.seller.reviewCount} />
        </div>
      </div>
      <p className="mt-5 flex gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
        <ShieldCheck aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-brand-700" />
        You pay the seller in person at a public campus meetup, only after checking the book.
      </p>
    </div>
  );
}

export interface BookPageProps {
  area: CatalogueArea;
}

function BookPage({ area }: BookPageProps) {
  const { id = '' } = useParams();
  const book = useBook(id);
  const basePath = booksPath(area);
  usePageTitle(book.data?.title ?? 'Book', book.data ? bookPageDescription(book.data) : undefined);

  const frame = (children: ReactNode) => <BackToBooksFrame area={area}>{children}</BackToBooksFrame>;

  if (book.isPending) {
    return frame(
      <div role="status" aria-label="Loading book" className="mt-6 grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Skeleton className="aspect-[4/5]" />
        <div className="space-y-3">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
        </div>
      </div>,
    );
  }

  if (book.isError) {
    const missing = book.error instanceof ApiError && book.error.status === 404;
    return frame(
      missing ? (
        <EmptyState
          className="mt-6"
          icon={<BookX />}
          title="This book is not in the catalogue"
          text="It may have been sold or withdrawn by the seller."
          action={<ButtonLink to={basePath}>Browse books</ButtonLink>}
        />
      ) : (
        <LoadFailed className="mt-6" icon={<BookX />} what="this book" error={book.error} onRetry={() => void book.refetch()} />
      ),
    );
  }

  const data = book.data;
  return frame(
    <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10">
      <div className="md:sticky md:top-6 md:self-start">
        <PhotoGallery layout="viewer" images={data.images} title={data.title} />
      </div>
      {/* A container: the details take two columns only where this column is wide enough for them. */}
      <div className="@container min-w-0">
        <div className="flex flex-wrap gap-2">
          <Badge tone="brand">{CONDITION_LABELS[data.condition]}</Badge>
          <Badge>{CATEGORY_LABELS[data.category]}</Badge>
        </div>
        <h1 className="mt-3 text-2xl font-bold break-words sm:text-3xl">{data.title}</h1>
        <p className="mt-1 text-lg text-ink-700">
          {data.author} · {data.edition}
        </p>
        <EditionLink book={data} editionsPath={area === 'buyer' ? '/buyer/editions' : '/editions'} />
        <aside aria-label="Buy this book" className="mt-6">
          <BuyBox book={data} />
        </aside>
        <ReportSlot target="book" id={data.id} name={data.title} ownerId={data.seller.id} className="mt-2 -ml-3" />
        <ShareListing book={data} />
        <h2 className="mt-8 text-lg font-semibold">Details</h2>
        <dl className="mt-2 grid @xl:grid-cols-2 @xl:gap-x-8">
          <DetailRow label="Author">{data.author}</DetailRow>
          <DetailRow label="ISBN">{data.isbn}</DetailRow>
          <DetailRow label="Publisher">{data.publisher}</DetailRow>
          <DetailRow label="Year">{data.publicationYear}</DetailRow>
          <DetailRow label="Edition">{data.edition}</DetailRow>
          <DetailRow label="Pages">{data.numberOfPages}</DetailRow>
          <DetailRow label="Language">{LANGUAGE_LABELS[data.language]}</DetailRow>
          <DetailRow label="Category">{CATEGORY_LABELS[data.category]}</DetailRow>
          <DetailRow label="Study level">{STUDY_LEVEL_LABELS[data.studyLevel]}</DetailRow>
          <DetailRow label="Condition">{CONDITION_LABELS[data.condition]}</DetailRow>
          {data.courses.length > 0 && (
            // Each course opens the catalogue filtered to it: other books for the same course.
            <DetailRow label="Courses">
              <ul aria-label="Courses this book is used for" className="flex flex-wrap gap-1.5">
                {data.courses.map((course) => (
                  <li key={`${course.university} ${course.code}`}>
                    <Link
                      to={`${basePath}?${new URLSearchParams({ course: course.code, university: course.university })}`}
                      aria-label={`Books for ${course.code} at ${universityName(course.university)}`}
                      className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold break-all text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                    >
                      {course.code}
                      {course.university !== data.seller.university && <span className="font-normal"> ({universityName(course.university)})</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </DetailRow>
          )}
        </dl>
        <h2 className="mt-8 text-lg font-semibold">Description</h2>
        <p className="mt-2 whitespace-pre-line text-ink-700">{data.description}</p>
        {data.additionalNotes && (
          <>
            <h2 className="mt-6 text-lg font-semibold">Notes from the seller</h2>
            <p className="mt-2 whitespace-pre-line text-ink-700">{data.additionalNotes}</p>
          </>
        )}
      </div>
    </div>,
  );
}

export function PublicBookPage() {
  return <BookPage area="public" />;
}

export function BuyerBookPage() {
  return <BookPage area="buyer" />;
}
