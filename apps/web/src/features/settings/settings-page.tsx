// Settings for both roles: a read-only Profile tab and a Security & Privacy tab with
// the reset link, the password change and the Danger Zone.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { KeyRound, Mail, ShieldCheck, UserRound } from 'lucide-react';
import { MESSAGES, SIGN_IN_PROVIDER_MESSAGES, changePasswordSchema, universityName, type Student } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Field, FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { PasswordChecklist } from '../../components/ui/password-checklist';
import { toastFirstError, useFirstIssueForm } from '../../lib/form';
import { serverErrorText, useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { DeleteAccount } from './delete-account';
import { LinkedProviders, useHasPassword, useSettingsTab } from './linked-providers';
import { AddRoleCard } from './add-role-card';
import { VerifiedStudentCard } from './verified-student-card';

export const PASSWORD_CHANGED = 'Password changed successfully';

function ProfileTab({ student }: { student: Student }) {
  const fields = [
    { label: 'Full Name', value: `${student.firstName} ${student.lastName}`.trim() },
    { label: 'Email Address', value: student.email },
    { label: 'Student Number', value: student.studentNumber },
    { label: 'University', value: universityName(student.university) },
  ];
  return (
    <div>
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <Field key={field.label} label={field.label}>
            <Input readOnly value={field.value} />
          </Field>
        ))}
      </div>
      <p className="mt-6 text-sm text-ink-600">
        Your profile details cannot be changed here. If something is wrong,{' '}
        <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
          contact us
        </Link>
        .
      </p>
      <VerifiedStudentCard student={student} />
    </div>
  );
}

interface BusyProps {
  isBusy: () => boolean;
  setBusy: (busy: boolean) => void;
}

function ResetLink({ student, isBusy, setBusy }: BusyProps & { student: Student }) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (isBusy()) {
      toast.error(MESSAGES.operationBusy);
      return;
    }
    if (!student.email) {
      toast.error(MESSAGES.noEmail);
      return;
    }
    setBusy(true);
    setSending(true);
    try {
      await api('/auth/password-reset', { method: 'POST', body: { email: student.email } });
      toast.success(MESSAGES.resetSent);
    } catch (error) {
      toast.error(serverErrorText(error, MESSAGES.resetFailedSettings));
    } finally {
      setBusy(false);
      setSending(false);
    }
  };
  return (
    <section aria-labelledby="reset-link-title" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 id="reset-link-title" className="flex items-center gap-2 text-lg font-bold text-ink-900">
          <Mail aria-hidden="true" size={20} className="text-brand-700" />
          Password reset link
        </h3>
        <p className="mt-1 text-ink-600">
          We will email a link to <strong className="break-all font-semibold text-ink-800">{student.email}</strong> to set a
          new password.
        </p>
      </div>
      <Button variant="outline" onClick={send} aria-busy={sending || undefined} className="shrink-0">
        {sending ? 'Sending...' : 'Send password reset link'}
      </Button>
    </section>
  );
}

interface ChangePasswordValues {
  oldPassword: string;
  password: string;
}

function ChangePassword({ isBusy, setBusy }: BusyProps) {
  const hasPassword = useHasPassword();
  const form = useFirstIssueForm(changePasswordSchema, { oldPassword: '', password: '' });
  const password = form.watch('password');
  const [saving, setSaving] = useState(false);

  const change = async (values: ChangePasswordValues) => {
    setSaving(true);
    try {
      await api('/auth/password', { method: 'PUT', body: values });
      toast.success(PASSWORD_CHANGED);
      form.reset({ oldPassword: '', password: '' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error(MESSAGES.currentPasswordIncorrect);
      // 429: too many wrong current passwords (login's limit), said in the server's words.
      else if (error instanceof ApiError && (error.status === 400 || error.status === 429)) toast.error(serverErrorText(error, MESSAGES.changePasswordFailed));
      else toast.error(MESSAGES.changePasswordFailed);
    } finally {
      setBusy(false);
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isBusy()) {
      event.preventDefault();
      toast.error(MESSAGES.operationBusy);
      return;
    }
    // Taken at once, in this event: the check that runs first answers a moment later.
    setBusy(true);
    const showProblem = toastFirstError(form, () => true);
    void form.handleSubmit(change, (errors) => {
      setBusy(false);
      showProblem(errors);
    })(event);
  };

  return (
    <section aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="flex items-center gap-2 text-lg font-bold text-ink-900">
        <KeyRound aria-hidden="true" size={20} className="text-brand-700" />
        Change password
      </h3>
      {hasPassword ? (
        <p className="mt-1 text-ink-600">You stay signed in here; other devices are signed out.</p>
      ) : (
        <p className="mt-1 text-ink-600">{SIGN_IN_PROVIDER_MESSAGES.noPasswordToChange}</p>
      )}
      {hasPassword && (
        <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="mt-5 grid gap-5 sm:grid-cols-2">
          <FormField form={form} name="oldPassword" quiet label="Current Password">
            <PasswordInput autoComplete="current-password" {...form.field('oldPassword')} />
          </FormField>
          <FormField form={form} name="password" quiet label="New Password">
            <PasswordInput autoComplete="new-password" aria-describedby="new-password-rules" {...form.field('password')} />
          </FormField>
          <PasswordChecklist id="new-password-rules" password={password} className="sm:col-span-2 sm:grid-cols-3" />
          <div className="sm:col-span-2">
            <Button type="submit" aria-busy={saving || undefined}>
              {saving ? 'Changing Password...' : 'Change Password'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function SecurityTab({ student }: { student: Student }) {
  // One busy flag for every account operation on this tab; a second one meanwhile is told 'Please wait for the current operation to complete'.
  const busy = useRef(false);
  const busyProps: BusyProps = {
    isBusy: () => busy.current,
    setBusy: (value) => {
      busy.current = value;
    },
  };
  return (
    <div className="flex flex-col gap-8">
      <ResetLink student={student} {...busyProps} />
      <hr className="border-ink-200" />
      <ChangePassword {...busyProps} />
      <hr className="border-ink-200" />
      <LinkedProviders />
      <hr className="border-ink-200" />
      <DeleteAccount {...busyProps} />
    </div>
  );
}

export function SettingsPage() {
  usePageTitle('Settings');
  const openTab = useSettingsTab();
  const { student } = useSession();
  if (!student) return null;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <p className="mt-2 text-ink-600">Your profile and the security of your account.</p>
      <div className="mt-8 rounded-card bg-white p-4 shadow-soft ring-1 ring-ink-200/70 sm:p-8">
        <Tabs
          defaultValue={openTab}
          label="Settings"
          items={[
            { id: 'profile', label: 'Profile', icon: <UserRound aria-hidden="true" size={18} />, panel: <ProfileTab student={student} /> },
            {
              id: 'security',
              label: 'Security & Privacy',
              icon: <ShieldCheck aria-hidden="true" size={18} />,
              panel: <SecurityTab student={student} />,
            },
          ]}
        />
      </div>
      <AddRoleCard />
    </div>
  );
}
