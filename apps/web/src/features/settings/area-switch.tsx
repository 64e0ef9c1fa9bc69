// The way between the buyer and seller areas for an account holding both roles
// (docs/decisions/0033-one-account-both-roles.md): nothing for anyone else.
import { Link } from 'react-router';
import { ArrowLeftRight } from 'lucide-react';
import { ROLE_CHANGE_MESSAGES, holdsRole, type Role, type Student } from '@reshelf/shared';
import { cn } from '../../lib/cn';
import { areaPath } from '../../lib/session';

/** The other area of a student holding both buyer and seller, seen from `from`; null otherwise. */
export function otherArea(student: Student, from: Role): 'buyer' | 'seller' | null {
  if (!holdsRole(student, 'buyer') || !holdsRole(student, 'seller')) return null;
  if (from === 'buyer') return 'seller';
  if (from === 'seller') return 'buyer';
  return null;
}

export interface AreaSwitchProps {
  student: Student;
  /** The area the student is in (or their sign-up role's, outside the areas). */
  from: Role;
  className?: string;
  /** Icon only, named by aria-label (the collapsed sidebar). */
  iconOnly?: boolean;
  onNavigate?: () => void;
}

export function AreaSwitch({ student, from, className, iconOnly = false, onNavigate }: AreaSwitchProps) {
  const to = otherArea(student, from);
  if (!to) return null;
  const label = ROLE_CHANGE_MESSAGES.switchTo[to];
  return (
    <Link
      to={areaPath(to)}
      onClick={onNavigate}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      className={cn(
        'flex h-11 items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-brand-800 hover:bg-brand-50',
        iconOnly && 'justify-center px-0',
        className,
      )}
    >
      <ArrowLeftRight aria-hidden="true" size={20} className="shrink-0" />
      {!iconOnly && <span className="min-w-0 truncate">{label}</span>}
    </Link>
  );
}
