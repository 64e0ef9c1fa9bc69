// The identity providers configured on the server (GET /auth/providers), and the sentence for a sign-in
// the server sent back refused (?signInError=…): shared by the login, sign-up and settings pages.
import { useEffect, useState } from 'react';
import { SIGN_IN_PROVIDER_ERRORS, type ProvidersResponse, type SignInProvider } from '@reshelf/shared';
import { api } from './api';

/** The providers configured on the server; empty until known, and when the question fails. */
export function useSignInProviders(): SignInProvider[] {
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  useEffect(() => {
    let live = true;
    api<ProvidersResponse>('/auth/providers').then(
      (answer) => live && setProviders(answer.providers),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/** The refusal the server sent the browser back with, if any, as its sentence. */
export function signInErrorText(search: URLSearchParams): string | null {
  const code = search.get('signInError');
  return code && Object.hasOwn(SIGN_IN_PROVIDER_ERRORS, code) ? SIGN_IN_PROVIDER_ERRORS[code as keyof typeof SIGN_IN_PROVIDER_ERRORS] : null;
}
