import './scripts/node20-polyfills.mjs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One Vitest run, three projects: the shared rules, the server (integration through app.inject)
// and the web components (jsdom).
// CI runs on a shared 2-core machine: a test that fails once is run once more (and reported as flaky),
// as Playwright does; locally a failure is a failure. Inline projects do not inherit root options.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', retry, root: './packages/shared', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          retry,
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          retry,
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // Generous under a loaded CI machine: page tests render lazy routes in jsdom.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
