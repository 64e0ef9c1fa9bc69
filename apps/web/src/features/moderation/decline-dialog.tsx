// Declining a listing: the seller reads the reason, so one is required. Common reasons are one tap
// away and can be edited or added to.
import { useState, type FormEvent } from 'react';
import { LISTING_DECLINE_REASONS, declineListingSchema, firstIssueMessage, type Book } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';

export interface DeclineDialogProps {
  book: Book | null;
  busy: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}

export function DeclineDialog({ book, busy, onClose, onDecline }: DeclineDialogProps) {
  return (
    <Dialog open={book !== null} onClose={onClose} title="Decline listing" description={book?.title}>
      {book && <DeclineForm key={book.id} busy={busy} onCancel={onClose} onDecline={onDecline} />}
    </Dialog>
  );
}

function DeclineForm({ busy, onCancel, onDecline }: { busy: boolean; onCancel: () => void; onDecline: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = declineListingSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    setError(undefined);
    onDecline(parsed.data.reason);
  };

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
                setReason(choice);
                setError(undefined);
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
      <Field label="Reason for the seller" required error={error} hint="The seller sees this in their notice and on the listing.">
        <Textarea
          value={reason}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
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
