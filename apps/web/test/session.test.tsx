// The start-up session check: a visitor's page load does not ask (no 401 in their console), while a
// browser the server marked as signed in, or one remembering a student from before the mark existed, asks
// and shows the student's avatar menu on the public pages.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';
import { SessionProvider, hasSignedInHint } from '../src/lib/session';
import { json, mockApi, requestsTo, studentWith } from './harness';

function renderPublic(path = '/about') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

const sessionChecks = (calls: Parameters<typeof requestsTo>[0]) => requestsTo(calls, (call) => call.path === '/auth/session');

describe('session check at start-up', () => {
  it('skips the check for a visitor: no hint cookie and no remembered student', async () => {
    const calls = mockApi(() => undefined);
    expect(hasSignedInHint()).toBe(false);
    renderPublic();
    expect(await screen.findByRole('heading', { level: 1, name: /Textbooks that move/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(sessionChecks(calls)).toEqual([]);
  });

  it('asks when the server marked the browser signed in, and shows the avatar menu instead of Sign Up and Login', async () => {
    document.cookie = 'reshelf_signed_in=1; path=/';
    expect(hasSignedInHint()).toBe(true);
    const calls = mockApi((call) => (call.path === '/auth/session' ? json(200, { student: studentWith('buyer') }) : undefined));
    renderPublic();
    expect(await screen.findByRole('button', { name: /Thandi, account menu/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(sessionChecks(calls)).toHaveLength(1);
  });

  it('asks for a student remembered from before the hint existed, and keeps them signed in', async () => {
    window.localStorage.setItem('user', JSON.stringify(studentWith('seller')));
    const calls = mockApi((call) => (call.path === '/auth/session' ? json(200, { student: studentWith('seller') }) : undefined));
    renderPublic();
    await waitFor(() => expect(sessionChecks(calls)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: /Sipho, account menu/ })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user')!).id).toBe(studentWith('seller').id);
  });

  it('clears a remembered student when the check says the session is gone', async () => {
    window.localStorage.setItem('user', JSON.stringify(studentWith('buyer')));
    document.cookie = 'reshelf_signed_in=1; path=/';
    mockApi((call) => (call.path === '/auth/session' ? json(401, { error: 'Not signed in', code: 'UNAUTHORIZED' }) : undefined));
    renderPublic();
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
    expect((await screen.findAllByRole('link', { name: 'Login' })).length).toBeGreaterThan(0);
  });
});
