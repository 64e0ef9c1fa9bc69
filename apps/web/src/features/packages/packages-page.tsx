// Textbook Packages: the grid of packages (image, name, description, category, book count); a package
// opens a dialog with its books, the total price and Add to Cart. The Custom Book Request card opens
// a chat with Reshelf in a new tab, with the request text filled in. The same page serves everyone at
// /packages (inside the public frame) and buyers at /buyer/packages: a visitor browses freely and is asked
// to log in as a buyer to order, then comes back to the package they had open (it is in the address).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BookCopy, ExternalLink, LogIn, MessageCircle, PackageOpen, ShoppingCart } from 'lucide-react';
import { ROLE_CHANGE_MESSAGES, formatRand, holdsRole, type TextbookPackage } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useAddPackageToCart, usePackages } from './api';
import { LoadFailed } from '../../components/ui/load-failed';

/** The address parameter naming the open package, so a package can be linked to and login returns to it. */
const PACKAGE_PARAM = 'package';

/** Where a buyer orders `id`: the buyer area's packages page with that package open. */
function buyerPackagePath(id: string): string {
  return `/buyer/packages?${new URLSearchParams({ [PACKAGE_PARAM]: id }).toString()}`;
}

export const CUSTOM_REQUEST_TEXT =
  "Hi Reshelf! I'd like to request a custom textbook package. My university, course and the books I need:";

/** The chat link of a custom request: wa.me with the number's digits and the prefilled text. */
export function customRequestLink(contactNumber: string): string {
  return `https://wa.me/${contactNumber.replace(/\D/g, '')}?text=${encodeURIComponent(CUSTOM_REQUEST_TEXT)}`;
}

function bookCount(pkg: TextbookPackage): string {
  return `${pkg.books.length} ${pkg.books.length === 1 ? 'book' : 'books'}`;
}

