// An admin's decision that the student reads with its reason: taking a listing down, suspending a student,
// with the common reasons of each one tap away (reason-form.tsx). The decision acts once however fast the
// button is tapped: it stays busy from the tap until the dialog has closed after the answer.
import { useRef, type RefObject } from 'react';
import { REPORT_MESSAGES, REPORT_REASON_LABELS, suspendBodySchema, takeDownBodySchema, type Book, type ReportedStudent } from '@reshelf/shared';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { serverErrorText } from '../../lib/session';
import { ReasonForm } from './reason-form';
import { useSuspend, useTakeDown } from './reports-api';

/** The take-down reasons a tap away: the report reasons, less "Something else". */
const TAKE_DOWN_REASONS = [REPORT_REASON_LABELS.not_textbook, REPORT_REASON_LABELS.prohibited, REPORT_REASON_LABELS.scam, REPORT_REASON_LABELS.offensive, REPORT_REASON_LABELS.wrong_details];
const SUSPEND_REASONS = ['Scam or fraud', 'Repeated prohibited listings', 'Abusive messages to other students', 'No-shows at agreed meetups'];

const KINDS = {
  takeDown: {
    title: 'Take this listing down',
    schema: takeDownBodySchema,
    reasons: TAKE_DOWN_REASONS,
    label: 'Reason for the seller',
    hint: 'The seller reads this in their notice, their email and on My Books.',
    submit: 'Take down',
    done: REPORT_MESSAGES.takenDown,
    failed: 'Failed to take the listing down',
  },
  suspend: {
    title: 'Suspend this student',
    schema: suspendBodySchema,
    reasons: SUSPEND_REASONS,
    label: 'Reason for the student',
    hint: 'Emailed to the student. They cannot sign in, their listings leave the catalogue and their open orders are cancelled.',
    submit: 'Suspend student',
    done: REPORT_MESSAGES.suspended,
    failed: 'Failed to suspend the student',
  },
} as const;

export type DecisionKind = keyof typeof KINDS;

export interface DecisionDialogProps {
  kind: DecisionKind;
  /** What the decision is about (the dialog is open while this is set). */
  subject: Book | ReportedStudent | null;
  onClose: () => void;
  /** The decision was made (the caller closes the dialog). */
  onDone: () => void;
}

const nameOf = (subject: Book | ReportedStudent) => ('title' in subject ? subject.title : `${subject.firstName} ${subject.lastName}`);

export function DecisionDialog({ kind, subject, onClose, onDone }: DecisionDialogProps) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog open={subject !== null} onClose={onClose} title={KINDS[kind].title} description={subject ? nameOf(subject) : undefined} initialFocusRef={reasonRef}>
      {subject && <DecisionForm key={`${kind}:${subject.id}`} kind={kind} id={subject.id} reasonRef={reasonRef} onCancel={onClose} onDone={onDone} />}
    </Dialog>
  );
}

interface DecisionFormProps {
  kind: DecisionKind;
  id: string;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  onCancel: () => void;
  onDone: () => void;
}

function DecisionForm({ kind, id, reasonRef, onCancel, onDone }: DecisionFormProps) {
  const { schema, reasons, label, hint, submit, done, failed } = KINDS[kind];
  const takeDown = useTakeDown();
  const suspend = useSuspend();
  const action = kind === 'takeDown' ? takeDown : suspend;
  // The form goes with the dialog once it is decided: until then the action stays under way.
  const decide = (reason: string) =>
    (action as ReturnType<typeof useTakeDown>).run(
      { id, reason },
      {
        leavesPage: true,
        onSuccess: () => {
          toast.success(done);
          onDone();
        },
        onError: (error) => toast.error(serverErrorText(error, failed)),
      },
    );

  return (
    <ReasonForm
      schema={schema}
      reasons={reasons}
      label={label}
      hint={hint}
      submit={submit}
      busy={action.busy}
      reasonRef={reasonRef}
      onCancel={onCancel}
      onSubmit={decide}
    />
  );
}
