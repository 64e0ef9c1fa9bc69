// Declining or cancelling an order: a confirmation with an optional reason the other party reads.
import { useId, useState, type FormEvent } from 'react';
import { LIMITS, reasonSchema, firstIssueMessage } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
}

export function ReasonDialog({ open, onClose, title, description, confirmLabel, busy, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const formId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reasonSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    setError(undefined);
    onConfirm(parsed.data.reason ?? '');
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Keep the order
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <Field label="Reason (optional)" error={error} hint={`${reason.length}/${LIMITS.reasonMaxLength}`}>
          <Textarea rows={3} value={reason} maxLength={LIMITS.reasonMaxLength} onChange={(event) => setReason(event.target.value)} />
        </Field>
      </form>
    </Dialog>
  );
}
