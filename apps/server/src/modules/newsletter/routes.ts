// POST /api/v1/newsletter — stored at once; the provider sync happens after the answer and is retried.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, newsletterSchema } from '@reshelf/shared';
import { tooManyRequests } from '../../lib/errors.ts';
import type { NewsletterService } from './service.ts';

const WINDOW_MS = 10 * 60_000;
const MAX_PER_WINDOW = 20;

export async function newsletterRoutes(app: FastifyInstance, opts: { newsletter: NewsletterService }) {
  const { newsletter } = opts;
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/newsletter', { schema: { body: newsletterSchema } }, async (request, reply) => {
    const hit = await app.ctx.limiter.hit(`ip:newsletter:${request.ip}`, WINDOW_MS);
    if (hit.count > MAX_PER_WINDOW) throw tooManyRequests(MESSAGES.tooManyAttempts, hit.resetInMs / 1000);
    await newsletter.subscribe(request.body.email);
    if (newsletter.hasProvider) {
      newsletter.syncNow(request.body.email).catch((err) => request.log.warn({ err }, 'newsletter sync failed; will retry'));
    }
    return reply.status(201).send({ message: MESSAGES.newsletterSubscribed });
  });
}
