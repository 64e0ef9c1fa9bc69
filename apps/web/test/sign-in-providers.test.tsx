// Sign-in with identity providers in the web app: the login and sign-up pages link to each configured
// provider ("Continue with Google") and say why a sign-in came back refused; the complete-profile page
// shows the provider's verified email read-only with the name filled in, sends the profile once and opens
// the student's area; the link page sends the password; settings' card links and unlinks (the server's
// refusal said as it is).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SIGN_IN_PROVIDER_ERRORS, SIGN_IN_PROVIDER_MESSAGES } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { dashboardShell, emptyHomes, json, mockApi, networkError, renderApp, signedInAs, studentWith } from './harness';

beforeEach(() => {
  mockApi(dashboardShell, emptyHomes);
});
afterEach(() => {
  toast.dismiss();
});

const providers = (list: string[]) => (call: { method: string; path: string }) =>
  call.method === 'GET' && call.path === '/auth/providers' ? json(200, { providers: list }) : undefined;

describe('login and sign-up pages', () => {
  it('link to each configured provider, labelled "Continue with …"', async () => {
    mockApi(providers(['google', 'microsoft', 'oidc']));
    renderApp('/login');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/v1/auth/oauth/google');
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' })).toHaveAttribute('href', '/api/v1/auth/oauth/microsoft');
    expect(screen.getByRole('link', { name: 'Continue with single sign-on' })).toHaveAttribute('href', '/api/v1/auth/oauth/oidc');
  });

  it('show nothing when none is configured', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sign in with another account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('say why a sign-in came back refused', async () => {
    renderApp('/login?signInError=unverified');
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_PROVIDER_ERRORS.unverified);
  });
});

