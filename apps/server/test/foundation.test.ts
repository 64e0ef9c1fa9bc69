import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { loadConfig, ConfigError } from '../src/config.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`foundation (${dialectUnderTest})`, () => {
  it('answers liveness and readiness', async () => {
    const live = await t.app.inject('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject('/api/v1/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('serves the app for deep links and unknown pages (history fallback)', async () => {
    for (const url of ['/', '/seller/sell', '/buyer/books?q=calculus', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the page compressed once ahead of time, in the encoding the browser accepts', async () => {
    const plain = await t.app.inject({ url: '/seller/sell', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', zlib.gunzipSync],
      ['deflate', undefined, (b) => b],
    ];
    for (const [acceptEncoding, encoding, decode] of cases) {
      const res = await t.app.inject({ url: '/seller/sell', headers: { 'accept-encoding': acceptEncoding } });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(decode(res.rawPayload).toString('utf8'), acceptEncoding).toBe(plain.body);
    }
  });

  it('serves robots.txt and a sitemap of the public pages under PUBLIC_URL', async () => {
    const robots = await t.app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    for (const p of ['/about', '/contact', '/terms', '/privacy', '/books']) expect(sitemap.body).toContain(`<loc>http://localhost:3000${p}</loc>`);
  });

  it('answers 404 for files that do not exist', async () => {
    const res = await t.app.inject('/uploads/deleted-photo.webp');
    expect(res.statusCode).toBe(404);
  });

  it('serves hashed assets with long cache headers, compressed when asked', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });

  it('sends security headers: CSP, nosniff, frame-ancestors none', async () => {
    const res = await t.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API answers the headers that matter for JSON, without the page-only ones', async () => {
    for (const url of ['/api/v1/books', '/api/v1/does-not-exist']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy', 'x-xss-protection', 'origin-agent-cluster']) {
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it('refuses writes from another origin and cross-site fetches', async () => {
    const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/anything', headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Cross-site request blocked', code: 'CSRF' });
    const fetchSite = await t.app.inject({ method: 'DELETE', url: '/api/v1/anything', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/v1/anything', headers: { origin: 'http://localhost:3000' } });
    expect(sameOrigin.statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.secureCookies).toBe(false);
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it('marks cookies secure behind an https PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://reshelf.co.za/' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://reshelf.co.za/' }).publicOrigin).toBe('https://reshelf.co.za');
  });

  it('refuses bad configuration with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    };
    const both = message({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(both).toContain('PORT');
    expect(both).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message({ ADMIN_EMAIL: 'a@b.co' })).toContain('ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
  });
});
