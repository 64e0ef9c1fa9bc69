// Listing photos in an S3-compatible object store (AWS S3, Cloudflare R2, MinIO...), so server processes on
// different machines share them. A small AWS Signature V4 client over fetch: PUT, GET and DELETE of one
// object are all Reshelf needs, which keeps the SDK's megabytes out of the server.
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { contentTypeOf, isValidKey, type PhotoStore } from './photo-store.ts';

export interface S3Options {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Optional folder inside the bucket, e.g. "uploads". */
  prefix?: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodePath = (p: string) => p.split('/').map((s) => encodeURIComponent(s)).join('/');

/**
 * The Authorization header of AWS Signature Version 4 for an S3 request without a query string. `headers`
 * must hold host, x-amz-date (yyyymmddThhmmssZ) and x-amz-content-sha256; all of them are signed.
 */
export function signV4(req: { method: string; path: string; headers: Record<string, string>; region: string; accessKeyId: string; secretAccessKey: string }): string {
  const amzDate = req.headers['x-amz-date']!;
  const day = amzDate.slice(0, 8);
  const signed = Object.keys(req.headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonicalHeaders = signed.map((h) => `${h}:${lower[h]}\n`).join('');
  const canonical = [req.method, req.path, '', canonicalHeaders, signed.join(';'), lower['x-amz-content-sha256']].join('\n');
  const scope = `${day}/${req.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${req.secretAccessKey}`, day), req.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${req.accessKeyId}/${scope},SignedHeaders=${signed.join(';')},Signature=${signature}`;
}

export function s3Storage(opts: S3Options): PhotoStore {
  const endpoint = new URL(opts.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const objectPath = (key: string) => `${basePath}/${encodePath(opts.bucket)}/${encodePath(opts.prefix ? `${opts.prefix}/${key}` : key)}`;

  async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = {
      host: endpoint.host,
      'x-amz-content-sha256': sha256(body ?? ''),
      'x-amz-date': new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''),
    };
    if (contentType) headers['content-type'] = contentType;
    const path = objectPath(key);
    const authorization = signV4({ method, path, headers, region: opts.region, accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey });
    const { host: _host, ...sendHeaders } = headers;
    return fetch(`${endpoint.origin}${path}`, {
      method,
      headers: { ...sendHeaders, authorization },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }

  return {
    async put(key, body, contentType) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
      const res = await send('PUT', key, body, contentType);
      if (!res.ok) throw new Error(`object store refused PUT ${key}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const res = await send('GET', key);
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok || !res.body) throw new Error(`object store refused GET ${key}: ${res.status}`);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream),
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`object store refused DELETE ${key}: ${res.status}`);
    },
  };
}
