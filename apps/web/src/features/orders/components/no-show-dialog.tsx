// After the meetup time: one party reports that the other did not come. A confirmation, since it cancels
// the order and counts on the other student's profile; it acts once however fast it is tapped.
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useReportNoShow } from '../api';

export interface NoShowDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: string;
  otherName: string;
}

export function NoShowDialog({ open, onClose, orderId, otherName }: NoShowDialogProps) {
  const report = useReportNoShow(orderId);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={`Report that ${otherName} did not come?`}
      description={`The order is cancelled and the book goes back into the catalogue. The no-show counts on ${otherName}'s Reshelf profile, so report it only if they really did not come.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Not now
          </Button>
          <Button
            variant="danger"
            loading={report.busy}
            onClick={() =>
              report.run(undefined, {
                onSuccess: () => {
                  toast.success('No-show reported. The order is cancelled.');
                  onClose();
                },
                onError: (error) => toast.error(errorMessage(error, 'Could not report the no-show. Please try again.')),
              })
            }
          >
            Report no-show
          </Button>
        </>
      }
    />
  );
}
