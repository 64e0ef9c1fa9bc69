// HTTP for orders, their messages and reviews (docs/api.md, Orders).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_STATUSES, acceptOrderSchema, createOrderSchema, messageSchema, reasonSchema, reviewSchema } from '@reshelf/shared';
import { forbidden } from '../../lib/errors.ts';
import { requireRole, requireStudent } from '../../plugins/session.ts';
import type { OrdersService } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const listQuery = z.object({
  as: z.enum(['buyer', 'seller'], { error: 'as must be buyer or seller' }).default('buyer'),
  status: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',') : undefined))
    .pipe(z.array(z.enum(ORDER_STATUSES, { error: `status must be among: ${ORDER_STATUSES.join(', ')}` })).optional()),
  page: z.coerce.number({ error: 'page must be a whole number of at least 1' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a whole number from 1 to 50' }).int().min(1).max(50).default(20),
});
// Decline and cancel may come with no body at all.
const optionalReason = z.preprocess((body) => body ?? {}, reasonSchema);

export async function orderRoutes(app: FastifyInstance, opts: { orders: OrdersService }) {
  const { orders } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/orders', { schema: { body: createOrderSchema } }, async (request, reply) => {
    const auth = requireStudent(request);
    if (auth.student.role !== 'buyer') throw forbidden('Access denied. Buyer account required.');
    const key = request.headers['idempotency-key'];
    const result = await orders.createIdempotent(auth, request.body.bookId, typeof key === 'string' ? key : undefined);
    return reply.status(result.statusCode).send(result.body);
  });

  r.get('/api/v1/orders', { schema: { querystring: listQuery } }, async (request) => {
    const auth = requireStudent(request);
    const q = request.query;
    return orders.list(auth, q.as, q.page, q.pageSize, q.status);
  });

  r.get('/api/v1/orders/:id', { schema: { params: idParams } }, async (request) => {
    return { order: await orders.get(requireStudent(request), request.params.id) };
  });

  r.post('/api/v1/orders/:id/accept', { schema: { params: idParams, body: acceptOrderSchema } }, async (request) => {
    return { order: await orders.accept(requireStudent(request), request.params.id, request.body) };
  });

  r.post('/api/v1/orders/:id/decline', { schema: { params: idParams, body: optionalReason } }, async (request) => {
    return { order: await orders.decline(requireStudent(request), request.params.id, request.body.reason) };
  });

  r.post('/api/v1/orders/:id/cancel', { schema: { params: idParams, body: optionalReason } }, async (request) => {
    return { order: await orders.cancel(requireStudent(request), request.params.id, request.body.reason) };
  });

  r.post('/api/v1/orders/:id/complete', { schema: { params: idParams } }, async (request) => {
    return { order: await orders.complete(requireStudent(request), request.params.id) };
  });

  r.post('/api/v1/orders/:id/review', { schema: { params: idParams, body: reviewSchema } }, async (request, reply) => {
    return reply.status(201).send(await orders.review(requireStudent(request), request.params.id, request.body));
  });

  r.get('/api/v1/orders/:id/messages', { schema: { params: idParams } }, async (request) => {
    return orders.messages(requireStudent(request), request.params.id);
  });

  r.post('/api/v1/orders/:id/messages', { schema: { params: idParams, body: messageSchema } }, async (request, reply) => {
    const message = await orders.postMessage(requireStudent(request), request.params.id, request.body.body);
    return reply.status(201).send({ message });
  });

  r.get('/api/v1/buyer/summary', async (request) => {
    const auth = requireRole(request, 'buyer');
    return orders.buyerCounts(auth);
  });
}
