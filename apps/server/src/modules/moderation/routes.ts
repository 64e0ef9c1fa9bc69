// HTTP for moderation: the admin's queue and the approve / decline decisions, and editions' new prices.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOOK_STATUSES,
  approveListingSchema,
  bookListSchema,
  bookResponseSchema,
  declineListingSchema,
  newPriceBodySchema,
  newPriceListSchema,
  newPriceParamsSchema,
  newPriceResponseSchema,
  oneOf,
  pagingQuerySchema,
} from '@reshelf/shared';
import { z } from 'zod';
import { JSON_BODY_ERRORS, errors, noContent } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import { bookIdParams } from '../listings/schemas.ts';
import type { ModerationService } from './service.ts';

const queueQuery = pagingQuerySchema.extend({
  status: z.enum(BOOK_STATUSES, { error: oneOf('status', BOOK_STATUSES) }).default('pending'),
});
// An approval may come with no body at all (then it applies to whatever the listing says by then).
const optionalApproval = z.preprocess((body) => body ?? {}, approveListingSchema);

export async function moderationRoutes(app: FastifyInstance, opts: { moderation: ModerationService }) {
  const { moderation } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Anyone but an admin hears 401/403 whatever they sent.
  const config = { access: 'admin' } as const;

  r.get('/api/v1/admin/books', { config, schema: { querystring: queueQuery, response: { 200: bookListSchema, ...errors(400, 401, 403) } } }, async (request) => {
    const { status, page, pageSize } = request.query;
    return moderation.queue(status, page, pageSize);
  });

  // `seen`, the updatedAt of the listing as the moderator was shown it: 409 LISTING_CHANGED if it was edited since.
  r.post(
    '/api/v1/admin/books/:id/approve',
    { config, schema: { params: bookIdParams, body: optionalApproval, response: { 200: bookResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } },
    async (request) => {
      return { book: await moderation.approve(request.params.id, request.body.seen) };
    },
  );

  r.post('/api/v1/admin/books/:id/decline', { config, schema: { params: bookIdParams, body: declineListingSchema, response: { 200: bookResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } }, async (request) => {
    return { book: await moderation.decline(request.params.id, request.body.reason, request.body.seen) };
  });

  // Editions' new prices, by ISBN (10 or 13 digits, hyphens allowed; stored as its ISBN-13): a wrong check
  // digit is 400 `Invalid ISBN`. PUT sets or replaces one; GET /editions/:isbn answers it as `newPrice`.
  r.get('/api/v1/admin/new-prices', { config, schema: { querystring: pagingQuerySchema, response: { 200: newPriceListSchema, ...errors(400, 401, 403) } } }, async (request) => {
    return moderation.newPrices(request.query.page, request.query.pageSize);
  });

  r.put(
    '/api/v1/admin/new-prices/:isbn',
    { config, schema: { params: newPriceParamsSchema, body: newPriceBodySchema, response: { 200: newPriceResponseSchema, ...errors(...JSON_BODY_ERRORS, 401) } } },
    async (request) => ({ newPrice: await moderation.setNewPrice(studentOf(request).student, request.params.isbn, request.body.price) }),
  );

  r.delete('/api/v1/admin/new-prices/:isbn', { config, schema: { params: newPriceParamsSchema, response: { 204: noContent, ...errors(400, 401, 403, 404) } } }, async (request, reply) => {
    await moderation.removeNewPrice(request.params.isbn);
    return reply.status(204).send();
  });
}
