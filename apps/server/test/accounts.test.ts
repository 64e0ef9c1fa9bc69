import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS, MESSAGES } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { PASSWORD, cookieFrom, loginAs, registerAndLogin, signupBody } from './helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'Admin@Reshelf.test', ADMIN_PASSWORD: 'Admin-Passw0rd!' } });
});
afterAll(async () => t.close());

const post = (url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe(`registration (${dialectUnderTest})`, () => {
  it('creates a student, normalising email and student number, with no session', async () => {
    const body = signupBody({ email: '  Lerato.Dlamini@Students.Wits.AC.ZA ', studentNumber: ' 1234567 ', userType: 'seller' });
    const res = await post('/api/v1/auth/register', body);
    expect(res.statusCode).toBe(201);
    const { student } = res.json();
    expect(student).toMatchObject({
      email: 'lerato.dlamini@students.wits.ac.za',
      studentNumber: '1234567',
      firstName: 'Thandi',
      university: 'wits',
      role: 'seller',
      academicInfo: null,
    });
    expect(student.id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    expect(student).not.toHaveProperty('password');
    expect(student).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(student)).not.toContain('argon2');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an email that already exists (any case) with 409', async () => {
    const body = signupBody();
    expect((await post('/api/v1/auth/register', body)).statusCode).toBe(201);
    const again = await post('/api/v1/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Email already exists', code: 'EMAIL_EXISTS' });
  });

  it.each([
    [{ email: undefined }, 'Email is required', 'email'],
    [{ email: 'not-an-email' }, 'Invalid email format', 'email'],
    [{ password: undefined }, 'Password is required', 'password'],
    [{ password: 'Ab1!' }, 'Password must be at least 8 characters long', 'password'],
    [{ password: 'abcdefg1!' }, 'Password must contain at least one uppercase letter', 'password'],
    [{ password: 'ABCDEFG1!' }, 'Password must contain at least one lowercase letter', 'password'],
    [{ password: 'Abcdefgh!' }, 'Password must contain at least one number', 'password'],
    [{ password: 'Abcdefgh1' }, 'Password must contain at least one special character', 'password'],
    [{ firstName: '' }, 'First name is required', 'firstName'],
    [{ lastName: undefined }, 'Last name is required', 'lastName'],
    [{ studentNumber: '' }, 'Student number is required', 'studentNumber'],
    [{ studentNumber: '123' }, 'Student number seems too short', 'studentNumber'],
    [{ university: '' }, 'Please select your university', 'university'],
    [{ userType: undefined }, 'Please select whether you want to buy or sell books', 'userType'],
  ])('400 for %o with the field message', async (override, message, field) => {
    const res = await post('/api/v1/auth/register', signupBody(override));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(message);
    expect(body.code).toBe('VALIDATION');
    expect(body.fields[field]).toBe(message);
  });

  it('nobody signs up as admin', async () => {
    const res = await post('/api/v1/auth/register', signupBody({ userType: 'admin' }));
    expect(res.statusCode).toBe(400);
    const sneaky = await post('/api/v1/auth/register', signupBody({ role: 'admin', userType: 'buyer' }));
    expect(sneaky.statusCode).toBe(201);
    expect(sneaky.json().student.role).toBe('buyer');
  });

  it('lists every failing field and reports the first as error', async () => {
    const res = await post('/api/v1/auth/register', {});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('Email is required');
    expect(Object.keys(body.fields)).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName', 'studentNumber', 'university', 'userType']),
    );
  });

  it('answers wrong JSON types and malformed JSON with 400', async () => {
    const wrong = await post('/api/v1/auth/register', { ...signupBody(), email: 42, firstName: ['x'] });
    expect(wrong.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_JSON');
  });
});

