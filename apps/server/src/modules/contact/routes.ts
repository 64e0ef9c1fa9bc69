// POST /api/v1/contact — rate-limited per IP; a filled honeypot is accepted and silently dropped.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, contactSchema } from '@reshelf/shared';
import { tooManyRequests } from '../../lib/errors.ts';
import { validationBody } from '../../plugins/errors.ts';
import { createContactService } from './service.ts';

const WINDOW_MS = 10 * 60_000;
const MAX_PER_WINDOW = 20;

export async function contactRoutes(app: FastifyInstance) {
  const contact = createContactService(app.ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/contact',
    {
      schema: { body: contactSchema },
      // Every validation failure of this form answers with the spec's text, the details in `fields`.
      attachValidation: true,
    },
    async (request, reply) => {
      const hit = await app.ctx.limiter.hit(`ip:contact:${request.ip}`, WINDOW_MS);
      if (hit.count > MAX_PER_WINDOW) throw tooManyRequests(MESSAGES.tooManyAttempts, hit.resetInMs / 1000);
      if (request.validationError) {
        const { fields } = validationBody(request.validationError);
        return reply.status(400).send({ error: MESSAGES.contactFailed, code: 'VALIDATION', fields });
      }
      if (!request.body.website) await contact.send(request.body);
      return reply.status(201).send({ message: MESSAGES.contactSent });
    },
  );
}
