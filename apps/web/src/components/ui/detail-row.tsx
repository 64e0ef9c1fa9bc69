// One labelled fact (a listing's ISBN, publisher, condition; a meetup's place; a student's faculty) inside a
// <dl>: the book page lines them up as label-beside-value rows, the moderation review and a meetup pack them
// as small label-over-value cells, a summary card sets the value at the far end of the label's line.
import type { ReactNode } from 'react';

export interface DetailRowProps {
  label: string;
  children: ReactNode;
  /**
   * 'row': the label beside the value on wide screens, a rule under each; 'cell': a small caps label over
   * the value; 'split': label and value at the two ends of one line, a rule between lines.
   */
  layout?: 'row' | 'cell' | 'split';
}

export function DetailRow({ label, children, layout = 'row' }: DetailRowProps) {
  if (layout === 'cell') {
    return (
      <div className="min-w-0">
        <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
        <dd className="mt-0.5 break-words text-ink-900">{children}</dd>
      </div>
    );
  }
  if (layout === 'split') {
    return (
      <div className="flex items-baseline justify-between gap-4 border-b border-ink-100 pb-3 last:border-0 last:pb-0">
        <dt className="text-sm text-ink-600">{label}</dt>
        <dd className="min-w-0 text-right font-semibold break-words text-ink-900">{children}</dd>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-0.5 border-b border-ink-100 py-3 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm font-medium text-ink-600 sm:w-28">{label}</dt>
      <dd className="min-w-0 break-words text-ink-900">{children}</dd>
    </div>
  );
}
