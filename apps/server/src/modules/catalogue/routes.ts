// GET /api/v1/books — the public catalogue (anyone may browse), with a spelling suggestion for a search
// that finds few or no books (docs/decisions/0024-search-that-forgives.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogueListSchema, catalogueQuerySchema } from '@reshelf/shared';
import { sendListJson } from '../../lib/json-text.ts';
import { errors } from '../../lib/route-schemas.ts';
import type { CatalogueService } from './service.ts';

export async function catalogueRoutes(app: FastifyInstance, opts: { catalogue: CatalogueService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/books',
    // The page goes out as JSON text put together from its cached books' texts (lib/json-text.ts), which
    // the serializer does not see: the books were Book JSON when they were cached.
    { schema: { querystring: catalogueQuerySchema, response: { 200: catalogueListSchema, ...errors(400) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const page = await opts.catalogue.search(request.query);
      return sendListJson(request, reply, page);
    },
  );
}
