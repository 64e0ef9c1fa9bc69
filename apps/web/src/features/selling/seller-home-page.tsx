// Seller Home (/seller): any order requests waiting for an answer (first, since they lapse), the
// counters with sold books and earnings, and the 5 most recent listings, all from live data; then the
// books for the seller's own courses (a section the app hands in).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BookCheck, BookX, Clock3, HandCoins, Library, MessageSquareMore, PlusCircle, Wallet } from 'lucide-react';
import { LIMITS, PROFILE_MESSAGES, centsToRand, formatRand, randToCents, type Book } from '@reshelf/shared';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { sellerBooksQuery, sellerOrdersQuery } from './api';
import { BookImage } from '../../components/ui/book-image';
import { AvailabilityBadge, StatusBadge } from './book-status';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

export interface SellerCounts {
  total: number;
  pending: number;
  /** Approved and not sold: still for sale (a reserved book is back on sale if its order falls through). */
  approved: number;
  rejected: number;
  sold: number;
  /** Rand from completed sales. */
  earnings: number;
}

/**
 * The counters; 'Rejected' counts the declined and taken-down listings. A sold book is counted as
 * sold, not as ready for sale. Earnings are the prices of the sold books: a book in an order cannot be
 * edited, so its price is the amount the buyer paid (summed in cents, so no rounding creeps in).
 */
function countListings(books: readonly Pick<Book, 'status' | 'availability' | 'price'>[]): SellerCounts {
  const counts: SellerCounts = { total: books.length, pending: 0, approved: 0, rejected: 0, sold: 0, earnings: 0 };
  let earnedCents = 0;
  for (const book of books) {
    const status = book.status;
    if (book.availability === 'sold') {
      counts.sold += 1;
      earnedCents += randToCents(book.price);
    } else if (status === 'declined' || status === 'taken_down') counts.rejected += 1;
    else if (status === 'pending' || status === 'approved') counts[status] += 1;
  }
  counts.earnings = centsToRand(earnedCents);
  return counts;
}

interface CounterProps {
  label: string;
  caption: string;
  value: number | string | undefined;
  icon: ReactNode;
  tone: string;
}

function Counter({ label, caption, value, icon, tone }: CounterProps) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span aria-hidden="true" className={`grid h-12 w-12 shrink-0 place-items-center rounded-2xl ${tone}`}>
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink-700">{label}</p>
        {value === undefined ? (
          <Skeleton className="my-1 h-7 w-12" />
        ) : (
          <p className="text-2xl leading-tight font-bold break-words text-ink-900">{value}</p>
        )}
        <p className="text-xs text-ink-600">{caption}</p>
      </div>
    </Card>
  );
}

