// HTTP for moderation: the admin's queue and the approve / decline decisions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOOK_STATUSES, bookListSchema, bookResponseSchema, declineListingSchema, pagingQuerySchema, oneOf } from '@reshelf/shared';
import { z } from 'zod';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import { bookIdParams } from '../listings/schemas.ts';
import type { ModerationService } from './service.ts';

const queueQuery = pagingQuerySchema.extend({
  status: z.enum(BOOK_STATUSES, { error: oneOf('status', BOOK_STATUSES) }).default('pending'),
});

export async function moderationRoutes(app: FastifyInstance, opts: { moderation: ModerationService }) {
  const { moderation } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Anyone but an admin hears 401/403 whatever they sent.
  const config = { access: 'admin' } as const;

  r.get('/api/v1/admin/books', { config, schema: { querystring: queueQuery, response: { 200: bookListSchema, ...errors(400, 401, 403) } } }, async (request) => {
    const { status, page, pageSize } = request.query;
    return moderation.queue(status, page, pageSize);
  });

  r.post('/api/v1/admin/books/:id/approve', { config, schema: { params: bookIdParams, response: { 200: bookResponseSchema, ...errors(400, 401, 403, 404, 409) } } }, async (request) => {
    return { book: await moderation.approve(request.params.id) };
  });

  r.post('/api/v1/admin/books/:id/decline', { config, schema: { params: bookIdParams, body: declineListingSchema, response: { 200: bookResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } }, async (request) => {
    return { book: await moderation.decline(request.params.id, request.body.reason) };
  });
}
