// The listing photo pipeline: recognise an image by its bytes, refuse oversized files and decompression
// bombs before decoding them, and re-encode what is left with sharp to WebP (a full size and a thumbnail),
// upright, with every piece of metadata (EXIF GPS, camera, comments) dropped.
import sharp from 'sharp';
import { LIMITS, MESSAGES } from '@reshelf/shared';
import { AppError, tooLarge, unsupportedMedia } from './errors.ts';

export const IMAGE_LIMITS = {
  maxBytes: LIMITS.maxImageBytes,
  /** 40 megapixels: above any phone camera, far below what would exhaust memory when decoded. */
  maxPixels: 40_000_000,
  fullEdge: 1600,
  thumbEdge: 400,
  fullQuality: 80,
  thumbQuality: 75,
  /** Images of one listing processed at a time: the machine's cores are shared with other requests. */
  concurrency: 2,
} as const;

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** How many leading bytes `sniffImage` needs. */
export const SNIFF_BYTES = 12;

/** The image type its first bytes prove, or null. The declared name and content type are never trusted. */
export function sniffImage(head: Buffer): ImageKind | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  full: EncodedImage;
  thumb: EncodedImage;
}

const unreadable = () => unsupportedMedia(MESSAGES.imageType, 'IMAGE_UNREADABLE');

/** Re-encodes one uploaded image; throws the API's 413/415 errors for what it refuses. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_LIMITS.maxBytes) throw tooLarge(MESSAGES.imageTooLarge, 'IMAGE_TOO_LARGE');
  if (!sniffImage(input.subarray(0, SNIFF_BYTES))) throw unsupportedMedia(MESSAGES.imageType);

  // The header alone gives the dimensions: a 14000x14000 bomb is refused here, before any decoding.
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input).metadata());
  } catch {
    throw unreadable();
  }
  if (!width || !height) throw unreadable();
  if (width * height > IMAGE_LIMITS.maxPixels) throw tooLarge(MESSAGES.imageTooManyPixels, 'IMAGE_TOO_MANY_PIXELS');

  // failOn 'error': a slightly truncated phone JPEG still makes a usable photo; a broken one does not.
  // limitInputPixels repeats the cap inside libvips in case the header lied.
  const source = () => sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' }).rotate();
  const encode = async (edge: number, quality: number): Promise<EncodedImage> => {
    const { data, info } = await source()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const [full, thumb] = await Promise.all([
      encode(IMAGE_LIMITS.fullEdge, IMAGE_LIMITS.fullQuality),
      encode(IMAGE_LIMITS.thumbEdge, IMAGE_LIMITS.thumbQuality),
    ]);
    return { full, thumb };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

/**
 * Runs `work` over `items` with at most `limit` at a time, in order. On the first failure no new item
 * starts; the ones already running are awaited (so nothing is left half-done), then the failure is thrown.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/** Processes the photos of one listing, two at a time. */
export const processImages = (inputs: readonly Buffer[]) => mapLimited(inputs, IMAGE_LIMITS.concurrency, (input) => processImage(input));
