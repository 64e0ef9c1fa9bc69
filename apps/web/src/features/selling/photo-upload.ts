// Sending a listing's photos on a student's prepaid data: each photo is scaled down in the browser before
// it is sent (a phone photo of ~5 MB becomes a few hundred KB, as big as the server keeps it anyway), and
// the upload reports its progress, which fetch cannot do, so it goes through XMLHttpRequest.
import type { Book, BookResponse } from '@reshelf/shared';
import { API_BASE, ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from '../../lib/api';

/** The server stores photos at most this many pixels on their long edge, so more is never worth sending. */
const UPLOAD_LONG_EDGE = 1600;
/** Encoder quality: text on a cover and damage on a page stay legible; files are 5-10x smaller than the camera's. */
const UPLOAD_QUALITY = 0.82;

/** Formats the browser can decode and we may re-encode; a GIF may be animated and is sent as picked. */
const SHRINKABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The largest photo the wizard takes to scale down (a 50-megapixel camera's JPEG is ~15-20 MB); what it
 * sends must still be within the server's 5 MB, which the scaled copy always is in practice.
 */
export const MAX_PICKED_BYTES = 25 * 1024 * 1024;

/** Whether this browser can scale `file` down before sending it. */
export function canShrink(file: File): boolean {
  return SHRINKABLE.has(file.type) && typeof createImageBitmap === 'function';
}

type Drawable = ImageBitmap;

function decode(file: File): Promise<Drawable> {
  // 'from-image' turns a portrait phone photo upright (its EXIF orientation), which a canvas would lose.
  return createImageBitmap(file, { imageOrientation: 'from-image' });
}

async function encode(image: Drawable, width: number, height: number, type: string): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    return canvas.convertToBlob({ type, quality: UPLOAD_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, UPLOAD_QUALITY));
}

/**
 * The photo to send: at most UPLOAD_LONG_EDGE px on its long edge, re-encoded as WebP (or JPEG where the
 * browser cannot write WebP) at UPLOAD_QUALITY. The original is kept when it cannot be re-encoded or the
 * result would not be smaller; the server checks and re-encodes whatever arrives either way. Re-encoding
 * also leaves the camera's metadata (GPS position included) on the phone.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  // Every current browser has createImageBitmap; one without it sends the photo as it is.
  if (!canShrink(file)) return file;
  let image: Drawable | undefined;
  try {
    image = await decode(file);
    const { width, height } = image;
    if (!width || !height) return file;
    const scale = Math.min(1, UPLOAD_LONG_EDGE / Math.max(width, height));
    const target = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    let blob = await encode(image, target.width, target.height, 'image/webp');
    // A browser that cannot write WebP hands back a PNG instead, which would be larger.
    if (!blob || blob.type !== 'image/webp') blob = await encode(image, target.width, target.height, 'image/jpeg');
    if (!blob || (blob.type !== 'image/webp' && blob.type !== 'image/jpeg') || blob.size >= file.size) return file;
    const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
    const name = `${file.name.replace(/\.[^./\\]*$/, '') || 'photo'}.${extension}`;
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    image?.close();
  }
}

/** How far an upload is: bytes sent of the total, and each photo's share from 0 to 1 in the order sent. */
export interface UploadProgress {
  loaded: number;
  total: number;
  photos: number[];
}

/** Without a single progress event for this long the connection is taken as gone, and the upload can be retried. */
const UPLOAD_STALL_MS = 45_000;

export interface ListingUpload {
  method: 'POST' | 'PATCH';
  /** Under /api/v1, e.g. '/books'. */
  path: string;
  bookData: unknown;
  photos: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header: the server answers a retry with this key as it answered the
   * first try, so an upload whose answer was lost to a dropped connection is not listed twice.
   */
  idempotencyKey?: string;
}

/** A new Idempotency-Key for one listing attempt. */
export function newIdempotencyKey(): string {
  // randomUUID exists only on HTTPS and localhost; a phone testing over the LAN gets the same from getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body: { error?: unknown; code?: unknown; fields?: unknown } = {};
  try {
    const parsed = JSON.parse(xhr.responseText) as unknown;
    if (typeof parsed === 'object' && parsed !== null) body = parsed as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status text says enough.
  }
  const fields =
    typeof body.fields === 'object' && body.fields !== null && Object.values(body.fields).every((v) => typeof v === 'string')
      ? (body.fields as Record<string, string>)
      : undefined;
  return new ApiError(
    xhr.status,
    typeof body.error === 'string' && body.error ? body.error : xhr.statusText || 'Something went wrong',
    typeof body.code === 'string' ? body.code : `HTTP_${xhr.status}`,
    fields,
  );
}

/**
 * Sends `bookData` and the photos as the multipart body the listing endpoints take, reporting progress.
 * Fails with an ApiError like `api()` does: status 0 when the connection dropped or stalled, so the
 * caller can offer to try again with everything the seller entered still in place.
 */
export function uploadListing({ method, path, bookData, photos, onProgress, signal, idempotencyKey }: ListingUpload): Promise<Book> {
  const form = new FormData();
  form.append('bookData', JSON.stringify(bookData));
  for (const photo of photos) form.append('images', photo, photo.name);
  // Where each photo's bytes sit in the body: the JSON part comes first, the photos follow in order.
  const sizes = photos.map((photo) => photo.size);
  const lead = JSON.stringify(bookData).length + 300;

  return new Promise<Book>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    let stalled = false;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, UPLOAD_STALL_MS);
    };
    const finish = () => {
      clearTimeout(stall);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => xhr.abort();

    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      watch();
      if (!onProgress || !event.lengthComputable) return;
      const overhead = Math.max(event.total - sizes.reduce((sum, size) => sum + size, 0), 0);
      let offset = Math.min(lead, overhead);
      const shares = sizes.map((size) => {
        const share = size ? Math.min(Math.max((event.loaded - offset) / size, 0), 1) : 1;
        offset += size;
        return share;
      });
      onProgress({ loaded: event.loaded, total: event.total, photos: event.loaded >= event.total ? shares.map(() => 1) : shares });
    };
    // Once every byte is sent the server still checks and re-encodes the photos: a second or two each.
    xhr.upload.onload = () => watch();
    xhr.onload = () => {
      finish();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as BookResponse).book);
        } catch {
          reject(new ApiError(xhr.status, NETWORK_ERROR_MESSAGE, 'BAD_RESPONSE'));
        }
      } else reject(errorOf(xhr));
    };
    xhr.onerror = () => {
      finish();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK'));
    };
    xhr.onabort = () => {
      finish();
      if (stalled) reject(new ApiError(0, TIMEOUT_ERROR_MESSAGE, 'TIMEOUT'));
      else reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    watch();
    xhr.send(form);
  });
}
