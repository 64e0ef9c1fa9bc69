// The one TanStack Query cache of the app, with defaults that suit a phone on a campus network.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** A fresh cache; made once per app lifetime (kept in the root route's slot, see query-slot.ts), and once per test render. */
export const createQueryClient = () =>
  new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx cannot help (not signed in, not found); a network blip can.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
  });
