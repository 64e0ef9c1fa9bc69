// Declining a listing: the seller reads the reason, so one is required. Common reasons are one tap
// away and can be edited or added to. The reason field has focus from the start (the moderator's next
// step is to type), and gets it back when the reason is missing, so the error is read where it is fixed.
import { useRef, type RefObject } from 'react';
import { LISTING_DECLINE_REASONS, declineListingSchema, type Book } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';
import { useSchemaForm } from '../../lib/schema-form';

export interface DeclineDialogProps {
  book: Book | null;
  busy: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}

export function DeclineDialog({ book, busy, onClose, onDecline }: DeclineDialogProps) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog open={book !== null} onClose={onClose} title="Decline listing" description={book?.title} initialFocusRef={reasonRef}>
      {book && <DeclineForm key={book.id} reasonRef={reasonRef} busy={busy} onCancel={onClose} onDecline={onDecline} />}
    </Dialog>
  );
}

interface DeclineFormProps {
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  busy: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}

function DeclineForm({ reasonRef, busy, onCancel, onDecline }: DeclineFormProps) {
  const form = useSchemaForm(declineListingSchema, { reason: '' }, { shouldFocusError: false });
  const reason = form.watch('reason');
  const { ref: registerRef, ...reasonField } = form.field('reason');

  const onSubmit = form.handleSubmit(
    (values) => onDecline(values.reason),
    () => reasonRef.current?.focus(),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold text-ink-800">Common reasons</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {LISTING_DECLINE_REASONS.map((choice) => (
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
              {choice}
            </button>
          ))}
        </div>
      </fieldset>
      <FormField form={form} name="reason" label="Reason for the seller" required hint="The seller sees this in their notice and on the listing.">
        <Textarea
          ref={(element) => {
            registerRef(element);
            reasonRef.current = element;
          }}
          rows={3}
          {...reasonField}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          Decline listing
        </Button>
      </div>
    </form>
  );
}
