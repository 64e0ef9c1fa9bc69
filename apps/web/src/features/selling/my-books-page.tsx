// My Books (/seller/books): every listing as a card with its photo, status, details and
// availability; a declined or taken-down card says why, a listing in the catalogue says until when; the
// owner can edit or withdraw a listing, renew it for 90 days (also in one click from the reminder's link,
// /seller/books?renew=<id>) and mark it sold elsewhere.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CalendarClock, Check, Library, Pencil, PlusCircle, RefreshCw, Trash2 } from 'lucide-react';
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  LIFECYCLE_MESSAGES,
  RENEW_PARAM,
  STUDY_LEVEL_LABELS,
  formatDate,
  formatRand,
  isEditFrozen,
  isKeptForModeration,
  type Book,
} from '@reshelf/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { keepRangesTogether } from '../../components/ui/range-text';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonCard } from '../../components/ui/skeleton-card';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { serverErrorText } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { sellerBooksQuery, useMarkSoldElsewhere, useRenewListing, withdrawListing } from './api';
import { BookImage } from '../../components/ui/book-image';
import { AvailabilityBadge, StatusBadge } from './book-status';
import { EditListingDialog } from './edit-listing-dialog';
import { LoadFailed } from '../../components/ui/load-failed';
import { useLast } from './use-last';

const LISTING_WITHDRAWN = 'Listing withdrawn';
const WITHDRAW_FAILED = 'Failed to withdraw listing';

/**
 * A card's action button: at least 8rem and sharing the row's spare width, but never narrower than its icon
 * and label (a flex item's automatic minimum width is its content's), so a label that does not fit beside
 * the others moves the button to a line of its own instead of squashing it. A fixed minimum in its place
 * (min-w-32) replaced that automatic one: "Sold elsewhere" and "Withdraw" were given 128 to 156 px they
 * did not fit in, and lost their icons at 390 and 1280 px.
 */
const CARD_ACTION = 'grow basis-32';

interface BookCardProps {
  book: Book;
  onEdit: () => void;
  onWithdraw: () => void;
  onSoldElsewhere: () => void;
  renew: ReturnType<typeof useRenewListing>;
}

