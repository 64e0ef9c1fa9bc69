// Settings' sign-in providers card (docs/decisions/0036-sign-in-providers.md): each provider configured on
// the server, linked (with Unlink) or not (Link: the provider's sign-in, started with the intent of linking
// to this account). The server refuses to unlink the last way to sign in, and says why. A link coming back
// (?linked=… or ?signInError=…) is announced here, and opens the Security tab.
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { SIGN_IN_PROVIDER_MESSAGES, SIGN_IN_PROVIDER_NAMES, isSignInProvider, type IdentitiesResponse, type SignInProvider } from '@reshelf/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, API_BASE } from '../../lib/api';
import { serverErrorText } from '../../lib/session';
import { signInErrorText, useSignInProviders } from '../../lib/sign-in-providers';
import { useAction } from '../../lib/use-action';

/** The providers linked to the signed-in account, and whether it has a password (GET /auth/identities). */
export const identitiesQuery = queryOptions({
  queryKey: ['auth', 'identities'] as const,
  queryFn: ({ signal }) => api<IdentitiesResponse>('/auth/identities', { signal }),
});

/**
 * False only when the account is known to have no password (it signs in with providers alone); the
 * change-password form is then of no use. Asked only where providers are configured: without them no
 * account can be without a password.
 */
export function useHasPassword(): boolean {
  const any = useSignInProviders().length > 0;
  const linked = useQuery({ ...identitiesQuery, enabled: any });
  return linked.data?.hasPassword ?? true;
}

/** The tab settings opens on: Security when a provider link just came back. */
export function useSettingsTab(): string | undefined {
  const params = new URLSearchParams(useLocation().search);
  return params.has('linked') || params.has('signInError') ? 'security' : undefined;
}

export function LinkedProviders() {
  const providers = useSignInProviders();
  const [search, setSearch] = useSearchParams();
  const client = useQueryClient();
  const linked = useQuery({ ...identitiesQuery, enabled: providers.length > 0 }).data;
  const unlinking = useAction({ mutationFn: (id: SignInProvider) => api(`/auth/identities/${id}`, { method: 'DELETE' }) }, (id) => id);

  // Announced once, then taken out of the address so a reload does not say it again.
  useEffect(() => {
    const done = search.get('linked');
    const error = signInErrorText(search);
    if (!done && !error) return;
    if (done && isSignInProvider(done)) toast.success(SIGN_IN_PROVIDER_MESSAGES.linked(SIGN_IN_PROVIDER_NAMES[done]));
    if (error) toast.error(error);
    setSearch({}, { replace: true });
  }, [search, setSearch]);

  if (providers.length === 0) return null;

  const unlink = (id: SignInProvider) =>
    unlinking.run(id, {
      onSuccess: () => {
        client.setQueryData(identitiesQuery.queryKey, (current) => current && { ...current, identities: current.identities.filter((i) => i.provider !== id) });
        toast.success(SIGN_IN_PROVIDER_MESSAGES.unlinked(SIGN_IN_PROVIDER_NAMES[id]));
      },
      onError: (error) => toast.error(serverErrorText(error, SIGN_IN_PROVIDER_MESSAGES.notLinked)),
    });

  return (
    <section aria-labelledby="linked-providers-title">
      <h3 id="linked-providers-title" className="flex items-center gap-2 text-lg font-bold text-ink-900">
        <Link2 aria-hidden="true" size={20} className="text-brand-700" />
        {SIGN_IN_PROVIDER_MESSAGES.cardHeading}
      </h3>
      <p className="mt-1 text-ink-600">{linked && !linked.hasPassword ? SIGN_IN_PROVIDER_MESSAGES.cardIntroNoPassword : SIGN_IN_PROVIDER_MESSAGES.cardIntro}</p>
      <ul className="mt-4 flex flex-col divide-y divide-ink-200 rounded-xl ring-1 ring-ink-200">
        {providers.map((id) => {
          const name = SIGN_IN_PROVIDER_NAMES[id];
          const identity = linked?.identities.find((i) => i.provider === id);
          return (
            <li key={id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-ink-900 first-letter:uppercase">{name}</p>
                <p className="text-sm break-all text-ink-600">{identity ? `Linked${identity.email ? `: ${identity.email}` : ''}` : 'Not linked'}</p>
              </div>
              {identity ? (
                <Button variant="outline" size="sm" onClick={() => unlink(id)} aria-busy={unlinking.isRunning(id) || undefined} aria-label={`Unlink ${name}`}>
                  {unlinking.isRunning(id) ? 'Unlinking...' : 'Unlink'}
                </Button>
              ) : (
                <a href={`${API_BASE}/auth/oauth/${id}?intent=link`} className={buttonClasses('outline', 'sm')} aria-label={`Link ${name}`}>
                  Link
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
