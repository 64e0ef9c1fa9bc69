// An on/off switch (role switch) with a label. The label is a separate element so it may hold links.
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ToggleProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** Accessible name when the visible label holds links or other controls. */
  ariaLabel?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}

export function Toggle({ checked, onCheckedChange, label, ariaLabel, disabled = false, id, className }: ToggleProps) {
  const autoId = useId();
  const switchId = id ?? `switch-${autoId}`;
  const labelId = `${switchId}-label`;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabel ? undefined : labelId}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent',
          'transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-55',
          checked ? 'bg-brand-600' : 'bg-ink-400',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-6 w-6 rounded-full bg-white shadow-sm transition-transform duration-200',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
      {/* Clicking the words toggles too, except on a link inside them. Keyboard users have the switch. */}
      <span
        id={labelId}
        className={cn('pt-0.5 text-sm text-ink-700', !disabled && 'cursor-pointer')}
        onClick={(event) => {
          if (disabled || (event.target as HTMLElement).closest('a')) return;
          onCheckedChange(!checked);
        }}
      >
        {label}
      </span>
    </div>
  );
}
