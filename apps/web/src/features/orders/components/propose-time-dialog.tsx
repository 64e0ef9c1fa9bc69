// Either party of an agreed meetup proposes a new time (and, if they like, a new place); the other party
// accepts it in their order. The time is held to the shared meetup window before it is sent (the server
// checks it again).
import { useId } from 'react';
import type { Resolver } from 'react-hook-form';
import { meetupWindow, rescheduleOrderSchema, type RescheduleOrderBody } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useResolvedForm } from '../../../lib/schema-form';
import { useProposeMeetup } from '../api';
import { isoToLocalInput, localInputToIso, meetupResolution } from '../meetup-time';

interface ProposalValues {
  when: string;
  place: string;
}

const proposalResolver: Resolver<ProposalValues, unknown, RescheduleOrderBody> = ({ when, place }) =>
  meetupResolution<ProposalValues, RescheduleOrderBody>(
    rescheduleOrderSchema.safeParse({ meetupAt: localInputToIso(when), meetupLocation: place }),
  );

export interface ProposeTimeDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: string;
  otherName: string;
  /** The agreed place, kept when no other is typed. */
  currentPlace: string;
}

export function ProposeTimeDialog({ open, onClose, orderId, otherName, currentPlace }: ProposeTimeDialogProps) {
  const form = useResolvedForm(proposalResolver, { when: '', place: '' }, { shouldFocusError: false });
  const errors = form.formState.errors as Partial<Record<'meetupAt' | 'meetupLocation', { message?: string }>>;
  const propose = useProposeMeetup(orderId);
  const formId = useId();
  const range = meetupWindow(new Date());

  const onSubmit = form.handleSubmit((body) => {
    propose.run(body, {
      onSuccess: () => {
        toast.success(`New time proposed. ${otherName} can accept it in the order.`);
        form.reset();
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not propose the new time. Please try again.')),
    });
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Propose a new time"
      description={`${otherName} accepts it in the order. Until then the agreed meetup stands.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={propose.busy}>
            Propose time
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="New date and time (South African time)" error={errors.meetupAt?.message} required>
          <Input type="datetime-local" min={isoToLocalInput(range.earliest)} max={isoToLocalInput(range.latest)} {...form.register('when')} />
        </Field>
        <Field label="New place (optional)" hint={`Leave empty to keep ${currentPlace}.`} error={errors.meetupLocation?.message}>
          <Input maxLength={200} {...form.register('place')} />
        </Field>
      </form>
    </Dialog>
  );
}
