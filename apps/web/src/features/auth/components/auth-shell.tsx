// The two-column frame of the account pages: a green promo panel and the form panel.
// On phones the panel stacks above the form in a compact form, so the fields stay near the top.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, PiggyBank, Search } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The promo copy beside the sign-up and login forms. */
export const PROMO_POINTS = [
  { icon: Search, title: 'Find textbooks from your university', text: 'Browse books listed by students on your own campus.' },
  { icon: PiggyBank, title: 'Save up to 70% on textbook costs', text: 'Second-hand prices, agreed student to student.' },
  { icon: Clock, title: 'List your books in minutes', text: 'Snap a few photos, set a price and you are done.' },
] as const;

export function PromoPanel({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    // A background gradient rather than blurred shapes: contrast checkers read it, and it costs nothing to paint.
    <div className="flex h-full flex-col justify-center bg-brand-800 bg-[radial-gradient(circle_at_100%_0%,var(--color-brand-600),transparent_60%)] px-6 py-7 text-white sm:px-10 sm:py-10 lg:py-14">
      <h1 className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl lg:text-[2.5rem] lg:leading-tight">
        {eyebrow && <span className="block text-lg font-semibold text-brand-100 sm:text-xl">{eyebrow}</span>}
        {title}
      </h1>
      {children}
    </div>
  );
}

export function PromoPoints() {
  return (
    <ul className="mt-5 grid gap-3 sm:mt-8 sm:gap-5">
      {PROMO_POINTS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 sm:gap-4">
          <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-white/15 sm:h-11 sm:w-11">
            <Icon size={20} />
          </span>
          <span>
            <span className="block font-semibold">{title}</span>
            <span className="hidden text-sm text-brand-100 sm:block">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface AuthShellProps {
  /** The promo or tips panel. */
  aside: ReactNode;
  children: ReactNode;
  /** Puts the panel after the form (the reset page's tips) instead of before it. */
  asideLast?: boolean;
}

// The form's side. Below 360 px its margins are a little narrower, so the password box (which keeps 48 px on
// its right for the show/hide button) still shows "Password (min 8 characters)" whole.
const FORM_PANEL = 'px-5 py-8 max-[359px]:px-4 sm:px-10 sm:py-12';

export function AuthShell({ aside, children, asideLast = false }: AuthShellProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-3 py-6 max-[359px]:px-2 sm:px-6 sm:py-12 lg:px-8 lg:py-16">
        <div
          className={cn(
            'grid overflow-hidden rounded-[1.5rem] bg-white shadow-lift ring-1 ring-ink-200/70',
            asideLast ? 'lg:grid-cols-[7fr_5fr]' : 'lg:grid-cols-[5fr_7fr]',
          )}
        >
          {asideLast ? (
            <>
              <div className={FORM_PANEL}>{children}</div>
              {aside}
            </>
          ) : (
            <>
              {aside}
              <div className={FORM_PANEL}>{children}</div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** The form panel's heading and a line under it. */
export function FormHeading({ title, text, level = 2 }: { title: string; text?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div>
      <Heading className="text-2xl font-bold tracking-tight text-ink-900">{title}</Heading>
      {text && <p className="mt-2 text-ink-600">{text}</p>}
    </div>
  );
}

/** Below a password field: the way to a new password. */
export function ForgotPasswordLink() {
  return (
    <div className="-mt-2 flex justify-end">
      <Link to="/reset" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        Forgot Password?
      </Link>
    </div>
  );
}
