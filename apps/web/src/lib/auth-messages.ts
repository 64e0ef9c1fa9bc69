// What a failed login or sign-up says, by what the server answered.
import { MESSAGES } from '@reshelf/shared';
import { ApiError } from './api';
import { serverErrorText } from './session';

/** The login errors. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MESSAGES.invalidCredentials;
    if (error.status === 429) return serverErrorText(error, MESSAGES.tooManyAttempts);
    if (error.status === 0) return MESSAGES.loginFailedRetry;
    return MESSAGES.loginFailed;
  }
  return error instanceof Error && error.message ? error.message : MESSAGES.loginFailedRetry;
}

/** The sign-up errors. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return MESSAGES.emailExists;
    if (error.status === 400) return serverErrorText(error, MESSAGES.invalidInput);
    if (error.status === 0) return MESSAGES.troubleNow;
    return serverErrorText(error, MESSAGES.createAccountFailed);
  }
  return MESSAGES.troubleNow;
}

/** A login answer without a usable student record. */
export const userDataNotFound = MESSAGES.userDataNotFound;
