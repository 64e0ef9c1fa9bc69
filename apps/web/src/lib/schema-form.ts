// react-hook-form for the forms that write every problem under its field: the shared zod schema is the
// resolver, a problem stays until the next submit except on the field being changed (its message goes as
// the student starts to fix it), and the first field with a problem gets focus.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors, type ValidationIssue } from '@reshelf/shared';

/**
 * A form checked against a shared schema; `field(name)` registers a control that clears its own problem.
 * The form's values are what its controls hold (text, mostly); the schema's output is what is sent.
 */
export function useSchemaForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, unknown>,
  defaultValues: DefaultValues<TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver' | 'defaultValues'> = {},
) {
  const resolver = zodResolver(schema as z.ZodType<TOut, FieldValues>) as unknown as Resolver<TIn, unknown, TOut>;
  return useResolvedForm<TIn, TOut>(resolver, defaultValues, options);
}

/** The same with a resolver of the form's own (one that checks more than one schema, or derived values). */
export function useResolvedForm<TIn extends FieldValues, TOut>(
  resolver: Resolver<TIn, unknown, TOut>,
  defaultValues: DefaultValues<TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver' | 'defaultValues'> = {},
) {
  const form = useForm<TIn, unknown, TOut>({ resolver, defaultValues, reValidateMode: 'onSubmit', ...options });
  const field = (name: Path<TIn>) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}

/** Problems by field name (as the shared `fieldErrors` gives them) in react-hook-form's shape. */
function asFieldErrors<T extends FieldValues>(problems: Record<string, string>): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [name, message] of Object.entries(problems)) errors[name] = { type: 'validation', message };
  return errors as FieldErrors<T>;
}

/** A resolver's refusal of the values: each problem under its field ('root' for the form's own). */
export function refusal<TIn extends FieldValues>(problems: Record<string, string>) {
  return { values: {}, errors: asFieldErrors<TIn>(problems) };
}

/** What a zod schema's `safeParse` answers. */
export type Parsed<TOut> = { success: true; data: TOut } | { success: false; error: { issues: readonly ValidationIssue[] } };

/** A resolver's answer from a shared schema's check: what it sends, or each problem under its field. */
export function resolution<TIn extends FieldValues, TOut>(parsed: Parsed<TOut>) {
  return parsed.success ? { values: parsed.data, errors: {} } : refusal<TIn>(fieldErrors(parsed.error));
}
