// Text input (use inside <Field> for its label, hint and error).
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, useFieldControl } from './field';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...rest }, ref) {
  const wiring = useFieldControl(rest);
  return <input ref={ref} className={cn(controlClasses, 'h-11 read-only:bg-ink-50', className)} {...rest} {...wiring} />;
});
