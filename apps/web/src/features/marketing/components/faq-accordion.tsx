// The landing page's FAQ: one answer open at a time; clicking the open question closes it.
import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { keepRangesTogether } from '../../../components/ui/range-text';
import { cn } from '../../../lib/cn';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-ink-200 rounded-card border border-ink-200 bg-white shadow-soft">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q-${index}`;
        const panelId = `${baseId}-a-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-base font-semibold text-ink-900 hover:bg-ink-50 sm:px-6 sm:text-lg"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  size={22}
                  className={cn('shrink-0 text-brand-700 transition-transform duration-200', open && 'rotate-180')}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="animate-fade-in px-5 pb-5 text-ink-600 sm:px-6"
            >
              {keepRangesTogether(item.answer)}
            </div>
          </div>
        );
      })}
    </div>
  );
}
