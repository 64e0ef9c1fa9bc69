// Building blocks shared by the marketing pages: a page section with a heading, and a figures row.
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
  tone = 'white',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: 'white' | 'tint';
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('py-16 sm:py-20', tone === 'tint' && 'bg-ink-50', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow && <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-ink-600">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export interface Figure {
  value: string;
  label: string;
}

export function FigureRow({ figures, className }: { figures: readonly Figure[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-4 lg:grid-cols-4', className)}>
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col rounded-card bg-white/80 p-4 text-center shadow-soft ring-1 ring-ink-200/70 sm:p-5">
          <dt className="order-2 mt-1 text-sm font-medium text-ink-600">{figure.label}</dt>
          {/* One line: at 320 px a 2xl 'R150K+' broke as 'R150 / K+' in its half-width card. */}
          <dd className="order-1 text-xl font-extrabold tracking-tight whitespace-nowrap text-brand-700 min-[360px]:text-2xl sm:text-3xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A page header for the inner marketing pages. */
export function PageHero({ eyebrow, title, intro, children }: { eyebrow?: string; title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-brand-100/70 blur-3xl" />
      <div className="relative mx-auto max-w-4xl px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20">
        {eyebrow && <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-display">{title}</h1>
        {intro && <p className="mx-auto mt-5 max-w-2xl text-lg text-ink-600">{intro}</p>}
        {children}
      </div>
    </div>
  );
}
