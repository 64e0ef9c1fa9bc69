// Test set-up for the web project: jest-dom matchers, a clean DOM and storage between tests, and the
// browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after one second by default. A page test renders lazy routes and answers
// through a fake network; on a machine whose two cores are busy with other work that can take longer, and a
// test must not fail for it. Ten seconds stays far inside the test's own timeout.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie = 'reshelf_signed_in=; path=/; max-age=0';
  document.body.style.overflow = '';
  vi.restoreAllMocks();
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
