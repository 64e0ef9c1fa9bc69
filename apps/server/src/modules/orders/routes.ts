// HTTP for orders, their messages and reviews (docs/api.md, Orders).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  ORDER_STATUSES,
  acceptOrderSchema,
  buyerSummarySchema,
  completeOrderSchema,
  createOrderSchema,
  messageSchema,
  orderListSchema,
  orderMessageListSchema,
  orderMessageResponseSchema,
  orderResponseSchema,
  pagingFields,
  reasonSchema,
  rescheduleOrderSchema,
  reviewResponseSchema,
  reviewSchema,
  statusAmong,
} from '@reshelf/shared';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import type { OrdersService } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const listQuery = z.object({
  as: z.enum(['buyer', 'seller'], { error: MESSAGES.asBuyerOrSeller }).default('buyer'),
  status: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',') : undefined))
    .pipe(z.array(z.enum(ORDER_STATUSES, { error: statusAmong(ORDER_STATUSES) })).optional()),
  ...pagingFields,
});
// Decline, cancel and complete may come with no body at all.
const optionalReason = z.preprocess((body) => body ?? {}, reasonSchema);
const optionalCode = z.preprocess((body) => body ?? {}, completeOrderSchema);

export async function orderRoutes(app: FastifyInstance, opts: { orders: OrdersService }) {
  const { orders } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every route is for a party of the order; who may do what to it (the seller accepts, the buyer
  // completes) is the service's rule, answered 403 there.
  const config = { access: 'student' } as const;
  const ofOrder = { params: idParams };
  /** A changed order: 404 for anyone but its parties, 409 when it is in the wrong state for the change. */
  const changed = { 200: orderResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) };

  // A retry with the same Idempotency-Key gets the first answer again, a refusal included. 409 also when the
  // buyer already has LIMITS.openRequestsPerBuyer requests waiting (TOO_MANY_OPEN_REQUESTS).
  r.post(
    '/api/v1/orders',
    { config: { access: 'buyer' }, schema: { body: createOrderSchema, response: { 201: orderResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409, 422) } } },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const result = await orders.createIdempotent(studentOf(request), request.body.bookId, typeof key === 'string' ? key : undefined);
      // The stored answer is checked against the schema of its status like any other.
      return reply.status(result.statusCode as 201).send(result.body as never);
    },
  );

  r.get('/api/v1/orders', { config, schema: { querystring: listQuery, response: { 200: orderListSchema, ...errors(400, 401) } } }, async (request) => {
    const q = request.query;
    return orders.list(studentOf(request), q.as, q.page, q.pageSize, q.status);
  });

  r.get('/api/v1/orders/:id', { config, schema: { ...ofOrder, response: { 200: orderResponseSchema, ...errors(400, 401, 404) } } }, async (request) => {
    return { order: await orders.get(studentOf(request), request.params.id) };
  });

  r.post('/api/v1/orders/:id/accept', { config, schema: { ...ofOrder, body: acceptOrderSchema, response: changed } }, async (request) => {
    return { order: await orders.accept(studentOf(request), request.params.id, request.body) };
  });

  r.post('/api/v1/orders/:id/decline', { config, schema: { ...ofOrder, body: optionalReason, response: changed } }, async (request) => {
    return { order: await orders.decline(studentOf(request), request.params.id, request.body.reason) };
  });

  r.post('/api/v1/orders/:id/cancel', { config, schema: { ...ofOrder, body: optionalReason, response: changed } }, async (request) => {
    return { order: await orders.cancel(studentOf(request), request.params.id, request.body.reason) };
  });

  // The seller sends the buyer's handover code; 429 while completing by code is locked after wrong codes.
  r.post(
    '/api/v1/orders/:id/complete',
    { config, schema: { ...ofOrder, body: optionalCode, response: { ...changed, ...errors(...JSON_BODY_ERRORS, 401, 404, 409, 429) } } },
    async (request) => {
      return { order: await orders.complete(studentOf(request), request.params.id, request.body.code) };
    },
  );

  // After the meetup time: the other party did not come. The order is cancelled.
  r.post('/api/v1/orders/:id/no-show', { config, schema: { ...ofOrder, response: changed } }, async (request) => {
    return { order: await orders.noShow(studentOf(request), request.params.id) };
  });

  // 429 once one party has proposed LIMITS.meetupProposalsPerHour new times on this order within the hour.
  r.post(
    '/api/v1/orders/:id/reschedule',
    { config, schema: { ...ofOrder, body: rescheduleOrderSchema, response: { ...changed, ...errors(...JSON_BODY_ERRORS, 401, 404, 409, 429) } } },
    async (request) => {
      return { order: await orders.reschedule(studentOf(request), request.params.id, request.body) };
    },
  );

  r.post('/api/v1/orders/:id/reschedule/accept', { config, schema: { ...ofOrder, response: changed } }, async (request) => {
    return { order: await orders.acceptReschedule(studentOf(request), request.params.id) };
  });

  r.get(
    '/api/v1/orders/:id/calendar.ics',
    {
      config,
      schema: {
        ...ofOrder,
        response: {
          200: { description: 'The meetup as an iCalendar (RFC 5545) event', content: { 'text/calendar': { schema: z.string().describe('iCalendar document') } } },
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await orders.calendar(studentOf(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  r.post(
    '/api/v1/orders/:id/review',
    { config, schema: { ...ofOrder, body: reviewSchema, response: { 201: reviewResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } },
    async (request, reply) => reply.status(201).send(await orders.review(studentOf(request), request.params.id, request.body)),
  );

  r.get('/api/v1/orders/:id/messages', { config, schema: { ...ofOrder, response: { 200: orderMessageListSchema, ...errors(400, 401, 404) } } }, async (request) => {
    return orders.messages(studentOf(request), request.params.id);
  });

  r.post(
    '/api/v1/orders/:id/messages',
    { config, schema: { ...ofOrder, body: messageSchema, response: { 201: orderMessageResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } },
    async (request, reply) => {
      const message = await orders.postMessage(studentOf(request), request.params.id, request.body.body);
      return reply.status(201).send({ message });
    },
  );

  r.get('/api/v1/buyer/summary', { config: { access: 'buyer' }, schema: { response: { 200: buyerSummarySchema, ...errors(401, 403) } } }, async (request) => {
    return orders.buyerCounts(studentOf(request));
  });
}
