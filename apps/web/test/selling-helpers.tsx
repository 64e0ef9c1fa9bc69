// Shared set-up for the selling and moderation component tests: a signed-in student, the page inside
// a memory router with a fresh query cache and the toast area, and a fetch fake that records calls.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Book, Role, Student } from '@reshelf/shared';
import { Toaster } from '../src/components/ui/toaster';
import { SessionProvider } from '../src/lib/session';
import { json } from './harness';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  /** Headers an upload set (XMLHttpRequest only). */
  headers?: Record<string, string>;
}

export { json } from './harness';

/** Answers API calls with `handler`; anything unhandled is a 404. */
export function mockApi(handler: (call: Call) => Response | Promise<Response> | undefined) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const raw = init?.body;
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.replace(/^.*\/api\/v1/, ''),
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
    };
    calls.push(call);
    const answer = await handler(call);
    return answer ?? json(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('XMLHttpRequest', fakeXhr(calls, handler));
  return calls;
}

/**
 * The photo uploads go through XMLHttpRequest (for their progress events): the same handler answers
 * them, after progress at half and all of the body. A handler that throws is a dropped connection.
 */
function fakeXhr(calls: Call[], handler: (call: Call) => Response | Promise<Response> | undefined) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const call: Call = { method: this.method, path: this.url.replace(/^.*\/api\/v1/, ''), body, headers: this.headers };
      calls.push(call);
      void (async () => {
        const total = 1000;
        for (const loaded of [total / 2, total]) {
          await Promise.resolve();
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        }
        this.upload.onload?.();
        let answer: Response;
        try {
          answer = (await handler(call)) ?? json(404, { error: 'Not found', code: 'NOT_FOUND' });
        } catch {
          this.onerror?.();
          return;
        }
        this.status = answer.status;
        this.responseText = await answer.text();
        this.onload?.();
      })();
    }
  };
}

export function studentWith(role: Role, extra: Partial<Student> = {}): Student {
  return {
    id: 'stu_4f9a2c7e1b3d',
    email: 'thandi@students.wits.ac.za',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    studentNumber: '2345678',
    university: 'wits',
    role,
    academicInfo: null,
    createdAt: '2025-02-01T08:00:00.000Z',
    updatedAt: '2025-02-01T08:00:00.000Z',
    ...extra,
  };
}

/** Renders one page (route `path`, opened at `url`) as a signed-in student of `role`. */
export function renderPage(element: ReactElement, options: { path?: string; url?: string; role?: Role } = {}) {
  const { path = '/', url = path, role = 'seller' } = options;
  window.localStorage.setItem('user', JSON.stringify(studentWith(role)));
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
      <SessionProvider skipInitialCheck>
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
    seller: { id: 'stu_4f9a2c7e1b3d', firstName: 'Thandi', university: 'wits', rating: null, reviewCount: 0 },
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
