// Serves the built web app: hashed assets with long cache headers, index.html for page routes
// (history fallback), JSON 404 for unknown /api paths, plain 404 for missing files.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@reshelf/shared';
import { preferredCoding } from '../lib/encoding.ts';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reshelf</title></head><body><p>The web app has not been built yet. Run <code>npm run build</code>.</p></body></html>`;

/** The page in each encoding, made once: index.html answers every page route, and compressing it on each
 *  request would cost most of what the server can answer per second (docs/performance.md, Fix 9). */
function encodedPage(body: Buffer) {
  return {
    identity: body,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  let indexHtml: ReturnType<typeof encodedPage> | undefined;
  const readIndex = () => (indexHtml ??= encodedPage(hasBuild ? fs.readFileSync(indexPath) : Buffer.from(FALLBACK_INDEX)));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // This version of @fastify/static hands setHeaders the Fastify reply, not the raw response.
      setHeaders(res: unknown, filePath: string) {
        const rel = path.relative(opts.webDist, filePath);
        const value = rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
        const target = res as { header?: (k: string, v: string) => void; setHeader?: (k: string, v: string) => void };
        if (target.header) target.header('cache-control', value);
        else target.setHeader?.('cache-control', value);
      },
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const page = readIndex();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const coding = preferredCoding(request.headers['accept-encoding']);
    // Sent with its Content-Encoding set, so the compression plugin leaves it as it is.
    if (coding) return reply.header('content-encoding', coding).send(page[coding]);
    return reply.send(page.identity);
  };

  // The web app's page, not the JSON API: kept out of the OpenAPI document (as the static files are).
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ error: MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.posix.basename(url).includes('.');
    if (isPage) return sendIndex(request, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send(MESSAGES.notFound);
  });
});
