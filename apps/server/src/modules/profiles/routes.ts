// HTTP for public student profiles (docs/api.md, Students): GET /api/v1/students/:id for anyone, signed in
// or not. Thin: the service puts the profile together.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicProfileResponseSchema, studentIdParamsSchema } from '@reshelf/shared';
import { errors } from '../../lib/route-schemas.ts';
import type { ProfilesService } from './service.ts';

export async function profileRoutes(app: FastifyInstance, opts: { profiles: ProfilesService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/students/:id',
    { schema: { params: studentIdParamsSchema, response: { 200: publicProfileResponseSchema, ...errors(400, 404) } } },
    async (request, reply) => {
      // The same for everyone, like the catalogue: a cache may keep it but asks again before each use, so a
      // suspension, a new review or a sold book shows at once.
      reply.header('cache-control', 'no-cache');
      return { profile: await opts.profiles.profile(request.params.id) };
    },
  );
}
