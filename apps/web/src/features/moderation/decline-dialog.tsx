// Declining a listing: the seller reads the reason, so one is required; the common reasons of a decline
// are one tap away (reason-form.tsx).
import { useRef } from 'react';
import { LISTING_DECLINE_REASONS, declineListingSchema, type Book } from '@reshelf/shared';
import { Dialog } from '../../components/ui/dialog';
import { ReasonForm } from './reason-form';

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
      {book && (
        <ReasonForm
          key={book.id}
          schema={declineListingSchema}
          reasons={LISTING_DECLINE_REASONS}
          label="Reason for the seller"
          hint="The seller sees this in their notice and on the listing."
          submit="Decline listing"
          busy={busy}
          reasonRef={reasonRef}
          onCancel={onClose}
          onSubmit={onDecline}
        />
      )}
    </Dialog>
  );
}
