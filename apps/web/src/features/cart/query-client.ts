// The app's query client, or a private one when a page renders outside <QueryClientProvider> (tests
// that render the route table on its own): the pages then still work instead of throwing.
import { useContext } from 'react';
import { QueryClient, QueryClientContext } from '@tanstack/react-query';

let fallbackClient: QueryClient | null = null;

export function useAppQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (client) return client;
  fallbackClient ??= new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return fallbackClient;
}
