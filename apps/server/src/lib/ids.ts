// Opaque, unguessable, URL-safe ids and tokens, and the hash under which tokens are stored.
import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits as 22 URL-safe characters. */
export const newId = () => randomBytes(16).toString('base64url');

/** 256 random bits for secrets that travel (session cookies, reset links). */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
