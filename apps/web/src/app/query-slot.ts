// Where the app's one TanStack Query cache is kept. The root route owns the slot for the router's lifetime
// (each test render of the route table gets a fresh one); the cache itself is made by the first page that
// needs server state (see layouts/query-layout.tsx), so the landing page loads no query code at all.
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

export interface QueryClientSlot {
  current: QueryClient | null;
}

export const QueryClientSlotContext = createContext<QueryClientSlot | null>(null);

export const createQueryClientSlot = (): QueryClientSlot => ({ current: null });
