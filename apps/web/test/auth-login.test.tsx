// Login page: the first failing rule toasted, each failure's message, the welcome toast and the
// redirect by role (or back to the page the guard stopped the student at), and no login page for a
// student who is already signed in.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role, Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { type Call, dashboardShell, emptyHomes, json, mockApi, networkError, renderApp, studentWith as harnessStudent } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests, and some land on an area's home.
beforeEach(() => {
  mockApi(dashboardShell, emptyHomes);
});

/** The student these tests sign in as, whatever the role. */
const studentWith = (role: Role, extra: Partial<Student> = {}) =>
  harnessStudent(role, { id: 'stu_4f9a2c7e1b3d', email: 'thandi@students.wits.ac.za', firstName: 'Thandi', lastName: 'Nkosi', ...extra });

const logins = (calls: Call[]) => calls.filter((call) => call.path === '/auth/login');

async function logIn(user: ReturnType<typeof userEvent.setup>, email = 'Thandi@Students.Wits.ac.za ', password = 'Str0ng!pass') {
  if (email) await user.type(await screen.findByLabelText('Email Address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  // Sonner keeps its toasts between tests; a fresh <Toaster> would show the old ones again.
  toast.dismiss();
});

describe('login page', () => {
  it('has the form fields and links', async () => {
    mockApi(() => undefined);
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/reset');
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).some((link) => link.closest('form'))).toBe(true);
    await waitFor(() => expect(document.title).toBe('Login | Reshelf'));
  });

  it('toasts the first failing rule and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email Address'), 'thandi@');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email Address'), 'students.wits.ac.za');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(logins(calls)).toHaveLength(0);
  });

  it.each([
    [json(401, { error: 'Invalid email or password', code: 'UNAUTHENTICATED' }), 'Invalid email or password'],
    [json(429, { error: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' }), 'Too many attempts. Please try again later.'],
    [json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }), 'Failed to login'],
  ])('shows the failure message (%#)', async (answer, message) => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/auth/login' ? answer : undefined));
    const { router } = renderApp('/login');
    await logIn(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('explains a network failure', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (call.path === '/auth/login') return networkError();
      return undefined;
    });
    renderApp('/login');
    await logIn(user);
    expect(await screen.findByText('Failed to login. Please try again.')).toBeInTheDocument();
  });

  it('ignores a second submit while logging in', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path === '/auth/login' ? new Promise<Response>(() => {}) : undefined));
    renderApp('/login');
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Logging in...' }));
    expect(logins(calls)).toHaveLength(1);
  });

  it.each([
    ['seller', '/seller'],
    ['buyer', '/buyer'],
    ['admin', '/admin'],
  ] as const)('welcomes a %s and replaces the page with %s', async (role, path) => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path === '/auth/login' ? json(200, { student: studentWith(role) }) : undefined));
    const { router } = renderApp('/login');
    await logIn(user);
    expect(await screen.findByText('Welcome back, Thandi!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(logins(calls)[0]?.body).toEqual({ email: 'thandi@students.wits.ac.za', password: 'Str0ng!pass' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 'stu_4f9a2c7e1b3d', role });
  });

  it('returns to the page the guard stopped the student at', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/auth/login' ? json(200, { student: studentWith('seller') }) : undefined));
    const { router } = renderApp('/seller/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('sends a student who is already signed in to their area', async () => {
    mockApi((call) => (call.path === '/auth/session' ? json(200, { student: studentWith('seller') }) : undefined));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller'));
  });

  it('a remembered student whose session has ended stays on /login, and what they type there stays', async () => {
    // The cookie is gone (expired, or cleared) but this browser still remembers the student: the page must
    // not send them to their area and back while the check runs, which would empty the form under their fingers.
    let answer: (response: Response) => void = () => undefined;
    const checked = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    mockApi((call) => (call.path === '/auth/session' ? checked : undefined));
    const { router } = renderApp('/login', studentWith('seller'));
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const email = await screen.findByLabelText('Email Address');
    expect(visited.filter((path) => path !== '/login')).toEqual([]);
    fireEvent.change(email, { target: { value: 'lerato@students.uj.ac.za' } });
    answer(json(401, { error: 'Not signed in', code: 'UNAUTHENTICATED' }));
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(visited.filter((path) => path !== '/login')).toEqual([]);
    expect(screen.getByLabelText('Email Address')).toHaveValue('lerato@students.uj.ac.za');
  });

  it('sends a signed-in student away from /signup too', async () => {
    mockApi((call) => (call.path === '/auth/session' ? json(200, { student: studentWith('buyer') }) : undefined));
    const { router } = renderApp('/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer'));
  });
});
