// Opaque, unguessable, URL-safe ids and tokens, and the hash under which tokens are stored.
import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits as 22 URL-safe characters. */
export const newId = () => randomBytes(16).toString('base64url');

/** 256 random bits for secrets that travel (session cookies, reset links). */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

let lastMs = 0;
let seq = 0;
/**
 * An id that sorts by creation time (then by order of creation within a millisecond in this process),
 * still with 96 unguessable random bits; for rows shown in the order they were written, like messages.
 */
export function newSortableId(now = Date.now()): string {
  if (now === lastMs) seq += 1;
  else {
    lastMs = now;
    seq = 0;
  }
  return now.toString(36).padStart(9, '0') + seq.toString(36).padStart(3, '0') + randomBytes(12).toString('base64url');
}
