// Test set-up for the web project: jest-dom matchers, a clean DOM and storage between tests, and the
// browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
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
