// The page a wishlist email's "Stop emails" link opens (/wishlist/unsubscribe/:token), no login needed:
// it says which entry the link is about and stops its emails with one button. Opening the link changes
// nothing (mail scanners open links); mail apps' own one-click unsubscribe posts to the API directly.
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, CheckCircle2, LinkIcon } from 'lucide-react';
import { MESSAGES, WISHLIST_NOTICES, formatRand, universityName, wishlistEntryText, type UnsubscribeAnswer } from '@reshelf/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { usePageTitle } from '../../lib/use-page-title';
import { unsubscribe, unsubscribeQuery, wishlistPath } from './api';

function entryWords(entry: UnsubscribeAnswer['entry']): string {
  return wishlistEntryText({
    isbn: entry.isbn,
    q: entry.q,
    course: entry.course,
    universityName: entry.university ? universityName(entry.university) : null,
    maxPrice: entry.maxPrice === null ? null : formatRand(entry.maxPrice),
  });
}

export function UnsubscribePage() {
  usePageTitle(WISHLIST_NOTICES.unsubscribeTitle);
  const { token = '' } = useParams();
  const client = useQueryClient();
  const { student } = useSession();
  const query = useQuery(unsubscribeQuery(token));
  const stop = useAction({ mutationFn: () => unsubscribe(token) });
  const wishlist = student ? wishlistPath(student.role) : null;

  const onStop = () =>
    stop.run(undefined, {
      onSuccess: (answer) => client.setQueryData(unsubscribeQuery(token).queryKey, answer),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.unsubscribeFailed)),
    });

  let body;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-24" />
      </div>
    );
  } else if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <EmptyState
        icon={gone ? <CheckCircle2 /> : <LinkIcon />}
        title={gone ? MESSAGES.unsubscribeEntryGone : errorMessage(query.error, MESSAGES.unsubscribeInvalid)}
        text={gone ? undefined : 'Open the link from the email again, or manage your emails on your Wishlist page.'}
        action={<ButtonLink to={wishlist ?? '/login'}>{wishlist ? 'Open your wishlist' : 'Log in'}</ButtonLink>}
      />
    );
  } else {
    const words = entryWords(query.data.entry);
    body = query.data.emails ? (
      <div className="rounded-card border border-ink-200 bg-white p-6 shadow-soft">
        <p className="text-lg font-semibold break-words text-ink-900 [overflow-wrap:anywhere]">{WISHLIST_NOTICES.unsubscribeQuestion(words)}</p>
        <p className="mt-2 text-ink-600">{WISHLIST_NOTICES.unsubscribeKeeps}</p>
        <Button className="mt-6 max-sm:w-full" onClick={onStop} loading={stop.busy}>
          {!stop.busy && <BellOff aria-hidden="true" size={18} />} Stop these emails
        </Button>
      </div>
    ) : (
      <div role="status" className="rounded-card border border-brand-200 bg-brand-50 p-6">
        <p className="flex items-start gap-2 text-lg font-semibold break-words text-brand-900 [overflow-wrap:anywhere]">
          <CheckCircle2 aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-brand-700" />
          {WISHLIST_NOTICES.unsubscribeDone(words)}
        </p>
        <p className="mt-2 text-brand-950">{WISHLIST_NOTICES.unsubscribeKeeps}</p>
        {wishlist && (
          <ButtonLink to={wishlist} variant="outline" className="mt-5">
            Open your wishlist
          </ButtonLink>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{WISHLIST_NOTICES.unsubscribeTitle}</h1>
      {body}
    </div>
  );
}
