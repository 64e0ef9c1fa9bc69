// HTTP for verified students (docs/decisions/0035-verified-students.md): thin, rules live in the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  VERIFY_STUDENT_MESSAGES,
  messageResponseSchema,
  universityName,
  verifyStudentConfirmSchema,
  verifyStudentConfirmedSchema,
  verifyStudentSchema,
} from '@reshelf/shared';
import { limitByAddress } from '../../lib/address-limit.ts';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import type { VerificationService } from './service.ts';

const HOUR = 3_600_000;

export async function verificationRoutes(app: FastifyInstance, opts: { verification: VerificationService }) {
  const { verification } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guessing tokens from one address meets the same ceiling as the password reset's.
  const limitConfirm = limitByAddress(app, 'verify-student-confirm', { max: 60, windowMs: HOUR });

  r.post(
    '/api/v1/account/verify-student',
    { config: { access: 'student' }, schema: { body: verifyStudentSchema, response: { 202: messageResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 429) } } },
    async (request, reply) => {
      await verification.request(studentOf(request), request.body.email);
      return reply.status(202).send({ message: VERIFY_STUDENT_MESSAGES.sent });
    },
  );

  // The link's page posts here (a GET would be opened by mail scanners), signed in to the account that
  // asked: the token proves the mailbox, the session which account it verifies
  // (docs/decisions/0037-verification-needs-its-student.md).
  r.post(
    '/api/v1/account/verify-student/confirm',
    {
      onRequest: limitConfirm,
      config: { access: 'student' },
      schema: { body: verifyStudentConfirmSchema, response: { 200: verifyStudentConfirmedSchema, ...errors(...JSON_BODY_ERRORS, 401, 409, 429) } },
    },
    async (request) => {
      const verified = await verification.confirm(studentOf(request), request.body.token);
      return { message: VERIFY_STUDENT_MESSAGES.confirmed(universityName(verified.university)), verified };
    },
  );
}
