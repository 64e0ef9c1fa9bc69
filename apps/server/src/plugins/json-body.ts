// How the API reads request bodies: JSON only (uploads are multipart, parsed in the listings scope),
// within a size that fits the largest real payload, and refused cheaply when nested deeper than any is.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@reshelf/shared';
import { badRequest } from '../lib/errors.ts';
import { jsonNestingExceeds } from '../lib/input.ts';

/**
 * The largest JSON body a client needs: a contact message (5,000 characters, names, an email and the
 * 2,000-character honeypot) or a listing edit (5,000 + 2,000) is about 7,500 UTF-16 units, ~45 KB even
 * when every one is written as a \uXXXX escape. Anything bigger is refused with 413 while it is read, so
 * a hostile body costs at most this much reading and scanning instead of the 1 MiB Fastify allows.
 * Multipart uploads do not pass through here: they have their own per-file and per-field limits.
 */
export const JSON_BODY_LIMIT = 64 * 1024;


export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  // Fastify reads text/plain bodies as strings by default, so a JSON route answered a text body with a
  // validation error (400); without a parser, Fastify answers 415, which says what is actually wrong.
  app.removeContentTypeParser('text/plain');

  // Fastify's own JSON parser (secure-json-parse with the instance's prototype-poisoning settings),
  // behind a nesting check: JSON.parse is slow on a body of nothing but brackets, and the check stops at
  // the first bracket too deep instead.
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingExceeds(body as string)) return done(badRequest(MESSAGES.jsonTooDeep, undefined, 'JSON_TOO_DEEP'), undefined);
    parseJson(request, body as string, done);
  });
});
