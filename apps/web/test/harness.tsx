// Shared set-up of the web tests: the real route table (whose root route brings a fresh query cache) with
// the session, the API answers (Mock Service Worker, api-mock.ts), a fake WebSocket to push realtime events,
// and sample data.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Book, Order, Role, Student } from '@reshelf/shared';
import { routes } from '../src/app/routes';
import { Toaster } from '../src/components/ui/toaster';
import { SessionProvider } from '../src/lib/session';
import { json, mockApi as answerApi, type Answerer, type Call } from './api-mock';

export { json, networkError, type Call } from './api-mock';

/** The session check as the server would answer it for the student renderApp signed in (or nobody). */
const sessionOfRenderedStudent = (call: Call) => {
  if (call.path !== '/auth/session') return undefined;
  const stored = window.localStorage.getItem('user');
  return stored ? json(200, { student: JSON.parse(stored) as Student }) : json(401, { error: 'Not signed in', code: 'UNAUTHENTICATED' });
};

/**
 * Answers API calls with the first of `answerers` that answers; the session check they leave unanswered
 * gets the student renderApp signed in (or "not signed in"). Any other request they leave unanswered
 * fails the test.
 */
export function mockApi(...answerers: Answerer[]): Call[] {
  return answerApi(async (call) => {
    for (const answer of answerers) {
      const response = await answer(call);
      if (response) return response;
    }
    return undefined;
  }, sessionOfRenderedStudent);
}

/**
 * The dashboard frame's own requests, which every signed-in page makes whatever it shows: the
 * notifications bell's list (empty) and, for a buyer, the cart count (an empty cart).
 */
export const dashboardShell: Answerer = (call) => {
  if (call.method !== 'GET') return undefined;
  if (call.path.startsWith('/notifications?')) return json(200, { ...list([]), unread: 0 });
  if (call.path === '/cart') return json(200, { cart: { books: [], packages: [], count: 0, total: 0 } });
  return undefined;
};

/**
 * Each area's home page with nothing in it yet (for tests that only land there): the buyer's figures,
 * newest books and orders, the seller's books and requests, the moderation queue.
 */
export const emptyHomes: Answerer = (call) => {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/buyer/summary') return json(200, { pending: 0, completed: 0 });
  if (/^\/(books|orders|seller\/books|admin\/books)\?/.test(call.path)) return json(200, list([]));
  return undefined;
};

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
    roles: [role],
    academicInfo: null,
    courses: [],
    verified: null,
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
    courses: [],
    goodPrice: false,
    seller: { id: 'stu_seller00000001', firstName: 'Sipho', university: 'wits', rating: null, reviewCount: 0, verified: false },
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
    proposal: null,
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

/**
 * The server's end of the channel. A signed-in page holds more than one connection (the dashboard's for
 * notifications, an order page's for its messages), and the server sends a student's events to each.
 */
export const realtimeServer = {
  connections: () => FakeWebSocket.instances.filter((socket) => socket.readyState !== 3),
  /** Accepts every connection still being made. */
  accept() {
    for (const socket of realtimeServer.connections()) if (socket.readyState === 0) socket.open();
  },
  emit(event: unknown) {
    for (const socket of realtimeServer.connections()) if (socket.readyState === 1) socket.emit(event);
  },
  /** The connections drop (a network change, a server restart). */
  drop() {
    for (const socket of realtimeServer.connections()) socket.drop();
  },
};

export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
}
