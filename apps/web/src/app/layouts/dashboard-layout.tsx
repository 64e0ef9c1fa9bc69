// The dashboard shell of the buyer, seller and admin areas: a sidebar
// that collapses to icons on desktop (remembered), a top bar with an overlay menu on phones, the
// student's avatar and first name, the area's entries and Sign Out. Rendered inside <RequireRole>.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import type { Role, Student } from '@reshelf/shared';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { readStored, writeStored } from '../../lib/local-storage';
import { areaPath, useSession } from '../../lib/session';
import { Avatar } from '../../components/ui/avatar';
import { AvatarPicker, useAvatarStyle } from '../../features/avatar/avatar-picker';
import { AreaSwitch } from '../../features/settings/area-switch';
import { AREA_LABELS, DASHBOARD_NAV } from './dashboard-nav';
import { Logo } from './logo';
import { SkipLink } from './public-layout';
import { useSignOut } from './use-sign-out';

const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

/** Counts shown beside nav entries, by the entry's path (the buyer's cart items). */
export type NavCounts = Partial<Record<string, number>>;

function NavCount({ count, collapsed }: { count: number; collapsed: boolean }) {
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span
      className={cn(
        'flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white',
        collapsed ? 'absolute top-1 right-1' : 'ml-auto',
      )}
    >
      {/* The link's name reads 'Cart 2 items': the visible number is part of it, as it must be. */}
      {shown}
      <span className="sr-only">{count === 1 ? ' item' : ' items'}</span>
    </span>
  );
}

