// Reads the session cookie on every request and exposes the signed-in student (if any), and checks who
// may call a route: a route says `config: { access: 'student' | 'buyer' | 'seller' | 'admin' }` and is
// answered 401/403 before its body is read or validated, so a caller who may not use it learns nothing
// about its input rules. Its handler then reads the caller with studentOf(request).
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, holdsRole, type Role } from '@reshelf/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AccountsService, SignedIn } from '../modules/accounts/service.ts';

export const SESSION_COOKIE = 'reshelf_session';

/** Who may call a route: any signed-in student, or only one role. */
export type Access = 'student' | Role;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * With `access: 'student'`: an admin account is refused with this message (403 `ADMIN`), for what only a
     * student does (report, add buying or selling). Checked with the access, before the body is read.
     */
    adminRefused?: string;
  }
  interface FastifyRequest {
    auth: SignedIn | null;
  }
  interface FastifyInstance {
    /**
     * The signed-in student of a request the hook below leaves unread (outside /api/), for a route there
     * that needs it only sometimes: a photo of a listing not yet approved is its seller's and the admins'.
     */
    sessionOf(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | null>;
  }
}

/**
 * A non-secret companion of the session cookie that the web app can read: without it the app knows there
 * is no session and does not ask (a visitor's every page load would otherwise cost a request answered 401).
 * It proves nothing; the server only ever trusts the httpOnly session cookie.
 */
export const SIGNED_IN_COOKIE = 'reshelf_signed_in';

function setSignedInHint(app: FastifyInstance, reply: FastifyReply, maxAgeSeconds: number) {
  reply.setCookie(SIGNED_IN_COOKIE, '1', { path: '/', sameSite: 'lax', secure: app.ctx.config.secureCookies, maxAge: maxAgeSeconds });
}

function clearSignedInHint(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/', sameSite: 'lax', secure: app.ctx.config.secureCookies });
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.secureCookies,
    maxAge: maxAgeSeconds,
  });
  setSignedInHint(app, reply, maxAgeSeconds);
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.ctx.config.secureCookies });
  clearSignedInHint(app, reply);
}

/**
 * Brings the signed-in hint in line with the session, for the web app's session check: a student signed
 * in before the hint existed gets it (they are not signed out by its arrival), and a hint left without a
 * session (its cookie expired first) is cleared, so the next page load does not ask again. Only here, not
 * on every request: public answers that carry no Set-Cookie stay cacheable.
 */
export function syncSignedInHint(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const hinted = request.cookies[SIGNED_IN_COOKIE] !== undefined;
  if (request.auth && !hinted) setSignedInHint(app, reply, request.auth.cookieMaxAgeSeconds);
  else if (!request.auth && hinted) clearSignedInHint(app, reply);
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { accounts: AccountsService }) => {
  await app.register(cookie);
  // An answer that sets or clears a cookie (sign-in, sign-out, a sliding session's refresh on any API
  // request, a public one included) is never stored: a shared cache would hand the session to the next
  // visitor. Added after the cookie plugin's own hook, which is the one that writes Set-Cookie.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  app.decorateRequest('auth', null);
  const resolve = async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<SignedIn | null> => {
    const found = await opts.accounts.resolveSession(token);
    if (!found) {
      clearSessionCookie(app, reply);
      return null;
    }
    if (found.refreshed) setSessionCookie(app, reply, token, found.cookieMaxAgeSeconds);
    return found;
  };
  // A plain callback: most requests (pages, files, visitors) have no session to look up and pay no promise.
  app.addHook('onRequest', (request, reply, done) => {
    // Static files and pages need no session; only the API reads it.
    if (!request.url.startsWith('/api/')) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    resolve(request, reply, token).then((found) => {
      request.auth = found;
      done();
    }, done);
  });
  // The access check is the last of a route's own onRequest hooks: after the global session lookup above,
  // after a route's rate limit (which counts every attempt), and before the body is parsed.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    const adminRefused = route.config?.adminRefused;
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        if (access === 'student') {
          const auth = requireStudent(request);
          if (adminRefused && auth.student.role === 'admin') throw forbidden(adminRefused, 'ADMIN');
        } else requireRole(request, access);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...own, check];
  });
  app.decorate('sessionOf', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!request.auth && token) request.auth = await resolve(request, reply, token);
    return request.auth;
  });
});

function requireStudent(request: FastifyRequest): SignedIn {
  if (!request.auth) throw unauthorized(MESSAGES.notSignedIn);
  return request.auth;
}

/**
 * The signed-in caller of a route whose `config.access` has already let them in. Throws the same 401 if
 * the route forgot to declare its access, so a missing declaration can never serve an anonymous caller.
 */
export const studentOf = requireStudent;

const ROLE_MESSAGES: Record<Role, string> = {
  buyer: MESSAGES.buyerRequired,
  seller: MESSAGES.sellerRequired,
  admin: MESSAGES.adminRequired,
};

/** The area's role among those the account holds (docs/decisions/0033-one-account-both-roles.md). */
function requireRole(request: FastifyRequest, role: Role): SignedIn {
  const auth = requireStudent(request);
  if (!holdsRole(auth.student, role)) throw forbidden(ROLE_MESSAGES[role]);
  return auth;
}
