// Test set-up for the web project: jest-dom matchers, a clean DOM and storage between tests, and the
// browser APIs jsdom lacks.
import { format } from 'node:util';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './api-mock';

// findBy* and waitFor wait for the page to get there, however long a busy machine takes: the test's own
// timeout (vitest.config.ts) is the only limit, and it is there for a test that hangs. Each wait stops well
// inside it so that a page that never gets there fails with the page's contents, not a bare timeout.
configure({ asyncUtilTimeout: 50_000 });

// The API is Mock Service Worker (api-mock.ts): a request no test answer covers is an error, and so fails
// the test (below), instead of getting a made-up 404 the page may quietly handle.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// Timers a file leaves running end with it. A toast dismissed in a file's last test unmounts 200 ms later
// (sonner's own timer, which it never clears); on a busy machine the file's window was already gone by
// then, and the timer's state update threw "window is not defined" as an unhandled error that failed the
// run with every test passed. What such a timer would do is for a page that no longer exists.
const running = new Set<ReturnType<typeof setTimeout>>();
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const trackedSetTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const handle = realSetTimeout(
    (...given: unknown[]) => {
      running.delete(handle);
      callback(...given);
    },
    ms,
    ...args,
  );
  running.add(handle);
  return handle;
}) as typeof setTimeout;
Object.defineProperties(trackedSetTimeout, Object.getOwnPropertyDescriptors(realSetTimeout));
globalThis.setTimeout = trackedSetTimeout;
globalThis.clearTimeout = ((handle?: Parameters<typeof clearTimeout>[0]) => {
  running.delete(handle as ReturnType<typeof setTimeout>);
  realClearTimeout(handle);
}) as typeof clearTimeout;
afterAll(() => {
  for (const handle of running) realClearTimeout(handle);
  running.clear();
  globalThis.setTimeout = realSetTimeout;
  globalThis.clearTimeout = realClearTimeout;
});

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

// jsdom lays nothing out, so everything is near the screen: an observed element is reported in view at once.
if (typeof IntersectionObserver === 'undefined') {
  class InViewObserver {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback([{ isIntersecting: true, target } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.IntersectionObserver = InViewObserver as unknown as typeof IntersectionObserver;
}

// jsdom has no clipboard command: copying by execCommand fails as a browser that refuses it would.
// On the prototype, so a test that gives the document its own execCommand and deletes it gets this back.
if (typeof document.execCommand !== 'function') Document.prototype.execCommand = () => false;

// jsdom has no object URLs (a picked photo's preview): each file gets a name of its own, and nothing to free.
if (typeof URL.createObjectURL !== 'function') {
  let made = 0;
  URL.createObjectURL = () => `blob:test-${++made}`;
  URL.revokeObjectURL = () => {};
}

// jsdom's <dialog> cannot open as a modal: showModal() and close() only set and clear its open attribute
// (jsdom has no top layer, and the page behind a dialog is made inert by the dialog itself).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
}
if (typeof HTMLDialogElement.prototype.close !== 'function') {
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

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
