// The central error handler: every failure leaves as {error, code, fields?}; 5xx hide their internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type ApiErrorBody } from '@reshelf/shared';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, validationError, type ValidationIssue } from '../lib/errors.ts';

/** What the log says when an answer does not match its route's response schema (a test's logger prints these). */
export const CONTRACT_BREACH = 'answer does not match its response schema';

/** The issues of a failed route schema validation (the zod validator keeps each issue's path and message). */
export function schemaIssues(err: Pick<FastifyError, 'validation'>): ValidationIssue[] {
  return (err.validation ?? []).map((v) => ({ path: v.instancePath.split('/').slice(1), message: v.message ?? MESSAGES.invalidValue }));
}

/** Fastify's own errors that a client caused, mapped to the API's status codes and plain words. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON', MESSAGES.emptyJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedContentType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', MESSAGES.invalidContentLength],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'TOO_LARGE', MESSAGES.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, 'TOO_LARGE', MESSAGES.imageTooLarge],
  FST_FILES_LIMIT: [400, 'VALIDATION', MESSAGES.maxImages],
  FST_PARTS_LIMIT: [400, 'VALIDATION', MESSAGES.tooManyUploadParts],
  FST_FIELDS_LIMIT: [400, 'VALIDATION', MESSAGES.tooManyUploadFields],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.expectedMultipart],
  FST_ERR_VALIDATION: [400, 'VALIDATION', MESSAGES.invalidRequest],
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = err instanceof AppError ? err : err.validation ? validationError(schemaIssues(err)) : undefined;
    if (appError) {
      if (appError.headers) reply.headers(appError.headers);
      const body: ApiErrorBody = { error: appError.message, code: appError.code };
      if (appError.fields && Object.keys(appError.fields).length) body.fields = appError.fields;
      return reply.status(appError.statusCode).send(body);
    }
    const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[2], code: known[1] });
    if (err.statusCode === 429) {
      return reply.status(429).send({ error: MESSAGES.rateLimited, code: 'RATE_LIMITED' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: err.message || MESSAGES.badRequest, code: 'BAD_REQUEST' });
    }
    if (err.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(err)) {
      // An answer that does not match its route's declared schema is our bug: never sent half-checked.
      request.log.error({ err, issues: err.cause }, CONTRACT_BREACH);
      return reply.status(500).send({ error: MESSAGES.serverError, code: 'INTERNAL' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: MESSAGES.serverError, code: 'INTERNAL' });
  });
});
