// Reporting a listing or a student: a reason from the fixed list (a radio group) and optional details, in
// the app's one modal dialog. Sent once however fast "Send report" is tapped; the exact thank-you comes
// as a toast and the dialog closes. A second report of the same thing is refused by the server with its
// own words (409), shown as they are. Reusable for any target (a student's profile will use it too).
import { useRef } from 'react';
import {
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_RULES,
  reportBodySchema,
  type ReportBody,
  type ReportReason,
  type ReportTarget,
} from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Dialog, DIALOG_FOOTER } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useSchemaForm } from '../../lib/schema-form';
import { serverErrorText } from '../../lib/session';
import { useSendReport } from './api';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  target: ReportTarget;
  /** The listing's or student's id. */
  id: string;
  /** What the student reads as the dialog's subject: the book's title, the student's name. */
  name: string;
}

const TITLES: Record<ReportTarget, string> = { book: 'Report this listing', student: 'Report this student' };

export function ReportDialog({ open, onClose, target, id, name }: ReportDialogProps) {
  const firstReason = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onClose={onClose} title={TITLES[target]} description={name} initialFocusRef={firstReason}>
      {open && <ReportForm key={`${target}:${id}`} target={target} id={id} firstReason={firstReason} onDone={onClose} />}
    </Dialog>
  );
}

interface ReportFormValues {
  target: ReportTarget;
  id: string;
  reason: ReportReason | '';
  details: string;
}

function ReportForm({ target, id, firstReason, onDone }: { target: ReportTarget; id: string; firstReason: React.RefObject<HTMLInputElement | null>; onDone: () => void }) {
  const form = useSchemaForm<ReportFormValues, ReportBody>(reportBodySchema, { target, id, reason: '', details: '' }, { shouldFocusError: false });
  const send = useSendReport();
  const reasonError = form.formState.errors.reason?.message;
  const { ref: registerFirst, ...firstField } = form.field('reason');

  const onSubmit = form.handleSubmit(
    (body) =>
      send.run(body, {
        // The form goes with the dialog once it is sent: until then the action stays under way.
        leavesPage: true,
        onSuccess: () => {
          toast.success(REPORT_MESSAGES.sent);
          onDone();
        },
        onError: (error) => toast.error(serverErrorText(error, REPORT_MESSAGES.sendFailed)),
      }),
    // The reason is the only required choice: back to it, where its message is read.
    () => firstReason.current?.focus(),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset aria-describedby={reasonError ? 'report-reason-error' : undefined}>
        <legend className="text-sm font-semibold text-ink-800">
          Why are you reporting it?
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((reason, index) => (
            <label
              key={reason}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-ink-300 bg-white px-3.5 py-2 text-sm font-medium text-ink-800',
                'has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 hover:bg-ink-50',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                reasonError && 'border-red-600',
              )}
            >
              <input
                type="radio"
                value={reason}
                className="size-4 shrink-0 accent-brand-700"
                aria-invalid={reasonError ? true : undefined}
                required
                {...(index === 0
                  ? {
                      ...firstField,
                      ref: (element: HTMLInputElement | null) => {
                        registerFirst(element);
                        firstReason.current = element;
                      },
                    }
                  : form.field('reason'))}
              />
              <span className="min-w-0 break-words">{REPORT_REASON_LABELS[reason]}</span>
            </label>
          ))}
        </div>
        {reasonError && (
          <p id="report-reason-error" className="mt-1.5 text-sm font-medium text-red-700">
            {reasonError}
          </p>
        )}
      </fieldset>
      <FormField form={form} name="details" label="Details (optional)" hint={`What should the Reshelf team know? At most ${REPORT_RULES.detailsMaxLength} characters.`}>
        <Textarea rows={4} {...form.field('details')} />
      </FormField>
      <div className={DIALOG_FOOTER}>
        <Button variant="ghost" onClick={onDone} disabled={send.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={send.busy}>
          Send report
        </Button>
      </div>
    </form>
  );
}
