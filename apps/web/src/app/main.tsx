// Entry point of the Reshelf web app: styles, server-state cache, the session, router and the toast area.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { SessionProvider } from '../lib/session';
import { queryClient } from './query-client';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
