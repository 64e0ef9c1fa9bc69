// Sign-up page: the first failing rule is toasted and nothing is sent, a second submit while busy is
// refused with the product's text, success goes to /login after 1.5 s, and every failure has its message.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../src/components/ui/toast';
import { json, mockApi, networkError, renderApp, type Call, requestsTo } from './harness';

const registered = (calls: Call[]) => requestsTo(calls, (call) => call.path === '/auth/register');

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First Name'), 'Thandi');
  await user.type(screen.getByLabelText('Last Name'), 'Nkosi');
  await user.type(screen.getByLabelText('Student Number'), ' 2345678 ');
  await user.selectOptions(screen.getByLabelText('University'), 'wits');
  await user.click(screen.getByRole('radio', { name: 'Sell Books' }));
  await user.type(screen.getByLabelText('Email Address'), '  Thandi@Students.Wits.ac.za ');
  await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Sonner keeps its toasts between tests; a fresh <Toaster> would show the old ones again.
  toast.dismiss();
});

describe('sign-up page', () => {
  it('shows the form fields, labels and links', async () => {
    mockApi(() => undefined);
    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome to\s*Reshelf/ })).toBeInTheDocument();
    const university = screen.getByLabelText('University');
    expect(university).toHaveDisplayValue('Select University');
    expect(screen.getByRole('option', { name: 'Uni. of the Witwatersrand' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Stellenbosch Uni.' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(11);
    const group = screen.getByRole('group', { name: 'I want to' });
    expect(group).toContainElement(screen.getByRole('radio', { name: 'Buy Books' }));
    expect(group).toContainElement(screen.getByRole('radio', { name: 'Sell Books' }));
    expect(screen.getByPlaceholderText('Password (min 8 characters)')).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByPlaceholderText('Password (min 8 characters)')).toHaveAttribute('type', 'text');
    const terms = screen.getByRole('link', { name: /Terms of Service/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Join Reshelf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Login now' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Sign Up | Reshelf'));
  });

  it('toasts only the first failing rule and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveFocus();

    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'thandi@students.wits.ac.za');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'alllowercase1');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
      ),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('First Name'), 'Thandi');
    await user.type(screen.getByLabelText('Last Name'), 'Nkosi');
    await user.type(screen.getByLabelText('Student Number'), '123');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Student number seems too short')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Student Number'), '45');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Please select your university')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('University'), 'uj');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Please select whether you want to buy or sell books')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Buy Books' }));
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('Please accept the Terms of Service')).toBeInTheDocument();

    expect(registered(calls)).toHaveLength(0);
  });

  it('refuses a name holding a right-to-left override with the message the API gives, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => undefined);
    renderApp('/signup');
    await fillValidForm(user);
    await user.type(screen.getByLabelText('First Name'), '\u202Egnp.exe');
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText('First name cannot contain invisible or text-direction characters')).toBeInTheDocument();
    expect(registered(calls)).toHaveLength(0);
  });

  it('refuses a second submit while the first is running', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path === '/auth/register' ? new Promise<Response>(() => {}) : undefined));
    renderApp('/signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    const busy = await screen.findByRole('button', { name: 'Creating Account...' });
    await user.click(busy);
    expect(await screen.findByText('Please wait, signup in progress')).toBeInTheDocument();
    expect(registered(calls)).toHaveLength(1);
  });

  it('sends the normalised payload without the terms, then goes to /login after 1.5 s', async () => {
    // The page's clock moves only when the test (or Testing Library's waits, 50 ms a step) moves it, never
    // with real time: on a busy machine the real time between two steps could already reach the redirect.
    // Testing Library moves a fake clock only where it finds Jest's API.
    // The page's code loads and the form is filled in real time; the clock is fake only from the submit on.
    const calls = mockApi((call) => (call.path === '/auth/register' ? json(201, { student: {} }) : undefined));
    const { router } = renderApp('/signup');
    await fillValidForm(userEvent.setup());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));

    expect(await screen.findByText('Your account has been created successfully! 🎉')).toBeInTheDocument();
    expect(registered(calls)).toEqual([
      {
        method: 'POST',
        path: '/auth/register',
        body: {
          email: 'thandi@students.wits.ac.za',
          password: 'Str0ng!pass',
          firstName: 'Thandi',
          lastName: 'Nkosi',
          studentNumber: '2345678',
          university: 'wits',
          userType: 'seller',
        },
      },
    ]);
    expect(router.state.location.pathname).toBe('/signup');

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(router.state.location.pathname).toBe('/signup');
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    // The redirect has started. Real time again while the login page's code loads: under a fake clock
    // Testing Library's waits step it 50 ms at a time and give up after 50 fake seconds, a few real
    // milliseconds, which a loaded machine's module load outlasts; they would also move the clock as far
    // as the toast's own closing.
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('You can now log in with your email and password')).toBeInTheDocument();
    // That line is a toast, drawn outside the page, and the router's state moves before React draws the
    // login page: until the login form's own heading shows, "Email Address" is still the sign-up
    // field, holding what was typed.
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
    // The email is carried over so the student only types the password.
    expect(screen.getByLabelText('Email Address')).toHaveValue('thandi@students.wits.ac.za');
  });

  it.each([
    [json(409, { error: 'Email already exists', code: 'CONFLICT' }), 'Email already exists'],
    [json(400, { error: 'Password must contain at least one special character', code: 'VALIDATION' }), 'Password must contain at least one special character'],
    [json(400, {}), 'Invalid input data'],
    [json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }), 'Something went wrong on our side. Please try again.'],
    [json(502), 'Failed to create account'],
  ])('shows the failure message and stays (%#)', async (answer, message) => {
    const user = userEvent.setup();
    mockApi((call) => (call.path === '/auth/register' ? answer : undefined));
    const { router } = renderApp('/signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Join Reshelf' })).toBeInTheDocument();
  });

  it('explains a network failure', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (call.path === '/auth/register') return networkError();
      return undefined;
    });
    renderApp('/signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Join Reshelf' }));
    expect(await screen.findByText("We're having trouble right now. Please try again in a few minutes.")).toBeInTheDocument();
  });
});
