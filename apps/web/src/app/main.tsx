// Entry point of the Reshelf web app: styles, the session, the router (whose root keeps the place of the
// server-state cache) and the toast area.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { SessionProvider } from '../lib/session';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
    <Toaster />
  </StrictMode>,
);
