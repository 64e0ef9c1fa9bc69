// The outermost route: scrolls to the top on every path change and shows a thin progress bar while
// the next page's code loads.
import { useEffect, useState } from 'react';
import { createQueryClientSlot, QueryClientSlotContext } from '../query-slot';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { prefersReducedMotion } from '../../lib/motion';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Logo } from './logo';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    try {
      window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    } catch {
      // Old engines without scroll options.
    }
  }, [pathname]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-progress bg-brand-600" />
    </div>
  );
}

export function RootLayout() {
  // The server-state cache lives with the router, so every page (and every test that renders the route
  // table) has exactly one; the pages that use it make it on first use (layouts/query-layout.tsx).
  const [querySlot] = useState(createQueryClientSlot);
  return (
    <QueryClientSlotContext.Provider value={querySlot}>
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
    </QueryClientSlotContext.Provider>
  );
}

/** What shows while the first page's code arrives: the bar's outline and a page skeleton. */
export function RootHydrateFallback() {
  return (
    <>
      <div className="fixed inset-x-0 top-0 z-50 h-[72px] border-b border-ink-100 bg-white">
        <div className="mx-auto flex h-full max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Logo />
        </div>
      </div>
      <div aria-hidden="true" className="h-[72px]" />
      <PageSkeleton />
    </>
  );
}
