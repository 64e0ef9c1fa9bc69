// Test set-up for the web project: jest-dom matchers, a clean DOM and storage between tests, and the
// browser APIs jsdom lacks.
import { format } from 'node:util';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './api-mock';

// findBy* and waitFor wait for the page to get there, however long a busy machine takes: the test's own
// timeout (vitest.config.ts) is the only limit, and it is there for a test that hangs. This one stays just
// inside it so that a page that never gets there fails with the page's contents, not a bare timeout.
configure({ asyncUtilTimeout: 50_000 });

// The API is Mock Service Worker (api-mock.ts): a request no test answer covers is an error, and so fails
// the test (below), instead of getting a made-up 404 the page may quietly handle.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// A console.error during a test fails it: React's warnings (act, keys, invalid DOM nesting), an unhandled
// request, a failed prop type or a crash caught by an error boundary all end up there, and each is a bug in
// the page or in the test. Nothing is allowed through.
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  document.cookie = 'reshelf_signed_in=; path=/; max-age=0';
  document.body.style.overflow = '';
  const errors = consoleErrors;
  consoleErrors = [];
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error during the test:\n${errors.join('\n---\n')}`);
});

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom implements scrollTo as a "not implemented" error; pages call it on every navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// Every signed-in area listens on the realtime channel. jsdom's WebSocket would dial a real server, so a
// test that does not drive the channel itself (installFakeWebSocket in harness.tsx) gets one that never
// connects.
class SilentWebSocket {
  static readonly OPEN = 1;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {}
  close() {
    this.readyState = 3;
  }
  send() {}
}
// Installed once the API server listens: Mock Service Worker puts its own interception on WebSocket, which
// would report every connection as unhandled.
beforeAll(() => {
  Object.defineProperty(globalThis, 'WebSocket', { value: SilentWebSocket, configurable: true, writable: true });
});
