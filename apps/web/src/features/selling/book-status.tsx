// How a listing's moderation state and availability read and look in the seller area.
import { AVAILABILITY_LABELS, BOOK_STATUSES, BOOK_STATUS_LABELS, type Availability, type BookStatus } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';

/** A listing's state ('rejected' reads as declined); anything unknown is treated as pending review. */
export function normaliseStatus(status: string): BookStatus {
  if (status === 'rejected') return 'declined';
  return (BOOK_STATUSES as readonly string[]).includes(status) ? (status as BookStatus) : 'pending';
}

export function StatusBadge({ status }: { status: string }) {
  const normal = normaliseStatus(status);
  return <Badge status={normal}>{BOOK_STATUS_LABELS[normal]}</Badge>;
}

/** Reserved and sold are worth a second badge; available is the normal case and says nothing. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  if (availability === 'available') return null;
  return <Badge status={availability}>{AVAILABILITY_LABELS[availability]}</Badge>;
}
