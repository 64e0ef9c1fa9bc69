// HTTP for wishlists: the signed-in student's entries (list, save, emails on or off, delete), and the
// unsubscribe link every wishlist email carries, which needs no login: its token is signed by the server.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pagingQuerySchema,
  unsubscribeParamsSchema,
  unsubscribeResponseSchema,
  wishlistEmailsSchema,
  wishlistEntryInputSchema,
  wishlistEntryParamsSchema,
  wishlistEntryResponseSchema,
  wishlistListSchema,
} from '@reshelf/shared';
import { z } from 'zod';
import { JSON_BODY_ERRORS, errors, noContent } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import type { WishlistsService } from './service.ts';

/** RFC 8058's one-click body is `List-Unsubscribe=One-Click`, form-encoded: small, and nothing in it is needed. */
const FORM_BODY_LIMIT = 1024;

export async function wishlistRoutes(app: FastifyInstance, opts: { wishlists: WishlistsService }) {
  const { wishlists } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'student' } as const;

  // Mail providers send the one-click unsubscribe as a form post; only this module's routes read forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.get('/api/v1/wishlist', { config, schema: { querystring: pagingQuerySchema, response: { 200: wishlistListSchema, ...errors(400, 401) } } }, async (request) => {
    return wishlists.list(studentOf(request).student.id, request.query.page, request.query.pageSize);
  });

  r.post(
    '/api/v1/wishlist',
    {
      config,
      schema: {
        body: wishlistEntryInputSchema,
        response: {
          201: wishlistEntryResponseSchema.describe('Saved'),
          200: wishlistEntryResponseSchema.describe('The student already waited for this under another price: the entry now has the new price'),
          ...errors(...JSON_BODY_ERRORS, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const { status, entry } = await wishlists.add(studentOf(request).student.id, request.body);
      return reply.status(status === 'created' ? 201 : 200).send({ entry });
    },
  );

  r.patch(
    '/api/v1/wishlist/:id',
    { config, schema: { params: wishlistEntryParamsSchema, body: wishlistEmailsSchema, response: { 200: wishlistEntryResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404) } } },
    async (request) => ({ entry: await wishlists.setEmails(studentOf(request).student.id, request.params.id, request.body.emails) }),
  );

  r.delete('/api/v1/wishlist/:id', { config, schema: { params: wishlistEntryParamsSchema, response: { 204: noContent, ...errors(400, 401, 403, 404) } } }, async (request, reply) => {
    await wishlists.remove(studentOf(request).student.id, request.params.id);
    return reply.status(204).send();
  });

  // The unsubscribe link (List-Unsubscribe): a browser that opens it is sent to the web app's page, which
  // asks here for the entry and confirms with a button; a POST (the mail app's one-click, or that button)
  // stops the entry's emails. Nothing changes on a GET, as RFC 8058 asks, since mail scanners open links.
  r.get(
    '/api/v1/wishlist/unsubscribe/:token',
    {
      schema: {
        params: unsubscribeParamsSchema,
        response: { 200: unsubscribeResponseSchema, 303: z.undefined().describe('A browser (Accept: text/html) goes to the confirmation page'), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (/text\/html/.test(accept) && !/application\/json/.test(accept)) {
        return reply.redirect(`/wishlist/unsubscribe/${encodeURIComponent(request.params.token)}`, 303);
      }
      return { unsubscribe: await wishlists.unsubscribeInfo(request.params.token) };
    },
  );

  r.post(
    '/api/v1/wishlist/unsubscribe/:token',
    { schema: { params: unsubscribeParamsSchema, response: { 200: unsubscribeResponseSchema, ...errors(400, 403, 404, 413, 415) } } },
    async (request) => ({ unsubscribe: await wishlists.unsubscribe(request.params.token) }),
  );
}
