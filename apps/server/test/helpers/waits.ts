// How long a server test waits for something (a poll, a server process to start) before it says it never
// came. Only a hang reaches it: a busy machine makes a wait longer, never a failure. It stays inside the
// bound Vitest gives a test (vitest.config.ts: 300 s a test, 600 s a set-up), so a wait that ends reports
// its own message (a server's output, what the poll last saw) rather than a bare timeout.
export const WAIT_MS = 280_000;
