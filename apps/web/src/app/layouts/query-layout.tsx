// A pathless layout route around the pages that read server state (the catalogue, the buyer, seller and
// admin areas): it provides the app's one query cache, made on first use and kept in the root route's slot,
// so moving between these pages keeps the cache and the public pages never load TanStack Query.
import { lazy, useContext, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../query-client';
import { QueryClientSlotContext } from '../query-slot';
import { ReportContext } from '../../lib/report-slot';
import { SaveToWishlistContext } from '../../lib/save-to-wishlist-slot';

/** The wishlist's "Save to wishlist" button for the pages that offer one (loaded when one is shown). */
const SaveToWishlist = lazy(() => import('../../features/wishlist/save-to-wishlist').then((module) => ({ default: module.SaveToWishlist })));

/** The reports feature's "Report this listing" for the pages that offer it (loaded when one is shown). */
const ReportButton = lazy(() => import('../../features/reports/report-button').then((module) => ({ default: module.ReportButton })));

export function QueryLayout() {
  const slot = useContext(QueryClientSlotContext);
  if (!slot) throw new Error('QueryLayout must be rendered under the root route, which owns the query cache slot');
  const [client] = useState(() => (slot.current ??= createQueryClient()));
  return (
    <QueryClientProvider client={client}>
      <SaveToWishlistContext.Provider value={SaveToWishlist}>
        <ReportContext.Provider value={ReportButton}>
          <Outlet />
        </ReportContext.Provider>
      </SaveToWishlistContext.Provider>
    </QueryClientProvider>
  );
}
