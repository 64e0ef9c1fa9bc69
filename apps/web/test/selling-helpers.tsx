// Shared set-up for the selling and moderation component tests: a signed-in student, the page inside
// a memory router with a fresh query cache and the toast area. The API answers come from api-mock.ts
// (Mock Service Worker, which answers the photo uploads' XMLHttpRequest as well as fetch).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Book, Role, Student } from '@reshelf/shared';
import { Toaster } from '../src/components/ui/toaster';
import { SessionProvider } from '../src/lib/session';

import { json, mockApi } from './api-mock';

export { heldAnswer, json, mockApi, networkError, type Call } from './api-mock';

export function studentWith(role: Role, extra: Partial<Student> = {}): Student {
  return {
    id: 'stu_4f9a2c7e1b3d',
    email: 'thandi@students.wits.ac.za',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    studentNumber: '2345678',
    university: 'wits',
    role,
    roles: [role],
    academicInfo: null,
    courses: [],
    verified: null,
    createdAt: '2025-02-01T08:00:00.000Z',
    updatedAt: '2025-02-01T08:00:00.000Z',
    ...extra,
  };
}

/** Renders one page (route `path`, opened at `url`) as a signed-in student of `role`. */
export function renderPage(element: ReactElement, options: { path?: string; url?: string; role?: Role } = {}) {
  const { path = '/', url = path, role = 'seller' } = options;
  const student = studentWith(role);
  // The student is remembered in this browser, and the session check at start-up confirms them.
  window.localStorage.setItem('user', JSON.stringify(student));
  mockApi((call) => (call.method === 'GET' && call.path === '/auth/session' ? json(200, { student }) : undefined));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', Component: () => <p>Other page</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

let counter = 0;

/** A book as the API sends it. */
export function bookWith(extra: Partial<Book> = {}): Book {
  counter += 1;
  const id = extra.id ?? `bk_${String(counter).padStart(4, '0')}abcdef${counter}`;
  return {
    id,
    title: `Book ${counter}`,
    author: 'James Stewart',
    isbn: '978-1-285-74155-0',
    publisher: 'Cengage',
    publicationYear: 2019,
    language: 'english',
    category: 'mathematics',
    studyLevel: 'undergraduate',
    condition: 'good',
    price: 450,
    edition: '8th',
    numberOfPages: 1368,
    description: 'Some highlighting in chapter 2.',
    additionalNotes: null,
    status: 'pending',
    availability: 'available',
    declineReason: null,
    images: [{ url: `/uploads/${id}-1.webp`, thumbUrl: `/uploads/${id}-1-thumb.webp` }],
    courses: [],
    goodPrice: false,
    seller: { id: 'stu_4f9a2c7e1b3d', firstName: 'Thandi', university: 'wits', rating: null, reviewCount: 0, verified: false },
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...extra,
  };
}

export const list = <T,>(items: T[], extra: { total?: number; page?: number; pageSize?: number } = {}) => ({
  items,
  total: extra.total ?? items.length,
  page: extra.page ?? 1,
  pageSize: extra.pageSize ?? 100,
});
