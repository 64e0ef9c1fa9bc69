// The seller accepts a request by proposing a campus meetup: one of the known safe spots of their
// university (or another place they type) and a date and time in South African time. The payload is
// checked with the shared acceptOrderSchema and meetup window before it is sent (the server checks both again).
import { useId } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  CAMPUS_MEETUP_SPOTS,
  acceptOrderSchema,
  isUniversityId,
  meetupWindow,
  type AcceptOrderBody,
} from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useResolvedForm } from '../../../lib/schema-form';
import { useAcceptOrder } from '../api';
import { isoToLocalInput, localInputToIso, meetupResolution } from '../meetup-time';

export const OTHER_SPOT = 'other';

export interface AcceptDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: string;
  /** The seller's university id: its safe spots are offered first. */
  university: string;
}

/** The meetup place from the chosen spot and the typed details. */
export function meetupLocation(spot: string, details: string): string {
  const extra = details.trim();
  if (!spot || spot === OTHER_SPOT) return extra;
  return extra ? `${spot} (${extra})` : spot;
}

interface MeetupValues {
  spot: string;
  details: string;
  when: string;
}

/** The shared rules over the payload the fields make, then the meetup window. */
const meetupResolver: Resolver<MeetupValues, unknown, AcceptOrderBody> = ({ spot, details, when }) =>
  meetupResolution<MeetupValues, AcceptOrderBody>(
    acceptOrderSchema.safeParse({ meetupLocation: meetupLocation(spot, details), meetupAt: localInputToIso(when) }),
  );

export function AcceptDialog({ open, onClose, orderId, university }: AcceptDialogProps) {
  const spots = isUniversityId(university) ? CAMPUS_MEETUP_SPOTS[university] : [];
  const form = useResolvedForm(meetupResolver, { spot: spots[0] ?? OTHER_SPOT, details: '', when: '' }, { shouldFocusError: false });
  const spot = form.watch('spot');
  const errors = form.formState.errors as Partial<Record<'meetupLocation' | 'meetupAt', { message?: string }>>;
  const accept = useAcceptOrder(orderId);
  const formId = useId();
  const range = meetupWindow(new Date());

  const onSubmit = form.handleSubmit((body) => {
    accept.run(body, {
      onSuccess: () => {
        toast.success('Request accepted. The buyer can see the meetup now.');
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not accept the request. Please try again.')),
    });
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Accept and set a meetup"
      description="Pick a busy, public place on campus and a time in daylight."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={accept.busy}>
            Accept request
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Meetup spot" error={spot !== OTHER_SPOT ? errors.meetupLocation?.message : undefined}>
          <Select {...form.register('spot')}>
            {spots.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={OTHER_SPOT}>Another place (type it below)</option>
          </Select>
        </Field>
        <Field
          label={spot === OTHER_SPOT ? 'Meetup place' : 'Details (optional)'}
          hint={spot === OTHER_SPOT ? 'A public place on campus, such as a library entrance.' : 'For example: by the coffee cart.'}
          error={spot === OTHER_SPOT ? errors.meetupLocation?.message : undefined}
          required={spot === OTHER_SPOT}
        >
          <Input maxLength={150} {...form.register('details')} />
        </Field>
        <Field label="Date and time (South African time)" error={errors.meetupAt?.message} required>
          <Input
            type="datetime-local"
            min={isoToLocalInput(range.earliest)}
            max={isoToLocalInput(range.latest)}
            {...form.register('when')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