describe('login, session and logout', () => {
  it('logs in with a hardened cookie and restores the session', async () => {
    const body = signupBody({ userType: 'seller' });
    await post('/api/v1/auth/register', body);
    const res = await post('/api/v1/auth/login', { email: ` ${body.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().student.email).toBe(body.email);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/reshelf_session=[A-Za-z0-9_-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = cookieFrom(res);
    const session = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().student.role).toBe('seller');
    const profile = await t.app.inject({ url: '/api/v1/student/profile', headers: { cookie } });
    expect(profile.json().student.email).toBe(body.email);
  });

  it('stores only a hash of the session token', async () => {
    const a = await registerAndLogin(t.app);
    const token = a.cookie.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').where('student_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(token);
  });

  it('gives a new session id at every login', async () => {
    const a = await registerAndLogin(t.app);
    const second = await loginAs(t.app, a.email, a.password);
    expect(second).not.toBe(a.cookie);
  });

  it('answers 401 Not signed in without a session, and for a made-up cookie', async () => {
    const none = await t.app.inject('/api/v1/auth/session');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
    const fake = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: 'reshelf_session=forged' } });
    expect(fake.statusCode).toBe(401);
    expect((await t.app.inject('/api/v1/student/profile')).statusCode).toBe(401);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const a = await registerAndLogin(t.app);
    const wrong = await post('/api/v1/auth/login', { email: a.email, password: 'Wrong-Passw0rd!' });
    const unknown = await post('/api/v1/auth/login', { email: 'nobody@students.wits.ac.za', password: 'Wrong-Passw0rd!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: 'nope', password: 'x' }, 'Invalid email format'],
    [{ email: 'a@b.co' }, 'Password is required'],
  ])('login 400 for %o', async (payload, message) => {
    const res = await post('/api/v1/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('logout ends the session server-side (a replayed cookie gets 401)', async () => {
    const a = await registerAndLogin(t.app);
    const out = await post('/api/v1/auth/logout', undefined, a.cookie);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/reshelf_session=;/);
    const replay = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('slides the idle expiry and ends idle and over-age sessions', async () => {
    const a = await registerAndLogin(t.app);
    const day = 86_400_000;
    t.clock.advance(29 * day);
    const alive = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } });
    expect(alive.statusCode).toBe(200);
    expect(String(alive.headers['set-cookie'])).toMatch(/reshelf_session=/);
    t.clock.advance(29 * day);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    t.clock.advance(31 * day);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } })).statusCode).toBe(401);

    // Absolute lifetime: active every 20 days, still ends after 90.
    const b = await registerAndLogin(t.app);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(20 * day);
      expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: b.cookie } })).statusCode).toBe(200);
    }
    t.clock.advance(11 * day);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: b.cookie } })).statusCode).toBe(401);
  });
});

describe('brute-force limit', () => {
  it('answers 429 with Retry-After after 10 failures for one email, even from many IPs, and a reset clears it', async () => {
    const a = await registerAndLogin(t.app);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: a.email, password: `Wrong-${i}-Passw0rd!` },
        remoteAddress: `10.0.${i}.1`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = String(res.headers['retry-after']);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits: the limit is on guesses for the account.
    const right = await post('/api/v1/auth/login', { email: a.email, password: a.password });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RATE_LIMITED');

    // The real owner resets by email and gets straight back in.
    await post('/api/v1/auth/password-reset', { email: a.email });
    const token = new URL(/https?:\/\/\S+/.exec(t.mailer.last(a.email)!.text)![0]).searchParams.get('token')!;
    expect((await post('/api/v1/auth/password-reset/confirm', { token, password: 'N3w!Passw0rd' })).statusCode).toBe(204);
    expect((await post('/api/v1/auth/login', { email: a.email, password: 'N3w!Passw0rd' })).statusCode).toBe(200);
  });

  it('the window ends after 15 minutes', async () => {
    // The limiter library reads the system time, not the app's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const a = await registerAndLogin(t.app);
      for (let i = 0; i < 10; i++) await post('/api/v1/auth/login', { email: a.email, password: 'Wrong-Passw0rd!' });
      expect((await post('/api/v1/auth/login', { email: a.email, password: a.password })).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 15 * 60_000 - 5000);
      expect((await post('/api/v1/auth/login', { email: a.email, password: a.password })).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 6000);
      expect((await post('/api/v1/auth/login', { email: a.email, password: a.password })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a right password does not use up the limit: 9 failures, a sign-in, then one more failure is still a 401', async () => {
    const a = await registerAndLogin(t.app);
    for (let i = 0; i < 9; i++) await post('/api/v1/auth/login', { email: a.email, password: 'Wrong-Passw0rd!' });
    expect((await post('/api/v1/auth/login', { email: a.email, password: a.password })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/login', { email: a.email, password: 'Wrong-Passw0rd!' })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email: a.email, password: a.password })).statusCode).toBe(429);
  });
});

describe('password reset', () => {
  const tokenFromMail = (to: string) => {
    const mail = t.mailer.last(to);
    expect(mail).toBeDefined();
    const link = /http:\/\/localhost:3000\/reset\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]!);
  };

  it('answers 202 with the same message for known and unknown emails, and mails only the known one', async () => {
    const a = await registerAndLogin(t.app);
    const before = t.mailer.sent.length;
    const known = await post('/api/v1/auth/password-reset', { email: a.email.toUpperCase() });
    const unknown = await post('/api/v1/auth/password-reset', { email: 'ghost@students.wits.ac.za' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: 'Password reset link sent to your email' });
    expect(t.mailer.sent.length).toBe(before + 1);
    const mail = t.mailer.last(a.email)!;
    expect(mail.subject).toMatch(/Reset your Reshelf password/);
    expect(mail.html).toContain('/reset?token=');
  });

  it('validates the email like the reset form', async () => {
    expect((await post('/api/v1/auth/password-reset', {})).json().error).toBe('Email is required');
    expect((await post('/api/v1/auth/password-reset', { email: 'x' })).json().error).toBe('Invalid email format');
  });

  it('sets a new password, ends every session, and the link works once', async () => {
    const a = await registerAndLogin(t.app);
    const other = await loginAs(t.app, a.email, a.password);
    await post('/api/v1/auth/password-reset', { email: a.email });
    const token = tokenFromMail(a.email);
    const stored = await t.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const weak = await post('/api/v1/auth/password-reset/confirm', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password must be at least 8 characters long');

    const ok = await post('/api/v1/auth/password-reset/confirm', { token, password: 'Brand-N3w-Pass' });
    expect(ok.statusCode).toBe(204);
    for (const cookie of [a.cookie, other]) {
      expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).statusCode).toBe(401);
    }
    const again = await post('/api/v1/auth/password-reset/confirm', { token, password: 'Another-N3w-Pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Reset link is invalid or has expired', code: 'RESET_INVALID' });
    expect((await post('/api/v1/auth/login', { email: a.email, password: a.password })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email: a.email, password: 'Brand-N3w-Pass' })).statusCode).toBe(200);
  });

  it(`mails one address at most ${LIMITS.resetMailsPerWindow} times an hour, from any number of addresses; further requests answer the same and send nothing`, async () => {
    // The limiter library reads the system time, not the app's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const a = await registerAndLogin(t.app);
      const b = await registerAndLogin(t.app);
      let ip = 0;
      const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress: `10.30.0.${ip++}` });
      const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email).length;
      const unknown = await ask('nobody-here@students.wits.ac.za');
      for (let i = 0; i < LIMITS.resetMailsPerWindow; i++) expect((await ask(a.email)).statusCode).toBe(202);
      expect(mailsTo(a.email)).toBe(LIMITS.resetMailsPerWindow);
      const links = await t.database.db.selectFrom('password_resets').select('token_hash').where('student_id', '=', a.id).execute();

      const extra = await ask(a.email);
      expect(extra.statusCode).toBe(202);
      expect(extra.body).toBe(unknown.body);
      expect(extra.json()).toEqual({ message: MESSAGES.resetSent });
      expect(mailsTo(a.email)).toBe(LIMITS.resetMailsPerWindow);
      // No link was made for the mail that was not sent.
      expect(await t.database.db.selectFrom('password_resets').select('token_hash').where('student_id', '=', a.id).execute()).toHaveLength(links.length);

      // Another address is not affected.
      expect((await ask(b.email)).statusCode).toBe(202);
      expect(mailsTo(b.email)).toBe(1);

      // The window is an hour from the first mail: a moment before its end still nothing, then mail again.
      vi.setSystemTime(Date.now() + LIMITS.resetMailWindowMs - 5000);
      await ask(a.email);
      expect(mailsTo(a.email)).toBe(LIMITS.resetMailsPerWindow);
      vi.setSystemTime(Date.now() + 6000);
      expect((await ask(a.email)).statusCode).toBe(202);
      expect(mailsTo(a.email)).toBe(LIMITS.resetMailsPerWindow + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('requests for one address sent at the same moment send no more mails than the limit', async () => {
    const a = await registerAndLogin(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: a.email }, remoteAddress: `10.31.0.${i}` })),
    );
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`))).toEqual(new Set([`202 ${JSON.stringify({ message: MESSAGES.resetSent })}`]));
    expect(t.mailer.sent.filter((m) => m.to === a.email)).toHaveLength(LIMITS.resetMailsPerWindow);
  });

  it('expires after 1 hour', async () => {
    const a = await registerAndLogin(t.app);
    await post('/api/v1/auth/password-reset', { email: a.email });
    const token = tokenFromMail(a.email);
    t.clock.advance(60 * 60_000 + 1);
    const late = await post('/api/v1/auth/password-reset/confirm', { token, password: 'Brand-N3w-Pass' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('Reset link is invalid or has expired');
  });
});

describe('change password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const a = await registerAndLogin(t.app);
    const other = await loginAs(t.app, a.email, a.password);
    const put = (payload: unknown, cookie = a.cookie) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', payload: payload as object, headers: { cookie } });

    const anon = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', payload: { oldPassword: a.password, password: 'N3w!Passw0rd' } });
    expect(anon.statusCode).toBe(401);
    const wrong = await put({ oldPassword: 'Wrong-Passw0rd1!', password: 'N3w!Passw0rd' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Current password is incorrect');
    const short = await put({ oldPassword: a.password, password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('New password must be at least 8 characters');
    const noUpper = await put({ oldPassword: a.password, password: 'abcdefg1!' });
    expect(noUpper.json().error).toBe('Password must contain at least one uppercase letter');

    expect((await put({ oldPassword: a.password, password: 'N3w!Passw0rd' })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email: a.email, password: 'N3w!Passw0rd' })).statusCode).toBe(200);
  });
});

