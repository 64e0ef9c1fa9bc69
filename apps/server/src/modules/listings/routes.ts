// HTTP for listings (docs/api.md, Listings): list a book (multipart), read one, the seller's own list, edit,
// withdraw; and the stored photos under /uploads. Thin: the rules live in the service.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonTextOf, sendJsonText } from '../../lib/json-text.ts';
import type { Storage } from '../../lib/storage.ts';
import { requireRole, requireStudent } from '../../plugins/session.ts';
import { bookIdParams, pageQuery } from './schemas.ts';
import type { ListingsService } from './service.ts';
import { UPLOAD_LIMITS, discardUnreadBody, readListingUpload } from './upload.ts';

/** A photo's answer by who it is for: a file name is never reused, so a public photo caches for a year. */
const PHOTO_CACHE = { public: 'public, max-age=31536000, immutable', private: 'private, no-store' } as const;

export async function listingRoutes(app: FastifyInstance, opts: { listings: ListingsService; storage: Storage }) {
  const { listings, storage } = opts;
  // Multipart only in this scope: the rest of the API takes JSON.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  app.addHook('onResponse', (request, _reply, done) => {
    discardUnreadBody(request);
    done();
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Role checks run before validation and before the upload is read, so a buyer hears 403 at once.
  const seller = async (request: FastifyRequest) => void requireRole(request, 'seller');
  const signedIn = async (request: FastifyRequest) => void requireStudent(request);

  r.post('/api/v1/books', { preValidation: seller }, async (request, reply) => {
    const auth = requireRole(request, 'seller');
    const upload = await readListingUpload(request, (bookData) => listings.parseListing(bookData));
    // The key is claimed only once the whole upload has arrived and passed the stream checks: its hash
    // covers the photos, and an upload refused on the way leaves the key free for a corrected retry.
    const key = request.headers['idempotency-key'];
    const result = await listings.createListingIdempotent(auth.student, upload.bookData, upload.images, typeof key === 'string' ? key : undefined);
    return reply.status(result.statusCode).send(result.body);
  });

  r.get('/api/v1/books/:id', { schema: { params: bookIdParams } }, async (request, reply) => {
    const book = await listings.viewBook(request.auth?.student ?? null, request.params.id);
    return sendJsonText(reply, `{"book":${jsonTextOf(book)}}`);
  });

  r.get('/api/v1/seller/books', { preValidation: seller, schema: { querystring: pageQuery } }, async (request) => {
    const auth = requireRole(request, 'seller');
    return listings.sellerBooks(auth.student.id, request.query.page, request.query.pageSize);
  });

  // JSON edits the details; multipart (`bookData` with the same fields, plus 4-6 `images`) also replaces the photos.
  r.patch('/api/v1/books/:id', { preValidation: signedIn, schema: { params: bookIdParams } }, async (request) => {
    const auth = requireStudent(request);
    if (request.isMultipart()) {
      const upload = await readListingUpload(request);
      const images = upload.images.length ? upload.images : undefined;
      return { book: await listings.editListing(auth.student, request.params.id, upload.bookData, images) };
    }
    return { book: await listings.editListing(auth.student, request.params.id, request.body) };
  });

  r.delete('/api/v1/books/:id', { preValidation: signedIn, schema: { params: bookIdParams } }, async (request, reply) => {
    const auth = requireStudent(request);
    await listings.withdrawListing(auth.student, request.params.id);
    return reply.status(204).send();
  });

  // Stored photos, for whoever may see their listing (the service's rule). A photo someone may not see
  // answers like a missing file, and neither answer is stored anywhere: the URL must work the moment its
  // listing is approved. Photos in an object store are streamed through here too, never linked to.
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    reply.header('x-content-type-options', 'nosniff');
    const audience = await listings.photoAudience(key, async () => (await app.sessionOf(request, reply))?.student ?? null);
    const object = audience && (await storage.get(key));
    if (!audience || !object) return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    return reply.header('cache-control', PHOTO_CACHE[audience]).header('content-length', object.size).type(object.contentType).send(object.body);
  });
}
