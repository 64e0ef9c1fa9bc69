// A plain frame for the buyer, seller and admin areas until the dashboard shell (sidebar, top bar,
// avatar, Sign Out) replaces it.
import { Link, Outlet } from 'react-router';
import { SkipLink } from './public-layout';
import { Logo } from './logo';

export function DashboardLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <SkipLink />
      <header className="border-b border-ink-200 bg-white">
        <div className="mx-auto flex h-[72px] max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Link to="/" className="rounded-md">
            <Logo />
          </Link>
          <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
            Back to Home
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
