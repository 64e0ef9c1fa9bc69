// Security headers (a CSP the app itself satisfies), compression, and the cross-site write check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { MESSAGES } from '@reshelf/shared';
import type { Config } from '../config.ts';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD } from '../lib/encoding.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { containsNul } from '../lib/input.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers helmet sets for these options. They are the same on every answer, so they are worked out
 * once here instead of by helmet on every request (it re-parses the CSP each time; docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => void (failure = err));
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of API answers (JSON, and nothing a browser renders as a page): what still matters when a
 * response is not a document, as OWASP's REST cheat sheet lists it. A policy that allows nothing in case
 * one is ever opened as a page, no framing, no sniffing, no embedding by other sites, and HSTS when it is
 * on. The page-only headers (the app's CSP, COOP, referrer and permissions policies, the legacy X-headers)
 * would add half as much again to a typical JSON answer (docs/performance.md, Fix 8).
 *
 * No API answer is stored by a browser or a cache unless its route says otherwise: most depend on who is
 * signed in (session, orders, messages, cart, notifications), and a route added later is covered without
 * anyone remembering to. The public ones that cache (catalogue, packages, avatars) set their own header.
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const wsOrigin = config.publicOrigin.replace(/^http/, 'ws');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // 'wasm-unsafe-eval' lets the page compile WebAssembly (the sell wizard's barcode reader, a file of
        // our own) and nothing else: eval and new Function stay refused (decision 0027).
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        // No inline <style> or style="" anywhere: the toast library's CSS ships as a file (vite.config.ts).
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", wsOrigin],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'manifest-src': ["'self'"],
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The camera for this origin only: the sell wizard scans a book's barcode. Frames and other origins get none.
  headers['permissions-policy'] = 'camera=(self), microphone=(), geolocation=(), payment=()';
  const answerHeaders = apiHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? answerHeaders : headers);
    done();
  });

  // Small answers (a book, a session) cost more CPU to compress than they save on the wire. Answers
  // already in memory up to 64 KB (a catalogue page fits) are compressed in one call: a compression
  // stream per answer (the plugin's default above 8 KB) costs a cold search a large share of its time
  // (docs/performance.md, Fix 5). Files are streams and stay streamed.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'], syncThreshold: 65_536, brotliOptions: BROTLI_OPTIONS });

  // Cross-site protection: a write from another origin, or one the browser marks cross-site, is
  // refused. These hooks run on every request, so they are plain callbacks (no promise per request).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!WRITE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if ((origin !== undefined && origin !== config.publicOrigin) || fetchSite === 'cross-site') {
      return done(forbidden(MESSAGES.csrf, 'CSRF'));
    }
    done();
  });

  // A NUL character in a path or JSON body is refused before any rule or query sees it. (Query values are
  // numbers and fixed choices, except the catalogue's search text, which drops what it cannot search.)
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.body)) {
      return done(badRequest(MESSAGES.invalidInput, undefined, 'INVALID_CHARACTERS'));
    }
    done();
  });
});
