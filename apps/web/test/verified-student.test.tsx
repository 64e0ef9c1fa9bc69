// Verified students (docs/decisions/0035-verified-students.md): the settings card (ask for a link, "check
// your inbox", the server's refusal under the field, one request however fast the button is pressed, the
// verified state), the page the mailed link opens (nothing sent until Confirm; the signed-in account named;
// a visitor sent to log in and back to the link; the answer or the refusal),
// and the "Verified student" badge on a verified seller's book page and card.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERIFY_STUDENT_MESSAGES as M, type Role, type Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { heldAnswer } from './api-mock';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { bookWith, type Call, dashboardShell, json, list, mockApi, renderApp, signedInAs, studentWith as harnessStudent } from './harness';

beforeEach(() => {
  mockApi(dashboardShell);
});
afterEach(() => {
  toast.dismiss();
});

const studentWith = (role: Role, extra: Partial<Student> = {}) => harnessStudent(role, { id: 'stu_4f9a2c7e1b3d', ...extra });
const verifyPosts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/account/verify-student');

describe('settings: verified student card', () => {
  it('sends the link once however fast the button is pressed, then says to check that inbox', async () => {
    const user = userEvent.setup();
    const held = heldAnswer(202, { message: M.sent });
    const calls = mockApi((call) => (call.path === '/account/verify-student' ? held.response : signedInAs(studentWith('buyer'))(call)));
    renderApp('/buyer/settings');
    expect(await screen.findByRole('heading', { name: M.cardHeading })).toBeInTheDocument();
    expect(screen.getByText(M.emailHint('students.wits.ac.za, wits.ac.za'))).toBeInTheDocument();
    await user.type(screen.getByLabelText(M.emailLabel), ' thandi@students.wits.ac.za ');
    const button = screen.getByRole('button', { name: M.send });
    await user.click(button);
    await user.click(button);
    await user.click(button);
    held.release();
    expect(await screen.findByText(M.inboxText('thandi@students.wits.ac.za'))).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(M.inboxHeading);
    expect(verifyPosts(calls)).toHaveLength(1);
    expect(verifyPosts(calls)[0]!.body).toEqual({ email: 'thandi@students.wits.ac.za' });
  });

  it("shows the server's refusal under the field", async () => {
    const user = userEvent.setup();
    const refusal = M.otherUniversity('University of Cape Town', 'University of the Witwatersrand');
    mockApi((call) =>
      call.path === '/account/verify-student'
        ? json(400, { error: refusal, code: 'NOT_UNIVERSITY_EMAIL', fields: { email: refusal } })
        : signedInAs(studentWith('seller'))(call),
    );
    renderApp('/seller/settings');
    await user.type(await screen.findByLabelText(M.emailLabel), 'thandi@myuct.ac.za');
    await user.click(screen.getByRole('button', { name: M.send }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText(M.emailLabel)).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.queryByText(M.inboxHeading)).not.toBeInTheDocument();
  });

  it('a refusal that is not about the address (too many links asked for) is a toast, and the field stays as typed', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/account/verify-student' ? json(429, { error: M.tooMany, code: 'RATE_LIMITED' }) : signedInAs(studentWith('buyer'))(call),
    );
    renderApp('/buyer/settings');
    await user.type(await screen.findByLabelText(M.emailLabel), 'thandi@students.wits.ac.za');
    await user.click(screen.getByRole('button', { name: M.send }));
    expect(await screen.findByText(M.tooMany)).toBeInTheDocument();
    expect(screen.getByLabelText(M.emailLabel)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(M.emailLabel)).toHaveValue('thandi@students.wits.ac.za');
  });

  it('an empty or malformed address is refused under the field, and nothing is sent', async () => {
    const user = userEvent.setup();
    const calls = mockApi(signedInAs(studentWith('buyer')));
    renderApp('/buyer/settings');
    const button = await screen.findByRole('button', { name: M.send });
    await user.click(button);
    expect(await screen.findByText(M.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(M.emailLabel)).toHaveFocus();
    await user.type(screen.getByLabelText(M.emailLabel), 'thandi-at-wits');
    expect(screen.queryByText(M.emailRequired)).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText(M.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(M.emailLabel)).toHaveAccessibleDescription(expect.stringContaining(M.emailInvalid));
    expect(verifyPosts(calls)).toHaveLength(0);
  });

  it('a verified student sees the badge, the university and the date, and no form', async () => {
    const verified = studentWith('buyer', { verified: { university: 'wits', at: '2026-11-24T10:00:00.000Z' } });
    mockApi(signedInAs(verified));
    renderApp('/buyer/settings', verified);
    const line = await screen.findByText(M.verifiedText('University of the Witwatersrand', '24 Nov 2026'));
    expect(within(line.parentElement!).getByText(M.badge)).toBeInTheDocument();
    expect(screen.queryByLabelText(M.emailLabel)).not.toBeInTheDocument();
  });
});

