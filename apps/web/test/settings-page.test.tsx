// Settings: the read-only profile, the reset link, the password change and the whole account-deletion
// flow with every cancel message, the busy message, the wrong password and success.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role, Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { type Call, dashboardShell, json, mockApi, renderApp, requestsTo, signedInAs, studentWith as harnessStudent } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

/** The student these tests sign in as, whatever the role. */
const studentWith = (role: Role, extra: Partial<Student> = {}) =>
  harnessStudent(role, { id: 'stu_4f9a2c7e1b3d', email: 'thandi@students.wits.ac.za', firstName: 'Thandi', lastName: 'Nkosi', ...extra });

afterEach(() => {
  // Sonner keeps its toasts between tests; a fresh <Toaster> would show the old ones again.
  toast.dismiss();
});

async function openSecurity(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Security & Privacy' }));
}

const deletes = (calls: Call[]) => requestsTo(calls, (call) => call.method === 'DELETE');

describe('settings: profile', () => {
  it('shows name, email, student number and university read-only', async () => {
    mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller/settings');
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Thandi Nkosi');
    expect(screen.getByLabelText('Email Address')).toHaveValue('thandi@students.wits.ac.za');
    expect(screen.getByLabelText('Student Number')).toHaveValue('2345678');
    expect(screen.getByLabelText('University')).toHaveValue('University of the Witwatersrand');
    for (const label of ['Full Name', 'Email Address', 'Student Number', 'University']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
  });
});

describe('settings: security', () => {
  it('sends a reset link to the student\'s email', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.path === '/auth/password-reset') return json(202, { message: 'Password reset link sent to your email' });
      return signedInAs(studentWith('buyer'))(call);
    });
    renderApp('/buyer/settings');
    await openSecurity(user);
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText('Password reset link sent to your email')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/password-reset')?.body).toEqual({ email: 'thandi@students.wits.ac.za' });
  });

  it('explains a failed reset link', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/auth/password-reset' ? json(502) : signedInAs(studentWith('buyer'))(call)));
    renderApp('/buyer/settings');
    await openSecurity(user);
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText('Failed to send password reset email')).toBeInTheDocument();
  });

  it('changes the password and reports a wrong current one', async () => {
    const user = userEvent.setup();
    let status = 401;
    const calls = mockApi((call) => {
      if (call.path === '/auth/password') {
        return status === 204 ? new Response(null, { status }) : json(401, { error: 'Current password is incorrect', code: 'UNAUTHENTICATED' });
      }
      return signedInAs(studentWith('seller'))(call);
    });
    renderApp('/seller/settings');
    await openSecurity(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current Password'), 'Old-Passw0rd!');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    status = 204;
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(requestsTo(calls, (call) => call.path === '/auth/password').at(-1)).toEqual({
      method: 'PUT',
      path: '/auth/password',
      body: { oldPassword: 'Old-Passw0rd!', password: 'N3w-Passw0rd!' },
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });
});

describe('settings: too many wrong current passwords', () => {
  it('says so in the server\'s words, for a change and for a deletion', async () => {
    const user = userEvent.setup();
    const tooMany = () => json(429, { error: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    mockApi((call) => (call.path === '/auth/password' || (call.path === '/account' && call.method === 'DELETE') ? tooMany() : signedInAs(studentWith('buyer'))(call)));
    renderApp('/buyer/settings');
    await openSecurity(user);
    await user.type(screen.getByLabelText('Current Password'), 'Old-Passw0rd!');
    await user.type(screen.getByLabelText('New Password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText('Too many attempts. Please try again later.')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Enter your password' });
    await user.type(within(prompt).getByLabelText('Password'), 'Old-Passw0rd!');
    await user.click(within(prompt).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
  });
});

describe('settings: delete account', () => {
  it('asks for confirmation with its warning text; Cancel says it was cancelled', async () => {
    const user = userEvent.setup();
    const calls = mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller/settings');
    await openSecurity(user);
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete your account? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Account deletion cancelled')).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(0);
  });

  it('Escape at the confirmation cancels too', async () => {
    const user = userEvent.setup();
    mockApi(signedInAs(studentWith('seller')));
    renderApp('/seller/settings');
    await openSecurity(user);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Account deletion cancelled')).toBeInTheDocument();
  });

  it('cancelling the password prompt, or leaving it empty, says a password is required', async () => {
    const user = userEvent.setup();
    const calls = mockApi(signedInAs(studentWith('buyer')));
    renderApp('/buyer/settings');
    await openSecurity(user);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    let prompt = await screen.findByRole('alertdialog', { name: 'Enter your password' });
    expect(within(prompt).getByLabelText('Password')).toHaveFocus();
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Account deletion cancelled - password required')).toBeInTheDocument();
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText('Account deletion cancelled - password required')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    prompt = await screen.findByRole('alertdialog', { name: 'Enter your password' });
    await user.click(within(prompt).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Account deletion cancelled - password required')).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(0);
  });

  async function deleteWith(user: ReturnType<typeof userEvent.setup>, password: string) {
    await user.click(screen.getByRole('button', { name: /Delete Account|Deleting Account/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Enter your password' });
    await user.type(within(prompt).getByLabelText('Password'), password);
    await user.click(within(prompt).getByRole('button', { name: 'Delete my account' }));
  }

  it('reports a wrong password and keeps the account', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) =>
      call.method === 'DELETE' ? json(401, { error: 'Password is incorrect', code: 'UNAUTHENTICATED' }) : signedInAs(studentWith('seller'))(call),
    );
    const { router } = renderApp('/seller/settings');
    await openSecurity(user);
    await deleteWith(user, 'wrong-password');
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();
    expect(deletes(calls)).toEqual([{ method: 'DELETE', path: '/account', body: { password: 'wrong-password' } }]);
    expect(router.state.location.pathname).toBe('/seller/settings');
  });

  it('falls back to the generic failure text', async () => {
    const user = userEvent.setup();
    mockApi((call) => (call.method === 'DELETE' ? json(500) : signedInAs(studentWith('seller'))(call)));
    renderApp('/seller/settings');
    await openSecurity(user);
    await deleteWith(user, 'Str0ng!pass');
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
  });

  it('refuses a second attempt while deleting, then deletes, signs out and goes to /login', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    const calls = mockApi((call) =>
      call.method === 'DELETE' ? new Promise<Response>((resolve) => (finish = resolve)) : signedInAs(studentWith('seller'))(call),
    );
    const { router } = renderApp('/seller/settings');
    await openSecurity(user);
    await deleteWith(user, 'Str0ng!pass');
    await user.click(await screen.findByRole('button', { name: 'Deleting Account...' }));
    expect(await screen.findByText('Please wait for the current operation to complete')).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(1);

    finish(new Response(null, { status: 204 }));
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});
