// Reset Password: without a token, the form that mails
// a reset link; with ?token=..., the form that sets the new password.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Inbox, KeyRound, MailCheck, MousePointerClick, ShieldAlert } from 'lucide-react';
import { MESSAGES, resetConfirmSchema, resetRequestSchema } from '@reshelf/shared';
import type { z } from 'zod';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field, FormField } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { api, ApiError } from '../../../lib/api';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { LEAVES_PAGE, firstError, toastFirstError, useFirstIssueForm, useSubmitOnce } from '../../../lib/form';
import { serverErrorText, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { AuthShell, FormHeading } from '../components/auth-shell';

export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const RESET_CONFIRM_FAILED = 'Failed to reset password';

const STEPS = [
  { icon: Inbox, title: 'Check your inbox', text: 'Look for an email from Reshelf with the subject about your password.' },
  { icon: MousePointerClick, title: 'Click the link', text: 'The link works once and for one hour.' },
  { icon: KeyRound, title: 'Create a new password', text: 'Choose a strong one you do not use anywhere else.' },
] as const;

function RecoveryTips() {
  return (
    <aside aria-labelledby="recovery-tips" className="bg-brand-50 px-5 py-8 sm:px-10 sm:py-12">
      <h2 id="recovery-tips" className="text-xl font-bold text-ink-900">
        Recovery tips
      </h2>
      <ol className="mt-6 grid gap-5">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex items-start gap-4">
            <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-white text-brand-700 shadow-soft">
              <Icon size={20} />
            </span>
            <span>
              <span className="block font-semibold text-ink-900">
                {index + 1}. {title}
              </span>
              <span className="text-sm text-ink-600">{text}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-8 rounded-xl bg-white px-4 py-3 text-sm text-ink-700 ring-1 ring-brand-100">
        <strong className="font-semibold text-ink-900">No email after a few minutes?</strong> Check your spam folder,
        and make sure you used the address you signed up with.
      </p>
    </aside>
  );
}

function RequestLinkForm() {
  const form = useFirstIssueForm(resetRequestSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { onSubmit, busy } = useSubmitOnce(
    form,
    async (values) => {
      try {
        await api('/auth/password-reset', { method: 'POST', body: values });
        toast.success(MESSAGES.resetSent);
        setSentTo(values.email);
      } catch (error) {
        toast.error(serverErrorText(error, MESSAGES.resetFailed));
      }
    },
    { onInvalid: toastFirstError(form) },
  );

  return (
    <>
      <FormHeading
        level={1}
        title="Reset Password"
        text="Enter the email address of your account and we will send you a link to create a new password."
      />
      {sentTo && (
        <p role="status" className="mt-6 flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200">
          <MailCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          <span>
            If <strong className="break-all">{sentTo}</strong> has a Reshelf account, a reset link is on its way.
          </span>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Reset password" className="mt-8 flex flex-col gap-5">
        <FormField form={form} name="email" quiet label="Email Address" id="reset-email">
          <Input type="email" inputMode="email" autoComplete="email" placeholder="Email Address" {...form.field('email')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" aria-busy={busy || undefined}>
          {busy ? 'Sending Reset Link...' : 'Send Reset Link'}
        </Button>
        <p className="text-center text-sm text-ink-600">
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Back to Login
          </Link>
        </p>
      </form>
    </>
  );
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

type ResetConfirmInput = z.output<typeof resetConfirmSchema>;

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { clear } = useSession();
  // The link's token is checked with the password, as the server will.
  const form = useFirstIssueForm<NewPasswordValues, ResetConfirmInput>(
    { safeParse: (values) => resetConfirmSchema.safeParse({ token, password: (values as NewPasswordValues).password }) },
    { password: '', confirmPassword: '' },
  );
  const password = form.watch('password');
  const [linkInvalid, setLinkInvalid] = useState(false);
  const { onSubmit, busy } = useSubmitOnce(
    form,
    async (body) => {
      if (form.getValues('confirmPassword') !== form.getValues('password')) {
        toast.error(PASSWORDS_DO_NOT_MATCH);
        document.getElementById('reset-confirm')?.focus();
        return;
      }
      try {
        await api('/auth/password-reset/confirm', { method: 'POST', body });
        // The server ended every session of this account, this browser's included.
        clear();
        toast.success(PASSWORD_RESET_DONE);
        navigate('/login', { replace: true });
        return LEAVES_PAGE;
      } catch (error) {
        const message = serverErrorText(error, RESET_CONFIRM_FAILED);
        if (error instanceof ApiError && error.status === 400 && message === MESSAGES.resetInvalid) setLinkInvalid(true);
        toast.error(message);
      }
    },
    {
      onInvalid: (errors) => {
        const message = firstError(errors)?.message ?? MESSAGES.invalidInput;
        if (message === MESSAGES.resetInvalid) setLinkInvalid(true);
        toast.error(message);
      },
    },
  );

  if (linkInvalid) {
    return (
      <div role="alert" className="flex flex-col items-start">
        <span aria-hidden="true" className="grid h-14 w-14 place-items-center rounded-full bg-red-50 text-red-700">
          <ShieldAlert size={28} />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">{MESSAGES.resetInvalid}</h1>
        <p className="mt-2 text-ink-600">Reset links work once and for one hour. Ask for a new one and use the newest email.</p>
        <ButtonLink to="/reset" size="lg" className="mt-8">
          Request a new link
        </ButtonLink>
      </div>
    );
  }

  return (
    <>
      <FormHeading level={1} title="Create a new password" text="Choose a password you have not used on Reshelf before." />
      <form onSubmit={onSubmit} noValidate aria-label="Create a new password" className="mt-8 flex flex-col gap-5">
        <FormField form={form} name="password" quiet label="New Password" id="reset-password">
          <PasswordInput
            autoComplete="new-password"
            placeholder="Password (min 8 characters)"
            aria-describedby="reset-password-rules"
            {...form.field('password')}
          />
        </FormField>
        <PasswordChecklist id="reset-password-rules" password={password} className="-mt-2 sm:grid-cols-2" />
        <Field label="Confirm Password" id="reset-confirm">
          <PasswordInput autoComplete="new-password" placeholder="Type the password again" {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" aria-busy={busy || undefined}>
          {busy ? 'Resetting Password...' : 'Reset Password'}
        </Button>
        <p className="text-center text-sm text-ink-600">
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Back to Login
          </Link>
        </p>
      </form>
    </>
  );
}

export function ResetPage() {
  usePageTitle('Reset Password', 'Forgot your Reshelf password? Get a link by email to create a new one.');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthShell asideLast aside={<RecoveryTips />}>
      {token !== null ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />}
    </AuthShell>
  );
}
