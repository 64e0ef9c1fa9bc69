// Test helper: render one component inside a memory router (with the toast area). API answers: api-mock.ts.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '../src/components/ui/toaster';

/** Renders `element` at `path` (other paths render their own name, to check navigation). */
export function renderAt(element: ReactElement, path = '/', extraRoutes: RouteObject[] = []) {
  const router = createMemoryRouter(
    [
      { path, element },
      ...extraRoutes,
      { path: '*', Component: () => <p>Other page</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { ...result, router };
}
