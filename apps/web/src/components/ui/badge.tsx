// Small labels for statuses and categories. Each status has one colour everywhere in the app.
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'amber' | 'green' | 'red' | 'blue' | 'violet' | 'slate';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-ink-100 text-ink-700 ring-ink-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  blue: 'bg-sky-50 text-sky-800 ring-sky-200',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** Listing, availability and order statuses of the API. */
export const STATUS_TONES = {
  pending: 'amber',
  approved: 'green',
  declined: 'red',
  available: 'green',
  reserved: 'violet',
  sold: 'slate',
  requested: 'amber',
  accepted: 'blue',
  completed: 'green',
  cancelled: 'neutral',
  expired: 'neutral',
  hidden: 'amber',
  taken_down: 'red',
  sold_elsewhere: 'slate',
  suspended: 'red',
} as const satisfies Record<string, BadgeTone>;

export type BadgeStatus = keyof typeof STATUS_TONES;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** Picks the tone from the status; the text is the children, or the status capitalised. */
  status?: BadgeStatus;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function Badge({ tone, status, className, children, ...rest }: BadgeProps) {
  const resolved: BadgeTone = tone ?? (status ? STATUS_TONES[status] : 'neutral');
  return (
    <span
      className={cn(
        // w-fit: a badge keeps its own width in a column that stretches its children (a card's stacked lines).
        'inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[resolved],
        className,
      )}
      {...rest}
    >
      {children ?? (status ? capitalise(status) : null)}
    </span>
  );
}