function BookCard({ book, onEdit, onWithdraw, onSoldElsewhere, renew }: BookCardProps) {
  const status = book.status;
  const declined = status === 'declined';
  const sold = book.availability === 'sold';
  const afterApproval = status === 'approved' || status === 'expired';
  const renewable = afterApproval && !sold;
  const markable = afterApproval && book.availability === 'available';
  // Renewed here just now: once is enough (a double-tap's second tap, even one landing before the next
  // render, finds the ref already set), and the button says so.
  const renewedHere = useRef(false);
  const [renewed, setRenewed] = useState(false);
  const onRenew = () => {
    if (renewedHere.current) return;
    renew.run(book.id, {
      onSuccess: (answer) => {
        renewedHere.current = true;
        setRenewed(true);
        toast.success(LIFECYCLE_MESSAGES.renewed(formatDate(answer.expiresAt ?? '')));
      },
      onError: (error) => toast.error(serverErrorText(error, LIFECYCLE_MESSAGES.renewFailed)),
    });
  };
  return (
    <Card padded={false} className="flex w-full flex-col overflow-hidden">
      <div className="relative">
        <BookImage
          src={book.images[0]?.thumbUrl}
          alt={`Cover of ${book.title}`}
          width={400}
          height={300}
          className="aspect-[4/3] w-full bg-ink-100 object-cover"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <StatusBadge status={book.status} />
          <AvailabilityBadge availability={book.availability} />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <h2 className="line-clamp-2 text-lg leading-snug font-semibold text-ink-900">{book.title}</h2>
        <p className="mt-0.5 text-sm text-ink-600">{book.author}</p>
        <p className="mt-2 text-xl font-bold text-brand-800">{formatRand(book.price)}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-600">Study level</dt>
          <dd className="font-medium text-ink-800">{STUDY_LEVEL_LABELS[book.studyLevel] ?? book.studyLevel}</dd>
          <dt className="text-ink-600">Category</dt>
          <dd className="font-medium text-ink-800">{CATEGORY_LABELS[book.category] ?? book.category}</dd>
          <dt className="text-ink-600">Condition</dt>
          <dd className="font-medium text-ink-800">{CONDITION_LABELS[book.condition] ?? book.condition}</dd>
        </dl>
        {declined && book.declineReason && (
          <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm break-words text-red-900 ring-1 ring-red-200">
            <span className="font-semibold">Reason: </span>
            {keepRangesTogether(book.declineReason)}
          </p>
        )}
        {status === 'taken_down' && book.takenDown && (
          <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm break-words text-red-900 ring-1 ring-red-200">
            <span className="font-semibold">Taken down by Reshelf: </span>
            {keepRangesTogether(book.takenDown.reason)}
          </p>
        )}
        {status === 'hidden' && <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{LIFECYCLE_MESSAGES.underReview}</p>}
        {afterApproval && !sold && book.expiresAt && (
          <p className="mt-3 flex items-center gap-1.5 text-sm text-ink-700">
            <CalendarClock aria-hidden="true" size={16} className="shrink-0" />
            {status === 'expired' ? LIFECYCLE_MESSAGES.expiredOn(formatDate(book.expiresAt)) : LIFECYCLE_MESSAGES.expiresOn(formatDate(book.expiresAt))}
          </p>
        )}
        {!sold && status !== 'sold_elsewhere' && (
          <div className="mt-auto flex flex-wrap gap-2 pt-4">
            {renewable && (
              <Button
                variant={status === 'expired' ? 'primary' : 'outline'}
                className={CARD_ACTION}
                loading={renew.isRunning(book.id)}
                disabled={renewed}
                onClick={onRenew}
                aria-label={renewed ? `${book.title} renewed` : `Renew ${book.title}`}
              >
                {renewed ? <Check aria-hidden="true" size={18} /> : <RefreshCw aria-hidden="true" size={18} />} {renewed ? 'Renewed' : 'Renew'}
              </Button>
            )}
            {markable && (
              <Button variant="ghost" className={CARD_ACTION} onClick={onSoldElsewhere} aria-label={`Mark ${book.title} as sold elsewhere`}>
                <Banknote aria-hidden="true" size={18} /> Sold elsewhere
              </Button>
            )}
            {!isEditFrozen(status) && (
              <Button variant="soft" className={CARD_ACTION} onClick={onEdit} aria-label={`Edit ${book.title}`}>
                <Pencil aria-hidden="true" size={18} /> Edit
              </Button>
            )}
            {!isKeptForModeration(status) && (
              <Button variant="ghost" className={cn(CARD_ACTION, 'text-red-800 hover:bg-red-50')} onClick={onWithdraw} aria-label={`Withdraw ${book.title}`}>
                <Trash2 aria-hidden="true" size={18} /> Withdraw
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}

function WithdrawDialog({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A ref, not only state: a double tap's second click can come before the re-render that disables Withdraw.
  const running = useRef(false);
  const shown = useLast(book);
  const confirm = async () => {
    if (!book || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await withdrawListing(book.id);
      toast.success(LISTING_WITHDRAWN);
      client.setQueryData(sellerBooksQuery.queryKey, (books) => books?.filter((item) => item.id !== book.id));
      void client.invalidateQueries({ queryKey: sellerBooksQuery.queryKey });
      onClose();
    } catch (error) {
      // 409 while the book is in an active order: the server says so.
      toast.error(serverErrorText(error, WITHDRAW_FAILED));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={book !== null}
      onClose={onClose}
      role="alertdialog"
      title="Withdraw this listing?"
      description={shown ? `"${shown.title}" will be removed from Reshelf with its photos. This cannot be undone.` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Keep listing
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void confirm()}>
            Withdraw
          </Button>
        </>
      }
    />
  );
}

/** "Mark as sold elsewhere?": the listing leaves the catalogue for good and is not counted as a sale. */
function SoldElsewhereDialog({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const mark = useMarkSoldElsewhere();
  const shown = useLast(book);
  const confirm = () => {
    if (!book) return;
    mark.run(book.id, {
      onSuccess: () => {
        toast.success(LIFECYCLE_MESSAGES.markedSoldElsewhere);
        onClose();
      },
      // 409 while the book is in an order: the server says so.
      onError: (error) => toast.error(serverErrorText(error, LIFECYCLE_MESSAGES.markSoldElsewhereFailed)),
    });
  };
  return (
    <Dialog
      open={book !== null}
      onClose={onClose}
      role="alertdialog"
      title="Mark as sold elsewhere?"
      description={shown ? `"${shown.title}" leaves the catalogue for good. It does not count as a sale on Reshelf.` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={mark.busy}>
            Keep listing
          </Button>
          <Button loading={mark.busy} onClick={confirm}>
            Mark as sold elsewhere
          </Button>
        </>
      }
    />
  );
}

/**
 * The reminder's one-click renewal: /seller/books?renew=<id> renews that listing once the seller is here
 * (signed in: the seller area's guard sent them through login and back), says so, and drops the parameter
 * so a reload does not renew again.
 */
function useRenewFromLink(renew: ReturnType<typeof useRenewListing>) {
  const [params, setParams] = useSearchParams();
  const id = params.get(RENEW_PARAM);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!id || started.current === id) return;
    started.current = id;
    renew.run(id, {
      onSuccess: (renewed) => toast.success(LIFECYCLE_MESSAGES.renewed(formatDate(renewed.expiresAt ?? ''))),
      onError: (error) => toast.error(serverErrorText(error, LIFECYCLE_MESSAGES.renewFailed)),
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RENEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [id, renew, setParams]);
}

export function MyBooksPage() {
  usePageTitle('My Books');
  const books = useQuery(sellerBooksQuery);
  const [editing, setEditing] = useState<Book | null>(null);
  const [withdrawing, setWithdrawing] = useState<Book | null>(null);
  const [markingSold, setMarkingSold] = useState<Book | null>(null);
  const renew = useRenewListing();
  useRenewFromLink(renew);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Books</h1>
          <p className="mt-1 text-ink-600">Every book you have listed, with where it stands.</p>
        </div>
        <ButtonLink to="/seller/sell" size="lg" className="max-sm:w-full">
          <PlusCircle aria-hidden="true" size={20} /> Sell a Book
        </ButtonLink>
      </div>

      <div className="mt-6">
        {books.isPending ? (
          <div role="status" aria-label="Loading your books" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((card) => (
              <SkeletonCard key={card} image="aspect-[4/3]" padding="p-5" lines={['h-5 w-3/4 rounded-lg', 'h-4 w-1/2 rounded-lg', 'h-6 w-1/3 rounded-lg']} />
            ))}
          </div>
        ) : books.isError ? (
          <LoadFailed layout="section" what="your books" error={books.error} onRetry={() => void books.refetch()} />
        ) : books.data.length === 0 ? (
          <EmptyState
            icon={<Library />}
            title="No Books Listed Yet"
            text="List a textbook you no longer need and another student can use it this semester."
            action={
              <ButtonLink to="/seller/sell" size="lg">
                List Your First Book
              </ButtonLink>
            }
          />
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {books.data.map((book) => (
              <li key={book.id} className="flex">
                <BookCard book={book} renew={renew} onEdit={() => setEditing(book)} onWithdraw={() => setWithdrawing(book)} onSoldElsewhere={() => setMarkingSold(book)} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <EditListingDialog book={editing} onClose={() => setEditing(null)} />
      <WithdrawDialog book={withdrawing} onClose={() => setWithdrawing(null)} />
      <SoldElsewhereDialog book={markingSold} onClose={() => setMarkingSold(null)} />
    </div>
  );
}
