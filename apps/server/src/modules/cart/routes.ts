// The buyer's cart (buyers only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, cartResponseSchema, checkoutResultSchema } from '@reshelf/shared';
import { z } from 'zod';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import type { CartService } from './service.ts';

const item = z.object({
  type: z.enum(['book', 'package'], { error: MESSAGES.cartItemType }),
  id: z.string({ error: MESSAGES.idRequired }).min(1, MESSAGES.idRequired).max(64),
});

export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }) {
  const { cart } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'buyer' } as const;
  r.get('/api/v1/cart', { config, schema: { response: { 200: cartResponseSchema, ...errors(401, 403) } } }, async (request) => ({
    cart: await cart.view(studentOf(request)),
  }));
  r.post('/api/v1/cart/items', { config, schema: { body: item, response: { 201: cartResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 409) } } }, async (request, reply) => {
    return reply.status(201).send({ cart: await cart.add(studentOf(request), request.body.type, request.body.id) });
  });
  r.delete('/api/v1/cart/items/:type/:id', { config, schema: { params: item, response: { 200: cartResponseSchema, ...errors(400, 401, 403) } } }, async (request) => {
    return { cart: await cart.remove(studentOf(request), request.params.type, request.params.id) };
  });
  // Checkout answers 200 even when some books were taken meanwhile: those are listed in `unavailable`.
  r.post('/api/v1/cart/checkout', { config, schema: { response: { 200: checkoutResultSchema, ...errors(401, 403) } } }, async (request) => cart.checkout(studentOf(request)));
}
