// Entry point of the Reshelf web app: styles, the session, the router (whose root keeps the place of the
// server-state cache) and the toast area.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { SessionProvider } from '../lib/session';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render runs as a transition, which React splits into short slices instead of one long task:
// on a slow phone the page answers taps sooner (Lighthouse total blocking time; docs/performance.md).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </StrictMode>,
  ),
);
