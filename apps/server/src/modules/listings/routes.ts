// HTTP for listings (docs/api.md, Listings): list a book (multipart), read one, the seller's own list, edit,
// withdraw, renew, mark sold elsewhere; an edition (every listing of one ISBN); and the stored photos under /uploads. Thin: the rules live in the service.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, bookListSchema, bookResponseSchema, editionParamsSchema, editionResponseSchema, listingEditSchema, pagingQuerySchema } from '@reshelf/shared';
import { jsonTextOf, sendJsonText } from '../../lib/json-text.ts';
import type { PhotoStore } from '../../lib/photo-store.ts';
import { JSON_BODY_ERRORS, errors, noContent } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import { bookIdParams } from './schemas.ts';
import type { ListingsService } from './service.ts';
import { UPLOAD_LIMITS, discardUnreadBody, readListingUpload } from './upload.ts';

/** A photo's answer by who it is for: a file name is never reused, so a public photo caches for a year. */
const PHOTO_CACHE = { public: 'public, max-age=31536000, immutable', private: 'private, no-store' } as const;

const photos = (min: number) => ({
  type: 'array',
  minItems: min,
  maxItems: 6,
  items: { type: 'string', contentMediaType: 'image/*', description: 'PNG, JPG, GIF or WebP, at most 5 MB and 40 megapixels' },
});

/** POST /books as the OpenAPI document shows it (multipart/form-data). */
const LISTING_UPLOAD = {
  type: 'object',
  required: ['bookData', 'images'],
  properties: {
    bookData: { type: 'string', contentMediaType: 'application/json', description: 'The listing details as JSON text (title, author, isbn, price, ...)' },
    images: photos(4),
  },
};

/** PATCH /books/:id as multipart: the same details, and 4 to 6 photos that replace the old ones. */
const LISTING_EDIT_UPLOAD = {
  type: 'object',
  required: ['bookData'],
  properties: { bookData: LISTING_UPLOAD.properties.bookData, images: photos(4) },
};

export async function listingRoutes(app: FastifyInstance, opts: { listings: ListingsService; storage: PhotoStore }) {
  const { listings, storage } = opts;
  // Multipart only in this scope: the rest of the API takes JSON.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  app.addHook('onResponse', (request, _reply, done) => {
    discardUnreadBody(request);
    done();
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Access is checked on request, before the upload is read, so a buyer hears 403 at once; so is the
  // seller's hourly limit (429). The upload is read and checked by the handler (a stream of photos), so its
  // body is described for the document only.
  r.post(
    '/api/v1/books',
    {
      config: { access: 'seller', requestBody: { 'multipart/form-data': LISTING_UPLOAD } },
      schema: { response: { 201: bookResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 409, 422, 429) } },
    },
    async (request, reply) => {
      const auth = studentOf(request);
      await listings.admitListing(auth.student);
      const upload = await readListingUpload(request, (bookData) => listings.parseListing(bookData));
      // The key is claimed only once the whole upload has arrived and passed the stream checks: its hash
      // covers the photos, and an upload refused on the way leaves the key free for a corrected retry.
      const key = request.headers['idempotency-key'];
      const result = await listings.createListingIdempotent(auth.student, upload.bookData, upload.images, typeof key === 'string' ? key : undefined);
      return reply.status(result.statusCode as 201).send(result.body as never);
    },
  );

  // Sent as JSON text kept with the cached book (lib/json-text.ts), which the serializer does not see.
  r.get('/api/v1/books/:id', { schema: { params: bookIdParams, response: { 200: bookResponseSchema, ...errors(400, 404) } } }, async (request, reply) => {
    const book = await listings.viewBook(request.auth?.student ?? null, request.params.id);
    return sendJsonText(reply, `{"book":${jsonTextOf(book)}}`);
  });

  // Every listing of one ISBN as one edition. The path's ISBN (10 or 13 digits, hyphens allowed) is checked
  // and turned into its ISBN-13 by the schema: a wrong check digit is 400 `Invalid ISBN`.
  r.get('/api/v1/editions/:isbn', { schema: { params: editionParamsSchema, response: { 200: editionResponseSchema, ...errors(400, 404) } } }, async (request) => ({
    edition: await listings.edition(request.params.isbn),
  }));

  r.get('/api/v1/seller/books', { config: { access: 'seller' }, schema: { querystring: pagingQuerySchema, response: { 200: bookListSchema, ...errors(400, 401, 403) } } }, async (request) => {
    const auth = studentOf(request);
    return listings.sellerBooks(auth.student.id, request.query.page, request.query.pageSize);
  });

  // JSON edits the details; multipart (`bookData` with the same fields, plus 4-6 `images`) also replaces the photos.
  // The service validates the details after finding the listing (someone else's is 404 whatever was sent),
  // and a multipart body is read only once the caller is known to be allowed to change that listing: up
  // to 30 MB of photos is not held in memory for a request that is refused anyway.
  r.patch(
    '/api/v1/books/:id',
    {
      config: { access: 'student', requestBody: { 'application/json': listingEditSchema, 'multipart/form-data': LISTING_EDIT_UPLOAD } },
      schema: { params: bookIdParams, response: { 200: bookResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } },
    },
    async (request) => {
      const auth = studentOf(request);
      if (request.isMultipart()) {
        await listings.checkEditable(auth.student, request.params.id);
        const upload = await readListingUpload(request);
        const images = upload.images.length ? upload.images : undefined;
        return { book: await listings.editListing(auth.student, request.params.id, upload.bookData, images) };
      }
      return { book: await listings.editListing(auth.student, request.params.id, request.body) };
    },
  );

  r.delete('/api/v1/books/:id', { config: { access: 'student' }, schema: { params: bookIdParams, response: { 204: noContent, ...errors(400, 401, 403, 404, 409) } } }, async (request, reply) => {
    const auth = studentOf(request);
    await listings.withdrawListing(auth.student, request.params.id);
    return reply.status(204).send();
  });

  // After approval (docs/decisions/0031-listing-lifecycle.md): the owner keeps the listing for another 90
  // days, or says it sold elsewhere. Someone else's listing is 404, as for an edit.
  r.post('/api/v1/books/:id/renew', { config: { access: 'student' }, schema: { params: bookIdParams, response: { 200: bookResponseSchema, ...errors(400, 401, 403, 404, 409) } } }, async (request) => {
    return { book: await listings.renew(studentOf(request).student.id, request.params.id) };
  });

  r.post(
    '/api/v1/books/:id/sold-elsewhere',
    { config: { access: 'student' }, schema: { params: bookIdParams, response: { 200: bookResponseSchema, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => ({ book: await listings.markSoldElsewhere(studentOf(request).student.id, request.params.id) }),
  );

  // Stored photos, for whoever may see their listing (the service's rule). A photo someone may not see
  // answers like a missing file, and neither answer is stored anywhere: the URL must work the moment its
  // listing is approved. Photos in an object store are streamed through here too, never linked to.
  // Files, not the JSON API: kept out of the OpenAPI document.
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    reply.header('x-content-type-options', 'nosniff');
    const audience = await listings.photoAudience(key, async () => (await app.sessionOf(request, reply))?.student ?? null);
    const object = audience && (await storage.get(key));
    if (!audience || !object) return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(MESSAGES.notFound);
    return reply.header('cache-control', PHOTO_CACHE[audience]).header('content-length', object.size).type(object.contentType).send(object.body);
  });
}
