// GET /api/v1/packages (anyone), the buyer's own package orders (list, cancel) and the admin's package-order desk.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  PACKAGE_ORDER_STATUSES,
  packageOrderItemsSchema,
  packageOrderListSchema,
  packageOrderResponseSchema,
  packagesResponseSchema,
  pagingFields,
} from '@reshelf/shared';
import { z } from 'zod';
import { errors } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import type { PackagesService } from './service.ts';

const listQuery = z.object({
  status: z.enum(PACKAGE_ORDER_STATUSES, { error: MESSAGES.packageOrderStatus }).optional(),
  ...pagingFields,
});
const params = z.object({ id: z.string().min(1).max(64), action: z.enum(['confirm', 'collect', 'cancel'], { error: MESSAGES.unknownAction }) });
const ownParams = z.object({ id: z.string().min(1).max(64) });
const ACTION_TO_STATUS = { confirm: 'confirmed', collect: 'collected', cancel: 'cancelled' } as const;

export async function packageRoutes(app: FastifyInstance, opts: { packages: PackagesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const buyer = { access: 'buyer' } as const;
  const admin = { access: 'admin' } as const;
  r.get('/api/v1/packages', { schema: { response: { 200: packagesResponseSchema, ...errors() } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { items: opts.packages.list() };
  });
  r.get('/api/v1/package-orders', { config: buyer, schema: { response: { 200: packageOrderItemsSchema, ...errors(401, 403) } } }, async (request) => {
    return { items: await opts.packages.mine(studentOf(request)) };
  });
  r.post(
    '/api/v1/package-orders/:id/cancel',
    { config: buyer, schema: { params: ownParams, response: { 200: packageOrderResponseSchema, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => ({ packageOrder: await opts.packages.cancelMine(studentOf(request), request.params.id) }),
  );
  r.get('/api/v1/admin/package-orders', { config: admin, schema: { querystring: listQuery, response: { 200: packageOrderListSchema, ...errors(400, 401, 403) } } }, async (request) => {
    return opts.packages.adminList(request.query.status, request.query.page, request.query.pageSize);
  });
  r.post(
    '/api/v1/admin/package-orders/:id/:action',
    { config: admin, schema: { params, response: { 200: packageOrderResponseSchema, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => ({ packageOrder: await opts.packages.advance(request.params.id, ACTION_TO_STATUS[request.params.action]) }),
  );
}
