// Server state of a sign-in with an identity provider that is not finished yet (docs/api.md, Sign-in
// providers): the pending sign-in the server holds for this browser, finishing it as a new account, or
// linking it to an existing one with its password.
import { queryOptions } from '@tanstack/react-query';
import type { CompleteProviderSignUpBody, LinkProviderBody, PendingSignIn, StudentResponse } from '@reshelf/shared';
import { ApiError, api } from '../../lib/api';

export const authKeys = {
  pending: ['auth', 'oauth', 'pending'] as const,
};

/** The pending sign-in, or null when there is none (it expired, or another tab finished it). */
export const pendingSignInQuery = queryOptions({
  queryKey: authKeys.pending,
  queryFn: ({ signal }) =>
    api<{ pending: PendingSignIn }>('/auth/oauth/pending', { signal }).then(
      (answer) => answer.pending,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      },
    ),
  // It is used up by finishing it: always asked afresh.
  gcTime: 0,
  retry: false,
});

export const completeProviderSignUp = (body: CompleteProviderSignUpBody) =>
  api<StudentResponse>('/auth/oauth/complete', { method: 'POST', body });

export const linkProvider = (body: LinkProviderBody) => api<StudentResponse>('/auth/oauth/link', { method: 'POST', body });
