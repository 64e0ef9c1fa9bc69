// Photos in an S3-compatible object store (S3_BUCKET...), against a local S3 server started here (s3rver),
// which checks the request signatures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage, signV4 } from '../src/lib/s3-storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import * as img from './fixtures/images.ts';

const BUCKET = 'reshelf-photos';
let server: S3rver;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'uploads' },
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('S3 storage', () => {
  const storage = () => s3Storage({ bucket: BUCKET, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

  it('puts, gets and deletes an object with signed requests', async () => {
    const s = storage();
    await s.put('book123/photo-full.webp', Buffer.from('hello photo'), 'image/webp');
    const got = await s.get('book123/photo-full.webp');
    expect(got).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).toString()).toBe('hello photo');
    expect(got!.contentType).toBe('image/webp');
    await s.delete('book123/photo-full.webp');
    expect(await s.get('book123/photo-full.webp')).toBeNull();
    await s.delete('book123/photo-full.webp');
  });

  it('refuses bad keys and unknown credentials', async () => {
    const s = storage();
    await expect(s.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
    expect(await s.get('../escape.webp')).toBeNull();
    const wrong = s3Storage({ bucket: BUCKET, endpoint, region: 'us-east-1', accessKeyId: 'NOT-A-KEY', secretAccessKey: 'x' });
    await expect(wrong.put('book123/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/refused PUT/);
  });

  // s3rver does not check V4 signatures, so the signer is checked against AWS's published example
  // ("GET Object" in the Signature Version 4 documentation for S3).
  it('signs exactly like AWS Signature Version 4', () => {
    const authorization = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('a listing stores its photos in the bucket and the server serves them; withdrawing removes them', async () => {
    const seller = await registerAndLogin(t.app, { userType: 'seller' });
    const body = img.multipart(
      img.listingParts(
        { title: 'Campbell Biology', author: 'Lisa Urry', isbn: '978-0-13-409341-3', publisher: 'Pearson', publicationYear: 2016, language: 'english', category: 'biology', studyLevel: 'undergraduate', condition: 'good', price: 520, edition: '11th Edition', numberOfPages: 1488, description: 'Clean copy.' },
        await img.pngs(4),
      ),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const book = res.json().book;
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
    // Pending, so its seller asks (security-photos.test.ts covers every role in this mode too).
    const photo = await t.app.inject({ url: book.images[0].url, headers: { cookie: seller.cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/books/${book.id}`, headers: { cookie: seller.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: book.images[0].url, headers: { cookie: seller.cookie } })).statusCode).toBe(404);
  });
});
