// A designed "nothing here yet" block: icon, title, a line of help and the next step.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3;
}

export function EmptyState({ icon, title, text, action, className, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-card border border-dashed border-ink-300 bg-ink-50 px-6 py-12 text-center',
        className,
      )}
    >
      {icon && (
        <div aria-hidden="true" className="mb-4 grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700 [&_svg]:h-7 [&_svg]:w-7">
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-ink-900">{title}</Heading>
      {text && <p className="mt-2 max-w-md text-ink-600">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
