// Content codings for answers: which one a client accepts, and the compression every answer uses, so
// the compression plugin (plugins/security.ts) and the answers compressed ahead of it (the SPA's page,
// the catalogue's cached pages) agree on the threshold and the settings.
import zlib from 'node:zlib';

/** Answers under this many bytes cost more CPU to compress than they save on the wire. */
export const COMPRESS_THRESHOLD = 2048;

/** Brotli quality 4, the plugin's own default for answers made per request: cheap enough to run on every answer. */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Coding = 'br' | 'gzip';

/** Whether the client's Accept-Encoding allows `coding` (listed, and not with q=0). */
function accepts(acceptEncoding: string | undefined, coding: string): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The coding to answer in: brotli if the client takes it, else gzip, else none. */
export function preferredCoding(acceptEncoding: string | undefined): Coding | undefined {
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return undefined;
}

/** `text` compressed as the plugin would compress it per request. */
export const compressText = (coding: Coding, text: string | Buffer): Buffer =>
  coding === 'br' ? zlib.brotliCompressSync(text, BROTLI_OPTIONS) : zlib.gzipSync(text);
