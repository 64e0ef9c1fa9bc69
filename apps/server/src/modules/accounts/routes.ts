// HTTP for accounts, sessions and the student's profile: thin, rules live in the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  changePasswordSchema,
  deleteAccountSchema,
  facultySchema,
  loginSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from '@reshelf/shared';
import { limitByAddress } from '../../lib/address-limit.ts';
import { clearSessionCookie, requireStudent, setSessionCookie, syncSignedInHint } from '../../plugins/session.ts';
import type { AccountsService } from './service.ts';

const HOUR = 3_600_000;
/** Per-IP ceilings stay generous: many students share one campus NAT address. */
const IP_LIMITS = {
  register: { max: 60, windowMs: HOUR },
  login: { max: 300, windowMs: HOUR },
  reset: { max: 60, windowMs: HOUR },
};

export async function accountRoutes(app: FastifyInstance, opts: { accounts: AccountsService }) {
  const { accounts } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const limitRegister = limitByAddress(app, 'register', IP_LIMITS.register);
  const limitLogin = limitByAddress(app, 'login', IP_LIMITS.login);
  const limitReset = limitByAddress(app, 'reset', IP_LIMITS.reset);

  r.post('/api/v1/auth/register', { onRequest: limitRegister, schema: { body: registerSchema } }, async (request, reply) => {
    const student = await accounts.register(request.body);
    return reply.status(201).send({ student });
  });

  r.post('/api/v1/auth/login', { onRequest: limitLogin, schema: { body: loginSchema } }, async (request, reply) => {
    const { student, token, maxAgeSeconds } = await accounts.login(request.body);
    // A session cookie from before login (if any) is replaced, never reused (no fixation).
    setSessionCookie(app, reply, token, maxAgeSeconds);
    return { student };
  });

  r.get('/api/v1/auth/session', async (request, reply) => {
    syncSignedInHint(app, request, reply);
    const auth = requireStudent(request);
    return { student: auth.student };
  });

  r.post('/api/v1/auth/logout', async (request, reply) => {
    if (request.auth) await accounts.logout(request.auth);
    clearSessionCookie(app, reply);
    return reply.status(204).send();
  });

  r.post('/api/v1/auth/password-reset', { onRequest: limitReset, schema: { body: resetRequestSchema } }, async (request, reply) => {
    await accounts.requestPasswordReset(request.body.email);
    return reply.status(202).send({ message: MESSAGES.resetSent });
  });

  r.post('/api/v1/auth/password-reset/confirm', { onRequest: limitReset, schema: { body: resetConfirmSchema } }, async (request, reply) => {
    await accounts.confirmPasswordReset(request.body.token, request.body.password);
    clearSessionCookie(app, reply);
    return reply.status(204).send();
  });

  r.put('/api/v1/auth/password', { schema: { body: changePasswordSchema } }, async (request, reply) => {
    const auth = requireStudent(request);
    await accounts.changePassword(auth, request.body);
    return reply.status(204).send();
  });

  r.delete('/api/v1/account', { schema: { body: deleteAccountSchema } }, async (request, reply) => {
    const auth = requireStudent(request);
    await accounts.deleteAccount(auth, request.body.password);
    clearSessionCookie(app, reply);
    return reply.status(204).send();
  });

  r.get('/api/v1/student/profile', async (request) => {
    const auth = requireStudent(request);
    return { student: auth.student };
  });

  r.put('/api/v1/student/faculty', { schema: { body: facultySchema } }, async (request) => {
    const auth = requireStudent(request);
    const student = await accounts.updateFaculty(auth, request.body);
    return { student };
  });
}
