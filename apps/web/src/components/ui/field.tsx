// A form field: label, the control, a hint and an error, with the ids wired so screen readers read
// the hint and error with the control. Controls inside a <Field> pick the wiring up by themselves.
// <FormField> is the same tied to a react-hook-form form: the error comes from the form's state.
import { createContext, useContext, useId, type ReactNode } from 'react';
import type { FieldValues, FormState, Path, UseFormGetFieldState } from 'react-hook-form';
import { cn } from '../../lib/cn';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** The props a control needs to be tied to its field; the control's own props win. */
export function useFieldControl(props: {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
  required?: boolean | undefined;
}) {
  const field = useContext(FieldContext);
  const describedBy = [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    id: props.id ?? field?.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field?.invalid ? true : undefined),
    required: props.required ?? (field?.required || undefined),
  };
}

export interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  /** Set when the control needs a known id (for example to link to it). */
  id?: string;
  className?: string;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  /** Marks the control invalid without a message under it (forms that toast their problem instead). */
  invalid?: boolean;
}

export function Field({ label, children, hint, error, required = false, id, className, hideLabel = false, invalid }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: invalid ?? Boolean(error), required }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={controlId} className={cn('text-sm font-semibold text-ink-800', hideLabel && 'sr-only')}>
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
        </label>
        {children}
        {hint && (
          <p id={hintId} className="text-sm text-ink-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}

export interface FormFieldProps<T extends FieldValues> extends Omit<FieldProps, 'error' | 'invalid'> {
  /** The form (what useForm returns). */
  form: { getFieldState: UseFormGetFieldState<T>; formState: FormState<T> };
  name: Path<T>;
  /** The problem marks the control but is not written under it (the form toasts it). */
  quiet?: boolean;
}

/** A <Field> whose error is the form's error for `name` (register the control inside it). */
export function FormField<T extends FieldValues>({ form, name, quiet = false, ...rest }: FormFieldProps<T>) {
  const { error } = form.getFieldState(name, form.formState);
  return quiet ? <Field {...rest} invalid={Boolean(error)} /> : <Field {...rest} error={error?.message} />;
}

/**
 * Shared look of text-like controls. Below 360 px a placeholder is a size smaller (the typed text stays 16 px,
 * which also keeps iOS from zooming in), so hints such as "Password (min 8 characters)" show whole on a 320 px
 * phone instead of ending mid-word.
 */
export const controlClasses =
  'block w-full rounded-xl border border-ink-300 bg-white px-3.5 text-base text-ink-900 shadow-xs ' +
  'placeholder:text-ink-500 max-[359px]:placeholder:text-sm transition-[border-color,box-shadow] duration-150 ' +
  'hover:border-ink-400 focus:border-brand-600 focus:outline-none focus-visible:outline-none focus:ring-3 focus:ring-brand-600/25 ' +
  'disabled:cursor-not-allowed disabled:bg-ink-100 disabled:text-ink-500 ' +
  'aria-invalid:border-red-600 aria-invalid:focus:ring-red-600/25';
