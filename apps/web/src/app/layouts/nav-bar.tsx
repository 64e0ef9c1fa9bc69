// The public navigation bar: a horizontal bar on wide screens, a 'Toggle menu'
// button with a full-screen overlay below the lg breakpoint. Fixed at the top with a 72 px spacer.
// Visitors get Sign Up and Login; a signed-in student gets their avatar with a menu instead (their
// dashboard and Sign out), so the public pages never ask someone already signed in to sign up.
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { LIMITS } from '@reshelf/shared';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { areaPath, useSession } from '../../lib/session';
import { Logo } from './logo';

// A signed-in student's parts of the bar (avatar, account menu, Sign out) load only for a signed-in
// student: a visitor's first page load, the one the size budget counts, does not carry them.
const account = () => import('./nav-account');
const AccountMenu = lazy(() => account().then((m) => ({ default: m.AccountMenu })));
const MenuAccount = lazy(() => account().then((m) => ({ default: m.MenuAccount })));
const AvatarPicture = lazy(() => account().then((m) => ({ default: m.AvatarPicture })));

/** Where the avatar will be while its code arrives: the same size, so nothing moves. */
const avatarSpace = (size: number) => <span aria-hidden="true" className="block shrink-0 rounded-full bg-ink-100" style={{ width: size, height: size }} />;

/** The four main links of the public site. */
const MAIN_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About' },
  { to: '/team', label: 'Team' },
] as const;

/** The catalogue, open to everyone: the way into what the site is for. */
const BROWSE_LINK = { to: '/books', label: 'Browse books' } as const;

/** The bar's links in order: Home, then the catalogue, then the other three main links. */
const NAV_LINKS = [MAIN_LINKS[0], BROWSE_LINK, ...MAIN_LINKS.slice(1)] as const;

const LARGE_SCREEN = '(min-width: 1024px)';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Home and the info pages match their path exactly; the catalogue stays current on a book's page too. */
const isExact = (to: string) => to !== BROWSE_LINK.to;

function linkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-full px-3 py-2 text-[0.95rem] whitespace-nowrap transition-colors',
    isActive ? 'font-bold text-brand-700' : 'font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  );
}

/**
 * While the overlay is open, keyboard focus stays in it (and the bar above it, whose logo and close button
 * stay visible), and the page behind is inert: Tab wraps around instead of reaching links no one can see.
 */
function useMenuFocusTrap(open: boolean, bar: RefObject<HTMLElement | null>, overlay: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = bar.current;
    const menu = overlay.current;
    if (!open || !header || !menu) return;
    const inert: Element[] = [];
    for (const sibling of Array.from(header.parentElement?.children ?? [])) {
      if (sibling === header || sibling === menu || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      inert.push(sibling);
    }
    // The bar's desktop parts are hidden below the breakpoint; only what is marked for the menu counts.
    const focusables = () => [
      ...Array.from(header.querySelectorAll<HTMLElement>('[data-menu-focus]')),
      ...Array.from(menu.querySelectorAll<HTMLElement>(FOCUSABLE)),
    ];
    // Every Tab is placed by hand, in the order of the list, wrapping at both ends.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      event.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next = at === -1 ? (event.shiftKey ? items.length - 1 : 0) : (at + step + items.length) % items.length;
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of inert) element.removeAttribute('inert');
    };
  }, [open, bar, overlay]);
}

