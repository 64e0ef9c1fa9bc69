// Shared set-up of the web tests: the real route table (whose root route brings a fresh query cache) with
// the session, a fake API answering by method and path, a fake WebSocket to push realtime events, and
// sample data.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Book, Order, Role, Student } from '@reshelf/shared';
import { routes } from '../src/app/routes';
import { Toaster } from '../src/components/ui/toaster';
import { SessionProvider } from '../src/lib/session';

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export const json = (status: number, data?: unknown) =>
  new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers API calls with `handler`. Unhandled: the session check answers with the student renderApp
 * signed in (or "not signed in"), anything else 404.
 */
export function mockApi(handler: (call: Call) => Response | Promise<Response> | undefined) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.replace(/^.*\/api\/v1/, ''),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const answer = await handler(call);
    if (answer) return answer;
    if (call.path === '/auth/session') {
      const stored = window.localStorage.getItem('user');
      return stored ? json(200, { student: JSON.parse(stored) as Student }) : json(401, { error: 'Not signed in', code: 'UNAUTHENTICATED' });
    }
    return json(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
  return calls;
}

/** The calls that `match`, as method, path and body (what most assertions compare). */
export const requestsTo = (calls: Call[], match: (call: Call) => boolean) =>
  calls.filter(match).map(({ method, path, body }) => ({ method, path, body }));

/** Answers the session check with this student (for tests that sign in through the API, not storage). */
export const signedInAs = (student: Student) => (call: Call) =>
  call.path === '/auth/session' ? json(200, { student }) : undefined;

/** Renders the whole app at `path`, as the given student (persisted, so the page paints at once). */
export function renderApp(path: string, student: Student | null = null) {
  if (student) window.localStorage.setItem('user', JSON.stringify(student));
  // A browser that may hold a session (the server's signed-in hint), so the app asks the fake API, whose
  // answer then decides; session.test.tsx covers the visitor without it.
  document.cookie = 'reshelf_signed_in=1; path=/';
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </>,
  );
  return { ...result, router };
}

export function studentWith(role: Role, extra: Partial<Student> = {}): Student {
  return {
    id: role === 'seller' ? 'stu_seller00000001' : 'stu_buyer000000001',
    email: `${role}@students.wits.ac.za`,
    firstName: role === 'seller' ? 'Sipho' : 'Thandi',
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

export function bookWith(extra: Partial<Book> = {}): Book {
  return {
    id: 'bk_calculus0000001',
    title: 'Calculus: Early Transcendentals',
    author: 'James Stewart',
    isbn: '978-1-337-61392-7',
    publisher: 'Cengage',
    publicationYear: 2020,
    language: 'english',
    category: 'mathematics',
    studyLevel: 'undergraduate',
    condition: 'good',
    price: 450.5,
    edition: '9th Edition',
    numberOfPages: 1368,
    description: 'Some pencil notes in chapter 2.',
    additionalNotes: 'Collect on East Campus.',
    status: 'approved',
    availability: 'available',
    declineReason: null,
    images: [1, 2, 3, 4].map((n) => ({ url: `/uploads/calc-${n}.webp`, thumbUrl: `/uploads/calc-${n}-thumb.webp` })),
    seller: { id: 'stu_seller00000001', firstName: 'Sipho', university: 'wits', rating: null, reviewCount: 0 },
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    ...extra,
  };
}

export type OrderFixture = Order & { expiresAt?: string | null; reason?: string | null; theirReview?: Order['myReview'] };

export function orderWith(extra: Partial<OrderFixture> = {}): OrderFixture {
  const book = bookWith();
  return {
    id: 'ord_0000000000abc123',
    status: 'requested',
    book: {
      id: book.id,
      title: book.title,
      author: book.author,
      edition: book.edition,
      isbn: book.isbn,
      condition: book.condition,
      price: book.price,
      images: book.images.slice(0, 1),
      status: 'approved',
      availability: 'reserved',
    },
    buyer: { id: 'stu_buyer000000001', firstName: 'Thandi' },
    seller: { id: 'stu_seller00000001', firstName: 'Sipho' },
    amount: 450.5,
    meetupLocation: null,
    meetupAt: null,
    createdAt: '2025-03-02T08:00:00.000Z',
    updatedAt: '2025-03-02T08:00:00.000Z',
    myReview: null,
    expiresAt: '2025-03-05T08:00:00.000Z',
    reason: null,
    theirReview: null,
    ...extra,
  };
}

export const list = <T,>(items: T[], total = items.length, page = 1, pageSize = 20) => ({ items, total, page, pageSize });

/** A WebSocket stand-in: tests open it, push server events and close it. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly OPEN = 1;
  readonly url: string;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedByClient = false;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.emit({ type: 'ready' });
  }

  emit(event: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }

  /** The server (or the network) closes the connection. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }

  send() {}
}

export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
}