describe('delete account', () => {
  it('needs the password, erases the student and every session, and frees the email', async () => {
    const a = await registerAndLogin(t.app);
    const other = await loginAs(t.app, a.email, a.password);
    const del = (payload: unknown, cookie = a.cookie) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/account', payload: payload as object, headers: { cookie } });

    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/account', payload: { password: a.password } })).statusCode).toBe(401);
    const wrong = await del({ password: 'Wrong-Passw0rd1!' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Password is incorrect', code: 'INVALID_CREDENTIALS' });
    const empty = await del({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'Account deletion cancelled - password required', fields: { password: 'Account deletion cancelled - password required' } });

    expect((await del({ password: a.password })).statusCode).toBe(204);
    for (const cookie of [a.cookie, other]) {
      expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).statusCode).toBe(401);
    }
    expect(await t.database.db.selectFrom('students').select('id').where('id', '=', a.id).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom('sessions').select('token_hash').where('student_id', '=', a.id).execute()).toEqual([]);
    const again = await post('/api/v1/auth/register', signupBody({ email: a.email }));
    expect(again.statusCode).toBe(201);
  });
});

describe('the current password, asked again while signed in, is guessed no faster than at login', () => {
  // Each try from its own address, so the per-address ceilings never mask the per-email limit.
  let n = 0;
  const from = () => `10.20.${n >> 8}.${n++ & 255}`;
  const change = (a: { cookie: string }, oldPassword: string) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', payload: { oldPassword, password: 'N3w!Passw0rd-Later' }, headers: { cookie: a.cookie }, remoteAddress: from() });
  const remove = (a: { cookie: string }, password: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/account', payload: { password }, headers: { cookie: a.cookie }, remoteAddress: from() });
  const login = (a: { email: string }, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: a.email, password }, remoteAddress: from() });
  const stillThere = async (id: string) => Boolean(await t.database.db.selectFrom('students').select('id').where('id', '=', id).executeTakeFirst());

  it('after the limit of wrong current passwords, even the right one is 429 on both routes and at login', async () => {
    const a = await registerAndLogin(t.app);
    for (let i = 0; i < LIMITS.loginFailuresPerWindow / 2; i++) {
      const wrong = await change(a, `Wrong-${i}-Passw0rd!`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: MESSAGES.currentPasswordIncorrect, code: 'INVALID_CREDENTIALS' });
    }
    for (let i = 0; i < LIMITS.loginFailuresPerWindow / 2; i++) {
      const wrong = await remove(a, `Wrong-${i}-Passw0rd!`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: MESSAGES.passwordIncorrect, code: 'INVALID_CREDENTIALS' });
    }
    for (const res of [await change(a, a.password), await remove(a, a.password), await login(a, a.password)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Nothing changed: the account is there, with its password, and the session still works.
    expect(await stillThere(a.id)).toBe(true);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    // The owner's way back is the same as after guessing at login: a reset clears the lock.
    await post('/api/v1/auth/password-reset', { email: a.email });
    const token = new URL(/https?:\/\/\S+/.exec(t.mailer.last(a.email)!.text)![0]).searchParams.get('token')!;
    expect((await post('/api/v1/auth/password-reset/confirm', { token, password: 'Brand-N3w-Pass' })).statusCode).toBe(204);
    expect((await login(a, 'Brand-N3w-Pass')).statusCode).toBe(200);
  });

  it('shares its counter with login: wrong passwords at login lock the change and the deletion', async () => {
    const a = await registerAndLogin(t.app);
    for (let i = 0; i < LIMITS.loginFailuresPerWindow; i++) expect((await login(a, `Wrong-${i}-Passw0rd!`)).statusCode).toBe(401);
    const changed = await change(a, a.password);
    expect(changed.statusCode).toBe(429);
    expect(changed.json().error).toBe(MESSAGES.tooManyAttempts);
    const removed = await remove(a, a.password);
    expect(removed.statusCode).toBe(429);
    expect(removed.json().error).toBe(MESSAGES.tooManyAttempts);
    expect(await stillThere(a.id)).toBe(true);
  });

  it('a right current password gives its count back, as at login', async () => {
    const a = await registerAndLogin(t.app);
    for (let i = 0; i < LIMITS.loginFailuresPerWindow - 1; i++) expect((await change(a, `Wrong-${i}-Passw0rd!`)).statusCode).toBe(401);
    expect((await change(a, a.password)).statusCode).toBe(204);
    expect((await remove(a, 'Wrong-Passw0rd!')).statusCode).toBe(401);
    expect((await remove(a, 'N3w!Passw0rd-Later')).statusCode).toBe(429);
    expect(await stillThere(a.id)).toBe(true);
  });

  it('guesses sent at the same moment get no more checks than the limit', async () => {
    const a = await registerAndLogin(t.app);
    const answers = await Promise.all(Array.from({ length: 2 * LIMITS.loginFailuresPerWindow }, (_, i) => (i % 2 ? remove : change)(a, `Burst-${i}-Passw0rd!`)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.loginFailuresPerWindow);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMITS.loginFailuresPerWindow);
    expect((await change(a, a.password)).statusCode).toBe(429);
    expect(await stillThere(a.id)).toBe(true);
  });
});

