// The meetup of an order as an iCalendar file (RFC 5545), written by the `ics` library: one VEVENT whose
// UID stays the same for the order (so importing it again updates the event rather than adding another),
// whose SEQUENCE moves with each new meetup time, starting at the meetup in UTC and lasting an hour, with the
// book's title, the place and the order's address. The library escapes commas, semicolons, backslashes and
// line breaks in text and folds long lines. The handover code is never in it: calendars sync to other
// services and are shared.
import { createEvent, type EventAttributes } from 'ics';
import { MEETUP_CALENDAR, PRODUCT_NAME, orderReference } from '@reshelf/shared';
import type { OrderRow } from './repository.ts';

const HOUR = 3_600_000;

export function meetupCalendar(row: OrderRow, as: 'buyer' | 'seller', opts: { publicUrl: string; now: Date }): { filename: string; body: string } {
  const start = new Date(row.meetup_at!).getTime();
  const link = `${opts.publicUrl}/${as}/orders/${encodeURIComponent(row.id)}`;
  const other = as === 'buyer' ? row.seller_first_name : row.buyer_first_name;
  const event: EventAttributes & { timestamp: number } = {
    uid: `order-${row.id}@${new URL(opts.publicUrl).host}`,
    sequence: row.meetup_sequence,
    productId: `-//${PRODUCT_NAME}//Meetups//EN`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start + HOUR,
    endInputType: 'utc',
    endOutputType: 'utc',
    timestamp: opts.now.getTime(),
    title: MEETUP_CALENDAR.summary(row.book_title),
    description: MEETUP_CALENDAR.description(other, row.book_title, link),
    location: row.meetup_location!,
    url: link,
    // A cancelled order's file cancels the event in a calendar that has it.
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('calendar event could not be written');
  return { filename: `reshelf-meetup-${orderReference({ book: { id: row.book_id ?? row.id } }).slice(1).toLowerCase()}.ics`, body: value };
}
