// The public site's frame: skip link, navigation bar, <main> and footer with the newsletter block.
import { lazy, Suspense, useRef } from 'react';
import { Outlet } from 'react-router';
import { useNearViewport } from '../../lib/use-near-viewport';
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

// The newsletter form sits at the bottom of every public page: its code loads as the reader scrolls
// towards it, not with the page (a visitor's first load stays within its size budget).
const NewsletterForm = lazy(() => import('../../features/newsletter/newsletter-form').then((m) => ({ default: m.NewsletterForm })));

/** Where the form will be, the height it takes, until it is near the screen and its code has arrived. */
function NewsletterSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  const space = <div className="min-h-48" />;
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={space}>
          <NewsletterForm />
        </Suspense>
      ) : (
        space
      )}
    </div>
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
      <Footer newsletter={<NewsletterSlot />} />
    </div>
  );
}
