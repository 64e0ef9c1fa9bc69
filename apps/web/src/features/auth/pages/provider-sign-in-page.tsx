// Finishing a sign-in with an identity provider (docs/decisions/0036-sign-in-providers.md):
// - /sign-in/complete: a new person gives the student profile (student number, university, role); the
//   name comes filled in from the provider and the verified email is shown, not editable.
// - /sign-in/link: the provider's verified email is an existing account's; its password links the two.
// - /settings: where the server sends a link from settings back; it opens the student's own settings.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  MESSAGES,
  SIGNUP_UNIVERSITIES,
  SIGN_IN_PROVIDER_MESSAGES,
  SIGN_IN_PROVIDER_NAMES,
  USER_TYPES,
  USER_TYPE_LABELS,
  completeProviderSignUpSchema,
  firstIssueMessage,
  linkProviderSchema,
  welcome,
  type PendingSignIn,
  type StudentResponse,
} from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api';
import { areaPath, serverErrorText, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { AuthShell, FormHeading, PromoPanel, PromoPoints } from '../components/auth-shell';

const UNIVERSITY_OPTIONS = SIGNUP_UNIVERSITIES.map((u) => ({ value: u.id, label: u.label }));

/** The pending sign-in the server holds for this browser; null when there is none (or it expired). */
function usePending(): PendingSignIn | null | undefined {
  const [pending, setPending] = useState<PendingSignIn | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api<{ pending: PendingSignIn }>('/auth/oauth/pending').then(
      (answer) => live && setPending(answer.pending),
      () => live && setPending(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return pending;
}

function Shell({ children }: { children: React.ReactNode }) {
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

export function CompleteProfilePage() {
  usePageTitle(SIGN_IN_PROVIDER_MESSAGES.completeHeading);
  const pending = usePending();
  const finish = useFinish();
  const [values, setValues] = useState({ firstName: '', lastName: '', studentNumber: '', university: '', userType: '' });
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  useEffect(() => {
    if (pending) setValues((v) => ({ ...v, firstName: pending.firstName, lastName: pending.lastName }));
  }, [pending]);

  if (pending === undefined) return <Shell><Spinner label="Loading" /></Shell>;
  if (pending === null) return <Shell><Expired /></Shell>;
  if (pending.next === 'link-password') return <Navigate to="/sign-in/link" replace />;
  const provider = SIGN_IN_PROVIDER_NAMES[pending.provider];
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const parsed = completeProviderSignUpSchema.safeParse(values);
    if (!parsed.success) {
      toast.error(firstIssueMessage(parsed.error));
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      finish(await api<StudentResponse>('/auth/oauth/complete', { method: 'POST', body: parsed.data }));
    } catch (error) {
      toast.error(serverErrorText(error, MESSAGES.createAccountFailed));
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Shell>
      <FormHeading title={SIGN_IN_PROVIDER_MESSAGES.completeHeading} text={SIGN_IN_PROVIDER_MESSAGES.completeIntro(provider)} />
      <form onSubmit={onSubmit} noValidate aria-label={SIGN_IN_PROVIDER_MESSAGES.completeHeading} className="mt-8 grid gap-5 sm:grid-cols-2">
        <Field label="Email Address" className="sm:col-span-2" hint={`Verified by ${provider}`}>
          <Input type="email" readOnly value={pending.email} className="break-all" />
        </Field>
        <Field label="First Name">
          <Input autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
        </Field>
        <Field label="Last Name">
          <Input autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
        </Field>
        <Field label="Student Number">
          <Input autoComplete="off" value={values.studentNumber} onChange={set('studentNumber')} />
        </Field>
        <Field label="University">
          <Select placeholder="Select University" options={UNIVERSITY_OPTIONS} value={values.university} onChange={set('university')} />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-ink-800">I want to</legend>
          <div className="mt-1.5 flex flex-wrap gap-4">
            {USER_TYPES.map((type) => (
              <label key={type} className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-800">
                <input type="radio" name="userType" value={type} checked={values.userType === type} onChange={set('userType')} className="size-5" />
                {USER_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="lg" className="w-full sm:col-span-2" aria-busy={busy || undefined}>
          {busy ? 'Creating your account...' : 'Create my account'}
        </Button>
      </form>
    </Shell>
  );
}

export function LinkAccountPage() {
  usePageTitle(SIGN_IN_PROVIDER_MESSAGES.linkHeading);
  const pending = usePending();
  const finish = useFinish();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  if (pending === undefined) return <Shell><Spinner label="Loading" /></Shell>;
  if (pending === null) return <Shell><Expired /></Shell>;
  if (pending.next === 'complete-profile') return <Navigate to="/sign-in/complete" replace />;
  const provider = SIGN_IN_PROVIDER_NAMES[pending.provider];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const parsed = linkProviderSchema.safeParse({ password });
    if (!parsed.success) {
      toast.error(firstIssueMessage(parsed.error));
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const answer = await api<StudentResponse>('/auth/oauth/link', { method: 'POST', body: parsed.data });
      toast.success(SIGN_IN_PROVIDER_MESSAGES.linked(provider));
      finish(answer);
    } catch (error) {
      toast.error(serverErrorText(error, MESSAGES.loginFailedRetry));
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Shell>
      <FormHeading title={SIGN_IN_PROVIDER_MESSAGES.linkHeading} text={SIGN_IN_PROVIDER_MESSAGES.linkIntro(provider)} />
      <form onSubmit={onSubmit} noValidate aria-label={SIGN_IN_PROVIDER_MESSAGES.linkHeading} className="mt-8 flex flex-col gap-5">
        <Field label="Email Address">
          <Input type="email" readOnly value={pending.email} autoComplete="username" />
        </Field>
        <Field label="Password">
          <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <div className="-mt-2 flex justify-end">
          <Link to="/reset" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" aria-busy={busy || undefined}>
          {busy ? 'Linking...' : `Link ${provider} and log in`}
        </Button>
      </form>
    </Shell>
  );
}

/** /settings?linked=… or ?signInError=…: the signed-in student's own settings, the address kept. */
export function SettingsRedirect() {
  const { student, isLoading } = useSession();
  const location = useLocation();
  if (!student) return isLoading ? <Spinner label="Loading" /> : <Navigate to="/login" replace />;
  return <Navigate to={`${areaPath(student.role)}/settings${location.search}`} replace />;
}