function RecentBooks({ books }: { books: Book[] }) {
  return (
    <ul className="divide-y divide-ink-100">
      {books.map((book) => (
        <li key={book.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
          <BookImage
            src={book.images[0]?.thumbUrl}
            width={56}
            height={72}
            className="h-[72px] w-14 shrink-0 rounded-lg bg-ink-100 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink-900">{book.title}</p>
            <p className="truncate text-sm text-ink-600">{book.author}</p>
            <p className="text-sm font-semibold whitespace-nowrap text-ink-800">{formatRand(book.price)}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <StatusBadge status={book.status} />
            <AvailabilityBadge availability={book.availability} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function OrderRequests() {
  const requests = useQuery(sellerOrdersQuery('requested'));
  const orders = requests.data ?? [];
  if (orders.length === 0) return null;
  return (
    <Card className="border-amber-200 bg-amber-50/40 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-900">
        <MessageSquareMore aria-hidden="true" size={20} className="text-amber-700" /> Order requests
      </h2>
      <p className="mt-1 text-sm text-ink-600">Buyers are waiting for you to accept or decline. Requests lapse after 72 hours.</p>
      <ul className="mt-4 divide-y divide-amber-100">
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="truncate font-semibold text-ink-900">{order.book.title}</p>
              <p className="text-sm text-ink-600 [overflow-wrap:anywhere]">
                {/* The buyer's public profile (docs/decisions/0034-public-profiles.md), to see before accepting. */}
                {order.buyer.id ? (
                  <Link to={`/students/${order.buyer.id}`} className="rounded-md font-semibold text-brand-700 hover:underline" aria-label={PROFILE_MESSAGES.viewProfile(order.buyer.firstName)}>
                    {order.buyer.firstName}
                  </Link>
                ) : (
                  order.buyer.firstName
                )}{' '}
                · {formatRand(order.amount)} · <Time at={order.createdAt} />
              </p>
            </div>
            <ButtonLink to={`/seller/orders/${order.id}`} size="sm" variant="soft" aria-label={`View request for ${order.book.title}`}>
              View request
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export interface SellerHomePageProps {
  /** "Books for your courses" (the faculty feature's, composed in by the app), after the seller's own books. */
  forYourCourses?: ReactNode;
}

export function SellerHomePage({ forYourCourses }: SellerHomePageProps = {}) {
  usePageTitle('Seller Home');
  const { student } = useSession();
  const books = useQuery(sellerBooksQuery);
  const counts = books.data ? countListings(books.data) : undefined;
  const recent = books.data?.slice(0, LIMITS.sellerRecentBooks) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Seller Home</h1>
          <p className="mt-1 text-ink-600 [overflow-wrap:anywhere]">{student ? `Welcome back, ${student.firstName}. ` : ''}Here is where your listings stand.</p>
        </div>
        <ButtonLink to="/seller/sell" size="lg" className="max-sm:w-full">
          <PlusCircle aria-hidden="true" size={20} /> Sell a Book
        </ButtonLink>
      </div>

      {/* Requests come first: a buyer is waiting, and an unanswered request lapses after 72 hours. */}
      <div className="mt-6 empty:hidden">
        <OrderRequests />
      </div>

      <section aria-label="Your listings at a glance" className="mt-6 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 lg:gap-4">
        <Counter label="Total Books" caption="Listed for sale" value={counts?.total} icon={<Library size={24} />} tone="bg-brand-50 text-brand-700" />
        <Counter label="Pending" caption="Awaiting approval" value={counts?.pending} icon={<Clock3 size={24} />} tone="bg-amber-50 text-amber-700" />
        <Counter label="Approved" caption="Ready for sale" value={counts?.approved} icon={<BookCheck size={24} />} tone="bg-green-50 text-green-700" />
        <Counter label="Rejected" caption="Not approved" value={counts?.rejected} icon={<BookX size={24} />} tone="bg-red-50 text-red-700" />
        <Counter label="Sold" caption="Completed sales" value={counts?.sold} icon={<HandCoins size={24} />} tone="bg-sky-50 text-sky-700" />
        <Counter
          label="Earnings"
          caption="From completed sales"
          value={counts ? formatRand(counts.earnings) : undefined}
          icon={<Wallet size={24} />}
          tone="bg-brand-50 text-brand-700"
        />
      </section>

      <Card className="mt-6 p-5 sm:p-6">
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink-900">Recent Books</h2>
          {recent.length > 0 && (
            <Link to="/seller/books" className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline">
              View all
            </Link>
          )}
        </div>
        {books.isPending ? (
          <div role="status" aria-label="Loading your books" className="space-y-4">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="h-[72px] w-14" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : books.isError ? (
          <LoadFailed layout="section" what="your books" error={books.error} onRetry={() => void books.refetch()} />
        ) : recent.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<Library />}
            title="No Books Listed"
            text="Your listings will show here. It takes a few minutes and a few photos."
            action={
              <ButtonLink to="/seller/sell" size="lg">
                List Your First Book
              </ButtonLink>
            }
          />
        ) : (
          <RecentBooks books={recent} />
        )}
      </Card>

      {forYourCourses && <div className="mt-6 empty:hidden">{forYourCourses}</div>}
    </div>
  );
}
