// What the sell wizard's barcode scanner needs from the server (decision 0027): pages may use the camera
// (this origin only) and compile WebAssembly (but still not eval), and the reader's .wasm file, a build
// asset, is served as application/wasm (which WebAssembly.instantiateStreaming insists on), cached for
// good and sent brotli-compressed from the file written beside it at build time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';

let t: TestApp;
/** A WebAssembly header (magic number and version) and 4 KB after it, enough for the server to compress. */
const WASM = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), Buffer.alloc(4096)]);

let webDist: string;

beforeAll(async () => {
  // The static files are found when the app starts, so this build exists first.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-wasm-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Reshelf</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(webDist, 'assets', 'zxing_reader-abc123.wasm'), WASM);
  fs.writeFileSync(path.join(webDist, 'assets', 'zxing_reader-abc123.wasm.br'), zlib.brotliCompressSync(WASM));
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe(`barcode scanning: headers and the reader's WebAssembly (${dialectUnderTest})`, () => {
  it('lets pages use the camera of this origin only and compile WebAssembly, but not eval', async () => {
    const page = await t.app.inject('/seller/sell');
    expect(page.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=()');
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('serves the .wasm file as application/wasm, immutable, brotli when the browser takes it', async () => {
    const compressed = await t.app.inject({ url: '/assets/zxing_reader-abc123.wasm', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-type']).toBe('application/wasm');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).equals(WASM)).toBe(true);

    const plain = await t.app.inject({ url: '/assets/zxing_reader-abc123.wasm', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-type']).toBe('application/wasm');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(WASM)).toBe(true);
  });
});
