// The central error handler: every failure leaves as {error, code, fields?}; 5xx hide their internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

export const GENERIC_500 = 'Something went wrong on our side. Please try again.';

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

/** The API's error body for a failed schema validation: the first message as `error`, every field's first in `fields`. */
export function validationBody(err: Pick<FastifyError, 'validation'>): ErrorBody {
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const v of err.validation ?? []) {
    const issue = (v.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined)?.issue;
    const message = issue?.message ?? v.message ?? 'Invalid value';
    const field = issue?.path?.length ? String(issue.path[0]) : v.instancePath.replace(/^\//, '').split('/')[0] || '';
    first ??= message;
    if (field && !(field in fields)) fields[field] = message;
  }
  const body: ErrorBody = { error: first ?? 'Invalid request', code: 'VALIDATION' };
  if (Object.keys(fields).length) body.fields = fields;
  return body;
}

/** Fastify's own errors that a client caused, mapped to the API's status codes and plain words. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON', 'The request body is empty'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'Invalid content length'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'TOO_LARGE', 'The request body is too large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'TOO_LARGE', 'Each image must be 5MB or smaller'],
  FST_FILES_LIMIT: [400, 'VALIDATION', 'Maximum 6 images allowed'],
  FST_PARTS_LIMIT: [400, 'VALIDATION', 'Too many parts in the upload'],
  FST_FIELDS_LIMIT: [400, 'VALIDATION', 'Too many fields in the upload'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload'],
  FST_ERR_VALIDATION: [400, 'VALIDATION', 'Invalid request'],
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      const body: ErrorBody = { error: err.message, code: err.code };
      if (err.fields && Object.keys(err.fields).length) body.fields = err.fields;
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      return reply.status(400).send(validationBody(err));
    }
    const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[2], code: known[1] });
    if (err.statusCode === 429) {
      return reply.status(429).send({ error: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: err.message || 'Bad request', code: 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: GENERIC_500, code: 'INTERNAL' });
  });
});
