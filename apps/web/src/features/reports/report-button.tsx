// "Report this listing" (or student): for a signed-in student who is not its owner, a quiet button that
// opens the report dialog; a visitor is taken to log in (a buyer comes straight back to the listing, in the
// buyer area); owners and admins (who act on listings directly) see nothing.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Flag } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { ReportSlotProps } from '../../lib/report-slot';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { ReportDialog } from './report-dialog';

const LABELS = { book: 'Report this listing', student: 'Report this student' } as const;

export function ReportButton({ target, id, name, ownerId, className }: ReportSlotProps) {
  const { student } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (student && (student.id === ownerId || student.role === 'admin')) return null;
  const look = cn('text-ink-700', className);
  if (!student) {
    const state: LoginRedirectState = { from: target === 'book' ? `/buyer/books/${encodeURIComponent(id)}` : location.pathname + location.search };
    return (
      <ButtonLink to="/login" state={state} variant="ghost" size="sm" className={look}>
        <Flag aria-hidden="true" size={16} /> {LABELS[target]}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" className={look} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" size={16} /> {LABELS[target]}
      </Button>
      <ReportDialog open={open} onClose={() => setOpen(false)} target={target} id={id} name={name} />
    </>
  );
}
