// The public navigation bar (spec section 2): a horizontal bar on wide screens, a 'Toggle menu'
// button with a full-screen overlay below the lg breakpoint. Fixed at the top with a 72 px spacer.
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { LIMITS } from '@reshelf/shared';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { Logo } from './logo';

export const MAIN_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About' },
  { to: '/team', label: 'Team' },
] as const;

const LARGE_SCREEN = '(min-width: 1024px)';

function linkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-full px-3 py-2 text-[0.95rem] transition-colors',
    isActive ? 'font-bold text-brand-700' : 'font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  );
}

export function NavBar() {
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
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
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(LARGE_SCREEN) : null;
    const onWide = (event: MediaQueryListEvent) => event.matches && setOpen(false);
    wide?.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <header
        className={cn(
          'fixed inset-x-0 top-0 z-50 h-[72px] border-b bg-white/95 backdrop-blur-md transition-shadow duration-200',
          scrolled ? 'border-transparent shadow-[0_4px_20px_rgb(28_25_23/0.08)]' : 'border-ink-100',
        )}
        data-scrolled={scrolled}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link to="/" onClick={close} className="shrink-0 rounded-md">
            <Logo />
          </Link>

          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {MAIN_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end className={linkClasses}>
                {link.label}
              </NavLink>
            ))}
          </nav>

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

          <button
            ref={toggleRef}
            type="button"
            aria-label="Toggle menu"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((value) => !value)}
            className="grid h-11 w-11 place-items-center rounded-full text-ink-800 hover:bg-ink-100 lg:hidden"
          >
            {open ? <X aria-hidden="true" size={26} /> : <Menu aria-hidden="true" size={26} />}
          </button>
        </div>
      </header>
      <div aria-hidden="true" className="h-[72px] shrink-0" />

      {open && (
        <div
          id="mobile-menu"
          data-testid="mobile-menu"
          className="fixed inset-0 z-40 flex animate-menu-overlay flex-col overflow-y-auto bg-white px-6 pt-[96px] pb-10 lg:hidden"
        >
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {MAIN_LINKS.map((link, index) => (
                <li
                  key={link.to}
                  className="animate-menu-item"
                  style={{ animationDelay: `${index * 0.1}s` }}
                >
                  <NavLink
                    to={link.to}
                    end
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
        </div>
      )}
    </>
  );
}
