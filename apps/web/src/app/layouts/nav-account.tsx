// The signed-in student's parts of the public navigation bar, loaded only when a student is signed in:
// their avatar, the wide screens' account menu (dashboard, settings, Sign out) and the phone menu's
// account block.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import type { Student } from '@reshelf/shared';
import { Avatar } from '../../components/ui/avatar';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { areaPath } from '../../lib/session';
import { avatarStyleOf } from '../../features/avatar/avatar-style';
import { AreaSwitch, otherArea } from '../../features/settings/area-switch';
import { useSignOut } from './use-sign-out';

const ROLE_LABELS: Record<Student['role'], string> = { buyer: 'Buyer account', seller: 'Seller account', admin: 'Administrator' };

/** The signed-in student's avatar, in the style the dashboard draws it. */
export function AvatarPicture({ student, size }: { student: Student; size: number }) {
  return <Avatar seed={student.id} style={avatarStyleOf(student.role)} size={size} />;
}

/** Who is signed in: their avatar, full name and kind of account. */
function StudentIdentity({ student, size, className }: { student: Student; size: number; className: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <AvatarPicture student={student} size={size} />
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink-900">
          {student.firstName} {student.lastName}
        </p>
        <p className="truncate text-sm text-ink-600">{ROLE_LABELS[student.role]}</p>
      </div>
    </div>
  );
}

/** The settings page of the student's area (admins have none). */
function settingsPath(student: Student): string | null {
  return student.role === 'admin' ? null : `${areaPath(student.role)}/settings`;
}

/** Wide screens: the avatar and first name, opening a small menu with the dashboard and Sign out. */
export function AccountMenu({ student }: { student: Student }) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { signOut, busy } = useSignOut();
  const settings = settingsPath(student);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const itemClasses = 'flex h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-[0.95rem] font-medium text-ink-800 hover:bg-ink-100';
  return (
    <div
      ref={wrapperRef}
      className="relative"
      // Tabbing out of the menu closes it, so it never sits open over the page behind the focus.
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        // Starts with the name shown, so speech control finds it by what it says.
        aria-label={`${student.firstName}, account menu`}
        onClick={() => setOpen((value) => !value)}
        className="flex h-11 max-w-[14rem] items-center gap-2 rounded-full py-1 pr-3 pl-1 text-ink-800 ring-1 ring-ink-200 transition-colors hover:bg-ink-100"
      >
        <AvatarPicture student={student} size={36} />
        <span className="truncate font-semibold">{student.firstName}</span>
        <ChevronDown aria-hidden="true" size={18} className={cn('shrink-0 text-ink-500 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div
          id={panelId}
          // Focusable so a click on its text keeps focus inside it (the blur above then leaves it open).
          tabIndex={-1}
          className="absolute top-full right-0 z-50 mt-2 w-72 animate-fade-in rounded-2xl bg-white p-2 shadow-lift ring-1 ring-ink-200 outline-none"
        >
          <StudentIdentity student={student} size={44} className="border-b border-ink-100 px-2 pt-1 pb-3" />
          <ul className="mt-2 flex flex-col gap-0.5">
            <li>
              <Link to={areaPath(student.role)} onClick={() => setOpen(false)} className={itemClasses}>
                <LayoutDashboard aria-hidden="true" size={20} className="text-ink-500" />
                My dashboard
              </Link>
            </li>
            {otherArea(student, student.role) && (
              <li>
                <AreaSwitch student={student} from={student.role} onNavigate={() => setOpen(false)} className="px-3" />
              </li>
            )}
            {settings && (
              <li>
                <Link to={settings} onClick={() => setOpen(false)} className={itemClasses}>
                  <Settings aria-hidden="true" size={20} className="text-ink-500" />
                  Settings
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => void signOut()}
                aria-busy={busy || undefined}
                className={cn(itemClasses, 'hover:bg-red-50 hover:text-red-800')}
              >
                <LogOut aria-hidden="true" size={20} className="text-ink-500" />
                {busy ? 'Signing out...' : 'Sign out'}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/** The overlay's account block for a signed-in student: who they are, their dashboard and Sign out. */
export function MenuAccount({ student, onNavigate }: { student: Student; onNavigate: () => void }) {
  const { signOut, busy } = useSignOut();
  return (
    <div className="mt-8 flex animate-menu-actions flex-col gap-3">
      <StudentIdentity student={student} size={48} className="rounded-2xl bg-ink-50 p-3" />
      <Link to={areaPath(student.role)} onClick={onNavigate} className={buttonClasses('primary', 'lg', 'w-full')}>
        <LayoutDashboard aria-hidden="true" size={20} />
        My dashboard
      </Link>
      <AreaSwitch student={student} from={student.role} onNavigate={onNavigate} className="justify-center" />
      <button type="button" onClick={() => void signOut()} aria-busy={busy || undefined} className={buttonClasses('outline', 'lg', 'w-full')}>
        <LogOut aria-hidden="true" size={20} />
        {busy ? 'Signing out...' : 'Sign out'}
      </button>
    </div>
  );
}
