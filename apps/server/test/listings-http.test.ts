// Uploads over a real socket: a refused upload (answered before the client finished sending) must not
// leave the connection hanging for the next request, nor keep the server from closing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import { listingPayload } from './helpers/books.ts';
import * as img from './fixtures/images.ts';

let t: TestApp;
let seller: Account;
let buyer: Account;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t.close());

async function upload(images: Buffer[], cookie = seller.cookie) {
  const form = new FormData();
  form.append('bookData', JSON.stringify(listingPayload()));
  images.forEach((image, i) => form.append('images', new Blob([new Uint8Array(image)]), `photo-${i}.png`));
  const res = await fetch(`${base}/api/v1/books`, { method: 'POST', body: form, headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

it(`answers refused uploads at once and keeps serving on the same server (${dialectUnderTest})`, async () => {
  const oneMb = await Promise.all(Array.from({ length: 7 }, () => img.pngOfSize(1024 * 1024)));
  const tooBig = await img.pngOfSize(5 * 1024 * 1024 + 1);
  for (let round = 0; round < 2; round++) {
    expect(await upload([tooBig, ...oneMb.slice(0, 3)])).toMatchObject({ status: 413, body: { error: 'Each image must be 5MB or smaller' } });
    expect(await upload(oneMb)).toMatchObject({ status: 400, body: { error: 'Maximum 6 images allowed' } });
    expect(await upload(oneMb.slice(0, 6), buyer.cookie)).toMatchObject({ status: 403 });
    expect(await upload([Buffer.alloc(2 * 1024 * 1024, 1), ...oneMb.slice(0, 3)])).toMatchObject({ status: 415 });
    expect(await upload([img.pngBomb(), ...oneMb.slice(0, 3)])).toMatchObject({ status: 413 });
    expect((await upload(oneMb.slice(0, 4))).status).toBe(201);
  }
  // No refused upload leaves its connection open: one still being read would hold the close for the
  // request timeout (15 minutes), past the test's bound, and the test fails there.
  await t.app.close();
});
