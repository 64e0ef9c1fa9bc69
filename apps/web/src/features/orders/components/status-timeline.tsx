// Where an order stands: requested, accepted, completed, or the step where it ended (declined,
// cancelled, expired).
import { Check, X } from 'lucide-react';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@reshelf/shared';
import { cn } from '../../../lib/cn';

type StepState = 'done' | 'current' | 'upcoming' | 'ended';

interface Step {
  status: OrderStatus;
  state: StepState;
}

/** The steps to draw for an order in `status`; `wasAccepted` tells whether a meetup had been agreed. */
export function timelineSteps(status: OrderStatus, wasAccepted: boolean): Step[] {
  switch (status) {
    case 'requested':
      return [
        { status: 'requested', state: 'current' },
        { status: 'accepted', state: 'upcoming' },
        { status: 'completed', state: 'upcoming' },
      ];
    case 'accepted':
      return [
        { status: 'requested', state: 'done' },
        { status: 'accepted', state: 'current' },
        { status: 'completed', state: 'upcoming' },
      ];
    case 'completed':
      return [
        { status: 'requested', state: 'done' },
        { status: 'accepted', state: 'done' },
        { status: 'completed', state: 'done' },
      ];
    default:
      return [
        { status: 'requested', state: 'done' },
        ...(wasAccepted ? [{ status: 'accepted' as const, state: 'done' as const }] : []),
        { status, state: 'ended' },
      ];
  }
}

const STATE_TEXT: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'not yet',
  ended: 'order ended here',
};

export function StatusTimeline({ status, wasAccepted }: { status: OrderStatus; wasAccepted: boolean }) {
  const steps = timelineSteps(status, wasAccepted);
  return (
    <ol aria-label="Order progress" className="flex items-start">
      {steps.map((step, index) => (
        <li
          key={step.status}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="relative flex flex-1 flex-col items-center text-center"
        >
          {index > 0 && (
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2',
                step.state === 'upcoming' ? 'bg-ink-200' : step.state === 'ended' ? 'bg-red-200' : 'bg-brand-500',
              )}
            />
          )}
          <span
            aria-hidden="true"
            className={cn(
              'relative z-10 grid h-8 w-8 place-items-center rounded-full text-sm font-bold ring-4 ring-white',
              step.state === 'done' && 'bg-brand-600 text-white',
              step.state === 'current' && 'bg-white text-brand-700 ring-brand-100 outline-2 outline-brand-600',
              step.state === 'upcoming' && 'bg-ink-100 text-ink-500',
              step.state === 'ended' && 'bg-red-700 text-white',
            )}
          >
            {step.state === 'done' ? <Check size={16} /> : step.state === 'ended' ? <X size={16} /> : index + 1}
          </span>
          <span
            className={cn(
              'mt-2 text-sm font-semibold wrap-normal',
              step.state === 'upcoming' ? 'text-ink-600' : step.state === 'ended' ? 'text-red-800' : 'text-ink-900',
            )}
          >
            {ORDER_STATUS_LABELS[step.status]}
            <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
