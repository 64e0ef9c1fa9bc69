// The buyer's cart: books and packages, the total, removing items, and checking out (one order per
// book, one package order per package). A book checkout could not order is reported with the API's reason
// (taken meanwhile, or the buyer already has as many requests waiting as they may); the rest go through.
// Checkout ends on a summary linking to every order it created. A carted listing that left the catalogue
// comes without its details, and shows as no longer available with a way to remove it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Package, ShoppingCart, Trash2 } from 'lucide-react';
import { AVAILABILITY_LABELS, CONDITION_LABELS, LIFECYCLE_MESSAGES, MESSAGES, ORDER_LIMIT_MESSAGES, formatRand, orderReference } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { BookImage } from '../../components/ui/book-image';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { packageOrderPath } from '../../lib/package-orders';
import { usePageTitle } from '../../lib/use-page-title';
import { useCart, useCheckout, useRemoveFromCart, type CheckoutResult } from './api';
import { LoadFailed } from '../../components/ui/load-failed';

/** How a book checkout could not order is reported: its title (when the API may name it) and the API's reason. */
function notOrderedText(item: CheckoutResult['unavailable'][number]): string {
  return `${item.title ?? 'A book'}: ${item.error}`;
}

const PACKAGES_PLACED = 'Package orders placed. We will contact you to arrange collection:';

/** The toast after a checkout: who has what (packages have no seller; Reshelf fulfils them). */
function checkoutDoneText(result: CheckoutResult): string {
  const books = result.orders.length;
  const parts = [];
  if (books === 1) parts.push('The seller has your request.');
  if (books > 1) parts.push('The sellers have your requests.');
  if (result.packageOrders.length > 0) parts.push(`We will contact you to arrange collection of your ${result.packageOrders.length === 1 ? 'package' : 'packages'}.`);
  return ['Checkout done.', ...parts].join(' ');
}

/** The summary's heading when every item was refused: "done" would say something was ordered. */
const NOTHING_ORDERED = 'Nothing was ordered';

