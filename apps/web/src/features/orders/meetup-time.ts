// Meetup times: shown in South African time (en-ZA), and typed into a date-time box as South African
// time whatever the phone's own time zone (South Africa keeps UTC+2 all year, with no daylight saving).
import type { FieldValues } from 'react-hook-form';
import { formatMeetupTime, meetupTimeProblem } from '@reshelf/shared';
import { refusal, resolution, type Parsed } from '../../lib/schema-form';

const SA_OFFSET = '+02:00';

/** e.g. 'Wed, 12 Mar 2025, 14:30' in Johannesburg time, as the server writes it in notices and mails; '' for none or an unreadable value. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? formatMeetupTime(value) : '';
}

/** A `datetime-local` value (YYYY-MM-DDTHH:mm, South African time) as an ISO instant; '' when empty or unreadable. */
export function localInputToIso(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value.trim() === '' ? '' : value;
  const date = new Date(`${value}:00${SA_OFFSET}`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An instant as a `datetime-local` value in South African time (for the input's min and max). */
export function isoToLocalInput(date: Date): string {
  const sa = new Date(date.getTime() + 2 * 3_600_000);
  return sa.toISOString().slice(0, 16);
}

/**
 * A meetup form's resolver answer: the shared schema's problems under their fields, then the meetup window
 * (a time outside it is refused under `meetupAt`), else the payload to send.
 */
export function meetupResolution<TIn extends FieldValues, TOut extends { meetupAt: string }>(parsed: Parsed<TOut>) {
  if (!parsed.success) return resolution<TIn, TOut>(parsed);
  const problem = meetupTimeProblem(new Date(parsed.data.meetupAt), new Date());
  return problem ? refusal<TIn>({ meetupAt: problem }) : resolution<TIn, TOut>(parsed);
}
