// One order, for its buyer (/buyer/orders/:id) and its seller (/seller/orders/:id): the status timeline,
// the book, the amount, the other party, the meetup, the actions each side may take in each state,
// the messages (live over the realtime channel) and, after the handover, the reviews. Once accepted the
// buyer sees their handover code and the seller completes the sale with it; after the meetup time either
// party may report a no-show; either may propose a new time.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, BookOpen, CalendarClock, FileQuestion, HandCoins, MapPin, Search, ShieldCheck } from 'lucide-react';
import { CONDITION_LABELS, HANDOVER, HANDOVER_CODE_PATTERN, ORDER_STATUS_LABELS, PROFILE_MESSAGES, endedWithoutSale, formatRand, orderReference } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { BookImage } from '../../components/ui/book-image';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import type { ENDED_WITHOUT_SALE_STATUSES, Order } from '@reshelf/shared';
import { useRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import {
  addMessageToCache,
  orderMessagesQuery,
  orderQuery,
  putOrderInCache,
  useCancelOrder,
  useCompleteOrder,
  useDeclineOrder,
  useOrder,
} from './api';
import { AcceptDialog } from './components/accept-dialog';
import { CompleteSaleDialog } from './components/complete-sale-dialog';
import { HandoverCodePanel } from './components/handover-code';
import { MeetupPanel } from './components/meetup-panel';
import { MessagesPanel } from './components/messages-panel';
import { NoShowDialog } from './components/no-show-dialog';
import { ProposeTimeDialog } from './components/propose-time-dialog';
import { ReasonDialog } from './components/reason-dialog';
import { ReviewPanel } from './components/review-panel';
import { StatusTimeline } from './components/status-timeline';
import { formatDateTime } from './meetup-time';
import { useTimePassed } from './use-time-passed';
import { useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

const HANDOVER_NOTE = 'Pay the seller in person only after checking the book.';

/** One panel of the order page. Its text names people and places students typed, so a long word breaks anywhere. */
function Panel({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <section className="rounded-card border border-ink-200 bg-white p-5 shadow-soft [overflow-wrap:anywhere] sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function SafetyTips() {
  return (
    <aside aria-labelledby="safety-tips-title" className="rounded-card border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <h2 id="safety-tips-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <ShieldCheck aria-hidden="true" size={20} className="text-brand-700" /> Safety tips
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-brand-950">
        <li>Meet in a busy, public spot on campus, in daylight.</li>
        <li>Bring a friend if you can, and tell someone where you are going.</li>
        <li>Check the book (edition, missing pages, notes) before you pay.</li>
        <li>Pay in person at the meetup; never send money in advance.</li>
        <li>Keep the conversation on Reshelf so there is a record.</li>
      </ul>
    </aside>
  );
}

type Role = 'buyer' | 'seller';

/** What each way of ending without a sale (the statuses the server closes the conversation for) says. */
const ENDED_WITHOUT_SALE: Record<(typeof ENDED_WITHOUT_SALE_STATUSES)[number], string> = {
  declined: 'This request was declined, so the conversation is closed.',
  cancelled: 'This order was cancelled, so the conversation is closed.',
  expired: 'This request expired, so the conversation is closed.',
};

/** Where the buyer looks next: the catalogue searched for the same title. */
function anotherCopyPath(order: Order): string {
  return `/buyer/books?q=${encodeURIComponent(order.book.title)}`;
}

/** What replaces the message box once an order ended without a sale; undefined while it can still go ahead. */
function closedNote(order: Order, as: Role): ReactNode {
  if (!endedWithoutSale(order.status)) return undefined;
  const ended = ENDED_WITHOUT_SALE[order.status as (typeof ENDED_WITHOUT_SALE_STATUSES)[number]];
  if (as === 'seller') return <p>{ended} The book is back in the catalogue.</p>;
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p>{ended}</p>
      <ButtonLink to={anotherCopyPath(order)} size="sm" variant="outline" className="shrink-0">
        <Search aria-hidden="true" size={16} /> Find another copy
      </ButtonLink>
    </div>
  );
}

/** The handover code in an order page's address (`#handover=123456`, from the buyer's QR code), if any. */
function codeFromFragment(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(HANDOVER.fragment) ?? '';
  return HANDOVER_CODE_PATTERN.test(value) ? value : undefined;
}

type ActionDialog = 'accept' | 'decline' | 'cancel' | 'handover' | 'complete' | 'no-show' | 'propose';

function Actions({ order, as, university, scannedCode }: { order: Order; as: Role; university: string; scannedCode: string | undefined }) {
  // A code scanned from the buyer's QR opens Complete sale with it filled in.
  const [dialog, setDialog] = useState<ActionDialog | null>(scannedCode ? 'complete' : null);
  const decline = useDeclineOrder(order.id);
  const cancel = useCancelOrder(order.id);
  const complete = useCompleteOrder(order.id);
  const meetupPassed = useTimePassed(order.meetupAt);
  const active = order.status === 'requested' || order.status === 'accepted';
  if (!active) return null;
  const other = as === 'buyer' ? order.seller.firstName : order.buyer.firstName;
  const close = () => setDialog(null);
  const fail = (error: unknown) => toast.error(errorMessage(error, 'Something went wrong. Please try again.'));

  return (
    <Panel title="What's next">
      {as === 'seller' && order.status === 'requested' && (
        <>
          <p className="text-ink-700">{order.buyer.firstName} would like to buy this book. Accept with a meetup, or decline.</p>
          {order.buyer.id && (
            <p className="mt-2">
              <Link to={`/students/${order.buyer.id}`} className="rounded-md text-sm font-semibold text-brand-700 hover:underline">
                {PROFILE_MESSAGES.viewProfile(order.buyer.firstName)}
              </Link>
            </p>
          )}
        </>
      )}
      {as === 'buyer' && order.status === 'requested' && (
        <p className="text-ink-700">Waiting for {order.seller.firstName} to accept and suggest a meetup.</p>
      )}
      {as === 'buyer' && order.status === 'accepted' && (
        <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-amber-900">
          <HandCoins aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          <span>
            {HANDOVER_NOTE} Once you have the book, show {order.seller.firstName} your handover code, or confirm the handover yourself.
          </span>
        </p>
      )}
      {as === 'seller' && order.status === 'accepted' && (
        <p className="text-ink-700">
          Meet {order.buyer.firstName} as agreed. Once they have the book, ask for their 6-digit handover code and enter it to complete the sale.
        </p>
      )}
      {order.status === 'accepted' && meetupPassed && (
        <p className="mt-2 text-sm text-ink-700">The meetup time has passed. If it did not happen, propose a new time or report a no-show.</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {as === 'seller' && order.status === 'requested' && (
          <>
            <Button onClick={() => setDialog('accept')}>Accept</Button>
            <Button variant="outline" onClick={() => setDialog('decline')}>
              Decline
            </Button>
          </>
        )}
        {as === 'buyer' && order.status === 'accepted' && <Button onClick={() => setDialog('handover')}>Confirm handover</Button>}
        {as === 'seller' && order.status === 'accepted' && <Button onClick={() => setDialog('complete')}>Complete sale</Button>}
        {order.status === 'accepted' && (
          <Button variant="outline" onClick={() => setDialog('propose')}>
            Propose a new time
          </Button>
        )}
        {order.status === 'accepted' && meetupPassed && (
          <Button variant="ghost" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setDialog('no-show')}>
            Report no-show
          </Button>
        )}
        {/* A request has one way out for each side: the seller declines it, the buyer withdraws it.
            'Cancel order' is for an agreed meetup that will not happen. */}
        {(order.status === 'accepted' || as === 'buyer') && (
          <Button variant="ghost" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setDialog('cancel')}>
            {order.status === 'accepted' ? 'Cancel order' : 'Cancel request'}
          </Button>
        )}
      </div>

      {as === 'buyer' && (
        <Dialog
          open={dialog === 'handover'}
          onClose={close}
          role="alertdialog"
          title="Confirm the handover?"
          description={`Confirm only once you have checked the book and paid ${order.seller.firstName}. The order is then completed and cannot be undone.`}
          footer={
            <>
              <Button variant="ghost" onClick={close}>
                Not yet
              </Button>
              <Button
                loading={complete.busy}
                onClick={() =>
                  complete.run(undefined, {
                    onSuccess: () => {
                      toast.success('Handover confirmed. Enjoy your book!');
                      close();
                    },
                    onError: fail,
                  })
                }
              >
                I have the book
              </Button>
            </>
          }
        />
      )}

      {as === 'seller' && (
        <AcceptDialog open={dialog === 'accept'} onClose={close} orderId={order.id} university={university} />
      )}
      {as === 'seller' && order.status === 'accepted' && (
        <CompleteSaleDialog open={dialog === 'complete'} onClose={close} orderId={order.id} buyerName={order.buyer.firstName} initialCode={scannedCode} />
      )}
      {order.status === 'accepted' && (
        <>
          <NoShowDialog open={dialog === 'no-show'} onClose={close} orderId={order.id} otherName={other} />
          <ProposeTimeDialog open={dialog === 'propose'} onClose={close} orderId={order.id} otherName={other} currentPlace={order.meetupLocation ?? ''} />
        </>
      )}
      <ReasonDialog
        open={dialog === 'decline'}
        onClose={close}
        title="Decline this request?"
        description={`${order.buyer.firstName} will be told, and the book goes back into the catalogue.`}
        confirmLabel="Decline request"
        busy={decline.busy}
        onConfirm={(reason) =>
          decline.run(reason, {
            onSuccess: () => {
              toast.success('Request declined');
              close();
            },
            onError: fail,
          })
        }
      />
      <ReasonDialog
        open={dialog === 'cancel'}
        onClose={close}
        title={order.status === 'accepted' ? 'Cancel this order?' : 'Cancel your request?'}
        description={`${as === 'buyer' ? order.seller.firstName : order.buyer.firstName} will be told, and the book goes back into the catalogue.`}
        confirmLabel={order.status === 'accepted' ? 'Cancel order' : 'Cancel request'}
        busy={cancel.busy}
        onConfirm={(reason) =>
          cancel.run(reason, {
            onSuccess: () => {
              toast.success(order.status === 'accepted' ? 'Order cancelled' : 'Request cancelled');
              close();
            },
            onError: fail,
          })
        }
      />
    </Panel>
  );
}

export interface OrderPageProps {
  /** Which area the page is shown in (for the way back). */
  area: Role;
}

function OrderPage({ area }: OrderPageProps) {
  const { id = '' } = useParams();
  const { student } = useSession();
  const client = useQueryClient();
  const order = useOrder(id);
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then taken out of the address so it is not kept in the history or shared by mistake.
  const [scannedCode] = useState(() => codeFromFragment(location.hash));
  useEffect(() => {
    if (scannedCode) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [scannedCode, navigate, location.pathname, location.search]);
  usePageTitle(order.data ? `Order ${orderReference(order.data)}` : 'Order');

  useRealtime(
    {
      onEvent: (event) => {
        if (event.type === 'message.created' && event.orderId === id) addMessageToCache(client, id, event.message);
        if (event.type === 'order.updated' && event.order.id === id) putOrderInCache(client, event.order);
      },
      // Events sent while the connection was down are lost: fetch the current state.
      onReconnect: () => {
        void client.invalidateQueries({ queryKey: orderQuery(id).queryKey });
        void client.invalidateQueries({ queryKey: orderMessagesQuery(id).queryKey });
      },
    },
    Boolean(student),
  );

  const back = (
    <Link
      to={`/${area}/transactions`}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" size={16} /> Back to transactions
    </Link>
  );
  const frame = (children: ReactNode) => <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">{back}{children}</div>;

  if (order.isPending) {
    return frame(
      <div role="status" aria-label="Loading order" className="mt-6 space-y-6">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-20" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>,
    );
  }
  if (order.isError || !student) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return frame(
      missing ? (
        <EmptyState
          className="mt-6"
          icon={<FileQuestion />}
          title="Order not found"
          text="This order does not exist or is not one of yours."
          action={<ButtonLink to={`/${area}/transactions`}>Your transactions</ButtonLink>}
        />
      ) : (
        <LoadFailed className="mt-6" icon={<FileQuestion />} what="this order" error={order.error} onRetry={() => void order.refetch()} />
      ),
    );
  }

  const data = order.data;
  const as: Role = data.seller.id === student.id ? 'seller' : 'buyer';
  const other = as === 'buyer' ? data.seller : data.buyer;
  const photo = data.book.images[0];
  const wasAccepted = data.meetupAt !== null;

  return frame(
    <>
      <header className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Order {orderReference(data)}</h1>
          <p className="mt-1 text-ink-600">Placed <Time at={data.createdAt} /></p>
        </div>
        <Badge status={data.status} className="px-3 py-1 text-sm">
          {ORDER_STATUS_LABELS[data.status]}
        </Badge>
      </header>

      <div className="mt-6 rounded-card border border-ink-200 bg-white px-4 py-5 shadow-soft sm:px-8">
        <StatusTimeline status={data.status} wasAccepted={wasAccepted} />
        {data.status === 'requested' && data.expiresAt && (
          <p className="mt-4 flex items-center justify-center gap-2 text-center text-sm text-ink-700">
            <CalendarClock aria-hidden="true" size={16} className="shrink-0 text-amber-700" />
            {as === 'seller'
              ? `You have until ${formatDateTime(data.expiresAt)} to answer`
              : `The seller has until ${formatDateTime(data.expiresAt)} to answer`}
          </p>
        )}
        {(data.status === 'declined' || data.status === 'cancelled') && data.reason && (
          <p className="mt-4 text-center text-sm text-ink-700">Reason: {data.reason}</p>
        )}
        {data.status === 'expired' && (
          <p className="mt-4 text-center text-sm text-ink-700">Nobody answered within 72 hours, so the book went back into the catalogue.</p>
        )}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          {as === 'buyer' && data.status === 'accepted' && data.handoverCode && (
            <HandoverCodePanel orderId={data.id} code={data.handoverCode} sellerName={data.seller.firstName} />
          )}
          <Actions order={data} as={as} university={student.university} scannedCode={as === 'seller' && data.status === 'accepted' ? scannedCode : undefined} />
          {data.status === 'completed' && (
            <ReviewPanel orderId={data.id} otherName={other.firstName} myReview={data.myReview} theirReview={data.theirReview} />
          )}

          <Panel title="The book" icon={<BookOpen aria-hidden="true" size={20} className="text-brand-700" />}>
            <div className="flex gap-4">
              <BookImage src={photo?.thumbUrl} width={96} height={128} className="h-32 w-24 shrink-0 rounded-xl bg-ink-100 object-cover" />
              <dl className="min-w-0 text-sm">
                <dt className="sr-only">Title</dt>
                <dd className="text-base font-semibold text-ink-900">{data.book.title}</dd>
                <dt className="sr-only">Author and edition</dt>
                <dd className="text-ink-600">
                  {data.book.author} · {data.book.edition}
                </dd>
                <dt className="sr-only">Condition</dt>
                <dd className="text-ink-600">{CONDITION_LABELS[data.book.condition]}</dd>
                <dt className="mt-2 font-medium text-ink-600">Amount</dt>
                <dd className="text-lg font-bold whitespace-nowrap text-brand-800 sm:text-xl">{formatRand(data.amount)}</dd>
                <dt className="mt-2 font-medium text-ink-600">{as === 'buyer' ? 'Seller' : 'Buyer'}</dt>
                <dd className="font-semibold text-ink-900">
                  {/* Their public profile (docs/decisions/0034-public-profiles.md); a former student has none. */}
                  {other.id ? (
                    <Link to={`/students/${other.id}`} className="rounded-md text-brand-700 underline-offset-2 hover:underline">
                      {other.firstName}
                      <span className="sr-only">: {PROFILE_MESSAGES.viewProfile(other.firstName)}</span>
                    </Link>
                  ) : (
                    other.firstName
                  )}
                </dd>
              </dl>
            </div>
          </Panel>

          <Panel title="Meetup" icon={<MapPin aria-hidden="true" size={20} className="text-brand-700" />}>
            <MeetupPanel order={data} as={as} />
          </Panel>

        </div>

        <div className="flex flex-col gap-6">
          <MessagesPanel orderId={data.id} myId={student.id} otherName={other.firstName} closed={closedNote(data, as)} />
          <SafetyTips />
        </div>
      </div>
    </>,
  );
}

export function BuyerOrderPage() {
  return <OrderPage area="buyer" />;
}

export function SellerOrderPage() {
  return <OrderPage area="seller" />;
}
