// The meetup of an accepted order, as both sides count it: the handover code and its lockout, how long a
// proposed new time waits for an answer, when the reminders go out, and meetup times written in South
// African time for mails, notices and messages (South Africa keeps UTC+2 all year, with no daylight saving).
import { LOCALE, TIME_ZONE } from './constants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Johannesburg's offset from UTC, the whole year. */
const SA_OFFSET_MS = 2 * HOUR;

export const HANDOVER = {
  /** Digits of the code the buyer shows and the seller enters. */
  codeLength: 6,
  /** Wrong codes in a row that lock completing by code... */
  maxWrongCodes: 5,
  /** ...for this long. The buyer can still confirm on their side meanwhile. */
  lockMinutes: 15,
  /** The part of the order page's address that carries the code when the seller scans the buyer's QR. */
  fragment: 'handover',
} as const;

/** A handover code as typed: exactly six digits. */
export const HANDOVER_CODE_PATTERN = /^\d{6}$/;

/** A new meetup time that the other party has not accepted lapses after this long (or once it has come). */
export const PROPOSAL_LAPSE_HOURS = 48;

export const MEETUP_REMINDERS = {
  /** The evening before: this hour, South African time, on the day before the meetup. */
  eveningHour: 18,
  /** And this long before the meetup. */
  beforeMs: HOUR,
} as const;

export type MeetupReminderKind = 'evening' | 'hour';

/**
 * When the reminders of a meetup are due: 18:00 South African time on the day before it, and an hour
 * before it. A meetup at 00:30 on Wednesday is reminded of at 18:00 on Tuesday and at 23:30 on Tuesday.
 */
export function meetupReminderTimes(meetupAt: Date): Record<MeetupReminderKind, Date> {
  const local = new Date(meetupAt.getTime() + SA_OFFSET_MS);
  const eveningLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - 1, MEETUP_REMINDERS.eveningHour);
  return { evening: new Date(eveningLocal - SA_OFFSET_MS), hour: new Date(meetupAt.getTime() - MEETUP_REMINDERS.beforeMs) };
}

/** When a proposal made at `proposedAt` for `meetupAt` stops waiting for an answer. */
export function proposalLapsesAt(proposedAt: Date, meetupAt: Date): Date {
  return new Date(Math.min(proposedAt.getTime() + PROPOSAL_LAPSE_HOURS * HOUR, meetupAt.getTime()));
}

// Built on first use (a time-zone format is slow to build on a slow phone; most pages print no meetup).
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** e.g. 'Wed, 12 Mar 2025, 14:30' in Johannesburg time; '' for an unreadable value. */
export function formatMeetupTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  dateTimeFormat ??= new Intl.DateTimeFormat(LOCALE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
  return dateTimeFormat.format(date);
}

/** e.g. '14:35' in Johannesburg time (a time later today: when a lock ends). */
export function formatClockTime(value: Date): string {
  timeFormat ??= new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
  return timeFormat.format(value);
}