export function NavBar() {
  const { student } = useSession();
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // Close the overlay when the path changes by other means (back button).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > LIMITS.navShadowThreshold);
    // The first reading waits for the next frame: reading scrollY here would force a layout of the page
    // that is still being built (tens of ms on a phone), one the frame does anyway.
    const first = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    // Growing past the breakpoint hides the overlay; close it so the page scrolls again.
    const wide = window.matchMedia(LARGE_SCREEN);
    const onWide = (event: MediaQueryListEvent) => event.matches && setOpen(false);
    wide.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  useMenuFocusTrap(open, headerRef, overlayRef);

  const close = () => setOpen(false);

  return (
    <>
      <header
        ref={headerRef}
        className={cn(
          'fixed inset-x-0 top-0 z-50 h-[72px] border-b bg-white/95 backdrop-blur-md transition-shadow duration-200',
          scrolled ? 'border-transparent shadow-[0_4px_20px_rgb(28_25_23/0.08)]' : 'border-ink-100',
        )}
        data-scrolled={scrolled}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <Link to="/" onClick={close} data-menu-focus className="shrink-0 rounded-md">
            <Logo />
          </Link>

          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={isExact(link.to)} className={linkClasses}>
                {link.label}
              </NavLink>
            ))}
          </nav>

          {student ? (
            <div className="hidden lg:block">
              <Suspense fallback={<div className="h-11 w-32 rounded-full bg-ink-100" />}>
                <AccountMenu student={student} />
              </Suspense>
            </div>
          ) : (
            <div className="hidden items-center gap-3 lg:flex">
              <NavLink
                to="/signup"
                className={({ isActive }) => buttonClasses('outline', 'sm', cn('h-10 px-5', isActive && 'font-bold bg-brand-50'))}
              >
                Sign Up
              </NavLink>
              <NavLink
                to="/login"
                className={({ isActive }) => buttonClasses('primary', 'sm', cn('h-10 px-5', isActive && 'font-bold bg-brand-700'))}
              >
                Login
              </NavLink>
            </div>
          )}

          <div className="flex items-center gap-2 lg:hidden">
            {student && (
              // One tap from any public page back to the dashboard; the menu has the rest.
              <Link
                to={areaPath(student.role)}
                onClick={close}
                data-menu-focus
                aria-label={`My dashboard (${student.firstName})`}
                className="grid h-11 w-11 place-items-center rounded-full hover:bg-ink-100"
              >
                <Suspense fallback={avatarSpace(36)}>
                  <AvatarPicture student={student} size={36} />
                </Suspense>
              </Link>
            )}
            <button
              ref={toggleRef}
              type="button"
              aria-label="Toggle menu"
              aria-expanded={open}
              aria-controls="mobile-menu"
              data-menu-focus
              onClick={() => setOpen((value) => !value)}
              className="grid h-11 w-11 place-items-center rounded-full text-ink-800 hover:bg-ink-100"
            >
              {open ? <X aria-hidden="true" size={26} /> : <Menu aria-hidden="true" size={26} />}
            </button>
          </div>
        </div>
      </header>
      <div aria-hidden="true" className="h-[72px] shrink-0" />

      {open && (
        <div
          ref={overlayRef}
          id="mobile-menu"
          data-testid="mobile-menu"
          className="fixed inset-0 z-40 flex animate-menu-overlay flex-col overflow-y-auto bg-white px-6 pt-[96px] pb-10 lg:hidden"
        >
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link, index) => (
                <li key={link.to} className="animate-menu-item" style={{ animationDelay: `${index * 0.1}s` }}>
                  <NavLink
                    to={link.to}
                    end={isExact(link.to)}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-2xl px-4 py-4 text-2xl transition-colors',
                        isActive ? 'bg-brand-50 font-bold text-brand-700' : 'font-semibold text-ink-800 hover:bg-ink-100',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {student ? (
            <Suspense fallback={null}>
              <MenuAccount student={student} onNavigate={close} />
            </Suspense>
          ) : (
            <div className="mt-8 flex animate-menu-actions flex-col gap-3">
              <NavLink
                to="/signup"
                onClick={close}
                className={({ isActive }) => buttonClasses('outline', 'lg', cn('w-full', isActive && 'font-bold'))}
              >
                Sign Up
              </NavLink>
              <NavLink
                to="/login"
                onClick={close}
                className={({ isActive }) => buttonClasses('primary', 'lg', cn('w-full', isActive && 'font-bold'))}
              >
                Login
              </NavLink>
            </div>
          )}
        </div>
      )}
    </>
  );
}