function CheckoutSummary({ result }: { result: CheckoutResult }) {
  const ordered = result.orders.length + result.packageOrders.length > 0;
  return (
    <section aria-labelledby="checkout-title" className="rounded-card border border-brand-200 bg-brand-50 p-5 sm:p-6" role="status">
      <h2 id="checkout-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        {ordered ? (
          <CheckCircle2 aria-hidden="true" size={20} className="shrink-0 text-brand-700" />
        ) : (
          <AlertTriangle aria-hidden="true" size={20} className="shrink-0 text-amber-700" />
        )}
        {ordered ? 'Checkout done' : NOTHING_ORDERED}
      </h2>
      {result.orders.length > 0 && (
        <>
          <p className="mt-3 text-brand-950">
            {result.orders.length === 1 ? 'Your request was sent to the seller:' : `${result.orders.length} requests were sent to the sellers:`}
          </p>
          <ul className="mt-2 space-y-1">
            {result.orders.map((order) => (
              <li key={order.id}>
                <Link to={`/buyer/orders/${order.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {order.book.title} ({orderReference(order)})
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {result.packageOrders.length > 0 && (
        <>
          <p className="mt-3 text-brand-950">{PACKAGES_PLACED}</p>
          <ul className="mt-2 space-y-1">
            {result.packageOrders.map((order) => (
              <li key={order.id}>
                <Link to={packageOrderPath(order.id)} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {order.packageName} package · {formatRand(order.amount)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {result.unavailable.length > 0 && (
        <ul className="mt-3 space-y-1">
          {result.unavailable.map((item) => (
            <li key={item.bookId} className="flex items-start gap-2 font-medium text-amber-900">
              <AlertTriangle aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
              {/* min-w-0: a title's long word breaks at the edge instead of widening the page. */}
              <span className="min-w-0">{notOrderedText(item)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({ image, title, detail, detailWraps = false, price, badge, onRemove, removing, removeLabel }: {
  image: ReactNode;
  title: ReactNode;
  detail: string;
  /** A detail that is an instruction, shown whole; otherwise (authors, edition) cut to one line. */
  detailWraps?: boolean;
  /** Empty for an item with no price to show: the remove button then keeps to the right on its own. */
  price: string;
  badge?: ReactNode;
  onRemove: () => void;
  removing: boolean;
  /** The remove button's name, when the title does not name the item. */
  removeLabel?: string;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      {image}
      <div className="min-w-0 flex-1 basis-40">
        <p className="line-clamp-2 font-semibold text-ink-900">{title}</p>
        <p className={detailWraps ? 'text-sm text-ink-600' : 'truncate text-sm text-ink-600'}>{detail}</p>
        {badge && <div className="mt-1">{badge}</div>}
      </div>
      {price && <p className="ml-auto shrink-0 font-bold whitespace-nowrap text-ink-900">{price}</p>}
      <Button
        variant="ghost"
        size="icon"
        className={price ? undefined : 'ml-auto'}
        onClick={onRemove}
        loading={removing}
        aria-label={removeLabel ?? `Remove ${typeof title === 'string' ? title : 'item'} from cart`}
      >
        {!removing && <Trash2 aria-hidden="true" size={18} />}
      </Button>
    </li>
  );
}

export function CartPage() {
  usePageTitle('Cart');
  const cart = useCart();
  const remove = useRemoveFromCart();
  const checkout = useCheckout();

  const onRemove = (type: 'book' | 'package', id: string) =>
    remove.run({ type, id }, { onError: (error) => toast.error(errorMessage(error, 'Could not remove the item')) });

  const onCheckout = () =>
    checkout.run(undefined, {
      onSuccess: (result) => {
        if (result.unavailable.length > 0) toast.error(notOrderedText(result.unavailable[0]!));
        else toast.success(checkoutDoneText(result));
      },
      onError: (error) => toast.error(errorMessage(error, 'Checkout failed. Please try again.')),
    });

  const isRemoving = (type: 'book' | 'package', id: string) => remove.isRunning({ type, id });

  let body: ReactNode;
  if (cart.isPending) {
    body = (
      <div role="status" aria-label="Loading cart" className="space-y-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  } else if (cart.isError) {
    body = (
      <LoadFailed icon={<ShoppingCart />} what="your cart" error={cart.error} onRetry={() => void cart.refetch()} />
    );
  } else if (cart.data.count === 0) {
    body = checkout.data ? null : (
      <EmptyState
        icon={<ShoppingCart />}
        title="Your cart is empty"
        text="Add books from the catalogue or a textbook package, then check out in one go."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to="/buyer/books">Browse books</ButtonLink>
            <ButtonLink to="/buyer/packages" variant="outline">
              Textbook Packages
            </ButtonLink>
          </div>
        }
      />
    );
  } else {
    const { books, packages, total } = cart.data;
    body = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ul aria-label="Items in your cart" className="divide-y divide-ink-100 rounded-card border border-ink-200 bg-white shadow-soft">
          {books.map((book) =>
            'listed' in book ? (
              // Out of the catalogue: the API sends only its id, so the row says so and offers removal.
              <Row
                key={`book-${book.id}`}
                image={<BookImage src={undefined} width={56} height={72} className="h-18 w-14 shrink-0 rounded-lg bg-ink-100 object-cover" />}
                title={MESSAGES.bookUnavailable}
                detail={ORDER_LIMIT_MESSAGES.cartBookGone}
                detailWraps
                price=""
                badge={<Badge tone="neutral">{LIFECYCLE_MESSAGES.noLongerListed}</Badge>}
                onRemove={() => onRemove('book', book.id)}
                removing={isRemoving('book', book.id)}
                removeLabel="Remove the book that is no longer available from cart"
              />
            ) : (
              <Row
                key={`book-${book.id}`}
                image={
                  <BookImage src={book.images[0]?.thumbUrl} width={56} height={72} className="h-18 w-14 shrink-0 rounded-lg bg-ink-100 object-cover" />
                }
                title={book.title}
                detail={`${book.author} · ${book.edition} · ${CONDITION_LABELS[book.condition]}`}
                price={formatRand(book.price)}
                badge={
                  // The API sends a carted listing that is not approved as its id alone (above); a book that is
                  // here but not for sale (reserved or sold meanwhile) says so.
                  book.status !== 'approved' ? (
                    <Badge tone="neutral">{LIFECYCLE_MESSAGES.noLongerListed}</Badge>
                  ) : book.availability !== 'available' ? (
                    <Badge status={book.availability}>{AVAILABILITY_LABELS[book.availability]}</Badge>
                  ) : undefined
                }
                onRemove={() => onRemove('book', book.id)}
                removing={isRemoving('book', book.id)}
              />
            ),
          )}
          {packages.map((pkg) => (
            <Row
              key={`package-${pkg.id}`}
              image={<img src={pkg.image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-lg bg-brand-50 object-cover" />}
              title={`${pkg.name} package`}
              detail={`${pkg.books.length} books · ${pkg.level}`}
              price={pkg.price === null ? '' : formatRand(pkg.price)}
              onRemove={() => onRemove('package', pkg.id)}
              removing={isRemoving('package', pkg.id)}
            />
          ))}
        </ul>
        <aside aria-label="Order summary" className="self-start rounded-card border border-ink-200 bg-white p-5 shadow-soft lg:sticky lg:top-6">
          <dl className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="font-semibold text-ink-700">Total</dt>
            <dd className="text-2xl font-bold whitespace-nowrap text-brand-800">{formatRand(total)}</dd>
          </dl>
          <p className="mt-2 text-sm text-ink-600">
            {books.length > 0 &&
              'Checking out sends a request to each seller. You pay each seller in person at the meetup, after checking the book. '}
            {packages.length > 0 && 'Packages are ordered from Reshelf, and we contact you to arrange collection.'}
          </p>
          <Button className="mt-4 w-full" size="lg" onClick={onCheckout} loading={checkout.busy}>
            <Package aria-hidden="true" size={18} /> Check out
          </Button>
        </aside>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Cart</h1>
      <p className="mt-1 text-ink-600">Books and packages you are about to request.</p>
      <div className="mt-6 flex flex-col gap-6">
        {checkout.data && <CheckoutSummary result={checkout.data} />}
        {body}
      </div>
    </div>
  );
}
