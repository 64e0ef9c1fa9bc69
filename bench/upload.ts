// Listing creation under the real photo pipeline: POST /api/v1/books with six phone-sized JPEGs of
// just under 5 MB each, several times in a row, timing each request and sampling the server's memory.
import sharp from 'sharp';
import { memoryOf } from './processes.ts';

const MAX_BYTES = 5 * 1024 * 1024;

/** A 12-megapixel photo-like JPEG (gradient plus sensor-like noise) of just under 5 MB. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const n = (s >>> 24) % 48;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + n + seed * 40) & 255;
      raw[i + 1] = ((y * 255) / height + n) & 255;
      raw[i + 2] = (((x + y) * 128) / (width + height) + n) & 255;
    }
  }
  return largestUnderLimit((quality) => sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer(), 40, 95);
}

/**
 * The encoding at the highest quality from `lo` to `hi` that still fits under the 5 MB photo limit, with a
 * little room for safety (or the one at `lo` when none fits): a photo as large as the server accepts.
 */
export async function largestUnderLimit(encode: (quality: number) => Promise<Buffer>, lo: number, hi: number): Promise<Buffer> {
  let best = await encode(lo);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const out = await encode(mid);
    if (out.length <= MAX_BYTES - 64 * 1024) {
      best = out;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

export const LISTING_DETAILS = {
  title: 'Calculus - Early Transcendentals 9th Edition',
  author: 'James Stewart',
  isbn: '978-1-285-74155-0',
  publisher: 'Cengage',
  publicationYear: 2020,
  language: 'english',
  category: 'mathematics',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: 650,
  edition: '9th',
  numberOfPages: 1368,
  description: 'Used for MATH1014, some pencil notes in chapter 3, otherwise clean.',
};

export interface UploadResult {
  photoBytes: number[];
  times: number[];
  p50: number;
  statuses: number[];
  /** The first answer that was not 201, if any. */
  firstError: string | undefined;
  rssBefore: number;
  rssPeak: number;
  hwmAfter: number;
}

export async function measureListingCreation(baseUrl: string, cookie: string, serverPid: number, runs: number): Promise<UploadResult> {
  const photos: Buffer[] = [];
  for (let i = 0; i < 6; i++) photos.push(await phonePhoto(i + 1));
  const rssBefore = memoryOf(serverPid)?.rss ?? 0;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(serverPid)?.rss ?? 0);
  }, 20);
  const times: number[] = [];
  const statuses: number[] = [];
  let firstError: string | undefined;
  try {
    for (let run = 0; run < runs; run++) {
      const form = new FormData();
      form.append('bookData', JSON.stringify(LISTING_DETAILS));
      for (const [i, photo] of photos.entries()) form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_20260301_${i}.jpg`);
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/books`, { method: 'POST', body: form, headers: { cookie } });
      const body = await res.text();
      if (res.status !== 201 && !firstError) firstError = `${res.status} ${body.slice(0, 300)}`;
      times.push(performance.now() - started);
      statuses.push(res.status);
    }
  } finally {
    clearInterval(sampler);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    photoBytes: photos.map((p) => p.length),
    times,
    p50: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0,
    statuses,
    firstError,
    rssBefore,
    rssPeak,
    hwmAfter: memoryOf(serverPid)?.hwm ?? 0,
  };
}
