// The meetup of an order: the agreed place and time, the file that adds it to a calendar, and a new time
// one party proposed: the proposer sees that it waits for the other, the other accepts it with one tap.
import { CalendarPlus, Clock } from 'lucide-react';
import type { Order } from '@reshelf/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { DetailRow } from '../../../components/ui/detail-row';
import { errorMessage } from '../../../lib/api';
import { calendarFileUrl, useAcceptProposal } from '../api';
import { formatDateTime } from '../meetup-time';
import { Time } from '../../../components/ui/time';

export interface MeetupPanelProps {
  order: Order;
  as: 'buyer' | 'seller';
}

function Proposal({ order, as }: { order: Order; as: 'buyer' | 'seller' }) {
  const accept = useAcceptProposal(order.id);
  const proposal = order.proposal;
  if (!proposal || order.status !== 'accepted') return null;
  const other = as === 'buyer' ? order.seller.firstName : order.buyer.firstName;
  const when = <Time at={proposal.meetupAt} format={formatDateTime} />;
  return (
    <div className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-950" role="status">
      <p className="flex gap-2 font-semibold">
        <Clock aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
        {proposal.by === as ? 'You proposed a new time' : `${other} proposed a new time`}
      </p>
      <p className="mt-1 break-words">
        {when} at {proposal.meetupLocation}
      </p>
      {proposal.by === as ? (
        <p className="mt-1 text-sm">
          Waiting for {other} to accept it, until <Time at={proposal.lapsesAt} format={formatDateTime} />.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            loading={accept.busy}
            onClick={() =>
              accept.run(undefined, {
                onSuccess: () => toast.success('New meetup time accepted'),
                onError: (error) => toast.error(errorMessage(error, 'Could not accept the new time. Please try again.')),
              })
            }
          >
            Accept new time
          </Button>
          <span className="text-sm">Or propose another time.</span>
        </div>
      )}
    </div>
  );
}

/** What the order page's Meetup panel holds. */
export function MeetupPanel({ order, as }: MeetupPanelProps) {
  if (!order.meetupLocation || !order.meetupAt) {
    return (
      <p className="text-ink-600">
        {order.status === 'requested'
          ? as === 'seller'
            ? 'Accept the request to suggest a place and time on campus.'
            : 'The seller suggests a place and time on campus when they accept.'
          : 'No meetup was agreed.'}
      </p>
    );
  }
  return (
    <>
      <dl className="grid gap-2">
        <DetailRow label="Place" layout="cell">
          {order.meetupLocation}
        </DetailRow>
        <DetailRow label="Date and time" layout="cell">
          <Time at={order.meetupAt} format={formatDateTime} />
        </DetailRow>
      </dl>
      {order.status === 'accepted' && (
        <a href={calendarFileUrl(order.id)} download className={buttonClasses('outline', 'sm', 'mt-4')}>
          <CalendarPlus aria-hidden="true" size={16} /> Add to calendar
        </a>
      )}
      <Proposal order={order} as={as} />
    </>
  );
}
