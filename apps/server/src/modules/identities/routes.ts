// HTTP for sign-in with identity providers: thin, rules live in the service. The start and the callback
// are top-level browser navigations (302s); the pages that finish a sign-in post JSON like the login form.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeProviderSignUpSchema,
  identitiesResponseSchema,
  linkProviderSchema,
  pendingSignInResponseSchema,
  providerCallbackQuerySchema,
  providerParamsSchema,
  providerStartQuerySchema,
  providersResponseSchema,
  studentResponseSchema,
} from '@reshelf/shared';
import { limitByAddress } from '../../lib/address-limit.ts';
import { JSON_BODY_ERRORS, errors, noContent } from '../../lib/route-schemas.ts';
import { setSessionCookie, studentOf } from '../../plugins/session.ts';
import { FLOW_TTL_MS, PENDING_TTL_MS, type IdentitiesService } from './service.ts';

/**
 * The started flow's cookie and the pending sign-in's: httpOnly, SameSite=Lax (the provider's redirect back
 * is a top-level GET), only for the auth routes: these and logout, which ends the sign-in they hold.
 */
export const FLOW_COOKIE = 'reshelf_oauth_flow';
export const PENDING_COOKIE = 'reshelf_oauth_pending';
const COOKIE_PATH = '/api/v1/auth';
const HOUR = 3_600_000;

const cookieOptions = (app: FastifyInstance) => ({ path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: app.ctx.config.secureCookies });

/**
 * Logout's part for sign-in with providers. A sign-in left half-way in this browser (a flow started at a
 * provider, or a pending one waiting for its profile or its password) ends with the session: on a shared
 * computer the next person must not finish it, and so make an account on the last person's verified
 * email and provider account. Its rows are deleted and its cookies expired.
 */
export function endSignInsAtLogout(app: FastifyInstance, identities: IdentitiesService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await identities.abandon(request.cookies[FLOW_COOKIE], request.cookies[PENDING_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, cookieOptions(app));
    reply.clearCookie(PENDING_COOKIE, cookieOptions(app));
  };
}

const redirect = z.undefined().describe('A browser navigation: Location is the provider, or a page of the app');

export async function identityRoutes(app: FastifyInstance, opts: { identities: IdentitiesService }) {
  const { identities } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const setCookie = (reply: FastifyReply, name: string, value: string, ttlMs: number) =>
    reply.setCookie(name, value, { ...cookieOptions(app), maxAge: Math.floor(ttlMs / 1000) });
  const clearCookie = (reply: FastifyReply, name: string) => reply.clearCookie(name, cookieOptions(app));
  // The same per-address ceilings as the login form: each start and callback costs a provider round trip.
  const limitStart = limitByAddress(app, 'oauth-start', { max: 300, windowMs: HOUR });
  const limitLogin = limitByAddress(app, 'login', { max: 300, windowMs: HOUR });
  const limitRegister = limitByAddress(app, 'register', { max: app.ctx.config.signupsPerAddressPerHour, windowMs: HOUR });

  r.get('/api/v1/auth/providers', { schema: { response: { 200: providersResponseSchema, ...errors() } } }, async () => ({ providers: identities.providers() }));

  r.get('/api/v1/auth/oauth/pending', { schema: { response: { 200: pendingSignInResponseSchema, ...errors(404) } } }, async (request) => ({
    pending: await identities.pending(request.cookies[PENDING_COOKIE]),
  }));

  r.post(
    '/api/v1/auth/oauth/complete',
    { onRequest: limitRegister, schema: { body: completeProviderSignUpSchema, response: { 201: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 404, 409, 429) } } },
    async (request, reply) => {
      const { student, token, maxAgeSeconds } = await identities.complete(request.cookies[PENDING_COOKIE], request.body);
      clearCookie(reply, PENDING_COOKIE);
      setSessionCookie(app, reply, token, maxAgeSeconds);
      return reply.status(201).send({ student });
    },
  );

  r.post(
    '/api/v1/auth/oauth/link',
    { onRequest: limitLogin, schema: { body: linkProviderSchema, response: { 200: studentResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409, 429) } } },
    async (request, reply) => {
      const { student, token, maxAgeSeconds } = await identities.linkWithPassword(request.cookies[PENDING_COOKIE], request.body.password);
      clearCookie(reply, PENDING_COOKIE);
      setSessionCookie(app, reply, token, maxAgeSeconds);
      return { student };
    },
  );

  r.get(
    '/api/v1/auth/oauth/:provider',
    { onRequest: limitStart, schema: { params: providerParamsSchema, querystring: providerStartQuerySchema, response: { 302: redirect, ...errors(400, 401, 404, 429) } } },
    async (request, reply) => {
      const { redirect: to, flowToken } = await identities.start(request.params.provider, request.query.intent, request.auth);
      if (flowToken) setCookie(reply, FLOW_COOKIE, flowToken, FLOW_TTL_MS);
      return reply.redirect(to, 302);
    },
  );

  r.get(
    '/api/v1/auth/oauth/:provider/callback',
    { onRequest: limitStart, schema: { params: providerParamsSchema, querystring: providerCallbackQuerySchema, response: { 302: redirect, ...errors(400, 404, 429) } } },
    async (request, reply) => {
      const currentUrl = new URL(request.url, app.ctx.config.publicUrl);
      const outcome = await identities.callback(request.params.provider, currentUrl, request.cookies[FLOW_COOKIE], request.auth);
      clearCookie(reply, FLOW_COOKIE);
      if (outcome.kind === 'signed-in') setSessionCookie(app, reply, outcome.session.token, outcome.session.maxAgeSeconds);
      if (outcome.kind === 'pending') setCookie(reply, PENDING_COOKIE, outcome.pendingToken, PENDING_TTL_MS);
      return reply.redirect(outcome.redirect, 302);
    },
  );

  r.get('/api/v1/auth/identities', { config: { access: 'student' }, schema: { response: { 200: identitiesResponseSchema, ...errors(401) } } }, async (request) =>
    identities.identities(studentOf(request)),
  );

  r.delete(
    '/api/v1/auth/identities/:provider',
    { config: { access: 'student' }, schema: { params: providerParamsSchema, response: { 204: noContent, ...errors(401, 403, 404, 409) } } },
    async (request, reply) => {
      await identities.unlink(studentOf(request), request.params.provider);
      return reply.status(204).send();
    },
  );
}
