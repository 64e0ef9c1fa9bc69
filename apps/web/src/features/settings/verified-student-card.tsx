// The settings card for verified students (docs/decisions/0035-verified-students.md): a verified student
// sees where and since when; anyone else enters an address at their university and is told to check
// that inbox. The link in the email opens the confirmation page (verify-student-page.tsx).
import { useState } from 'react';
import { BadgeCheck, MailCheck } from 'lucide-react';
import {
  UNIVERSITY_EMAIL_DOMAINS,
  VERIFY_STUDENT_MESSAGES as M,
  formatDate,
  universityName,
  verifyStudentSchema,
  type Student,
  type VerifyStudentBody,
} from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { VerifiedBadge } from '../../components/ui/verified-badge';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useSchemaForm } from '../../lib/schema-form';
import { useAction } from '../../lib/use-action';

export const requestVerification = (body: VerifyStudentBody) => api('/account/verify-student', { method: 'POST', body });

export function VerifiedStudentCard({ student }: { student: Student }) {
  const form = useSchemaForm<{ email: string }, VerifyStudentBody>(verifyStudentSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useAction({ mutationFn: requestVerification });
  const verified = student.verified ?? null;
  const domains = UNIVERSITY_EMAIL_DOMAINS[student.university] ?? [];

  // The server's refusal of the address goes under the field; anything else (offline, a fault) is a toast.
  const onSubmit = form.handleSubmit((body) =>
    send.run(body, {
      onSuccess: () => setSentTo(body.email),
      onError: (error) => {
        setSentTo(null);
        const refusal = error instanceof ApiError ? error.fields?.email : undefined;
        if (refusal) form.setError('email', { type: 'server', message: refusal }, { shouldFocus: true });
        else toast.error(errorMessage(error, M.sendFailed));
      },
    }),
  );

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
            <FormField
              form={form}
              name="email"
              label={M.emailLabel}
              hint={domains.length ? M.emailHint(domains.join(', ')) : undefined}
              className="min-w-0 sm:flex-1"
            >
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={domains[0] ? `name@${domains[0]}` : undefined}
                {...form.field('email')}
              />
            </FormField>
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
