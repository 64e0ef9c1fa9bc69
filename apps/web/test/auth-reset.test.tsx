// Reset page: the request form (first rule toasted, normalised email, success and failure messages)
// and, with ?token=, the new-password form (rules, mismatch, invalid link, success back to /login).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../src/components/ui/toast';
import { json, mockApi, renderApp, type Call, requestsTo } from './harness';

const resets = (calls: Call[]) => requestsTo(calls, (call) => call.path.startsWith('/auth/password-reset'));

afterEach(() => {
  // Sonner keeps its toasts between tests; a fresh <Toaster> would show the old ones again.
  toast.dismiss();
});

describe('reset page: asking for a link', () => {
  it('shows the form, the way back and the recovery tips', async () => {
    mockApi(() => undefined);
    renderApp('/reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    const tips = screen.getByRole('complementary', { name: 'Recovery tips' });
    expect(tips).toHaveTextContent(/spam folder/);
    expect(tips).toHaveTextContent(/Check your inbox/);
    expect(tips).toHaveTextContent(/Click the link/);
    expect(tips).toHaveTextContent(/Create a new password/);
    await waitFor(() => expect(document.title).toBe('Reset Password | Reshelf'));
  });

  it('toasts the first failing rule and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderApp('/reset');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email Address'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(resets(calls)).toHaveLength(0);
  });

  it('sends the trimmed, lower-cased email once and confirms', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const calls = mockApi((call) =>
      call.path === '/auth/password-reset' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/reset');
    await user.type(await screen.findByLabelText('Email Address'), ' Thandi@Students.Wits.ac.za ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await user.click(await screen.findByRole('button', { name: 'Sending Reset Link...' }));
    expect(resets(calls)).toEqual([{ method: 'POST', path: '/auth/password-reset', body: { email: 'thandi@students.wits.ac.za' } }]);
    answer(json(202, { message: 'Password reset link sent to your email' }));
    expect(await screen.findByText('Password reset link sent to your email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it.each([
    [json(429, { error: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' }), 'Too many attempts. Please try again later.'],
    [json(503), 'Failed to send reset email'],
  ])('shows the failure (%#)', async (response, message) => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/auth/password-reset' ? response : undefined));
    renderApp('/reset');
    await user.type(await screen.findByLabelText('Email Address'), 'thandi@students.wits.ac.za');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('reset page: setting the new password', () => {
  it('checks the rules and the confirmation before sending', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderApp('/reset?token=tok_abcdefghijklmnop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a new password' })).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(rules).toHaveTextContent('At least 8 characters (not met yet)');
    await user.type(screen.getByLabelText('New Password'), 'weakpass');
    expect(rules).toHaveTextContent('At least 8 characters (met)');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm Password'), 'N3w-Passw0rd?');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(resets(calls)).toHaveLength(0);
  });

  it('sets the password and goes to /login', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path === '/auth/password-reset/confirm' ? new Response(null, { status: 204 }) : undefined));
    const { router } = renderApp('/reset?token=tok_abcdefghijklmnop');
    await user.type(await screen.findByLabelText('New Password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm Password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password has been reset. You can now log in with your new password.')).toBeInTheDocument();
    expect(resets(calls)).toEqual([
      { method: 'POST', path: '/auth/password-reset/confirm', body: { token: 'tok_abcdefghijklmnop', password: 'N3w-Passw0rd!' } },
    ]);
  });

  it('explains an invalid or expired link and offers a new one', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/auth/password-reset/confirm' ? json(400, { error: 'Reset link is invalid or has expired', code: 'VALIDATION' }) : undefined,
    );
    const { router } = renderApp('/reset?token=tok_used');
    await user.type(await screen.findByLabelText('New Password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm Password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset link is invalid or has expired' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });
});
