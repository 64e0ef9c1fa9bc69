// Liveness (/healthz) and readiness (/readyz: the database answers) for load balancers and orchestrators.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, healthSchema } from '@reshelf/shared';
import { errors } from '../../lib/route-schemas.ts';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { response: { 200: healthSchema, ...errors() } } }, async () => ({ status: 'ok' as const }));
  r.get('/readyz', { schema: { response: { 200: healthSchema, ...errors(503) } } }, async (request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ok' as const };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.status(503).send({ error: MESSAGES.databaseNotReady, code: 'NOT_READY' });
    }
  });
}
