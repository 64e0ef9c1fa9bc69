// The signed-in hint: a readable cookie beside the httpOnly session cookie, so the web app can skip the
// session check for visitors. It follows the session (login, refresh, logout, expiry) and is handed to
// a student who signed in before it existed, without signing them out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, signupBody } from './helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HINT = 'reshelf_signed_in';

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
}

const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`));

const session = (cookie?: string) => t.app.inject({ url: '/api/v1/auth/session', headers: cookie ? { cookie } : {} });

describe(`signed-in hint cookie (${dialectUnderTest})`, () => {
  it('is set beside the session cookie at login: readable by the page, otherwise the same flags and lifetime', async () => {
    const body = signupBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: body.password } });
    expect(res.statusCode).toBe(200);
    const hint = cookieNamed(res, HINT);
    const sessionCookie = cookieNamed(res, 'reshelf_session');
    expect(hint).toMatch(/^reshelf_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(sessionCookie).toMatch(/HttpOnly/i);
    const maxAge = (cookie: string | undefined) => cookie?.match(/Max-Age=(\d+)/)?.[1];
    expect(maxAge(hint)).toBe('2592000');
    expect(maxAge(hint)).toBe(maxAge(sessionCookie));
    // The hint carries no secret: it is the same for everyone.
    expect(hint).not.toContain(sessionCookie!.split(';')[0]!.split('=')[1]!);
  });

  it('is cleared with the session cookie at logout', async () => {
    const a = await registerAndLogin(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: `${a.cookie}; ${HINT}=1` } });
    expect(out.statusCode).toBe(204);
    expect(cookieNamed(out, 'reshelf_session')).toMatch(/^reshelf_session=;/);
    const hint = cookieNamed(out, HINT);
    expect(hint).toMatch(/^reshelf_signed_in=;/);
    expect(hint).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it('is given to a student signed in before the hint existed (session cookie only), who stays signed in', async () => {
    const a = await registerAndLogin(t.app);
    const res = await session(a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().student.id).toBe(a.id);
    expect(cookieNamed(res, HINT)).toMatch(/^reshelf_signed_in=1;.*Max-Age=\d+/);
    // Once the browser has it, the check sets nothing.
    const again = await session(`${a.cookie}; ${HINT}=1`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a hint without a session is cleared by the 401, and a visitor with neither gets no cookie at all', async () => {
    const stale = await session(`${HINT}=1`);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
    expect(cookieNamed(stale, HINT)).toMatch(/^reshelf_signed_in=;/);

    const visitor = await session();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['set-cookie']).toBeUndefined();

    const forged = await session(`reshelf_session=forged; ${HINT}=1`);
    expect(forged.statusCode).toBe(401);
    expect(cookieNamed(forged, HINT)).toMatch(/^reshelf_signed_in=;/);
  });

  it('is renewed with the session when the session slides', async () => {
    const a = await registerAndLogin(t.app);
    t.clock.advance(24 * 3_600_000);
    const res = await t.app.inject({ url: '/api/v1/student/profile', headers: { cookie: `${a.cookie}; ${HINT}=1` } });
    expect(res.statusCode).toBe(200);
    expect(cookieNamed(res, 'reshelf_session')).toMatch(/Max-Age=2592000/);
    expect(cookieNamed(res, HINT)).toMatch(/^reshelf_signed_in=1;.*Max-Age=2592000/);
  });
});
