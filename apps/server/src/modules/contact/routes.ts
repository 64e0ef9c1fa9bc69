// POST /api/v1/contact — rate-limited per IP; a filled honeypot is accepted and silently dropped.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, contactSchema, messageResponseSchema } from '@reshelf/shared';
import { limitByAddress } from '../../lib/address-limit.ts';
import { validationError } from '../../lib/errors.ts';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import { schemaIssues } from '../../plugins/errors.ts';
import { createContactService } from './service.ts';

/** Per address: 20 submissions in 10 minutes. */
const ADDRESS_LIMIT = { max: 20, windowMs: 10 * 60_000 };

export async function contactRoutes(app: FastifyInstance) {
  const contact = createContactService(app.ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/contact',
    {
      onRequest: limitByAddress(app, 'contact', ADDRESS_LIMIT),
      schema: { body: contactSchema, response: { 201: messageResponseSchema, ...errors(...JSON_BODY_ERRORS, 429) } },
      // Every validation failure of this form answers with the product's text, the details in `fields`.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw validationError(schemaIssues(request.validationError), MESSAGES.contactFailed);
      if (!request.body.website) await contact.send(request.body);
      return reply.status(201).send({ message: MESSAGES.contactSent });
    },
  );
}
