// Moderation (/admin): the queue of listings waiting for review, oldest first, with Approve and
// Decline (a reason is required); the approved listings, each of which an admin may take down with a reason
// the seller reads; the declined listings; the listings taken down, with that reason; and the package-order
// desk.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Check, CircleCheckBig, X } from 'lucide-react';
import type { Book, BookStatus } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager, showingLine } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { serverErrorText } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { QUEUE_PAGE_SIZE, approveListing, declineListing, listingsQuery, moderationKeys } from './api';
import { DecisionDialog } from './decision-dialog';
import { DeclineDialog } from './decline-dialog';
import { ListingReview } from './listing-review';
import { PackageOrdersPanel } from './package-orders-panel';
import { LoadFailed } from '../../components/ui/load-failed';

const LISTING_APPROVED = 'Listing approved';
const LISTING_DECLINED = 'Listing declined';
const NOTHING_TO_REVIEW = 'Nothing waiting for review';

/** The listings the moderation tabs show by status. */
type QueueStatus = Extract<BookStatus, 'pending' | 'approved' | 'declined' | 'taken_down'>;

const EMPTY: Record<QueueStatus, { title: string; text: string }> = {
  pending: { title: NOTHING_TO_REVIEW, text: 'New listings appear here as sellers submit them.' },
  approved: { title: 'No approved listings', text: 'Listings you approve appear here.' },
  declined: { title: 'No declined listings', text: 'Listings you decline appear here with their reason.' },
  taken_down: { title: 'No listings taken down', text: 'Approved listings you take down appear here with the reason the seller reads.' },
};

function ListingsPanel({ status }: { status: QueueStatus }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<Book | null>(null);
  const [takingDown, setTakingDown] = useState<Book | null>(null);
  const listings = useQuery({ ...listingsQuery(status, page), placeholderData: keepPreviousData });

  /** The decided listing leaves this list at once; the other lists catch up from the server. */
  const settle = (book: Book) => {
    client.setQueryData(listingsQuery(status, page).queryKey, (current) =>
      current ? { ...current, items: current.items.filter((item) => item.id !== book.id), total: current.total - 1 } : current,
    );
    void client.invalidateQueries({ queryKey: moderationKeys.books });
  };

  /**
   * 409: the listing is not as this page shows it (the seller changed it, or someone else decided it).
   * The lists are read again, so the moderator reviews what it says now; the server's message says why.
   */
  const stale = (error: unknown) => {
    if (!(error instanceof ApiError && error.status === 409)) return false;
    void client.invalidateQueries({ queryKey: moderationKeys.books });
    return true;
  };

  const approve = async (book: Book) => {
    setBusy(book.id);
    try {
      await approveListing(book);
      toast.success(LISTING_APPROVED);
      settle(book);
    } catch (error) {
      stale(error);
      toast.error(serverErrorText(error, 'Failed to approve listing'));
    } finally {
      setBusy(null);
    }
  };

  const decline = async (reason: string) => {
    const book = declining;
    if (!book) return;
    setBusy(book.id);
    try {
      await declineListing(book, reason);
      toast.success(LISTING_DECLINED);
      setDeclining(null);
      settle(book);
    } catch (error) {
      if (stale(error)) setDeclining(null);
      toast.error(serverErrorText(error, 'Failed to decline listing'));
    } finally {
      setBusy(null);
    }
  };

  if (listings.isPending) {
    return (
      <div role="status" aria-label="Loading listings" className="space-y-4">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (listings.isError) {
    return (
      <LoadFailed layout="section" what="the listings" error={listings.error} onRetry={() => void listings.refetch()} />
    );
  }

  const { items, total } = listings.data;
  if (items.length === 0 && page > 1) {
    // The last listing of a later page was decided: step back.
    setPage(page - 1);
    return null;
  }
  if (items.length === 0) {
    return <EmptyState icon={<CircleCheckBig />} title={EMPTY[status].title} text={EMPTY[status].text} />;
  }

  return (
    <div>
      {status === 'pending' && <p className="mb-4 text-sm text-ink-600">{total} waiting, oldest first</p>}
      <ul className="flex flex-col gap-5">
        {items.map((book) => (
          <li key={book.id}>
            <ListingReview
              book={book}
              actions={
                status === 'pending' ? (
                  <>
                    <Button
                      variant="outline"
                      size="lg"
                      className="border-red-700 text-red-800 hover:bg-red-50"
                      disabled={busy !== null}
                      onClick={() => setDeclining(book)}
                      aria-label={`Decline ${book.title}`}
                    >
                      <X aria-hidden="true" size={20} /> Decline
                    </Button>
                    <Button size="lg" loading={busy === book.id} disabled={busy !== null} onClick={() => void approve(book)} aria-label={`Approve ${book.title}`}>
                      {busy !== book.id && <Check aria-hidden="true" size={20} />} Approve
                    </Button>
                  </>
                ) : status === 'approved' && book.availability !== 'sold' ? (
                  <Button
                    variant="outline"
                    size="lg"
                    className="border-red-700 text-red-800 hover:bg-red-50"
                    onClick={() => setTakingDown(book)}
                    aria-label={`Take down ${book.title}`}
                  >
                    <Ban aria-hidden="true" size={20} /> Take down
                  </Button>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
      <Pager className="mt-6" text={showingLine(listings.data)} page={page} pageCount={Math.ceil(total / QUEUE_PAGE_SIZE)} onPage={setPage} />
      <DeclineDialog book={declining} busy={busy !== null} onClose={() => setDeclining(null)} onDecline={(reason) => void decline(reason)} />
      <DecisionDialog
        kind="takeDown"
        subject={takingDown}
        onClose={() => setTakingDown(null)}
        onDone={() => {
          if (takingDown) settle(takingDown);
          setTakingDown(null);
        }}
      />
    </div>
  );
}

const TAB_IDS = ['pending', 'approved', 'declined', 'taken_down', 'packages'] as const;
type TabId = (typeof TAB_IDS)[number];

export function ModerationPage() {
  usePageTitle('Moderation');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = (TAB_IDS as readonly string[]).includes(requested ?? '') ? (requested as TabId) : 'pending';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Moderation</h1>
      <p className="mt-1 text-ink-600">Check each listing's photos and details before buyers see it.</p>
      <Tabs
        className="mt-6"
        label="Moderation lists"
        value={tab}
        onValueChange={(id) => setParams(id === 'pending' ? {} : { tab: id }, { replace: true })}
        items={[
          { id: 'pending', label: 'Waiting for review', panel: <ListingsPanel status="pending" /> },
          { id: 'approved', label: 'Approved', panel: <ListingsPanel status="approved" /> },
          { id: 'declined', label: 'Declined', panel: <ListingsPanel status="declined" /> },
          { id: 'taken_down', label: 'Taken down', panel: <ListingsPanel status="taken_down" /> },
          { id: 'packages', label: 'Package orders', panel: <PackageOrdersPanel /> },
        ]}
      />
    </div>
  );
}
