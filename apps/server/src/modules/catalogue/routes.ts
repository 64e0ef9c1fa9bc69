// GET /api/v1/books — the public catalogue (anyone may browse).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogueQuerySchema } from '@reshelf/shared';
import { sendListJson } from '../../lib/json-text.ts';
import type { CatalogueService } from './service.ts';

export async function catalogueRoutes(app: FastifyInstance, opts: { catalogue: CatalogueService }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/books', { schema: { querystring: catalogueQuerySchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const page = await opts.catalogue.search(request.query);
    return sendListJson(request, reply, page);
  });
}
