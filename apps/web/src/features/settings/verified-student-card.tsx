// The settings card for verified students (docs/decisions/0035-verified-students.md): a verified student
// sees where and since when; anyone else enters an address at their university and is told to check
// that inbox. The link in the email opens the confirmation page (verify-student-page.tsx).
import { useState, type FormEvent } from 'react';
import { BadgeCheck, MailCheck } from 'lucide-react';
import { UNIVERSITY_EMAIL_DOMAINS, VERIFY_STUDENT_MESSAGES as M, formatDate, universityName, type Student } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { VerifiedBadge } from '../../components/ui/verified-badge';
import { api, errorMessage } from '../../lib/api';
import { useAction } from '../../lib/use-action';

export const requestVerification = (email: string) => api('/account/verify-student', { method: 'POST', body: { email } });

export function VerifiedStudentCard({ student }: { student: Student }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useAction({ mutationFn: requestVerification });
  const verified = student.verified ?? null;
  const domains = UNIVERSITY_EMAIL_DOMAINS[student.university] ?? [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    send.run(address, {
      onSuccess: () => {
        setProblem(null);
        setSentTo(address);
      },
      onError: (error) => {
        setSentTo(null);
        setProblem(errorMessage(error, M.sendFailed));
      },
    });
  };

  return (
    <section aria-labelledby="verified-student-title" className="mt-8 border-t border-ink-200 pt-6">
      <h2 id="verified-student-title" className="flex flex-wrap items-center gap-2 text-lg font-bold text-ink-900">
        <BadgeCheck aria-hidden="true" size={20} className="text-brand-700" />
        {M.cardHeading}
      </h2>
      {verified ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-ink-700">
          <VerifiedBadge />
          <span>{M.verifiedText(universityName(verified.university), formatDate(verified.at))}</span>
        </p>
      ) : (
        <>
          <p className="mt-1 text-ink-600">{M.cardIntro}</p>
          <form onSubmit={onSubmit} noValidate aria-labelledby="verified-student-title" className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
            <Field
              label={M.emailLabel}
              hint={domains.length ? M.emailHint(domains.join(', ')) : undefined}
              error={problem ?? undefined}
              className="min-w-0 sm:flex-1"
            >
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder={domains[0] ? `name@${domains[0]}` : undefined}
              />
            </Field>
            <Button type="submit" loading={send.busy} className="shrink-0 sm:mt-7">
              {send.busy ? M.sending : M.send}
            </Button>
          </form>
          {sentTo && (
            <div role="status" className="mt-4 flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200">
              <MailCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
              <p className="min-w-0">
                <strong className="block font-semibold">{M.inboxHeading}</strong>
                <span className="[overflow-wrap:anywhere]">{M.inboxText(sentTo)}</span>
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
