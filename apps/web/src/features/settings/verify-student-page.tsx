// The page the verification email's link opens (/verify-student?token=...). Opening it changes nothing
// (mail scanners open links): the student presses Confirm, which posts the token. Confirming needs the
// session of the account that asked, so a visitor is asked to log in and comes back to this link, and a
// signed-in student sees which account the link will verify.
// docs/decisions/0035-verified-students.md, docs/decisions/0037-verification-needs-its-student.md
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BadgeCheck, CheckCircle2, LinkIcon, LogIn } from 'lucide-react';
import { VERIFY_STUDENT_MESSAGES as M } from '@reshelf/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { api, errorMessage } from '../../lib/api';
import { areaPath, useSession, type LoginRedirectState } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { usePageTitle } from '../../lib/use-page-title';

interface Confirmed {
  message: string;
}

export const confirmVerification = (token: string) => api<Confirmed>('/account/verify-student/confirm', { method: 'POST', body: { token } });

export function VerifyStudentPage() {
  usePageTitle(M.confirmTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { student, isLoading, refresh } = useSession();
  const location = useLocation();
  // Login returns to this very link (afterLoginPath lets any account back to it).
  const from = location.pathname + location.search;
  const confirm = useAction({ mutationFn: confirmVerification });
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const settings = student ? `${areaPath(student.role)}/settings` : null;

  const onConfirm = () =>
    confirm.run(token, {
      onSuccess: (answer) => {
        setDone(answer.message);
        // The signed-in student's own answers now carry Student.verified.
        void refresh();
      },
      onError: (error) => setProblem(errorMessage(error, M.confirmFailed)),
    });

  let body;
  if (!token || problem) {
    body = (
      <EmptyState
        icon={<LinkIcon />}
        title={problem ?? M.linkInvalid}
        action={settings ? <ButtonLink to={settings}>{M.toSettings}</ButtonLink> : <ButtonLink to="/login">Log in</ButtonLink>}
      />
    );
  } else if (done) {
    body = (
      <div role="status" className="rounded-card border border-brand-200 bg-brand-50 p-6">
        <p className="flex items-start gap-2 text-lg font-semibold text-brand-900">
          <CheckCircle2 aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-brand-700" />
          {done}
        </p>
        {settings && (
          <ButtonLink to={settings} variant="outline" className="mt-5">
            {M.toSettings}
          </ButtonLink>
        )}
      </div>
    );
  } else if (!student) {
    body = isLoading ? (
      <div className="grid place-items-center py-10 text-brand-700">
        <Spinner size="lg" label="Checking your session" />
      </div>
    ) : (
      <div className="rounded-card border border-ink-200 bg-white p-6 shadow-soft">
        <p className="text-ink-700">{M.signInToConfirm}</p>
        <ButtonLink to="/login" state={{ from } satisfies LoginRedirectState} className="mt-6 max-sm:w-full">
          <LogIn aria-hidden="true" size={18} /> {M.logInToConfirm}
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <div className="rounded-card border border-ink-200 bg-white p-6 shadow-soft">
        <p className="text-ink-700">{M.confirmIntro}</p>
        <p className="mt-3 font-semibold break-words text-ink-900">{M.confirmFor(student.email)}</p>
        <Button className="mt-6 max-sm:w-full" onClick={onConfirm} loading={confirm.busy}>
          {!confirm.busy && <BadgeCheck aria-hidden="true" size={18} />} {confirm.busy ? M.confirming : M.confirm}
        </Button>
        <p className="mt-5 text-sm text-ink-600">
          {M.notThisAccount}{' '}
          <Link
            to="/login"
            state={{ from, denied: true } satisfies LoginRedirectState}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {M.otherAccount}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{M.confirmTitle}</h1>
      {body}
    </div>
  );
}
