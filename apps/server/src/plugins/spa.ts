// Serves the built web app: hashed assets with long cache headers, index.html for page routes
// (history fallback), JSON 404 for unknown /api paths, plain 404 for missing files. The page's head
// describes it for link previews and search engines: absolute addresses from PUBLIC_URL on every page, and
// a listing's own title, description, photo and price on /books/:id when the listing is public. Every page also
// carries the deployment's settings the web app shows (the support address).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@reshelf/shared';
import { compressText, preferredCoding, type Coding } from '../lib/encoding.ts';
import { renderHead, settingsTags, siteHead, splitPage, type PageHead } from '../lib/page-head.ts';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reshelf</title></head><body><p>The web app has not been built yet. Run <code>npm run build</code>.</p></body></html>`;

type EncodedPage = Record<'identity' | 'br' | 'gzip', Buffer>;

/** The page in each encoding, made once: index.html answers every page route, and compressing it on each
 *  request would cost most of what the server can answer per second (docs/performance.md, Fix 9). */
function encodedPage(body: Buffer): EncodedPage {
  return {
    identity: body,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

/** Listings' pages kept, by listing id: enough for the listings being shared at any one time. */
const BOOK_PAGES_KEPT = 1000;

/**
 * A listing's page as made for its tags, each encoding made when a client first asks for it, as the
 * compression plugin would make it per request (brotli quality 4): a crawler asks for thousands of
 * listings once each, and brotli's top quality takes about 20 ms on a 3 KB page here.
 */
interface BookPage {
  tags: string;
  identity: Buffer;
  encoded: Partial<Record<Coding, Buffer>>;
}

/** A listing id as the API makes them; anything else under /books/ is not a listing's page. */
const BOOK_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface SpaOptions {
  webDist: string;
  /** The address people use (PUBLIC_URL): every address in a page's head is made absolute on it. */
  publicUrl: string;
  /** Pages whose og:url is their own address (the sitemap's); every other page's names the home page. */
  publicPages?: readonly string[];
  /** The head of a listing's public page, or null when the listing is not public. */
  bookHead?: (id: string) => Promise<PageHead | null>;
  /** Where students write to the team (SUPPORT_EMAIL), shown by the contact, terms and privacy pages. */
  supportEmail: string;
}

export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  // Split once, at start-up: each page's head is then written in by joining strings.
  const template = splitPage(hasBuild ? fs.readFileSync(indexPath, 'utf8') : FALLBACK_INDEX);
  const settings = settingsTags({ supportEmail: opts.supportEmail });
  /** The page with `tags` (a head rendered by renderHead) and the settings in the place splitPage left. */
  const pageWith = (tags: string) => Buffer.from(template.before + tags + settings + template.after);
  const withHead = (head: PageHead) => pageWith(renderHead(head, template.site));

  // The site's own head, for the home page's address and for each public page's.
  const sitePages = new Map<string, EncodedPage>();
  const ownAddress = new Set(opts.publicPages ?? []);
  const sitePage = (url: string): EncodedPage => {
    const pagePath = url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const key = ownAddress.has(pagePath) ? pagePath : '/';
    let page = sitePages.get(key);
    if (!page) sitePages.set(key, (page = encodedPage(withHead(siteHead(template.site, opts.publicUrl, key)))));
    return page;
  };

  // A listing's page, kept by listing id with the tags it was made from: a listing that changes (its
  // price, its photos, leaving the catalogue) makes new tags, and so a new page, on its next request.
  const bookPages = new Map<string, BookPage>();
  const bookPage = (id: string, head: PageHead): BookPage => {
    const tags = renderHead(head, template.site);
    const kept = bookPages.get(id);
    if (kept?.tags === tags) return kept;
    const page: BookPage = { tags, identity: pageWith(tags), encoded: {} };
    bookPages.delete(id);
    bookPages.set(id, page);
    if (bookPages.size > BOOK_PAGES_KEPT) bookPages.delete(bookPages.keys().next().value!);
    return page;
  };
  const encodedBook = (page: BookPage, coding: Coding | undefined): Buffer => (coding ? (page.encoded[coding] ??= compressText(coding, page.identity)) : page.identity);

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

  const sendIndex = (request: FastifyRequest, reply: FastifyReply, page: EncodedPage | BookPage = sitePage(request.url)) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const coding = preferredCoding(request.headers['accept-encoding']);
    const body = 'tags' in page ? encodedBook(page, coding) : page[coding ?? 'identity'];
    // Sent with its Content-Encoding set, so the compression plugin leaves it as it is.
    if (coding) reply.header('content-encoding', coding);
    return reply.send(body);
  };

  // The web app's page, not the JSON API: kept out of the OpenAPI document (as the static files are).
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

  // A listing's public page (GET, and HEAD with it). Only a listing anyone may see gets its own head; any
  // other id gets the home page's, byte for byte, so the page tells nothing about listings under review.
  app.get<{ Params: { id: string } }>('/books/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    if (!BOOK_ID.test(id)) return reply.callNotFound();
    let head: PageHead | null = null;
    try {
      head = opts.bookHead ? await opts.bookHead(id) : null;
    } catch (err) {
      // The app still loads and shows its own message; only the preview is missing.
      request.log.warn({ err }, 'could not read the listing for its page head');
    }
    return sendIndex(request, reply, head ? bookPage(id, head) : sitePage('/'));
  });

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
