// GET /api/v1/packages (anyone), the buyer's own package orders (list, cancel) and the admin's package-order desk.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/session.ts';
import type { PackagesService } from './service.ts';

const listQuery = z.object({
  status: z.enum(['requested', 'confirmed', 'collected', 'cancelled'], { error: 'status must be requested, confirmed, collected or cancelled' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
const params = z.object({ id: z.string().min(1).max(64), action: z.enum(['confirm', 'collect', 'cancel'], { error: 'Unknown action' }) });
const ownParams = z.object({ id: z.string().min(1).max(64) });
const ACTION_TO_STATUS = { confirm: 'confirmed', collect: 'collected', cancel: 'cancelled' } as const;

export async function packageRoutes(app: FastifyInstance, opts: { packages: PackagesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/packages', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { items: opts.packages.list() };
  });
  r.get('/api/v1/package-orders', async (request) => {
    const auth = requireRole(request, 'buyer');
    return { items: await opts.packages.mine(auth) };
  });
  r.post('/api/v1/package-orders/:id/cancel', { schema: { params: ownParams } }, async (request) => {
    const auth = requireRole(request, 'buyer');
    return { packageOrder: await opts.packages.cancelMine(auth, request.params.id) };
  });
  r.get('/api/v1/admin/package-orders', { schema: { querystring: listQuery } }, async (request) => {
    requireRole(request, 'admin');
    return opts.packages.adminList(request.query.status, request.query.page, request.query.pageSize);
  });
  r.post('/api/v1/admin/package-orders/:id/:action', { schema: { params } }, async (request) => {
    requireRole(request, 'admin');
    return { packageOrder: await opts.packages.advance(request.params.id, ACTION_TO_STATUS[request.params.action]) };
  });
}
