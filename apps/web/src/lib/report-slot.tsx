// Where other features offer "Report" (the book page now, a student's profile later): a slot they render
// with what is reported. Features never import each other (docs/decisions/0003), so the button itself,
// which belongs to the reports feature, is put into the slot by the app (app/layouts/query-layout.tsx);
// without it (a test of one page) the slot shows nothing.
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { ReportTarget } from '@reshelf/shared';

export interface ReportSlotProps {
  target: ReportTarget;
  /** The listing's or the student's id. */
  id: string;
  /** The book's title or the student's name, as the report dialog names it. */
  name: string;
  /** The student who cannot report it: the listing's seller, or the student themselves. */
  ownerId: string;
  className?: string | undefined;
}

export const ReportContext = createContext<ComponentType<ReportSlotProps> | null>(null);

export function ReportSlot(props: ReportSlotProps) {
  const Report = useContext(ReportContext);
  if (!Report) return null;
  return (
    <Suspense fallback={null}>
      <Report {...props} />
    </Suspense>
  );
}
