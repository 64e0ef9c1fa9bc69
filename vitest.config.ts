import './scripts/node20-polyfills.mjs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One Vitest run, three projects: the shared rules, the server (integration through app.inject)
// and the web components (jsdom).
// No retries, in CI or anywhere: a test that fails once is a failure to fix, not a flake to run again (a
// busy machine makes tests slower, never wrong; they wait for events, not for time). Inline projects do
// not inherit root options, hence one `retry: 0` each.
const retry = 0;

export default defineConfig({
  test: {
    // Every core runs test files (Vitest's default leaves one free: on two cores, one file at a time).
    // Each file has its own database, data folder and ports, so files never share state.
    maxWorkers: '100%',
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
          // Only for a test that hangs, as in the web project: with four other test runs on the two cores,
          // an upload test took 96 s, a server process over 30 s to start, and a file's set-up (sign-ups at
          // the production argon2 cost) minutes. No test sets a shorter bound (docs/testing.md, rule 2).
          testTimeout: 300_000,
          hookTimeout: 600_000,
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
          // Only for a test that hangs. Testing Library's waits stop at 50 s each (test/setup.ts), but a test
          // is many steps: with its own run starved behind five whole-suite runs, the keyboard test of
          // "Did you mean" took 60 s (11 s beside them alone) and the sign-up rules 53 s. As the server's.
          testTimeout: 300_000,
        },
      },
    ],
  },
});
