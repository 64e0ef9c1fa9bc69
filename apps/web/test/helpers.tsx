// Test helpers: render inside a memory router (with the toast area), and fake fetch answers.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
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

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch with one that answers every call with `status` and `body`. */
export function mockFetch(status: number, body?: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(status, body));
}
