// GET /api/v1/books — the public catalogue (anyone may browse), with a spelling suggestion for a search
// that finds few or no books (docs/decisions/0024-search-that-forgives.md); GET /api/v1/student/course-books
// — the books for sale for the signed-in student's courses (docs/decisions/0029-student-courses.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogueListSchema, catalogueQuerySchema, courseBooksResponseSchema } from '@reshelf/shared';
import { sendListJson } from '../../lib/json-text.ts';
import { errors } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
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

  // The caller's own courses (the session's student carries them): nothing in the address to change.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/student/course-books',
    { config: { access: 'student' }, schema: { response: { 200: courseBooksResponseSchema, ...errors(401) } } },
    async (request) => opts.catalogue.courseBooks(studentOf(request).student),
  );
}
