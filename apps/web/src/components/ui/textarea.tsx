// Multi-line text input (use inside <Field>).
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, useFieldControl } from './field';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, rows = 5, ...rest }, ref) {
    const wiring = useFieldControl(rest);
    return <textarea ref={ref} rows={rows} className={cn(controlClasses, 'min-h-24 py-2.5 read-only:bg-ink-50', className)} {...rest} {...wiring} />;
  },
);
