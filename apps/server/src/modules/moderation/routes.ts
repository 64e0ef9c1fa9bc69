// HTTP for moderation: the admin's queue and the approve / decline decisions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOOK_STATUSES, declineListingSchema } from '@reshelf/shared';
import { z } from 'zod';
import { requireRole } from '../../plugins/session.ts';
import { bookIdParams, pageQuery } from '../listings/schemas.ts';
import type { ModerationService } from './service.ts';

const queueQuery = pageQuery.extend({
  status: z.enum(BOOK_STATUSES, { error: `status must be one of: ${BOOK_STATUSES.join(', ')}` }).default('pending'),
});

export async function moderationRoutes(app: FastifyInstance, opts: { moderation: ModerationService }) {
  const { moderation } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Role check before validation: anyone but an admin hears 401/403 whatever they sent.
  const admin = async (request: FastifyRequest) => void requireRole(request, 'admin');

  r.get('/api/v1/admin/books', { preValidation: admin, schema: { querystring: queueQuery } }, async (request) => {
    const { status, page, pageSize } = request.query;
    return moderation.queue(status, page, pageSize);
  });

  r.post('/api/v1/admin/books/:id/approve', { preValidation: admin, schema: { params: bookIdParams } }, async (request) => {
    return { book: await moderation.approve(request.params.id) };
  });

  r.post('/api/v1/admin/books/:id/decline', { preValidation: admin, schema: { params: bookIdParams, body: declineListingSchema } }, async (request) => {
    return { book: await moderation.decline(request.params.id, request.body.reason) };
  });
}
