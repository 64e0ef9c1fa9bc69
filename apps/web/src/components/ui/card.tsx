// A rounded surface that groups related content.
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Adds a lift on hover, for cards that are links or buttons as a whole. */
  interactive?: boolean;
  padded?: boolean;
}

export function Card({ className, interactive = false, padded = true, ...rest }: CardProps) {
  return (
    <div
      className={cn(
        'rounded-card border border-ink-200 bg-white shadow-soft',
        padded && 'p-6',
        interactive && 'transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift',
        className,
      )}
      {...rest}
    />
  );
}
