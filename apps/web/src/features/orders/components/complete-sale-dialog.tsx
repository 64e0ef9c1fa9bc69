// The seller completes the sale at the meetup with the buyer's 6-digit handover code: proof that the buyer
// was there and took the book. A wrong code, and the lock after too many, are written under the field and
// read out; the code can arrive filled in from the buyer's QR code (the order page's address).
import { useEffect, useId, useRef, useState } from 'react';
import { handoverCodeFormSchema } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useCompleteOrder } from '../api';

export interface CompleteSaleDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: string;
  buyerName: string;
  /** A code from the buyer's QR code, filled in for the seller to confirm. */
  initialCode?: string;
}

export function CompleteSaleDialog({ open, onClose, orderId, buyerName, initialCode = '' }: CompleteSaleDialogProps) {
  const form = useSchemaForm(handoverCodeFormSchema, { code: initialCode });
  const complete = useCompleteOrder(orderId);
  const formId = useId();
  // The server's answer about the code, repeated in a live region so a screen reader says it at once.
  const [announcement, setAnnouncement] = useState('');
  const { reset } = form;
  // The field takes focus when the dialog opens, so a phone shows its number pad straight away.
  const codeInput = useRef<HTMLInputElement | null>(null);
  const { ref: registerCode, ...codeField } = form.field('code');

  useEffect(() => {
    if (open) reset({ code: initialCode });
  }, [open, initialCode, reset]);

  const onSubmit = form.handleSubmit(({ code }) => {
    setAnnouncement('');
    complete.run(code, {
      onSuccess: () => {
        toast.success('Sale completed. Rate the buyer to help other students.');
        onClose();
      },
      onError: (error) => {
        const problem = error instanceof ApiError ? (error.fields?.code ?? (error.code === 'HANDOVER_LOCKED' ? error.message : undefined)) : undefined;
        if (!problem) {
          toast.error(errorMessage(error, 'Could not complete the sale. Please try again.'));
          return;
        }
        form.setError('code', { message: problem }, { shouldFocus: true });
        setAnnouncement(problem);
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      initialFocusRef={codeInput}
      title="Complete the sale"
      description={`Ask ${buyerName} for the 6-digit handover code on their order page, once they have the book.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={complete.busy}>
            Complete sale
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <FormField form={form} name="code" label="Handover code" hint="6 digits, from the buyer's screen" required>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            spellCheck={false}
            className="max-w-56 font-mono text-2xl tracking-[0.2em]"
            {...codeField}
            ref={(element) => {
              registerCode(element);
              codeInput.current = element;
            }}
          />
        </FormField>
        <p aria-live="assertive" className="sr-only">
          {announcement}
        </p>
      </form>
    </Dialog>
  );
}