describe('faculty details', () => {
  const faculty = { faculty: 'science', department: 'Computer Science', studentNumber: '2301234', yearOfStudy: 'second', academicYear: '2026', semester: '1' };

  it('saves them (semester 1 stored as first) and refuses a second change within 24 hours', async () => {
    const a = await registerAndLogin(t.app);
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/v1/student/faculty', payload: payload as object, headers: { cookie: a.cookie } });
    const res = await put(faculty);
    expect(res.statusCode).toBe(200);
    expect(res.json().student.academicInfo).toMatchObject({
      facultyName: 'science',
      departmentName: 'Computer Science',
      yearOfStudy: 'second',
      semester: 'first',
      academicYear: '2026',
    });
    const soon = await put({ ...faculty, yearOfStudy: 'third' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toBe('You can only update faculty details once every 24 hours');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await put({ ...faculty, yearOfStudy: 'third' })).statusCode).toBe(200);
  });

  it('refuses a department from another faculty and a bad academic year', async () => {
    const a = await registerAndLogin(t.app);
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/v1/student/faculty', payload: payload as object, headers: { cookie: a.cookie } });
    expect((await put({ ...faculty, department: 'Nursing' })).statusCode).toBe(400);
    expect((await put({ ...faculty, academicYear: '26' })).statusCode).toBe(400);
    expect((await put({ ...faculty, semester: 'third' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/student/faculty', payload: faculty })).statusCode).toBe(401);
  });
});

describe('admins', () => {
  it('creates the configured admin at start-up (email normalised) and can log in', async () => {
    const res = await post('/api/v1/auth/login', { email: 'admin@reshelf.test', password: 'Admin-Passw0rd!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().student.role).toBe('admin');
  });

  it('password hashes are argon2id with at least m=19456, t=2', async () => {
    const row = await t.database.db.selectFrom('students').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, tc] = /m=(\d+),t=(\d+)/.exec(row.password_hash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19456);
    expect(Number(tc)).toBeGreaterThanOrEqual(2);
  });
});
