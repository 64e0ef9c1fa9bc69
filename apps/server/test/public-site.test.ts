import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { brevoProvider } from '../src/modules/newsletter/service.ts';

// A stand-in for the newsletter provider's v3 API on loopback: records requests, fails on demand.
const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let failProvider = false;
const provider = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: JSON.parse(raw || '{}') });
    res.statusCode = failProvider ? 502 : 201;
    res.end(failProvider ? '{"message":"upstream down"}' : '{"id":1}');
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v3`;
  t = await createTestApp({ build: { newsletterProvider: brevoProvider('test-key', url) } });
});
afterAll(async () => {
  await t.close();
  provider.close();
});

const contact = {
  firstName: 'Sipho',
  lastName: 'Nkosi',
  studentNumber: '219876543',
  university: 'University of Johannesburg',
  email: 'sipho@student.uj.ac.za',
  message: 'Can I sell lab coats too?',
};

describe(`contact (${dialectUnderTest})`, () => {
  it('stores the message, mails support with reply-to the student, answers 201 with the confirmation text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: contact, remoteAddress: '10.1.0.1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });
    const rows = await t.database.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: 'Sipho', email: 'sipho@student.uj.ac.za', message: 'Can I sell lab coats too?' });
    const mail = t.mailer.last('support@reshelf.co.za');
    expect(mail?.replyTo).toBe('sipho@student.uj.ac.za');
    expect(mail?.text).toContain('Can I sell lab coats too?');
  });

  it('answers 400 "Failed to send message" with every bad field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { ...contact, email: 'nope', message: '' }, remoteAddress: '10.1.0.2' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('Failed to send message');
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['email', 'message']));
  });

  it('drops a bot that fills the honeypot without telling it', async () => {
    const before = (await t.database.db.selectFrom('contact_messages').select('id').execute()).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { ...contact, website: 'http://spam.example' }, remoteAddress: '10.1.0.3' });
    expect(res.statusCode).toBe(201);
    expect((await t.database.db.selectFrom('contact_messages').select('id').execute()).length).toBe(before);
  });

  it('allows 20 messages per 10 minutes from one address, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: contact, remoteAddress: '10.1.0.9' });
      statuses.push(res.statusCode);
      if (i === 20) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe('newsletter', () => {
  const subscribe = (email: unknown, ip = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email }, remoteAddress: ip });

  it.each([
    ['thabo@students.wits.ac.za'],
    ['someone@gmail.com'],
    ['me@icloud.com'],
    ['a@myuwc.ac.za'],
    ['b@tuks.co.za'],
  ])('accepts %s', async (email) => {
    const res = await subscribe(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Successfully subscribed to newsletter!' });
  });

  it.each([
    ['someone@yahoo.com', 'Please use your university email or a personal Gmail/iCloud account'],
    ['x@evil-uct.ac.za.com', 'Please use your university email or a personal Gmail/iCloud account'],
    ['not an email', 'Please enter a valid email address'],
  ])('refuses %s', async (email, message) => {
    const res = await subscribe(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('subscribing twice updates rather than fails, and syncs to the provider with list 7 and the source', async () => {
    received.length = 0;
    expect((await subscribe('Twice@UCT.ac.za')).statusCode).toBe(201);
    expect((await subscribe('twice@uct.ac.za')).statusCode).toBe(201);
    const rows = await t.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'twice@uct.ac.za').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ list_id: 7, source: 'website_footer' });
    // Earlier subscriptions sync in the background too; pick this address's call.
    const mine = () => received.find((r) => r.body.email === 'twice@uct.ac.za');
    await expect.poll(mine).toBeDefined();
    const call = mine()!;
    expect(call.headers['api-key']).toBe('test-key');
    expect(call.body).toMatchObject({ email: 'twice@uct.ac.za', listIds: [7], updateEnabled: true, attributes: { SOURCE: 'website_footer' } });
    expect(typeof (call.body.attributes as Record<string, string>).SIGNUP_DATE).toBe('string');
  });

  it('keeps the subscription when the provider fails and retries it later', async () => {
    failProvider = true;
    const res = await subscribe('retry.me@gmail.com');
    expect(res.statusCode).toBe(201);
    await expect
      .poll(async () => (await t.database.db.selectFrom('newsletter_subscribers').select('sync_attempts').where('email', '=', 'retry.me@gmail.com').executeTakeFirst())?.sync_attempts)
      .toBe(1);
    failProvider = false;
    t.clock.advance(2 * 60_000);
    const ran = await t.app.services.scheduler.runDue();
    expect(ran).toContain('newsletter-sync');
    const row = await t.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'retry.me@gmail.com').executeTakeFirstOrThrow();
    expect(row.synced_at).not.toBeNull();
    expect(row.next_sync_at).toBeNull();
  });
});

describe('scheduled jobs', () => {
  it('runs a due job once even when two processes race for it', async () => {
    let runs = 0;
    const job = { name: 'race-test', everyMs: 60_000, run: async () => void (runs += 1) };
    const results = await Promise.all([t.app.services.scheduler.tick(job), t.app.services.scheduler.tick(job)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await t.app.services.scheduler.tick(job)).toBe(false);
    t.clock.advance(60_000);
    expect(await t.app.services.scheduler.tick(job)).toBe(true);
  });
});

describe('avatars', () => {
  it('draws a cacheable SVG per seed and style', async () => {
    const a = await t.app.inject('/api/v1/avatars/abc123XYZ.svg?style=3');
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(a.headers['cache-control']).toContain('max-age=31536000');
    expect(a.body.startsWith('<svg')).toBe(true);
    const again = await t.app.inject('/api/v1/avatars/abc123XYZ.svg?style=3');
    expect(again.body).toBe(a.body);
    const other = await t.app.inject('/api/v1/avatars/abc123XYZ.svg?style=4');
    expect(other.body).not.toBe(a.body);
    const dflt = await t.app.inject('/api/v1/avatars/abc123XYZ.svg');
    expect(dflt.statusCode).toBe(200);
  });

  it.each(['30', '-1', '2.5', 'x'])('answers 400 for style=%s', async (style) => {
    const res = await t.app.inject(`/api/v1/avatars/seed.svg?style=${style}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});
