// Finishing a sign-in with an identity provider (docs/decisions/0036-sign-in-providers.md):
// - /sign-in/complete: a new person gives the student profile (student number, university, role); the
//   name comes filled in from the provider and the verified email is shown, not editable.
// - /sign-in/link: the provider's verified email is an existing account's; its password links the two.
// - /settings: where the server sends a link from settings back; it opens the student's own settings.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  MESSAGES,
  SIGNUP_UNIVERSITIES,
  SIGN_IN_PROVIDER_MESSAGES,
  SIGN_IN_PROVIDER_NAMES,
  USER_TYPES,
  USER_TYPE_LABELS,
  completeProviderSignUpSchema,
  linkProviderSchema,
  welcome,
  type CompleteProviderSignUpBody,
  type PendingSignIn,
  type StudentResponse,
} from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Field, FormField } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { LEAVES_PAGE, toastFirstError, useFirstIssueForm, useSubmitOnce } from '../../../lib/form';
import { areaPath, serverErrorText, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { completeProviderSignUp, linkProvider, pendingSignInQuery } from '../api';
import { AuthShell, ForgotPasswordLink, FormHeading, PromoPanel, PromoPoints } from '../components/auth-shell';
import { LoadFailed } from '../../../components/ui/load-failed';

const UNIVERSITY_OPTIONS = SIGNUP_UNIVERSITIES.map((u) => ({ value: u.id, label: u.label }));

function Shell({ children }: { children: ReactNode }) {
  return (
    <AuthShell
      aside={
        <PromoPanel title="Almost there">
          <PromoPoints />
        </PromoPanel>
      }
    >
      {children}
    </AuthShell>
  );
}

function Expired() {
  return (
    <>
      <FormHeading title={SIGN_IN_PROVIDER_MESSAGES.completeHeading} text={SIGN_IN_PROVIDER_MESSAGES.pendingExpired} />
      <p className="mt-6">
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          Back to login
        </Link>
      </p>
    </>
  );
}

/**
 * The pending sign-in, or what the page shows instead of its form: a spinner while it loads, the
 * expired message when there is none, a retry when it could not be asked.
 */
function usePendingOr(): { pending: PendingSignIn; instead?: undefined } | { pending?: undefined; instead: ReactNode } {
  const query = useQuery(pendingSignInQuery);
  if (query.isPending) return { instead: <Spinner label="Loading" /> };
  if (query.isError) {
    return { instead: <LoadFailed layout="section" what="your sign-in" error={query.error} onRetry={() => void query.refetch()} /> };
  }
  if (query.data === null) return { instead: <Expired /> };
  return { pending: query.data };
}

/** Signs the student in on this page with the answer's student, then opens their area. */
function useFinish() {
  const { setStudent } = useSession();
  const navigate = useNavigate();
  return (answer: StudentResponse) => {
    setStudent(answer.student);
    toast.success(welcome(answer.student.firstName));
    navigate(areaPath(answer.student.role), { replace: true });
  };
}

type ProfileValues = { [K in keyof CompleteProviderSignUpBody]: string };

function CompleteProfileForm({ pending }: { pending: PendingSignIn }) {
  const finish = useFinish();
  const provider = SIGN_IN_PROVIDER_NAMES[pending.provider];
  const form = useFirstIssueForm<ProfileValues, CompleteProviderSignUpBody>(completeProviderSignUpSchema, {
    firstName: pending.firstName,
    lastName: pending.lastName,
    studentNumber: '',
    university: '',
    userType: '',
  });
  const { onSubmit, busy } = useSubmitOnce(
    form,
    async (body) => {
      try {
        finish(await completeProviderSignUp(body));
        return LEAVES_PAGE;
      } catch (error) {
        toast.error(serverErrorText(error, MESSAGES.createAccountFailed));
      }
    },
    { onInvalid: toastFirstError(form) },
  );

  return (
    <>
      <FormHeading title={SIGN_IN_PROVIDER_MESSAGES.completeHeading} text={SIGN_IN_PROVIDER_MESSAGES.completeIntro(provider)} />
      <form onSubmit={onSubmit} noValidate aria-label={SIGN_IN_PROVIDER_MESSAGES.completeHeading} className="mt-8 grid gap-5 sm:grid-cols-2">
        <Field label="Email Address" className="sm:col-span-2" hint={`Verified by ${provider}`}>
          <Input type="email" readOnly value={pending.email} className="break-all" />
        </Field>
        <FormField form={form} name="firstName" quiet label="First Name">
          <Input autoComplete="given-name" {...form.field('firstName')} />
        </FormField>
        <FormField form={form} name="lastName" quiet label="Last Name">
          <Input autoComplete="family-name" {...form.field('lastName')} />
        </FormField>
        <FormField form={form} name="studentNumber" quiet label="Student Number">
          <Input autoComplete="off" {...form.field('studentNumber')} />
        </FormField>
        <FormField form={form} name="university" quiet label="University">
          <Select placeholder="Select University" options={UNIVERSITY_OPTIONS} {...form.field('university')} />
        </FormField>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-ink-800">I want to</legend>
          <div className={cn('mt-1.5 flex flex-wrap gap-4 rounded-xl', form.formState.errors.userType && 'ring-2 ring-red-600')}>
            {USER_TYPES.map((type) => (
              <label key={type} className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-800">
                <input type="radio" value={type} className="size-5" {...form.field('userType')} />
                {USER_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="lg" className="w-full sm:col-span-2" aria-busy={busy || undefined}>
          {busy ? 'Creating your account...' : 'Create my account'}
        </Button>
      </form>
    </>
  );
}

function LinkAccountForm({ pending }: { pending: PendingSignIn }) {
  const finish = useFinish();
  const provider = SIGN_IN_PROVIDER_NAMES[pending.provider];
  const form = useFirstIssueForm(linkProviderSchema, { password: '' });
  const { onSubmit, busy } = useSubmitOnce(
    form,
    async (body) => {
      try {
        const answer = await linkProvider(body);
        toast.success(SIGN_IN_PROVIDER_MESSAGES.linked(provider));
        finish(answer);
        return LEAVES_PAGE;
      } catch (error) {
        toast.error(serverErrorText(error, MESSAGES.loginFailedRetry));
      }
    },
    { onInvalid: toastFirstError(form) },
  );

  return (
    <>
      <FormHeading title={SIGN_IN_PROVIDER_MESSAGES.linkHeading} text={SIGN_IN_PROVIDER_MESSAGES.linkIntro(provider)} />
      <form onSubmit={onSubmit} noValidate aria-label={SIGN_IN_PROVIDER_MESSAGES.linkHeading} className="mt-8 flex flex-col gap-5">
        <Field label="Email Address">
          <Input type="email" readOnly value={pending.email} autoComplete="username" />
        </Field>
        <FormField form={form} name="password" quiet label="Password">
          <PasswordInput autoComplete="current-password" {...form.field('password')} />
        </FormField>
        <ForgotPasswordLink />
        <Button type="submit" size="lg" className="w-full" aria-busy={busy || undefined}>
          {busy ? 'Linking...' : `Link ${provider} and log in`}
        </Button>
      </form>
    </>
  );
}

/** Where each next step of a pending sign-in is taken. */
const STEP_PATHS: Record<PendingSignIn['next'], string> = { 'complete-profile': '/sign-in/complete', 'link-password': '/sign-in/link' };

/** A page for one step of a pending sign-in; a sign-in at the other step is sent to its page. */
function PendingStep({ title, step, Form }: { title: string; step: PendingSignIn['next']; Form: (props: { pending: PendingSignIn }) => ReactNode }) {
  usePageTitle(title);
  const { pending, instead } = usePendingOr();
  if (!pending) return <Shell>{instead}</Shell>;
  if (pending.next !== step) return <Navigate to={STEP_PATHS[pending.next]} replace />;
  return (
    <Shell>
      <Form pending={pending} />
    </Shell>
  );
}

export const CompleteProfilePage = () => <PendingStep title={SIGN_IN_PROVIDER_MESSAGES.completeHeading} step="complete-profile" Form={CompleteProfileForm} />;

export const LinkAccountPage = () => <PendingStep title={SIGN_IN_PROVIDER_MESSAGES.linkHeading} step="link-password" Form={LinkAccountForm} />;

/** /settings?linked=… or ?signInError=…: the signed-in student's own settings, the address kept. */
export function SettingsRedirect() {
  const { student, isLoading } = useSession();
  const location = useLocation();
  if (!student) return isLoading ? <Spinner label="Loading" /> : <Navigate to="/login" replace />;
  return <Navigate to={`${areaPath(student.role)}/settings${location.search}`} replace />;
}
