// GET /api/v1/avatars/:seed.svg?style=N — a deterministic SVG, cacheable for a year.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, MESSAGES, wholeNumberFromTo } from '@reshelf/shared';
import { errors } from '../../lib/route-schemas.ts';
import { renderAvatar } from './service.ts';

const params = z.object({ seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.invalidAvatarSeed) });
const styleInvalid = wholeNumberFromTo('style', 0, LIMITS.avatarStyles - 1);
const query = z.object({
  style: z.coerce.number({ error: styleInvalid }).int(styleInvalid).min(0, styleInvalid).max(LIMITS.avatarStyles - 1, styleInvalid).default(0),
});

export async function avatarRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/avatars/:seed.svg', {
      schema: {
        params,
        querystring: query,
        response: { 200: { description: 'The avatar', content: { 'image/svg+xml': { schema: z.string().describe('SVG document') } } }, ...errors(400) },
      },
    }, async (request, reply) => {
    const svg = renderAvatar(request.params.seed, request.query.style);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      // An SVG opened directly must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(svg);
  });
}
