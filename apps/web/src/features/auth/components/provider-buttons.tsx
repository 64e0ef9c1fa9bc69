// "Continue with Google" and the others configured on the server (GET /auth/providers), for the login and
// sign-up pages; nothing at all when none is. Each is a plain link: the sign-in is a top-level navigation
// to the server, which redirects to the provider (docs/decisions/0036-sign-in-providers.md). A sign-in that
// came back refused (?signInError=…) is said above them.
import { useSearchParams } from 'react-router';
import { SIGN_IN_PROVIDER_MESSAGES, SIGN_IN_PROVIDER_NAMES } from '@reshelf/shared';
import { API_BASE } from '../../../lib/api';
import { signInErrorText, useSignInProviders } from '../../../lib/sign-in-providers';
import { buttonClasses } from '../../../components/ui/button';

export function ProviderButtons() {
  const providers = useSignInProviders();
  const [search] = useSearchParams();
  const error = signInErrorText(search);
  return (
    <>
      {error && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {providers.length > 0 && (
        <nav aria-label="Sign in with another account" className="mt-6">
          <ul className="flex flex-col gap-2">
            {providers.map((id) => (
              <li key={id}>
                <a href={`${API_BASE}/auth/oauth/${id}`} className={buttonClasses('outline', 'lg', 'w-full')}>
                  {SIGN_IN_PROVIDER_MESSAGES.continueWith(SIGN_IN_PROVIDER_NAMES[id])}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-3 text-sm text-ink-600" aria-hidden="true">
            <span className="h-px flex-1 bg-ink-200" />
            or with your email
            <span className="h-px flex-1 bg-ink-200" />
          </p>
        </nav>
      )}
    </>
  );
}
