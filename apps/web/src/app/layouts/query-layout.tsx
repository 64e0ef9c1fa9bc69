// A pathless layout route around the pages that read server state (the catalogue, the buyer, seller and
// admin areas): it provides the app's one query cache, made on first use and kept in the root route's slot,
// so moving between these pages keeps the cache and the public pages never load TanStack Query.
import { useContext, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../query-client';
import { QueryClientSlotContext } from '../query-slot';

export function QueryLayout() {
  const slot = useContext(QueryClientSlotContext);
  if (!slot) throw new Error('QueryLayout must be rendered under the root route, which owns the query cache slot');
  const [client] = useState(() => (slot.current ??= createQueryClient()));
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
