// robots.txt and sitemap.xml for the public pages, built from PUBLIC_URL so every deployment names itself.
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGES } from './service.ts';

export async function seoRoutes(app: FastifyInstance) {
  const base = app.ctx.config.publicUrl;
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /buyer',
    'Disallow: /seller',
    'Disallow: /admin',
    'Disallow: /reset',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((p) => `  <url><loc>${base}${p === '/' ? '/' : p}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  // Files for crawlers, not part of the JSON API: kept out of the OpenAPI document.
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));
}
