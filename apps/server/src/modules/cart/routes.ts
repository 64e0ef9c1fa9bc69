// The buyer's cart (buyers only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/session.ts';
import type { CartService } from './service.ts';

const item = z.object({
  type: z.enum(['book', 'package'], { error: 'type must be book or package' }),
  id: z.string({ error: 'id is required' }).min(1, 'id is required').max(64),
});

export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }) {
  const { cart } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/cart', async (request) => ({ cart: await cart.view(requireRole(request, 'buyer')) }));
  r.post('/api/v1/cart/items', { schema: { body: item } }, async (request, reply) => {
    const auth = requireRole(request, 'buyer');
    return reply.status(201).send({ cart: await cart.add(auth, request.body.type, request.body.id) });
  });
  r.delete('/api/v1/cart/items/:type/:id', { schema: { params: item } }, async (request) => {
    const auth = requireRole(request, 'buyer');
    return { cart: await cart.remove(auth, request.params.type, request.params.id) };
  });
  r.post('/api/v1/cart/checkout', async (request) => cart.checkout(requireRole(request, 'buyer')));
}
