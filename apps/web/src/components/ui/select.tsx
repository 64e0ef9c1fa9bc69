// A native <select>: the phone's own picker is the most usable one there is.
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { controlClasses, useFieldControl } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options?: readonly SelectOption[];
  /** A first, empty choice such as 'Select University'. */
  placeholder?: string;
}

/**
 * The closed select shows the chosen option on one line: a name longer than the box ("Sefako Makgatho Health
 * Sciences University" on a phone, "University of KwaZulu-Natal" in a filter column) ends in an ellipsis
 * (truncate: overflow hidden, text-overflow ellipsis, white-space nowrap) instead of being cut mid-letter,
 * and pr-10 keeps the text clear of the arrow drawn over the box's right end.
 */
const SELECT_CLASSES = 'h-11 cursor-pointer appearance-none truncate pr-10';

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, options, placeholder, children, ...rest },
  ref,
) {
  const wiring = useFieldControl(rest);
  return (
    <div className="relative min-w-0">
      <select
        ref={ref}
        className={cn(controlClasses, SELECT_CLASSES, className)}
        {...rest}
        {...wiring}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        size={18}
        className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-ink-500"
      />
    </div>
  );
});
