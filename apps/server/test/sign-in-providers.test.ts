// Sign-in with identity providers end to end against a real OpenID Provider (oidc-provider, started here
// on a random local port, its own login and consent pages walked as a browser would): a new person
// completes the student profile and is signed in; a returning person is signed in directly; an existing
// email is linked only with that account's password; a wrong state, a replayed code, an unverified email
// and a cancelled sign-in end with a clear error and no session; linking and unlinking in settings and the
// last-way-in rule; the providers list; every anonymous and wrong-account case. On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, MESSAGES, SIGN_IN_PROVIDER_ERRORS, SIGN_IN_PROVIDER_MAIL, SIGN_IN_PROVIDER_MESSAGES } from '@reshelf/shared';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { PASSWORD, adminAccount, cookieFrom, loginAs, registerAndLogin, signupBody } from './helpers/accounts.ts';
import { providerClient } from '../src/modules/identities/providers.ts';
import { ProviderBrowser, startTestProvider, type TestProvider } from './helpers/oidc-provider.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/oauth/oidc/callback`;
const MICROSOFT_CALLBACK = `${PUBLIC_URL}/api/v1/auth/oauth/microsoft/callback`;

let op: TestProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startTestProvider({ redirectUri: [CALLBACK, MICROSOFT_CALLBACK] });
  // The same provider also plays Microsoft (a tenant is an OpenID Provider found by discovery; its
  // profile reader is the real one, which trusts an email only with xms_edov).
  const microsoft = providerClient('microsoft', { clientId: op.clientId, clientSecret: op.clientSecret, issuer: op.issuer });
  t = await createTestApp({
    env: { PUBLIC_URL, OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: op.clientId, OIDC_CLIENT_SECRET: op.clientSecret },
    build: { signInClients: { microsoft } },
  });
});

afterAll(async () => {
  await t?.close();
  await op?.close();
});

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
}
function cookieNamed(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const found = setCookies(res).find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found?.split(';')[0];
}
const hasSession = (res: { headers: Record<string, unknown> }) => setCookies(res).some((c) => /^reshelf_session=[^;]+/.test(c));