describe('finishing a sign-in', () => {
  const pending = (next: 'complete-profile' | 'link-password') => (call: { method: string; path: string }) =>
    call.method === 'GET' && call.path === '/auth/oauth/pending'
      ? json(200, { pending: { provider: 'google', next, email: 'ayanda@students.uct.ac.za', firstName: 'Ayanda', lastName: 'Dlamini' } })
      : undefined;

  it('a new person completes the profile: the email read-only, the name filled in, sent once, then their area', async () => {
    const user = userEvent.setup();
    const student = studentWith('buyer', { email: 'ayanda@students.uct.ac.za', firstName: 'Ayanda' });
    const calls = mockApi(pending('complete-profile'), (call) => (call.path === '/auth/oauth/complete' ? json(201, { student }) : undefined), signedInAs(student));
    const { router } = renderApp('/sign-in/complete');
    const email = await screen.findByRole('textbox', { name: 'Email Address' });
    expect(email).toHaveValue('ayanda@students.uct.ac.za');
    expect(email).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ayanda'));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(MESSAGES.studentNumberRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Student Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Student Number')).toHaveFocus();
    expect(calls.filter((c) => c.path === '/auth/oauth/complete')).toHaveLength(0);
    await user.type(screen.getByLabelText('Student Number'), 'DLMAYA001');
    await user.selectOptions(screen.getByLabelText('University'), 'uct');
    await user.click(screen.getByRole('radio', { name: 'Buy Books' }));
    const button = screen.getByRole('button', { name: 'Create my account' });
    await user.dblClick(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buyer'));
    const sent = calls.filter((c) => c.path === '/auth/oauth/complete');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ firstName: 'Ayanda', lastName: 'Dlamini', studentNumber: 'DLMAYA001', university: 'uct', userType: 'buyer' });
  });

  it('an existing email asks for the password and shows the login error for a wrong one', async () => {
    const user = userEvent.setup();
    mockApi(pending('link-password'), (call) => (call.path === '/auth/oauth/link' ? json(401, { error: MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' }) : undefined));
    renderApp('/sign-in/link');
    expect(await screen.findByRole('heading', { name: SIGN_IN_PROVIDER_MESSAGES.linkHeading })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Wrong-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Link Google and log in' }));
    expect(await screen.findByText(MESSAGES.invalidCredentials)).toBeInTheDocument();
  });

  it('a page opened at the other step sends the sign-in to its own step', async () => {
    mockApi(pending('link-password'));
    const { router } = renderApp('/sign-in/complete');
    expect(await screen.findByRole('heading', { name: SIGN_IN_PROVIDER_MESSAGES.linkHeading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in/link');
  });

  it('says when there is nothing pending', async () => {
    mockApi((call) => (call.path === '/auth/oauth/pending' ? json(404, { error: SIGN_IN_PROVIDER_MESSAGES.pendingExpired, code: 'PENDING_EXPIRED' }) : undefined));
    renderApp('/sign-in/complete');
    expect(await screen.findByText(SIGN_IN_PROVIDER_MESSAGES.pendingExpired)).toBeInTheDocument();
  });

  it('offers to try again when the pending sign-in could not be asked (offline), not "expired"', async () => {
    const user = userEvent.setup();
    let offline = true;
    mockApi((call) => (call.path === '/auth/oauth/pending' && offline ? networkError() : undefined), pending('link-password'));
    renderApp('/sign-in/link');
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent(SIGN_IN_PROVIDER_MESSAGES.pendingExpired);
    offline = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: SIGN_IN_PROVIDER_MESSAGES.linkHeading })).toBeInTheDocument();
  });
});

describe('settings card', () => {
  it('lists the providers, links with the intent of linking, and says why the last one stays', async () => {
    const user = userEvent.setup();
    const student = studentWith('buyer');
    mockApi(
      providers(['google', 'github']),
      (call) => (call.method === 'GET' && call.path === '/auth/identities' ? json(200, { hasPassword: false, identities: [{ provider: 'google', email: 'me@gmail.com', linkedAt: '2026-11-24T10:00:00.000Z' }] }) : undefined),
      (call) => (call.method === 'DELETE' && call.path === '/auth/identities/google' ? json(409, { error: SIGN_IN_PROVIDER_MESSAGES.lastWayToSignIn, code: 'LAST_WAY_TO_SIGN_IN' }) : undefined),
    );
    renderApp('/buyer/settings?linked=github', student);
    const card = await screen.findByRole('region', { name: SIGN_IN_PROVIDER_MESSAGES.cardHeading });
    expect(await within(card).findByText('Linked: me@gmail.com')).toBeInTheDocument();
    expect(within(card).getByText(SIGN_IN_PROVIDER_MESSAGES.cardIntroNoPassword)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Link GitHub' })).toHaveAttribute('href', '/api/v1/auth/oauth/github?intent=link');
    expect(await screen.findByText(SIGN_IN_PROVIDER_MESSAGES.linked('GitHub'))).toBeInTheDocument();
    // With no password there is nothing to change: the form gives way to how to set one.
    const change = screen.getByRole('region', { name: 'Change password' });
    expect(within(change).getByText(SIGN_IN_PROVIDER_MESSAGES.noPasswordToChange)).toBeInTheDocument();
    expect(within(change).queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByText(SIGN_IN_PROVIDER_MESSAGES.lastWayToSignIn)).toBeInTheDocument();
    expect(within(card).getByText('Linked: me@gmail.com')).toBeInTheDocument();
  });

  it('unlinks once however fast Unlink is tapped; an account with a password keeps its Change password form', async () => {
    const student = studentWith('buyer');
    const calls = mockApi(
      providers(['google', 'github']),
      (call) =>
        call.method === 'GET' && call.path === '/auth/identities'
          ? json(200, { hasPassword: true, identities: [{ provider: 'github', email: null, linkedAt: '2026-11-24T10:00:00.000Z' }] })
          : undefined,
      (call) => (call.method === 'DELETE' && call.path === '/auth/identities/github' ? new Response(null, { status: 204 }) : undefined),
    );
    renderApp('/buyer/settings', student);
    await userEvent.setup().click(await screen.findByRole('tab', { name: /Security/ }));
    const card = await screen.findByRole('region', { name: SIGN_IN_PROVIDER_MESSAGES.cardHeading });
    const unlink = await within(card).findByRole('button', { name: 'Unlink GitHub' });
    fireEvent.click(unlink);
    fireEvent.click(unlink);
    fireEvent.click(unlink);
    expect(await screen.findByText(SIGN_IN_PROVIDER_MESSAGES.unlinked('GitHub'))).toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: 'Link GitHub' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
  });
});
