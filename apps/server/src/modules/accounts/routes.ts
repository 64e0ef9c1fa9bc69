// HTTP for accounts, sessions and the student's profile: thin, rules live in the service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  addRoleSchema,
  changePasswordSchema,
  deleteAccountSchema,
  facultySchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  studentCoursesSchema,
  studentResponseSchema,
  ROLE_CHANGE_MESSAGES,
} from '@reshelf/shared';
import { limitByAddress } from '../../lib/address-limit.ts';
import { JSON_BODY_ERRORS, errors, noContent } from '../../lib/route-schemas.ts';
import { clearSessionCookie, setSessionCookie, studentOf, syncSignedInHint } from '../../plugins/session.ts';
import type { AccountsService } from './service.ts';

const HOUR = 3_600_000;
/** Per-IP ceilings stay generous: many students share one campus NAT address (sign-ups: config). */
const IP_LIMITS = {
  login: { max: 300, windowMs: HOUR },
  reset: { max: 60, windowMs: HOUR },
};

/** What another module ends at logout in this browser besides the session (its own cookies and rows). */
export type LogoutHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export async function accountRoutes(app: FastifyInstance, opts: { accounts: AccountsService; onLogout?: readonly LogoutHook[] }) {
  const { accounts, onLogout = [] } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const limitRegister = limitByAddress(app, 'register', { max: app.ctx.config.signupsPerAddressPerHour, windowMs: HOUR });
  const limitLogin = limitByAddress(app, 'login', IP_LIMITS.login);
  const limitReset = limitByAddress(app, 'reset', IP_LIMITS.reset);

  r.post('/api/v1/auth/register', { onRequest: limitRegister, schema: { body: registerSchema, response: { 201: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 409, 429) } } }, async (request, reply) => {
    const student = await accounts.register(request.body);
    return reply.status(201).send({ student });
  });

  r.post('/api/v1/auth/login', { onRequest: limitLogin, schema: { body: loginSchema, response: { 200: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 429) } } }, async (request, reply) => {
    const { student, token, maxAgeSeconds } = await accounts.login(request.body);
    // A session cookie from before login (if any) is replaced, never reused (no fixation).
    setSessionCookie(app, reply, token, maxAgeSeconds);
    return { student };
  });

  // The signed-in hint is brought in line first: a 401 here clears a stale one.
  r.get(
    '/api/v1/auth/session',
    {
      onRequest: (request, reply, done) => {
        syncSignedInHint(app, request, reply);
        done();
      },
      config: { access: 'student' }, schema: { response: { 200: studentResponseSchema, ...errors(401) } } },
    async (request) => ({ student: studentOf(request).student }),
  );

  r.post('/api/v1/auth/logout', { schema: { response: { 204: noContent, ...errors(403) } } }, async (request, reply) => {
    if (request.auth) await accounts.logout(request.auth);
    for (const hook of onLogout) await hook(request, reply);
    clearSessionCookie(app, reply);
    return reply.status(204).send();
  });

  r.post('/api/v1/auth/password-reset', { onRequest: limitReset, schema: { body: resetRequestSchema, response: { 202: messageResponseSchema, ...errors(...JSON_BODY_ERRORS, 429) } } }, async (request, reply) => {
    await accounts.requestPasswordReset(request.body.email);
    return reply.status(202).send({ message: MESSAGES.resetSent });
  });

  r.post('/api/v1/auth/password-reset/confirm', { onRequest: limitReset, schema: { body: resetConfirmSchema, response: { 204: noContent, ...errors(...JSON_BODY_ERRORS, 429) } } }, async (request, reply) => {
    await accounts.confirmPasswordReset(request.body.token, request.body.password);
    clearSessionCookie(app, reply);
    return reply.status(204).send();
  });

  r.put('/api/v1/auth/password', { config: { access: 'student' }, schema: { body: changePasswordSchema, response: { 204: noContent, ...errors(...JSON_BODY_ERRORS, 401, 429) } } }, async (request, reply) => {
    const auth = studentOf(request);
    await accounts.changePassword(auth, request.body);
    return reply.status(204).send();
  });

  r.delete('/api/v1/account', { config: { access: 'student' }, schema: { body: deleteAccountSchema, response: { 204: noContent, ...errors(...JSON_BODY_ERRORS, 401, 429) } } }, async (request, reply) => {
    const auth = studentOf(request);
    await accounts.deleteAccount(auth, request.body.password);
    clearSessionCookie(app, reply);
    return reply.status(204).send();
  });

  // Buying or selling added to the account (docs/decisions/0033-one-account-both-roles.md): 403 for an admin.
  r.post('/api/v1/account/roles', { config: { access: 'student', adminRefused: ROLE_CHANGE_MESSAGES.adminAccount }, schema: { body: addRoleSchema, response: { 200: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 403) } } }, async (request) => {
    const student = await accounts.addRole(studentOf(request), request.body);
    return { student };
  });

  r.get('/api/v1/student/profile', { config: { access: 'student' }, schema: { response: { 200: studentResponseSchema, ...errors(401) } } }, async (request) => ({
    student: studentOf(request).student,
  }));

  r.put('/api/v1/student/faculty', { config: { access: 'student' }, schema: { body: facultySchema, response: { 200: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 429) } } }, async (request) => {
    const auth = studentOf(request);
    const student = await accounts.updateFaculty(auth, request.body);
    return { student };
  });

  // The course list on its own: the faculty details' 24-hour rule is not its rule.
  r.put('/api/v1/student/courses', { config: { access: 'student' }, schema: { body: studentCoursesSchema, response: { 200: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 401) } } }, async (request) => {
    const student = await accounts.updateCourses(studentOf(request), request.body);
    return { student };
  });
}
