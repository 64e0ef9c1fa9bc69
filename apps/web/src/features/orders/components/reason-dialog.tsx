// Declining or cancelling an order: a confirmation with an optional reason the other party reads.
import { useId } from 'react';
import { LIMITS, reasonSchema } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { useSchemaForm } from '../../../lib/schema-form';

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
  const form = useSchemaForm(reasonSchema, { reason: '' }, { shouldFocusError: false });
  const reason = form.watch('reason') ?? '';
  const formId = useId();
  const onSubmit = form.handleSubmit((values) => onConfirm(values.reason ?? ''));
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
        <FormField form={form} name="reason" label="Reason (optional)" hint={`${reason.length}/${LIMITS.reasonMaxLength}`}>
          <Textarea rows={3} maxLength={LIMITS.reasonMaxLength} {...form.register('reason')} />
        </FormField>
      </form>
    </Dialog>
  );
}
