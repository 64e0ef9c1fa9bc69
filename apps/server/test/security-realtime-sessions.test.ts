// An open realtime socket lives no longer than the session it was opened under: logout, a password change
// (the other sessions), a reset, account deletion and expiry each close it at once with code 4401, and
// nothing more reaches it. Sessions that did not end keep their sockets and their events.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/realtime`;
});
afterAll(async () => t?.close());

interface OpenSocket {
  events: { type: string; notification?: { id: string } }[];
  /** Resolves with the close code when the server closes the socket. */
  closed: Promise<number>;
  isOpen(): boolean;
}

/** Opens a socket with this cookie and waits for the server's `ready`. */
async function openSocket(cookie: string): Promise<OpenSocket> {
  const ws = new WebSocket(wsUrl, { headers: { cookie, origin: 'http://localhost:3000' } });
  const events: OpenSocket['events'] = [];
  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as OpenSocket['events'][number];
    events.push(event);
    if (event.type === 'ready') resolveReady();
  });
  await Promise.race([ready, closed.then((code) => Promise.reject(new Error(`closed with ${code} before ready`)))]);
  return { events, closed, isOpen: () => ws.readyState === WebSocket.OPEN };
}

/** Sends an event to the student and waits until `socket` has it. */
async function reaches(socket: OpenSocket, studentId: string) {
  const id = `probe.${Math.random().toString(36).slice(2)}`;
  const notification = { id, kind: 'probe', title: 'Probe', body: '', link: null, readAt: null, createdAt: new Date().toISOString() };
  await t.app.services.hub.publish([studentId], { type: 'notification.created', notification });
  await expect.poll(() => socket.events.map((e) => e.notification?.id)).toContain(id);
}

const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

describe(`realtime sockets end with their session (${dialectUnderTest})`, () => {
  let a: Account;
  let second: string;
  beforeAll(async () => {
    a = await registerAndLogin(t.app);
  });

  it('logout closes the sockets of that session with 4401; another session keeps its socket and events', async () => {
    second = await loginAs(t.app, a.email, a.password);
    const mine = await openSocket(a.cookie);
    const other = await openSocket(second);
    expect((await inject('POST', '/api/v1/auth/logout', a.cookie)).statusCode).toBe(204);
    expect(await mine.closed).toBe(4401);
    await reaches(other, a.id);
    expect(mine.events.map((e) => e.type)).toEqual(['ready']);
    a.cookie = await loginAs(t.app, a.email, a.password);
  });

  it('a password change closes the sockets of the other sessions, not the one that changed it', async () => {
    const changer = await openSocket(a.cookie);
    const other = await openSocket(second);
    const newPassword = 'Changed-Passw0rd!';
    expect((await inject('PUT', '/api/v1/auth/password', a.cookie, { oldPassword: a.password, password: newPassword, confirmPassword: newPassword })).statusCode).toBe(204);
    a.password = newPassword;
    expect(await other.closed).toBe(4401);
    await reaches(changer, a.id);
    expect(changer.isOpen()).toBe(true);
  });

  it('a password reset closes every socket of the student', async () => {
    second = await loginAs(t.app, a.email, a.password);
    const sockets = [await openSocket(a.cookie), await openSocket(second)];
    expect((await inject('POST', '/api/v1/auth/password-reset', undefined, { email: a.email })).statusCode).toBe(202);
    const token = new URL(/https?:\/\/\S+/.exec(t.mailer.last(a.email)!.text)![0]).searchParams.get('token')!;
    a.password = 'After-Reset-Passw0rd!';
    expect((await inject('POST', '/api/v1/auth/password-reset/confirm', undefined, { token, password: a.password })).statusCode).toBe(204);
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([4401, 4401]);
  });

  it('an expired session closes its socket when expired sessions are pruned', async () => {
    a.cookie = await loginAs(t.app, a.email, a.password);
    const socket = await openSocket(a.cookie);
    t.clock.advance(LIMITS.sessionIdleDays * 86_400_000 + 1000);
    try {
      expect(await t.app.services.scheduler.runDue()).toContain('prune-sessions');
      expect(await socket.closed).toBe(4401);
    } finally {
      t.clock.advance(-(LIMITS.sessionIdleDays * 86_400_000 + 1000));
    }
  });

  it('a socket that opens after its session ended is closed at once', async () => {
    const cookie = await loginAs(t.app, a.email, a.password);
    expect((await inject('POST', '/api/v1/auth/logout', cookie)).statusCode).toBe(204);
    const ws = new WebSocket(wsUrl, { headers: { cookie, origin: 'http://localhost:3000' } });
    expect(await new Promise((resolve) => ws.on('close', resolve))).toBe(4401);
  });

  it('account deletion closes every socket of the student', async () => {
    const b = await registerAndLogin(t.app);
    const other = await loginAs(t.app, b.email, b.password);
    const sockets = [await openSocket(b.cookie), await openSocket(other)];
    expect((await inject('DELETE', '/api/v1/account', b.cookie, { password: b.password })).statusCode).toBe(204);
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([4401, 4401]);
  });
});
