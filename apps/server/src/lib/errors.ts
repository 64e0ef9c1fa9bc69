// Errors a service throws on purpose; the error plugin turns them into the API's error shape.
import { fieldErrors, MESSAGES, type ValidationIssue } from '@reshelf/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code = 'VALIDATION') =>
  new AppError(400, code, message, fields);
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = MESSAGES.notFound, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooLarge = (message: string, code = 'TOO_LARGE') => new AppError(413, code, message);
export const unsupportedMedia = (message: string, code = 'UNSUPPORTED_MEDIA_TYPE') => new AppError(415, code, message);
export const unprocessable = (message: string, code = 'UNPROCESSABLE') => new AppError(422, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'RATE_LIMITED') =>
  new AppError(429, code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export type { ValidationIssue } from '@reshelf/shared';

/**
 * The API's 400 for input that failed its schema, the only place zod issues become the error shape:
 * `error` is the first issue's message (or `message`, for a form that answers with its own words) and
 * `fields` holds the first message of each top-level field.
 */
export function validationError(issues: readonly ValidationIssue[], message?: string): AppError {
  return badRequest(message ?? issues[0]?.message ?? MESSAGES.invalidInput, fieldErrors({ issues }));
}
