// The seller accepts a request by proposing a campus meetup: one of the known safe spots of their
// university (or another place they type) and a date and time in South African time. The payload is
// checked with the shared acceptOrderSchema before it is sent; the server checks the time window.
import { useId, useState, type FormEvent } from 'react';
import { CAMPUS_MEETUP_SPOTS, acceptOrderSchema, fieldErrors, isUniversityId } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useAcceptOrder } from '../api';
import { isoToLocalInput, localInputToIso } from '../meetup-time';

export const OTHER_SPOT = 'other';
const DAY = 86_400_000;
export const MEETUP_IN_PAST = 'Please choose a time in the future';
export const MEETUP_TOO_LATE = 'Please choose a time within the next 30 days';

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

export function AcceptDialog({ open, onClose, orderId, university }: AcceptDialogProps) {
  const spots = isUniversityId(university) ? CAMPUS_MEETUP_SPOTS[university] : [];
  const [spot, setSpot] = useState(spots[0] ?? OTHER_SPOT);
  const [details, setDetails] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const accept = useAcceptOrder(orderId);
  const formId = useId();
  const now = new Date();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = acceptOrderSchema.safeParse({ meetupLocation: meetupLocation(spot, details), meetupAt: localInputToIso(when) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const at = new Date(parsed.data.meetupAt).getTime();
    if (at <= Date.now()) {
      setErrors({ meetupAt: MEETUP_IN_PAST });
      return;
    }
    if (at > Date.now() + 30 * DAY) {
      setErrors({ meetupAt: MEETUP_TOO_LATE });
      return;
    }
    setErrors({});
    accept.run(parsed.data, {
      onSuccess: () => {
        toast.success('Request accepted. The buyer can see the meetup now.');
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not accept the request. Please try again.')),
    });
  };

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
        <Field label="Meetup spot" error={errors.meetupLocation && spot !== OTHER_SPOT ? errors.meetupLocation : undefined}>
          <Select value={spot} onChange={(event) => setSpot(event.target.value)}>
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
          error={spot === OTHER_SPOT ? errors.meetupLocation : undefined}
          required={spot === OTHER_SPOT}
        >
          <Input value={details} maxLength={150} onChange={(event) => setDetails(event.target.value)} />
        </Field>
        <Field label="Date and time (South African time)" error={errors.meetupAt} required>
          <Input
            type="datetime-local"
            value={when}
            min={isoToLocalInput(now)}
            max={isoToLocalInput(new Date(now.getTime() + 30 * DAY))}
            onChange={(event) => setWhen(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
