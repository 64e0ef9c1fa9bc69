// How a listing's moderation state and availability read and look in the seller area.
import { AVAILABILITY_LABELS, BOOK_STATUS_LABELS, type Availability, type BookStatus } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';

export function StatusBadge({ status }: { status: BookStatus }) {
  return <Badge status={status}>{BOOK_STATUS_LABELS[status]}</Badge>;
}

/** Reserved and sold are worth a second badge; available is the normal case and says nothing. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  if (availability === 'available') return null;
  return <Badge status={availability}>{AVAILABILITY_LABELS[availability]}</Badge>;
}