describe('the verification link page', () => {
  const confirmPosts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/account/verify-student/confirm');

  it('sends nothing on opening; names the signed-in account; Confirm posts the token once and shows the answer', async () => {
    const user = userEvent.setup();
    const student = studentWith('buyer', { email: 'thandi.own@gmail.com' });
    const held = heldAnswer(200, { message: M.confirmed('University of the Witwatersrand'), verified: { university: 'wits', at: '2026-11-24T10:00:00.000Z' } });
    const calls = mockApi((call) => (call.path === '/account/verify-student/confirm' ? held.response : signedInAs(student)(call)));
    renderApp('/verify-student?token=tok_abc', student);
    const button = await screen.findByRole('button', { name: M.confirm });
    expect(screen.getByText(M.confirmFor('thandi.own@gmail.com'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.otherAccount })).toHaveAttribute('href', '/login');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(button);
    await user.click(button);
    held.release();
    expect(await screen.findByText(M.confirmed('University of the Witwatersrand'))).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ token: 'tok_abc' });
  });

  it('shows the refusal of a used, expired or another account’s link, and the same without a token', async () => {
    const user = userEvent.setup();
    const student = studentWith('seller');
    mockApi((call) =>
      call.path === '/account/verify-student/confirm' ? json(400, { error: M.linkInvalid, code: 'VERIFY_LINK_INVALID' }) : signedInAs(student)(call),
    );
    const { unmount } = renderApp('/verify-student?token=used', student);
    await user.click(await screen.findByRole('button', { name: M.confirm }));
    expect(await screen.findByText(M.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.toSettings })).toHaveAttribute('href', '/seller/settings');
    unmount();
    renderApp('/verify-student', student);
    expect(await screen.findByText(M.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.confirm })).not.toBeInTheDocument();
  });

  it('a visitor is told to log in to the account that asked, goes to /login, comes back to the same link and confirms', async () => {
    const user = userEvent.setup();
    const student = studentWith('buyer', { email: 'thandi.own@gmail.com' });
    let signedIn = false;
    const calls = mockApi((call) => {
      if (call.method === 'POST' && call.path === '/auth/login') {
        signedIn = true;
        return json(200, { student });
      }
      if (call.path === '/auth/session') return signedIn ? json(200, { student }) : json(401, { error: 'Not signed in', code: 'UNAUTHORIZED' });
      if (call.path === '/account/verify-student/confirm') {
        return json(200, { message: M.confirmed('University of the Witwatersrand'), verified: { university: 'wits', at: '2026-11-24T10:00:00.000Z' } });
      }
      return undefined;
    });
    const { router } = renderApp('/verify-student?token=tok_abc');
    expect(await screen.findByText(M.signInToConfirm)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.confirm })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: M.logInToConfirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email Address'), student.email);
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-student'));
    expect(router.state.location.search).toBe('?token=tok_abc');
    // Nothing was confirmed on the way: the student sees which account and presses Confirm.
    expect(confirmPosts(calls)).toHaveLength(0);
    expect(await screen.findByText(M.confirmFor('thandi.own@gmail.com'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.confirm }));
    expect(await screen.findByText(M.confirmed('University of the Witwatersrand'))).toBeInTheDocument();
    expect(confirmPosts(calls)).toHaveLength(1);
    expect(confirmPosts(calls)[0]!.body).toEqual({ token: 'tok_abc' });
  });

  it('"Log in with another account" keeps the link: after logging in as the other account the page is back', async () => {
    const user = userEvent.setup();
    const wrong = studentWith('seller', { email: 'someone.else@gmail.com' });
    const right = studentWith('buyer', { email: 'thandi.own@gmail.com' });
    let current = wrong;
    mockApi((call) => {
      if (call.method === 'POST' && call.path === '/auth/login') {
        current = right;
        return json(200, { student: right });
      }
      if (call.path === '/auth/session') return json(200, { student: current });
      return undefined;
    });
    const { router } = renderApp('/verify-student?token=tok_abc', wrong);
    expect(await screen.findByText(M.confirmFor('someone.else@gmail.com'))).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: M.otherAccount }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email Address'), right.email);
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-student'));
    expect(router.state.location.search).toBe('?token=tok_abc');
    expect(await screen.findByText(M.confirmFor('thandi.own@gmail.com'))).toBeInTheDocument();
  });
});

describe('the badge on listings', () => {
  beforeEach(() => {
    mockApi((call) => (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}` ? json(200, { edition: editionWith() }) : undefined));
  });
  const verifiedSeller = { id: 's1', firstName: 'Sipho', university: 'wits' as const, rating: null, reviewCount: 0, verified: true };

  it('shows on a verified seller’s book page, and not on another’s', async () => {
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book: bookWith({ seller: verifiedSeller }) }) : undefined));
    const { unmount } = renderApp('/books/bk_calculus0000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(screen.getByText(M.badge)).toBeInTheDocument();
    unmount();
    mockApi((call) => (call.path === '/books/bk_calculus0000001' ? json(200, { book: bookWith() }) : undefined));
    renderApp('/books/bk_calculus0000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculus: Early Transcendentals' })).toBeInTheDocument();
    expect(screen.queryByText(M.badge)).not.toBeInTheDocument();
  });

  it('shows on a verified seller’s card in the catalogue', async () => {
    mockApi((call) =>
      call.method === 'GET' && call.path.startsWith('/books?')
        ? json(200, list([bookWith({ seller: verifiedSeller }), bookWith({ id: 'bk_other', title: 'Campbell Biology' })], 2))
        : undefined,
    );
    renderApp('/books');
    expect(await screen.findByRole('link', { name: 'Campbell Biology' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(M.badge)).toHaveLength(1));
  });
});
