// The footer's newsletter sign-up: checks the address with the shared rules first (the first problem
// is toasted), then POST /api/v1/newsletter.
import { useId } from 'react';
import { Mail } from 'lucide-react';
import { MESSAGES } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { firstError, useFirstIssueForm, useSubmitOnce } from '../../lib/form';

/** The rules arrive on the first submit, so zod stays out of the landing page's JS. */
const loadSchema = () => import('./newsletter-rules').then((rules) => rules.newsletterSchema);

export function NewsletterForm() {
  const form = useFirstIssueForm(loadSchema, { email: '' });
  const inputId = useId();
  const hintId = useId();

  const { onSubmit, busy: sending } = useSubmitOnce(
    form,
    async (values) => {
      try {
        await api('/newsletter', { method: 'POST', body: values });
        toast.success(MESSAGES.newsletterSubscribed);
        form.reset({ email: '' });
      } catch (error) {
        toast.error(error instanceof ApiError && error.status !== 0 && error.message ? error.message : MESSAGES.newsletterFailed);
      }
    },
    {
      onInvalid: (errors) => toast.error(firstError(errors)?.message || MESSAGES.newsletterInvalidEmail),
      // Offline on the first submit: the rules could not arrive, nor could the address have.
      onCheckFailed: () => toast.error(MESSAGES.newsletterFailed),
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="text-sm font-bold tracking-wider text-white uppercase">
        Newsletter
      </h2>
      <p id={hintId} className="mt-3 text-sm text-brand-100">
        New listings at your campus and money-saving tips, about once a month. Use your university email or Gmail/iCloud.
      </p>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <div className="relative flex-1">
          <Mail aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-500" />
          <input
            id={inputId}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@uj.ac.za"
            aria-describedby={hintId}
            {...form.register('email')}
            className="h-11 w-full rounded-full border-0 bg-white pr-4 pl-10 text-base text-ink-900 placeholder:text-ink-500 focus:ring-3 focus:ring-brand-300 focus:outline-none"
          />
        </div>
        <Button type="submit" variant="soft" disabled={sending} className="shrink-0">
          {sending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </form>
  );
}