/** Starts a sign-in (or link, with a session) at Reshelf: the provider's URL and the flow cookie. */
async function start(opts: { session?: string; intent?: 'link'; provider?: string } = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/${opts.provider ?? 'oidc'}${opts.intent ? `?intent=${opts.intent}` : ''}`,
    headers: opts.session ? { cookie: opts.session } : {},
  });
  expect(res.statusCode).toBe(302);
  const flow = cookieNamed(res, 'reshelf_oauth_flow');
  expect(flow).toBeDefined();
  expect(setCookies(res).find((c) => c.startsWith('reshelf_oauth_flow='))).toMatch(/HttpOnly/);
  expect(setCookies(res).find((c) => c.startsWith('reshelf_oauth_flow='))).toMatch(/SameSite=Lax/);
  return { location: res.headers.location as string, flow: flow! };
}

/** Reshelf's callback as the browser sends it back, with the cookies it holds. */
function callback(url: URL, cookies: (string | undefined)[]) {
  return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie: cookies.filter(Boolean).join('; ') } });
}

/** The whole round trip as `login` at the provider; the callback's answer and the cookies it set. */
async function signInAs(login: string, opts: { session?: string; intent?: 'link'; provider?: string } = {}) {
  const { location, flow } = await start(opts);
  const back = await new ProviderBrowser().signIn(location, login);
  const res = await callback(back, [flow, opts.session]);
  expect(res.statusCode).toBe(302);
  return { res, back, flow, redirect: res.headers.location as string, pending: cookieNamed(res, 'reshelf_oauth_pending'), session: hasSession(res) ? cookieFrom(res) : undefined };
}

const profile = { firstName: 'Ayanda', lastName: 'Dlamini', studentNumber: 'DLMAYA001', university: 'uct', userType: 'buyer' };

describe('the authorization request', () => {
  it('redirects to the provider with the code flow, PKCE (S256), a state and a nonce', async () => {
    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('answers 404 for a provider that is not configured, and 401 to link without a session', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.unknownProvider);
    const nonsense = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/constructor' });
    expect(nonsense.statusCode).toBe(404);
    const link = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/oidc?intent=link' });
    expect(link.statusCode).toBe(401);
    expect(link.json().error).toBe(MESSAGES.notSignedIn);
  });
});

describe('a new person', () => {
  it('completes the student profile with the verified email and name filled in, and is signed in', async () => {
    op.people['new-person'] = { email: 'Ayanda.New@students.uct.ac.za', given_name: 'Ayanda', family_name: 'Dlamini' };
    const first = await signInAs('new-person');
    expect(first.redirect).toBe('/sign-in/complete');
    expect(first.session).toBeUndefined();
    expect(first.pending).toBeDefined();

    const pending = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/pending', headers: { cookie: first.pending! } });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ pending: { provider: 'oidc', next: 'complete-profile', email: 'ayanda.new@students.uct.ac.za', firstName: 'Ayanda', lastName: 'Dlamini' } });

    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: { ...profile, studentNumber: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MESSAGES.studentNumberRequired);

    const done = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile });
    expect(done.statusCode).toBe(201);
    expect(done.json().student).toMatchObject({ email: 'ayanda.new@students.uct.ac.za', firstName: 'Ayanda', studentNumber: 'DLMAYA001', university: 'uct', role: 'buyer' });
    const session = cookieFrom(done);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json().student.email).toBe('ayanda.new@students.uct.ac.za');

    // The pending sign-in was used up: a second completion (a double tap, a replay) makes nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.pendingExpired);

    // Returning: the provider signs them in directly, the same session as a password login.
    const back = await signInAs('new-person');
    expect(back.redirect).toBe('/login');
    expect(back.session).toBeDefined();
    expect(setCookies(back.res).find((c) => c.startsWith('reshelf_session='))).toMatch(/HttpOnly; SameSite=Lax/);
    const me2 = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: back.session! } });
    expect(me2.json().student.id).toBe(done.json().student.id);
  });

  it('two completions at once make one account', async () => {
    op.people['racer'] = { email: 'racer@students.wits.ac.za' };
    const first = await signInAs('racer');
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404, 404]);
  });

  it('has no password: password login fails, unlinking the only provider is refused, a reset sets one', async () => {
    op.people['no-password'] = { email: 'nopass@students.uct.ac.za' };
    const first = await signInAs('no-password');
    const done = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile });
    const session = cookieFrom(done);

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nopass@students.uct.ac.za', password: '' + PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe(MESSAGES.invalidCredentials);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: session } });
    expect(list.json()).toMatchObject({ hasPassword: false, identities: [{ provider: 'oidc', email: 'nopass@students.uct.ac.za' }] });

    const unlink = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/identities/oidc', headers: { cookie: session } });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.lastWayToSignIn);

    const change = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', headers: { cookie: session }, payload: { oldPassword: 'x', password: 'N3w!Passw0rd-ok' } });
    expect(change.statusCode).toBe(400);
    expect(change.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.noPasswordYet);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: { cookie: session }, payload: { password: 'x' } });
    expect(del.statusCode).toBe(400);
    expect(del.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.noPasswordYet);

    // "Forgot password?" sets a password, and (as every reset does) unlinks the provider; the password
    // signs in, and the provider can be linked again from settings.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: 'nopass@students.uct.ac.za' } });
    const link = t.mailer.last('nopass@students.uct.ac.za')!;
    const token = /token=([\w-]+)/.exec(JSON.stringify(link))![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password: 'N3w!Passw0rd-ok' } });
    expect(reset.statusCode).toBe(204);
    const session2 = cookieFrom(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nopass@students.uct.ac.za', password: 'N3w!Passw0rd-ok' } }));
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: session2 } });
    expect(after.json()).toEqual({ hasPassword: true, identities: [] });
    const relinked = await signInAs('no-password', { session: session2, intent: 'link' });
    expect(relinked.redirect).toBe('/settings?linked=oidc');
  });
});

describe('an email that matches an existing account', () => {
  it('is linked only after that account password, with login error and limit for a wrong one', async () => {
    const owner = await registerAndLogin(t.app, signupBody({ email: 'owner@students.wits.ac.za' }));
    op.people['owner-at-op'] = { email: 'OWNER@students.wits.ac.za' };
    const first = await signInAs('owner-at-op');
    expect(first.redirect).toBe('/sign-in/link');
    expect(first.session).toBeUndefined();
    const pending = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/pending', headers: { cookie: first.pending! } });
    expect(pending.json().pending).toMatchObject({ next: 'link-password', email: 'owner@students.wits.ac.za' });

    // Not a new account either: completing a profile is not the way for an existing email.
    const complete = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile });
    expect(complete.statusCode).toBe(404);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/link', headers: { cookie: first.pending! }, payload: { password: 'Wrong-Passw0rd!' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(MESSAGES.invalidCredentials);
    expect(hasSession(wrong)).toBe(false);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: owner.cookie } });
    expect(none.json().identities).toEqual([]);

    const right = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/link', headers: { cookie: first.pending! }, payload: { password: owner.password } });
    expect(right.statusCode).toBe(200);
    expect(right.json().student.id).toBe(owner.id);
    expect(hasSession(right)).toBe(true);
    const linked = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: owner.cookie } });
    expect(linked.json()).toMatchObject({ hasPassword: true, identities: [{ provider: 'oidc' }] });

    const back = await signInAs('owner-at-op');
    expect(back.redirect).toBe('/login');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: back.session! } });
    expect(me.json().student.id).toBe(owner.id);
  });

  it('wrong passwords are limited like login (the same per-email counter)', async () => {
    await registerAndLogin(t.app, signupBody({ email: 'limited@students.wits.ac.za' }));
    op.people['limited-at-op'] = { email: 'limited@students.wits.ac.za' };
    const first = await signInAs('limited-at-op');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/link', headers: { cookie: first.pending! }, payload: { password: `Wrong-${i}` } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error).toBe(MESSAGES.tooManyAttempts);
    }
    expect(statuses).toContain(429);
    // And the login form shares it.
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'limited@students.wits.ac.za', password: PASSWORD } });
    expect(login.statusCode).toBe(429);
  });

  it('a suspended account is not signed in by its provider', async () => {
    const owner = await registerAndLogin(t.app, signupBody({ email: 'suspended@students.wits.ac.za' }));
    op.people['suspended-at-op'] = { email: 'suspended@students.wits.ac.za' };
    const first = await signInAs('suspended-at-op');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/link', headers: { cookie: first.pending! }, payload: { password: owner.password } });
    await t.database.db.transaction().execute(async (trx) => (await t.app.services.accounts.suspend(trx, owner.id, 'Test'))());
    const back = await signInAs('suspended-at-op');
    expect(back.redirect).toBe('/login?signInError=suspended');
    expect(back.session).toBeUndefined();
    expect(LIFECYCLE_MESSAGES.accountSuspended).toBeTruthy();
  });
});

describe('refused callbacks: no session, a clear error', () => {
  it('a wrong state', async () => {
    op.people['state-person'] = { email: 'state@students.uct.ac.za' };
    const { location, flow } = await start();
    const back = await new ProviderBrowser().signIn(location, 'state-person');
    back.searchParams.set('state', 'forged-state-value-forged-state');
    const res = await callback(back, [flow]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?signInError=state');
    expect(hasSession(res)).toBe(false);
    expect(cookieNamed(res, 'reshelf_oauth_pending')).toBeUndefined();
  });

  it('a callback with no flow cookie (started in another browser), or an unknown one', async () => {
    const { location } = await start();
    const back = await new ProviderBrowser().signIn(location, 'state-person');
    for (const cookies of [[], ['reshelf_oauth_flow=not-a-flow']]) {
      const res = await callback(back, cookies);
      expect(res.headers.location).toBe('/login?signInError=expired');
      expect(hasSession(res)).toBe(false);
    }
  });

  it('a replayed code: the same callback again, and the code under a new flow', async () => {
    op.people['replay-person'] = { email: 'replay@students.uct.ac.za' };
    // Make them known, so a working code would sign in.
    const first = await signInAs('replay-person');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile });
    const used = await signInAs('replay-person');
    expect(used.redirect).toBe('/login');

    const same = await callback(used.back, [used.flow]);
    expect(same.headers.location).toBe('/login?signInError=expired');
    expect(hasSession(same)).toBe(false);

    // A new flow in this browser, and the old code sent with its state: the provider refuses the code.
    const fresh = await start();
    const replay = new URL(used.back);
    replay.searchParams.set('state', new URL(fresh.location).searchParams.get('state')!);
    const res = await callback(replay, [fresh.flow]);
    expect(res.headers.location).toBe('/login?signInError=provider');
    expect(hasSession(res)).toBe(false);
  });

  it('an unverified email never finds or creates an account', async () => {
    await registerAndLogin(t.app, signupBody({ email: 'victim@students.wits.ac.za' }));
    op.people['unverified'] = { email: 'victim@students.wits.ac.za', email_verified: false };
    const res = await signInAs('unverified');
    expect(res.redirect).toBe('/login?signInError=unverified');
    expect(res.session).toBeUndefined();
    expect(res.pending).toBeUndefined();
    op.people['unverified-new'] = { email: 'nobody@students.wits.ac.za', email_verified: false };
    const res2 = await signInAs('unverified-new');
    expect(res2.redirect).toBe('/login?signInError=unverified');
    expect(await t.app.services.accounts.findByEmail('nobody@students.wits.ac.za')).toBeNull();
  });

  it('a sign-in cancelled at the provider', async () => {
    const { location, flow } = await start();
    const back = await new ProviderBrowser().signIn(location, 'whoever', { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(back, [flow]);
    expect(res.headers.location).toBe('/login?signInError=denied');
    expect(hasSession(res)).toBe(false);
  });

  it('the pending endpoints without a pending sign-in', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/pending' });
    expect(get.statusCode).toBe(404);
    expect(get.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.pendingExpired);
    const complete = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', payload: profile });
    expect(complete.statusCode).toBe(404);
    const link = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/link', payload: { password: 'x' } });
    expect(link.statusCode).toBe(404);
  });
});

describe('logout ends a sign-in left half-way in this browser', () => {
  /** The Set-Cookie that expires `name` on the path the browser holds it under, if the answer has one. */
  const expiredCookie = (res: { headers: Record<string, unknown> }, name: string) =>
    setCookies(res).find((c) => c.startsWith(`${name}=;`) && /Path=\/api\/v1\/auth(;|$)/.test(c) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
  const logout = (cookies: (string | undefined)[]) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: cookies.filter(Boolean).join('; ') } });

  it('a pending new person: the cookie is expired and the pending sign-in deleted, so nobody can finish it', async () => {
    op.people['walked-away'] = { email: 'walked.away@students.uct.ac.za', given_name: 'Lerato' };
    const first = await signInAs('walked-away');
    expect(first.redirect).toBe('/sign-in/complete');
    // Held for every auth route, logout's included, so logout can end it.
    expect(setCookies(first.res).find((c) => c.startsWith('reshelf_oauth_pending='))).toMatch(/Path=\/api\/v1\/auth(;|$)/);
    // Someone else at the same browser, their own sign-in pending too: not this browser's to end.
    op.people['elsewhere'] = { email: 'elsewhere@students.uct.ac.za' };
    const other = await signInAs('elsewhere');

    const out = await logout([first.pending]);
    expect(out.statusCode).toBe(204);
    expect(expiredCookie(out, 'reshelf_oauth_pending')).toBeDefined();
    expect(expiredCookie(out, 'reshelf_oauth_flow')).toBeDefined();
    expect(out.headers['cache-control']).toBe('no-store');

    // The cookie copied before logout (a browser that kept it) finds nothing either.
    const pending = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/pending', headers: { cookie: first.pending! } });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.pendingExpired);
    const complete = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile });
    expect(complete.statusCode).toBe(404);
    expect(hasSession(complete)).toBe(false);
    expect(await t.app.services.accounts.findByEmail('walked.away@students.uct.ac.za')).toBeNull();

    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/pending', headers: { cookie: other.pending! } });
    expect(theirs.statusCode).toBe(200);
  });

  it('a pending link to an existing account: the password can no longer link it', async () => {
    const owner = await registerAndLogin(t.app, signupBody({ email: 'shared-pc@students.wits.ac.za' }));
    op.people['shared-pc'] = { email: 'shared-pc@students.wits.ac.za' };
    const first = await signInAs('shared-pc');
    expect(first.redirect).toBe('/sign-in/link');
    expect((await logout([first.pending, owner.cookie])).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: owner.cookie } })).statusCode).toBe(401);
    const link = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/link', headers: { cookie: first.pending! }, payload: { password: owner.password } });
    expect(link.statusCode).toBe(404);
    const fresh = await loginAs(t.app, owner.email, owner.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: fresh } })).json().identities).toEqual([]);
  });

  it('a flow started at the provider: its callback after logout signs nobody in', async () => {
    op.people['started'] = { email: 'started@students.uct.ac.za' };
    const { location, flow } = await start();
    const out = await logout([flow]);
    expect(out.statusCode).toBe(204);
    expect(expiredCookie(out, 'reshelf_oauth_flow')).toBeDefined();
    const back = await new ProviderBrowser().signIn(location, 'started');
    const res = await callback(back, [flow]);
    expect(res.headers.location).toBe('/login?signInError=expired');
    expect(hasSession(res)).toBe(false);
    expect(cookieNamed(res, 'reshelf_oauth_pending')).toBeUndefined();
  });
});

describe('linking and unlinking in settings', () => {
  it('links a provider to the signed-in student, then signs them in with it', async () => {
    const student = await registerAndLogin(t.app);
    op.people['linker'] = { email: 'different-address@gmail.test' };
    const linked = await signInAs('linker', { session: student.cookie, intent: 'link' });
    expect(linked.redirect).toBe('/settings?linked=oidc');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: student.cookie } });
    expect(list.json().identities).toMatchObject([{ provider: 'oidc', email: 'different-address@gmail.test' }]);
    const back = await signInAs('linker');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: back.session! } });
    expect(me.json().student.id).toBe(student.id);

    // Linked to this student, it cannot be linked to another.
    const other = await registerAndLogin(t.app);
    const taken = await signInAs('linker', { session: other.cookie, intent: 'link' });
    expect(taken.redirect).toBe('/settings?signInError=taken');
  });

  it('a link started by one student and finished in another session links nothing', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    op.people['crossed'] = { email: 'crossed@gmail.test' };
    const { location, flow } = await start({ session: a.cookie, intent: 'link' });
    const back = await new ProviderBrowser().signIn(location, 'crossed');
    const res = await callback(back, [flow, b.cookie]);
    expect(res.headers.location).toBe('/settings?signInError=expired');
    for (const s of [a, b]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: s.cookie } });
      expect(list.json().identities).toEqual([]);
    }
  });

  it('unlinking: anonymous 401, a provider not linked 404 (another student cannot unlink mine)', async () => {
    const owner = await registerAndLogin(t.app);
    op.people['mine'] = { email: 'mine@gmail.test' };
    await signInAs('mine', { session: owner.cookie, intent: 'link' });
    const other = await registerAndLogin(t.app);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities' })).statusCode).toBe(401);
    const anon = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/identities/oidc' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe(MESSAGES.notSignedIn);
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/identities/oidc', headers: { cookie: other.cookie } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe(SIGN_IN_PROVIDER_MESSAGES.notLinked);
    const still = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: owner.cookie } });
    expect(still.json().identities).toHaveLength(1);

    const ok = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/identities/oidc', headers: { cookie: owner.cookie } });
    expect(ok.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/identities/oidc', headers: { cookie: owner.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('each link is mailed to the account; a password set from a reset link unlinks every provider, so a link someone else made goes', async () => {
    // Someone with a moment at the student's signed-in session links their own provider account.
    const student = await registerAndLogin(t.app);
    op.people['intruder'] = { email: 'intruder@gmail.test' };
    const linked = await signInAs('intruder', { session: student.cookie, intent: 'link' });
    expect(linked.redirect).toBe('/settings?linked=oidc');
    const warning = t.mailer.last(student.email)!;
    expect(warning.subject).toBe(SIGN_IN_PROVIDER_MAIL.subject('Single sign-on'));
    for (const p of SIGN_IN_PROVIDER_MAIL.paragraphs('Single sign-on')) expect(warning.text).toContain(p);
    expect((await signInAs('intruder')).session).toBeDefined();

    // The owner resets the password from the mailed link: the intruder's provider no longer signs in.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: student.email } });
    const token = /token=([\w-]+)/.exec(JSON.stringify(t.mailer.last(student.email)))![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password: 'N3w!Passw0rd-ok' } });
    expect(reset.statusCode).toBe(204);
    const session = cookieFrom(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: student.email, password: 'N3w!Passw0rd-ok' } }));
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: session } });
    expect(list.json()).toEqual({ hasPassword: true, identities: [] });
    const intruder = await signInAs('intruder');
    expect(intruder.session).toBeUndefined();
    expect(intruder.redirect).toBe('/sign-in/complete');
  });

  it('an admin account keeps its password alone: no link from settings, no link to its email', async () => {
    const admin = await adminAccount(t.app);
    const started = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/oidc?intent=link', headers: { cookie: admin.cookie } });
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toBe('/settings?signInError=admin');
    op.people['admin-lookalike'] = { email: admin.email };
    const byEmail = await signInAs('admin-lookalike');
    expect(byEmail.redirect).toBe('/login?signInError=admin');
    expect(byEmail.session).toBeUndefined();
    expect(byEmail.pending).toBeUndefined();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: admin.cookie } });
    expect(list.json().identities).toEqual([]);
    expect(SIGN_IN_PROVIDER_ERRORS.admin).toBe('Admin accounts sign in with their email and password only.');
  });

  it('account deletion takes the identities with it', async () => {
    const student = await registerAndLogin(t.app);
    op.people['deleted'] = { email: 'deleted@gmail.test' };
    await signInAs('deleted', { session: student.cookie, intent: 'link' });
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: { cookie: student.cookie }, payload: { password: student.password } });
    expect(del.statusCode).toBe(204);
    // The provider account is free again: signing in with it is a new person.
    const back = await signInAs('deleted');
    expect(back.redirect).toBe('/sign-in/complete');
  });
});

describe('the providers configured', () => {
  it('GET /auth/providers lists exactly those configured, for anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ['microsoft', 'oidc'] });
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({ providers: [] });
    } finally {
      await bare.close();
    }
    const env = { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', GITHUB_CLIENT_ID: 'h', GITHUB_CLIENT_SECRET: 's', X_CLIENT_ID: 'x', X_CLIENT_SECRET: 's' };
    expect(Object.keys(loadConfig(env).signInProviders)).toEqual(['google', 'github', 'x']);
  });

  it('refuses half a configuration, a Microsoft tenant that is not one, and plain http away from localhost', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g' })).toThrow(/GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together/);
    expect(() => loadConfig({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 's', MICROSOFT_TENANT: 'common' })).toThrow(/MICROSOFT_TENANT/);
    expect(loadConfig({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 's', MICROSOFT_TENANT: '8d88c9c2-2058-486d-9cd4-2fc9010326bc' }).signInProviders.microsoft?.issuer).toBe(
      'https://login.microsoftonline.com/8d88c9c2-2058-486d-9cd4-2fc9010326bc/v2.0',
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'http://sso.example.test', OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 's' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 's' })).toThrow(/OIDC_ISSUER is required/);
  });

  it('a provider that cannot be reached sends the browser back with a clear error', async () => {
    const down = await createTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 's' } });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/oidc' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?signInError=unavailable');
      expect(cookieNamed(res, 'reshelf_oauth_flow')).toBeUndefined();
    } finally {
      await down.close();
    }
  });
});

describe('Microsoft (played by the test provider)', () => {
  it("a sign-in whose tenant owns the address, at the student's university, verifies them", async () => {
    op.people['ms-student'] = { email: 'lindiwe.ms@myuct.ac.za', xms_edov: true, given_name: 'Lindiwe' };
    const first = await signInAs('ms-student', { provider: 'microsoft' });
    expect(first.redirect).toBe('/sign-in/complete');
    const done = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: { ...profile, university: 'uct' } });
    expect(done.statusCode).toBe(201);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: cookieFrom(done) } });
    expect(me.json().student.verified).toMatchObject({ university: 'uct' });
  });

  it('an email the tenant does not own (no xms_edov) is not trusted', async () => {
    op.people['ms-unowned'] = { email: 'someone@myuct.ac.za', email_verified: true };
    const res = await signInAs('ms-unowned', { provider: 'microsoft' });
    expect(res.redirect).toBe('/login?signInError=unverified');
  });

  it('a student at another university is signed in but not verified by it', async () => {
    op.people['ms-elsewhere'] = { email: 'sipho.ms@myuct.ac.za', xms_edov: true };
    const first = await signInAs('ms-elsewhere', { provider: 'microsoft' });
    const done = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: { ...profile, university: 'wits' } });
    expect(done.json().student.verified).toBeNull();
  });
});

describe('two unlinks at once', () => {
  it('of the two providers of an account with no password: one goes, the last stays', async () => {
    op.people['two-ways'] = { email: 'two.ways@students.uct.ac.za' };
    const first = await signInAs('two-ways');
    const session = cookieFrom(await t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/complete', headers: { cookie: first.pending! }, payload: profile }));
    op.people['two-ways-ms'] = { email: 'two.ways@students.uct.ac.za', xms_edov: true };
    const linked = await signInAs('two-ways-ms', { provider: 'microsoft', session, intent: 'link' });
    expect(linked.redirect).toBe('/settings?linked=microsoft');
    const answers = await Promise.all(
      ['oidc', 'microsoft'].map((p) => t.app.inject({ method: 'DELETE', url: `/api/v1/auth/identities/${p}`, headers: { cookie: session } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const left = await t.app.inject({ method: 'GET', url: '/api/v1/auth/identities', headers: { cookie: session } });
    expect(left.json().identities).toHaveLength(1);
  });
});
