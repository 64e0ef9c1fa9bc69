// The page the verification email's link opens (/verify-student?token=...), signed in or not. Opening it
// changes nothing (mail scanners open links): the student presses Confirm, which posts the token.
// docs/decisions/0035-verified-students.md
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BadgeCheck, CheckCircle2, LinkIcon } from 'lucide-react';
import { VERIFY_STUDENT_MESSAGES as M } from '@reshelf/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { api, errorMessage } from '../../lib/api';
import { areaPath, useSession } from '../../lib/session';
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
  const { student, refresh } = useSession();
  const confirm = useAction({ mutationFn: confirmVerification });
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const settings = student ? `${areaPath(student.role)}/settings` : null;

  const onConfirm = () =>
    confirm.run(token, {
      onSuccess: (answer) => {
        setDone(answer.message);
        // The signed-in student's own answers now carry Student.verified.
        if (student) void refresh();
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
  } else {
    body = (
      <div className="rounded-card border border-ink-200 bg-white p-6 shadow-soft">
        <p className="text-ink-700">{M.confirmIntro}</p>
        <Button className="mt-6 max-sm:w-full" onClick={onConfirm} loading={confirm.busy}>
          {!confirm.busy && <BadgeCheck aria-hidden="true" size={18} />} {confirm.busy ? M.confirming : M.confirm}
        </Button>
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
