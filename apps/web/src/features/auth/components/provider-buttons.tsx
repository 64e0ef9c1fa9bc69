// "Continue with Google" and the others configured on the server (GET /auth/providers), for the login and
// sign-up pages; nothing at all when none is. Each is a plain link: the sign-in is a top-level navigation
// to the server, which redirects to the provider (docs/decisions/0036-sign-in-providers.md). A sign-in that
// came back refused (?signInError=…) is said above them.
import { useSearchParams } from 'react-router';
import { SIGN_IN_PROVIDER_MESSAGES, SIGN_IN_PROVIDER_NAMES } from '@reshelf/shared';
import { API_BASE } from '../../../lib/api';
import { signInErrorText, useSignInProviders } from '../../../lib/sign-in-providers';

/** An outline button's look, but the label wraps: "Continue with single sign-on" is wider than a 320 px screen's button. */
const LINK_CLASSES =
  'flex min-h-12 w-full items-center justify-center rounded-full border-2 border-brand-600 bg-white px-5 py-2 text-center text-base font-semibold ' +
  'text-brand-700 transition-colors duration-150 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

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
                <a href={`${API_BASE}/auth/oauth/${id}`} className={LINK_CLASSES}>
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
