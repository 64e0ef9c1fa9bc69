// Where the seller is in the wizard: the three step titles on wider screens, 'Step n of 3' and a
// progress bar on phones.
import { Check } from 'lucide-react';
import { WIZARD_STEPS } from '@reshelf/shared';
import { cn } from '../../../lib/cn';

export function StepIndicator({ step }: { step: number }) {
  const total = WIZARD_STEPS.length;
  const current = WIZARD_STEPS[step - 1];
  return (
    <nav aria-label="Listing steps">
      {/* Phones: the compact display. */}
      <div className="sm:hidden">
        <p className="text-sm font-semibold text-brand-700">
          Step {step} of {total}
        </p>
        <p aria-hidden="true" className="text-base font-semibold text-ink-900">
          {current?.title}
        </p>
        <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-ink-200">
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${(step / total) * 100}%` }} />
        </div>
      </div>

      {/* Wider screens: every step by name. */}
      <ol className="hidden items-center gap-3 sm:flex">
        {WIZARD_STEPS.map((item, index) => {
          const number = index + 1;
          const done = number < step;
          const active = number === step;
          return (
            <li key={item.title} aria-current={active ? 'step' : undefined} className="flex flex-1 items-center gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  'grid h-10 w-10 shrink-0 place-items-center rounded-full text-sm font-bold',
                  done && 'bg-brand-600 text-white',
                  active && 'bg-brand-600 text-white ring-4 ring-brand-100',
                  !done && !active && 'bg-ink-200 text-ink-700',
                )}
              >
                {done ? <Check size={18} /> : number}
              </span>
              <span className={cn('text-sm font-semibold', active ? 'text-ink-900' : 'text-ink-600')}>
                <span className="sr-only">
                  Step {number} of {total}:{' '}
                </span>
                {item.title}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              {number < total && <span aria-hidden="true" className={cn('h-0.5 flex-1 rounded', done ? 'bg-brand-600' : 'bg-ink-200')} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
