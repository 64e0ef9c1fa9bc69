// Buyer Home: live counts (Cart Items, Pending Orders, Completed Orders), the books for the buyer's courses
// (a section the app hands in), the newest books for sale and the buyer's recent orders, each list with
// its View All link. Nothing here is a sample figure.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock, Library, Receipt, ShoppingCart } from 'lucide-react';
import { ORDER_STATUS_LABELS, formatRand, orderReference } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { BookImage } from '../../components/ui/book-image';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useBuyerSummary, useCartCount, useNewestBooks, useRecentOrders } from './api';
import { Time } from '../../components/ui/time';

interface CountCardProps {
  label: string;
  value: number | undefined;
  loading: boolean;
  icon: ReactNode;
  to: string;
  tone: string;
}

function CountCard({ label, value, loading, icon, to, tone }: CountCardProps) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-card border border-ink-200 bg-white p-5 shadow-soft transition-shadow hover:shadow-lift"
    >
      <span aria-hidden="true" className={cn('grid h-12 w-12 shrink-0 place-items-center rounded-2xl', tone)}>
        {icon}
      </span>
      <span className="flex flex-col">
        <span className="text-sm font-medium text-ink-600">{label}</span>
        {loading ? (
          <Skeleton className="mt-1 h-8 w-12" />
        ) : (
          <span className="text-3xl font-bold text-ink-900">{value ?? '–'}</span>
        )}
      </span>
    </Link>
  );
}

function ListCard({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-ink-200 bg-white shadow-soft">
      <div className="flex items-center justify-between gap-3 border-b border-ink-100 px-5 py-4">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link to={to} className="rounded-md text-sm font-semibold text-brand-700 hover:underline" aria-label={`View All ${title}`}>
          View All
        </Link>
      </div>
      <div className="p-2">{children}</div>
    </section>
  );
}

function RowsSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-2 p-3">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-14" />
      ))}
    </div>
  );
}

export interface BuyerHomePageProps {
  /** "Books for your courses" (the faculty feature's, composed in by the app), under the counts. */
  forYourCourses?: ReactNode;
}

export function BuyerHomePage({ forYourCourses }: BuyerHomePageProps = {}) {
  usePageTitle('Buyer Home');
  const { student } = useSession();
  const cart = useCartCount();
  const summary = useBuyerSummary();
  const books = useNewestBooks();
  const orders = useRecentOrders();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Buyer Home</h1>
      <p className="mt-1 text-ink-600">{student ? `Welcome back, ${student.firstName}. ` : ''}Here is what is happening with your books.</p>

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <CountCard
          label="Cart Items"
          value={cart.data}
          loading={cart.isPending}
          to="/buyer/cart"
          icon={<ShoppingCart size={24} />}
          tone="bg-brand-50 text-brand-700"
        />
        <CountCard
          label="Pending Orders"
          value={summary.data?.pending}
          loading={summary.isPending}
          to="/buyer/transactions"
          icon={<Clock size={24} />}
          tone="bg-amber-50 text-amber-700"
        />
        <CountCard
          label="Completed Orders"
          value={summary.data?.completed}
          loading={summary.isPending}
          to="/buyer/transactions"
          icon={<CheckCircle2 size={24} />}
          tone="bg-sky-50 text-sky-700"
        />
      </div>

      {forYourCourses && <div className="mt-8 empty:hidden">{forYourCourses}</div>}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ListCard title="Available Books" to="/buyer/books">
          {books.isPending ? (
            <RowsSkeleton />
          ) : !books.data || books.data.items.length === 0 ? (
            <EmptyState
              className="m-2 border-none py-8"
              headingLevel={3}
              icon={<Library />}
              title="No books for sale yet"
              text="New listings appear here as soon as they are approved."
            />
          ) : (
            <ul>
              {books.data.items.map((book) => (
                <li key={book.id}>
                  <Link to={`/buyer/books/${book.id}`} className="flex items-center gap-3 rounded-xl p-3 hover:bg-ink-50">
                    <BookImage src={book.images[0]?.thumbUrl} width={40} height={52} className="h-13 w-10 shrink-0 rounded-md bg-ink-100 object-cover" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-ink-900">{book.title}</span>
                      <span className="block truncate text-sm text-ink-600">{book.author}</span>
                    </span>
                    <span className="shrink-0 font-bold text-brand-800">{formatRand(book.price)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </ListCard>

        <ListCard title="Recent Orders" to="/buyer/transactions">
          {orders.isPending ? (
            <RowsSkeleton />
          ) : !orders.data || orders.data.items.length === 0 ? (
            <EmptyState
              className="m-2 border-none py-8"
              headingLevel={3}
              icon={<Receipt />}
              title="No orders yet"
              text="When you request a book, you can follow it here."
              action={
                <ButtonLink to="/buyer/books" size="sm">
                  Browse books
                </ButtonLink>
              }
            />
          ) : (
            <ul>
              {orders.data.items.map((order) => (
                <li key={order.id}>
                  <Link to={`/buyer/orders/${order.id}`} className="flex items-center gap-3 rounded-xl p-3 hover:bg-ink-50">
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-ink-900">{order.book.title}</span>
                      <span className="block text-sm text-ink-600">
                        {orderReference(order)} · <Time at={order.createdAt} />
                      </span>
                    </span>
                    <span className="flex shrink-0 flex-col items-end gap-1">
                      <span className="font-bold text-ink-900">{formatRand(order.amount)}</span>
                      <Badge status={order.status}>{ORDER_STATUS_LABELS[order.status]}</Badge>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </ListCard>
      </div>
    </div>
  );
}
