// The form of a moderator's decision that a student reads with its reason (declining a listing, taking one
// down, suspending a student): common reasons one tap away, which can be edited or added to, the reason
// field, Cancel and the decision's button. The reason field has focus from the start (the dialog's
// initialFocusRef is `reasonRef`) and gets it back when the reason is missing, so the error is read where
// it is fixed.
import type { RefObject } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { DIALOG_FOOTER } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/field';
import { keepRangesTogether } from '../../components/ui/range-text';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';
import { useSchemaForm } from '../../lib/schema-form';

export interface ReasonFormProps {
  /** The decision's shared body schema: a required reason. */
  schema: z.ZodType<{ reason: string }, unknown>;
  /** The common reasons a tap away. */
  reasons: readonly string[];
  label: string;
  hint: string;
  /** The decision's button. */
  submit: string;
  busy: boolean;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

export function ReasonForm({ schema, reasons, label, hint, submit, busy, reasonRef, onCancel, onSubmit }: ReasonFormProps) {
  const form = useSchemaForm<{ reason: string }, { reason: string }>(schema, { reason: '' }, { shouldFocusError: false });
  const reason = form.watch('reason');
  const { ref: registerRef, ...reasonField } = form.field('reason');

  const submitReason = form.handleSubmit(
    (values) => onSubmit(values.reason),
    () => reasonRef.current?.focus(),
  );

  return (
    <form noValidate onSubmit={submitReason} className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold text-ink-800">Common reasons</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {reasons.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={reason === choice}
              onClick={() => {
                form.setValue('reason', choice);
                form.clearErrors('reason');
              }}
              className={cn(
                'min-h-11 rounded-full border px-4 py-2 text-left text-sm font-medium transition-colors',
                reason === choice ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-ink-300 bg-white text-ink-700 hover:bg-ink-50',
              )}
            >
              {keepRangesTogether(choice)}
            </button>
          ))}
        </div>
      </fieldset>
      <FormField form={form} name="reason" label={label} required hint={hint}>
        <Textarea
          ref={(element) => {
            registerRef(element);
            reasonRef.current = element;
          }}
          rows={3}
          {...reasonField}
        />
      </FormField>
      <div className={DIALOG_FOOTER}>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