/** Add to Cart for a buyer. */
function BuyerActions({ pkg, onAdded }: { pkg: TextbookPackage; onAdded: () => void }) {
  const add = useAddPackageToCart();
  const onAdd = () => {
    add.run(pkg.id, {
      onSuccess: () => {
        toast.success(`${pkg.name} package added to your cart`);
        onAdded();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not add the package to your cart')),
    });
  };
  return (
    <>
      <ButtonLink to="/buyer/cart" variant="ghost">
        View cart
      </ButtonLink>
      <Button onClick={onAdd} loading={add.busy}>
        <ShoppingCart aria-hidden="true" size={18} /> Add to Cart
      </Button>
    </>
  );
}

/**
 * For everyone else: log in as a buyer, and come back to this package in the buyer area. A student whose
 * account only sells goes to the package in the buyer area, which offers to start buying there first
 * (docs/decisions/0033-one-account-both-roles.md).
 */
function LoginToOrder({ pkg, role }: { pkg: TextbookPackage; role: string | null }) {
  const from = buyerPackagePath(pkg.id);
  const noteId = `order-login-note-${pkg.id}`;
  if (role && role !== 'admin') {
    return (
      <div className="flex w-full flex-col items-stretch gap-2 sm:items-end">
        <ButtonLink to={from} aria-describedby={noteId}>
          <ShoppingCart aria-hidden="true" size={18} /> Order this package
        </ButtonLink>
        <p id={noteId} className="text-sm text-ink-600 sm:text-right">
          {ROLE_CHANGE_MESSAGES.startBuyingToOrder}
        </p>
      </div>
    );
  }
  // An admin is signed in already: /login then stays, so they can switch to a buyer account.
  const state: LoginRedirectState = role ? { from, denied: true } : { from };
  return (
    <div className="flex w-full flex-col items-stretch gap-2 sm:items-end">
      <ButtonLink to="/login" state={state} aria-describedby={noteId}>
        <LogIn aria-hidden="true" size={18} /> Log in to order
      </ButtonLink>
      <p id={noteId} className="text-sm text-ink-600 sm:text-right">
        {role
          ? "You're signed in as an admin. Log in with a buyer account to order this package."
          : 'Log in as a buyer to order this package. You will come straight back to it.'}
      </p>
    </div>
  );
}

function PackageDialog({ pkg, onClose }: { pkg: TextbookPackage | null; onClose: () => void }) {
  const { student } = useSession();
  // Keep the last package on screen while the dialog's close animation runs.
  const [shown, setShown] = useState(pkg);
  if (pkg && pkg !== shown) setShown(pkg);
  if (!shown) return null;
  return (
    <Dialog
      open={pkg !== null}
      onClose={onClose}
      size="lg"
      title={shown.name}
      description={shown.description}
      footer={
        student && holdsRole(student, 'buyer') ? <BuyerActions pkg={shown} onAdded={onClose} /> : <LoginToOrder pkg={shown} role={student?.role ?? null} />
      }
    >
      <div className="flex flex-wrap gap-2">
        <Badge tone="brand">{shown.category}</Badge>
        <Badge>{shown.level}</Badge>
        <Badge tone="blue">{bookCount(shown)}</Badge>
      </div>
      <h3 className="mt-5 text-base font-semibold">Included books</h3>
      <ul className="mt-2 divide-y divide-ink-100 rounded-xl border border-ink-200">
        {shown.books.map((book) => (
          <li key={book.isbn} className="p-4">
            <p className="font-semibold text-ink-900">{book.title}</p>
            <p className="text-sm text-ink-700">{book.edition}</p>
            <dl className="mt-1 grid gap-x-4 text-sm text-ink-600 sm:grid-cols-2">
              <div>
                <dt className="inline">ISBN: </dt>
                <dd className="inline font-mono">{book.isbn}</dd>
              </div>
              {book.ebookIsbn && (
                <div>
                  <dt className="inline">eBook ISBN: </dt>
                  <dd className="inline font-mono">{book.ebookIsbn}</dd>
                </div>
              )}
            </dl>
            {book.note && <p className="mt-1 text-sm text-ink-600 italic">{book.note}</p>}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-brand-50 px-4 py-3">
        <span className="font-semibold text-brand-900">Total price</span>
        {/* An amount never breaks inside itself ("R 2 499," above "99" on a narrow phone). */}
        <span className="text-xl font-bold whitespace-nowrap text-brand-800 sm:text-2xl">{shown.price === null ? '' : formatRand(shown.price)}</span>
      </div>
    </Dialog>
  );
}

function CustomRequestCard({ pkg }: { pkg: TextbookPackage }) {
  const content = (
    <>
      <img src={pkg.image} alt="" width={400} height={240} className="aspect-[5/3] w-full bg-brand-50 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-900">
          {pkg.name}
          {pkg.contactNumber && <ExternalLink aria-hidden="true" size={16} className="text-ink-500" />}
        </h2>
        <p className="text-sm text-ink-600">{pkg.description}</p>
        <p className="mt-auto flex items-center gap-2 pt-2 text-sm font-semibold text-brand-700">
          <MessageCircle aria-hidden="true" size={16} />
          {pkg.contactNumber ? 'Chat with us (opens in a new tab)' : 'Custom requests are not available right now.'}
        </p>
      </div>
    </>
  );
  const classes = 'flex h-full flex-col overflow-hidden rounded-card border border-dashed border-brand-300 bg-white text-left shadow-soft';
  if (!pkg.contactNumber) {
    return (
      <div aria-disabled="true" className={`${classes} opacity-70`}>
        {content}
      </div>
    );
  }
  return (
    <a href={customRequestLink(pkg.contactNumber)} target="_blank" rel="noopener noreferrer" className={`${classes} transition-shadow hover:shadow-lift`}>
      {content}
    </a>
  );
}

export interface PackagesPageProps {
  /** 'public' at /packages for everyone; 'buyer' at /buyer/packages inside the dashboard. */
  area: 'public' | 'buyer';
}

function PackagesPage({ area }: PackagesPageProps) {
  usePageTitle('Textbook Packages', 'Textbook packages for South African university courses: every book for the year in one bundle.');
  const packages = usePackages();
  const [params, setParams] = useSearchParams();
  const openId = params.get(PACKAGE_PARAM);
  const open = (openId && packages.data?.find((pkg) => pkg.id === openId && !pkg.isCustomRequest)) || null;
  // The open package lives in the address (replacing the entry, so Back leaves the page as before).
  const setOpen = (pkg: TextbookPackage | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (pkg) next.set(PACKAGE_PARAM, pkg.id);
        else next.delete(PACKAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  let body;
  if (packages.isPending) {
    body = (
      <div role="status" aria-label="Loading packages" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-80" />
        ))}
      </div>
    );
  } else if (packages.isError) {
    body = (
      <LoadFailed icon={<PackageOpen />} what="the packages" error={packages.error} onRetry={() => void packages.refetch()} />
    );
  } else if (packages.data.length === 0) {
    body = <EmptyState icon={<PackageOpen />} title="No Book Packs Available" text="New textbook packages are on their way. Check back soon." />;
  } else {
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {packages.data.map((pkg) => (
          <li key={pkg.id}>
            {pkg.isCustomRequest ? (
              <CustomRequestCard pkg={pkg} />
            ) : (
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => setOpen(pkg)}
                className="flex h-full w-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white text-left shadow-soft transition-[box-shadow,transform] hover:-translate-y-0.5 hover:shadow-lift motion-reduce:transition-none"
              >
                <img src={pkg.image} alt="" width={400} height={240} loading="lazy" className="aspect-[5/3] w-full bg-brand-50 object-cover" />
                <span className="flex flex-1 flex-col gap-2 p-5">
                  <span className="flex flex-wrap gap-2">
                    <Badge tone="brand">{pkg.category}</Badge>
                    <Badge tone="blue">
                      <BookCopy aria-hidden="true" size={12} /> {bookCount(pkg)}
                    </Badge>
                  </span>
                  <span className="text-lg font-semibold text-ink-900">{pkg.name}</span>
                  <span className="text-sm text-ink-600">{pkg.description}</span>
                  {pkg.price !== null && <span className="mt-auto pt-2 text-xl font-bold whitespace-nowrap text-brand-800">{formatRand(pkg.price)}</span>}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', area === 'public' ? 'py-10' : 'py-8')}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">Textbook Packages</h1>
          <p className="mt-1 text-ink-600">Every book for your first year in one bundle, checked and ready to collect.</p>
        </div>
        <ButtonLink to={area === 'buyer' ? '/buyer/books' : '/books'} variant="outline" size="sm">
          Buy single books
        </ButtonLink>
      </div>
      <div className="mt-6">{body}</div>
      <PackageDialog pkg={open} onClose={() => setOpen(null)} />
    </div>
  );
}

export function PublicPackagesPage() {
  return <PackagesPage area="public" />;
}

export function BuyerPackagesPage() {
  return <PackagesPage area="buyer" />;
}
