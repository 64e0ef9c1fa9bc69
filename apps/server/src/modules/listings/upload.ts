// Reads a listing's multipart upload (`bookData` JSON text and `images` files) while it streams:
// a file over 5 MB, a file that is not an image by its bytes, or a 7th photo stops the request at once,
// before anything is decoded or written.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS, MESSAGES } from '@reshelf/shared';
import { badRequest, tooLarge, unsupportedMedia } from '../../lib/errors.ts';
import { SNIFF_BYTES, sniffImage } from '../../lib/images.ts';
import { containsNul, jsonNestingExceeds } from '../../lib/input.ts';

/** Limits for @fastify/multipart: one more file than allowed, so a 7th can be told apart and refused. */
export const UPLOAD_LIMITS = {
  fileSize: LIMITS.maxImageBytes,
  files: LIMITS.maxImages + 1,
  fields: 10,
  // bookData: 5000 + 2000 characters of text plus the rest, up to 4 bytes a character.
  fieldSize: 64 * 1024,
  parts: 30,
  headerPairs: 100,
};

export interface ListingUpload {
  /** The parsed `bookData`, or undefined when the request had none. */
  bookData: unknown;
  images: Buffer[];
}

async function readImage(part: MultipartFile): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) throw tooLarge(MESSAGES.imageTooLarge, 'IMAGE_TOO_LARGE');
    chunks.push(chunk);
    size += chunk.length;
    if (!sniffed && size >= SNIFF_BYTES) {
      sniffed = true;
      if (!sniffImage(Buffer.concat(chunks).subarray(0, SNIFF_BYTES))) throw unsupportedMedia(MESSAGES.imageType);
    }
  }
  if (part.file.truncated) throw tooLarge(MESSAGES.imageTooLarge, 'IMAGE_TOO_LARGE');
  // A browser sends an empty, nameless part for a file input left empty: that is no photo, not a bad one.
  if (size === 0 && !part.filename) return null;
  const data = Buffer.concat(chunks, size);
  if (!sniffed && !sniffImage(data)) throw unsupportedMedia(MESSAGES.imageType);
  return data;
}

function parseBookData(part: MultipartValue): unknown {
  if (part.valueTruncated || typeof part.value !== 'string') throw badRequest(MESSAGES.invalidInput, { bookData: MESSAGES.invalidInput });
  if (part.value.trim() === '') return undefined;
  // Nesting deeper than a listing's flat details is refused before JSON.parse spends time on it.
  if (jsonNestingExceeds(part.value)) throw badRequest(MESSAGES.invalidInput, { bookData: MESSAGES.invalidInput }, 'JSON_TOO_DEEP');
  let value: unknown;
  try {
    value = JSON.parse(part.value) as unknown;
  } catch {
    throw badRequest(MESSAGES.invalidInput, { bookData: MESSAGES.invalidInput }, 'INVALID_JSON');
  }
  if (containsNul(value)) throw badRequest(MESSAGES.invalidInput, { bookData: MESSAGES.invalidInput }, 'INVALID_CHARACTERS');
  return value;
}

/**
 * Reads every part. `onBookData` sees the listing details as soon as they arrive, so bad details are
 * refused before the photos are uploaded in full.
 */
export async function readListingUpload(request: FastifyRequest, onBookData?: (bookData: unknown) => void): Promise<ListingUpload> {
  const upload: ListingUpload = { bookData: undefined, images: [] };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'images') {
        // Unknown fields are ignored, files included: read and drop.
        for await (const _chunk of part.file) void _chunk;
        continue;
      }
      if (upload.images.length >= LIMITS.maxImages) throw badRequest(MESSAGES.maxImages, { images: MESSAGES.maxImages });
      const image = await readImage(part);
      if (image) upload.images.push(image);
    } else if (part.fieldname === 'bookData') {
      upload.bookData = parseBookData(part);
      onBookData?.(upload.bookData);
    }
  }
  return upload;
}

/** How much of a refused upload is read and thrown away to keep the connection usable; beyond it, it is cut. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * After an upload is refused part-way (a 7th photo, a file over 5 MB), the client is still sending. Node
 * leaves a body that was partly read paused, so the connection (and the next request on it) would hang:
 * once the answer is out, read the rest and drop it, up to a bound, then cut the connection.
 */
export function discardUnreadBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  let discarded = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARD_BYTES) raw.destroy();
  });
  raw.resume();
}
