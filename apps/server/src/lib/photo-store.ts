// Where listing photos live, behind a small interface so an object store (s3-storage.ts) can replace the
// local folder.
// Keys are chosen by the server (`<bookId>/<imageId>-full.webp`) and checked again here, so no key can
// reach outside the storage root.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { newId } from './ids.ts';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface PhotoStore {
  /** Stores `body` under `key` atomically: readers see the whole file or none of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none (or the key is not a valid key). */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** One to four folder segments then a file name with an extension, all from a URL-safe alphabet. */
const KEY_PATTERN = /^(?:[A-Za-z0-9_-]{1,100}\/){0,3}[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,8}$/;

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Files under `root` (DATA_DIR/uploads); temporary files go to `root/.tmp` so a rename is atomic. */
export function localPhotoStore(root: string): PhotoStore {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');

  function resolve(key: string): string | null {
    if (!isValidKey(key)) return null;
    const full = path.resolve(base, key);
    // The pattern already excludes '..' and absolute paths; this is the belt to its braces.
    return full.startsWith(base + path.sep) ? full : null;
  }

  return {
    async put(key, body) {
      const target = resolve(key);
      if (!target) throw new Error(`Invalid storage key: ${key}`);
      await fs.mkdir(tmpDir, { recursive: true });
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, `${newId()}.part`);
      try {
        await fs.writeFile(tmp, body);
        try {
          await fs.rename(tmp, target);
        } catch (err) {
          // The folder may have been removed by a delete of its last file in between: make it again once.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          await fs.mkdir(path.dirname(target), { recursive: true });
          await fs.rename(tmp, target);
        }
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const target = resolve(key);
      if (!target) return null;
      try {
        const stat = await fs.stat(target);
        if (!stat.isFile()) return null;
        return { body: createReadStream(target), contentType: contentTypeOf(key), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async delete(key) {
      const target = resolve(key);
      if (!target) return;
      await fs.rm(target, { force: true });
      // A listing's folder goes with its last file; a folder still in use refuses and stays.
      const dir = path.dirname(target);
      if (dir !== base) await fs.rmdir(dir).catch(() => undefined);
    },
  };
}
