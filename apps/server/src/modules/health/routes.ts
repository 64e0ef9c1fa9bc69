// Liveness (/healthz) and readiness (/readyz: the database answers) for load balancers and orchestrators.
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.status(503).send({ error: 'The database is not answering', code: 'NOT_READY' });
    }
  });
}
