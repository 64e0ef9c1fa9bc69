// POST /api/v1/newsletter — stored at once; the provider sync happens after the answer and is retried.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, messageResponseSchema, newsletterSchema } from '@reshelf/shared';
import { limitByAddress } from '../../lib/address-limit.ts';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import type { NewsletterService } from './service.ts';

/** Per address: 20 submissions in 10 minutes. */
const ADDRESS_LIMIT = { max: 20, windowMs: 10 * 60_000 };

export async function newsletterRoutes(app: FastifyInstance, opts: { newsletter: NewsletterService }) {
  const { newsletter } = opts;
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/newsletter', { onRequest: limitByAddress(app, 'newsletter', ADDRESS_LIMIT), schema: { body: newsletterSchema, response: { 201: messageResponseSchema, ...errors(...JSON_BODY_ERRORS, 429) } } }, async (request, reply) => {
    await newsletter.subscribe(request.body.email);
    if (newsletter.hasProvider) {
      newsletter.syncNow(request.body.email).catch((err) => request.log.warn({ err }, 'newsletter sync failed; will retry'));
    }
    return reply.status(201).send({ message: MESSAGES.newsletterSubscribed });
  });
}
