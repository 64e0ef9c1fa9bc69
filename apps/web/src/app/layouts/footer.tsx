// The public footer: what Reshelf is, Quick Links, Account, the newsletter block,
// the copyright line with the current year and the bottom links; plus Explore, the ways into the
// marketplace itself (the catalogue, textbook packages, the AI tutor).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@reshelf/shared';
import { areaPath, useSession } from '../../lib/session';

const EXPLORE_LINKS = [
  { to: '/books', label: 'Browse books' },
  { to: '/packages', label: 'Textbook Packages' },
  { to: '/ai-tutor', label: 'AI Tutor' },
] as const;

const QUICK_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/team', label: 'Team' },
  { to: '/contact', label: 'Contact' },
] as const;

const ACCOUNT_LINKS = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Sign Up' },
] as const;

const BOTTOM_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
] as const;

function LinkColumn({ title, links }: { title: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="rounded text-brand-100 transition-colors hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  const year = new Date().getFullYear();
  const { student } = useSession();
  // A signed-in student is not asked to log in or sign up again: their account is their dashboard.
  const accountLinks = student ? [{ to: areaPath(student.role), label: 'My dashboard' }] : ACCOUNT_LINKS;
  return (
    <footer className="bg-brand-950 text-brand-100 [&_:focus-visible]:outline-brand-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-14 pb-10 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_1.6fr_1.5fr] lg:px-8">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded text-2xl font-extrabold tracking-tight text-white">
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
            {PRODUCT_NAME}
          </Link>
          <p className="mt-4 max-w-xs text-brand-100">{PRODUCT_TAGLINE}</p>
        </div>
        {/* Three short columns side by side even on a phone, instead of three screens of single links. */}
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3">
          <LinkColumn title="Explore" links={EXPLORE_LINKS} />
          <LinkColumn title="Quick Links" links={QUICK_LINKS} />
          <LinkColumn title="Account" links={accountLinks} />
        </div>
        <div className="md:col-span-2 lg:col-span-1">{newsletter}</div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {BOTTOM_LINKS.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="rounded hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
