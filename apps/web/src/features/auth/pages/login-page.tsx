// Login: the first failing rule is toasted; success welcomes the student and
// replaces the page with their area (or the page the guard stopped them at, when their role may see it).
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, universityName, welcome } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { LEAVES_PAGE, toastFirstError, useFirstIssueForm, useSubmitOnce } from '../../../lib/form';
import { afterLoginPath, areaPath, useSession, type LoginRedirectState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { ProviderButtons } from '../components/provider-buttons';
import { AuthShell, ForgotPasswordLink, FormHeading, PromoPanel, PromoPoints } from '../components/auth-shell';

interface LoginValues {
  email: string;
  password: string;
}

/** The form's rules (zod), fetched on first focus so they are usually there by the time of the submit. */
const loadRules = () => import('../login-rules');
const loadSchema = () => loadRules().then((rules) => rules.loginSchema);

interface LoginLocationState extends LoginRedirectState {
  /** Prefilled after sign-up. */
  email?: string;
}

export function LoginPage() {
  usePageTitle('Login', 'Log in to Reshelf to buy and sell second-hand textbooks with students at your university.');
  const { student, isLoading, login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const form = useFirstIssueForm<LoginValues, LoginValues>(loadSchema, {
    email: typeof state.email === 'string' ? state.email : '',
    password: '',
  });
  const { onSubmit, busy } = useSubmitOnce(
    form,
    async (values) => {
      const result = await login(values);
      if (result.ok) {
        toast.success(welcome(result.student.firstName));
        navigate(afterLoginPath(result.student.role, state.from, result.student.roles), { replace: true });
        return LEAVES_PAGE;
      }
      if (!result.busy) toast.error(result.error);
    },
    // Offline before the rules arrived: the login could not have reached the server either.
    { onInvalid: toastFirstError(form), onCheckFailed: () => toast.error(MESSAGES.loginFailedRetry) },
  );

  // Already signed in: straight to their area, unless the guard just refused them (they may want to
  // switch accounts), or this page's own login is finishing. A remembered student counts once the
  // start-up check has confirmed them: one whose session has ended would be sent to their area and back
  // here, emptying what they were typing.
  if (student && !isLoading && !state.denied && !busy) return <Navigate to={afterLoginPath(student.role, state.from, student.roles)} replace />;

  return (
    <AuthShell
      aside={
        <PromoPanel title="Welcome Back">
          <p className="mt-3 max-w-md text-brand-100 sm:mt-4 sm:text-lg">
            Log in to pick up where you left off: your books, your orders and your campus meetups.
          </p>
          <PromoPoints />
        </PromoPanel>
      }
    >
      <FormHeading title="Log in to your account" text="Use the email address you signed up with." />
      <ProviderButtons />
      {student && state.denied && (
        <p className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          You are signed in as {student.firstName} ({student.role}
          {student.university ? `, ${universityName(student.university)}` : ''}).{' '}
          <Link to={areaPath(student.role)} className="font-semibold underline underline-offset-2">
            Go to your dashboard
          </Link>{' '}
          or log in with another account.
        </p>
      )}
      <form
        onSubmit={onSubmit}
        onFocus={() => void loadRules().catch(() => {})}
        noValidate
        aria-label="Login"
        className="mt-8 flex flex-col gap-5"
      >
        <FormField form={form} name="email" quiet label="Email Address" id="login-email">
          <Input type="email" inputMode="email" autoComplete="email" placeholder="Email Address" {...form.field('email')} />
        </FormField>
        <FormField form={form} name="password" quiet label="Password" id="login-password">
          <PasswordInput autoComplete="current-password" placeholder="Password" {...form.field('password')} />
        </FormField>
        <ForgotPasswordLink />
        <Button type="submit" size="lg" className="w-full" aria-busy={busy || undefined}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
        <p className="text-center text-sm text-ink-600">
          New to Reshelf?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign Up
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
