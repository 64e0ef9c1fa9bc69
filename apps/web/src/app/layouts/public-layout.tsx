// The public site's frame: skip link, navigation bar, <main> and footer with the newsletter block.
import { Outlet } from 'react-router';
import { NewsletterForm } from '../../features/newsletter/newsletter-form';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-full bg-brand-600 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70]"
    >
      Skip to content
    </a>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer newsletter={<NewsletterForm />} />
    </div>
  );
}