function NavItems({ role, collapsed, onNavigate, counts }: { role: Role; collapsed: boolean; onNavigate?: () => void; counts?: NavCounts }) {
  return (
    <ul className="flex flex-col gap-1">
      {DASHBOARD_NAV[role].map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              cn(
                'relative flex h-11 items-center gap-3 rounded-xl text-[0.95rem] transition-colors',
                collapsed ? 'justify-center px-0' : 'px-3',
                isActive ? 'bg-brand-50 font-bold text-brand-800' : 'font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900',
              )
            }
          >
            {({ isActive }) => (
              <>
                <Icon aria-hidden="true" size={20} className={cn('shrink-0', isActive ? 'text-brand-700' : 'text-ink-500')} />
                <span className={cn(collapsed && 'sr-only')}>{label}</span>
                {Boolean(counts?.[to]) && <NavCount count={counts![to]!} collapsed={collapsed} />}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignOutButton({ collapsed, onClick, busy }: { collapsed: boolean; onClick: () => void; busy: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-busy={busy || undefined}
      title={collapsed ? 'Sign Out' : undefined}
      className={cn(
        'flex h-11 w-full items-center gap-3 rounded-xl text-[0.95rem] font-medium text-ink-700 transition-colors hover:bg-red-50 hover:text-red-800',
        collapsed ? 'justify-center' : 'px-3',
      )}
    >
      <LogOut aria-hidden="true" size={20} className="shrink-0" />
      <span className={cn(collapsed && 'sr-only')}>{busy ? 'Signing out...' : 'Sign Out'}</span>
    </button>
  );
}

interface ProfileProps {
  student: Student;
  collapsed: boolean;
  style: number;
  onPick: (() => void) | null;
  extra?: ReactNode;
}

/** The avatar and the student's first name; for sellers the avatar opens the style picker. */
function Profile({ student, area, collapsed, style, onPick, extra }: ProfileProps & { area: Role }) {
  const avatar = <Avatar seed={student.id} style={style} size={collapsed ? 40 : 44} className="ring-2 ring-white" />;
  return (
    // Collapsed, the avatar and the bell stack: the bell stays one tap away in the narrow sidebar too.
    <div className={cn('flex items-center gap-3 rounded-2xl bg-ink-50 p-2', collapsed && 'flex-col justify-center gap-2 bg-transparent p-0')}>
      {onPick ? (
        <button
          type="button"
          onClick={onPick}
          aria-haspopup="dialog"
          aria-label="Change avatar"
          title="Change avatar"
          className="shrink-0 rounded-full transition-transform hover:scale-105"
        >
          {avatar}
        </button>
      ) : (
        avatar
      )}
      {!collapsed && (
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink-900">{student.firstName}</p>
          <p className="truncate text-xs text-ink-600">{AREA_LABELS[area]}</p>
        </div>
      )}
      {extra}
    </div>
  );
}

export interface DashboardLayoutProps {
  /** Which area's entries to show; the guard has already checked the student's role. */
  area: Role;
  /** A slot for the notifications bell (top bar on phones, beside the name on desktop). */
  notifications?: ReactNode;
  /** Counts beside nav entries (the buyer's cart). */
  counts?: NavCounts;
}

export function DashboardLayout({ area, notifications, counts }: DashboardLayoutProps) {
  const { student } = useSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => readStored<unknown>(SIDEBAR_COLLAPSED_KEY, false) === true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [style, setStyle] = useAvatarStyle(area);
  const { signOut, busy } = useSignOut();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // The menu closes whenever the page changes (a link, or the back button).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      writeStored(SIDEBAR_COLLAPSED_KEY, !value);
      return !value;
    });
  };

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  // The menu is a modal sheet (the dialog keeps focus in it, closes on Escape and locks the page's
  // scrolling); growing to desktop width has no use for it, so it closes.
  useEffect(() => {
    if (!menuOpen) return;
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = (event: MediaQueryListEvent) => event.matches && setMenuOpen(false);
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, [menuOpen]);

  // The guard renders this only with a student; this keeps the types honest.
  if (!student) return null;
  const home = areaPath(area);
  const openPicker = setStyle ? () => setPickerOpen(true) : null;

  return (
    <div className="min-h-dvh bg-ink-50 lg:flex">
      <SkipLink />

      {/* Desktop sidebar */}
      <div
        id="dashboard-sidebar"
        data-collapsed={collapsed}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-ink-200 bg-white transition-[width] duration-200 lg:flex',
          collapsed ? 'w-20' : 'w-64',
        )}
      >
        <div className={cn('flex h-[72px] items-center border-b border-ink-100', collapsed ? 'justify-center' : 'justify-between pr-3 pl-5')}>
          {!collapsed && (
            <Link to={home} className="rounded-md">
              <Logo />
            </Link>
          )}
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-controls="dashboard-sidebar"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="grid h-10 w-10 place-items-center rounded-xl text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" size={20} /> : <PanelLeftClose aria-hidden="true" size={20} />}
          </button>
        </div>
        <div className={cn('flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto py-5', collapsed ? 'px-3' : 'px-4')}>
          <Profile student={student} area={area} collapsed={collapsed} style={style} onPick={openPicker} extra={notifications} />
          <nav aria-label="Dashboard" className="flex-1">
            <NavItems role={area} collapsed={collapsed} counts={counts} />
          </nav>
          <AreaSwitch student={student} from={area} iconOnly={collapsed} />
          <SignOutButton collapsed={collapsed} onClick={signOut} busy={busy} />
        </div>
      </div>

      {/* Phone and tablet top bar */}
      <header className="sticky top-0 z-40 flex h-16 items-center justify-between gap-3 border-b border-ink-200 bg-white/95 px-3 backdrop-blur-md lg:hidden">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-expanded={menuOpen}
          aria-controls="dashboard-menu"
          aria-label="Open menu"
          className="grid h-11 w-11 place-items-center rounded-full text-ink-800 hover:bg-ink-100"
        >
          <Menu aria-hidden="true" size={24} />
        </button>
        <Link to={home} className="rounded-md">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          {notifications}
          {openPicker ? (
            <button type="button" onClick={openPicker} aria-haspopup="dialog" aria-label="Change avatar" className="rounded-full">
              <Avatar seed={student.id} style={style} size={36} className="ring-2 ring-white" />
            </button>
          ) : (
            <Avatar seed={student.id} style={style} size={36} className="ring-2 ring-white" />
          )}
        </div>
      </header>

      <Dialog open={menuOpen} onClose={closeMenu} placement="start" title="Menu" hideTitle>
        <div id="dashboard-menu" className="flex min-h-0 flex-1 flex-col">
          <div className="flex h-16 items-center justify-between border-b border-ink-100 pr-3 pl-5">
            <Link to={home} onClick={() => setMenuOpen(false)} className="rounded-md">
              <Logo />
            </Link>
            <button
              type="button"
              onClick={closeMenu}
              aria-label="Close menu"
              className="grid h-11 w-11 place-items-center rounded-full text-ink-700 hover:bg-ink-100"
            >
              <X aria-hidden="true" size={24} />
            </button>
          </div>
          <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-4 py-5">
            <Profile
              student={student}
              area={area}
              collapsed={false}
              style={style}
              onPick={
                openPicker &&
                (() => {
                  setMenuOpen(false);
                  openPicker();
                })
              }
            />
            <nav aria-label="Dashboard" className="flex-1">
              <NavItems role={area} collapsed={false} onNavigate={() => setMenuOpen(false)} counts={counts} />
            </nav>
            <AreaSwitch student={student} from={area} onNavigate={() => setMenuOpen(false)} />
            <SignOutButton collapsed={false} onClick={signOut} busy={busy} />
          </div>
        </div>
      </Dialog>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <Outlet />
      </main>

      {setStyle && (
        <AvatarPicker open={pickerOpen} onClose={() => setPickerOpen(false)} seed={student.id} value={style} onChange={setStyle} />
      )}
    </div>
  );
}
