// Verified students (docs/decisions/0035-verified-students.md): POST /account/verify-student mails a
// single-use, expiring link to an address at the student's own university; confirming it (a POST from the
// link's page, signed in to the account that asked: docs/decisions/0037-verification-needs-its-student.md)
// sets Student.verified and the seller's `verified` on their listings. Wrong domain, another university, no
// session, bad bodies, expired, reused, replaced and wrong tokens, another student's token, one account per
// address (whatever its case or +tag), two confirmations at once, the rate limit, the mail, markVerified for
// sign-in providers, and migration 018 down and up.
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, UNIVERSITY_EMAIL_DOMAINS, VERIFY_STUDENT_MAIL, VERIFY_STUDENT_MESSAGES, universityOfEmail } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import type { Mail } from '../src/lib/mailer.ts';
import { VERIFY_REQUESTS_PER_HOUR } from '../src/modules/verification/service.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let n = 0;
/** A fresh address at Wits for each test, so one test's verification never holds another's address. */
const witsAddress = () => `s${++n}.${Math.random().toString(36).slice(2, 8)}@students.wits.ac.za`;

const request = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/verify-student', payload: payload as object, headers: cookie ? { cookie } : {} });
/** Confirms a link as `a` (the account that asked, unless a test says otherwise), or anonymously with null. */
const confirm = (payload: unknown, a: Account | null) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/verify-student/confirm', payload: payload as object, headers: a ? { cookie: a.cookie } : {} });
const profile = async (a: Account) => (await t.app.inject({ url: '/api/v1/student/profile', headers: { cookie: a.cookie } })).json().student;
const tokenFromMail = (mail: Mail | undefined) => new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;

/** Asks for a link to `email` and returns its token from the mail. */
async function linkFor(a: Account, email: string): Promise<string> {
  const res = await request({ email }, a.cookie);
  expect(res.statusCode, res.body).toBe(202);
  return tokenFromMail(t.mailer.last(email));
}

describe(`universityOfEmail`, () => {
  it('knows each university by its domains and their sub-domains, and nothing else', () => {
    expect(universityOfEmail('a@students.wits.ac.za')).toBe('wits');
    expect(universityOfEmail('a@WITS.AC.ZA')).toBe('wits');
    expect(universityOfEmail('a@myuct.ac.za')).toBe('uct');
    expect(universityOfEmail('a@tuks.co.za')).toBe('up');
    expect(universityOfEmail('a@student.uj.ac.za')).toBe('uj');
    expect(universityOfEmail('a@stu.ukzn.ac.za')).toBe('ukzn');
    expect(universityOfEmail('a@sun.ac.za')).toBe('sun');
    expect(universityOfEmail('a@gmail.com')).toBeNull();
    expect(universityOfEmail('a@notwits.ac.za')).toBeNull();
    expect(universityOfEmail('a@wits.ac.za.evil.com')).toBeNull();
    for (const domains of Object.values(UNIVERSITY_EMAIL_DOMAINS)) expect(domains.length).toBeGreaterThan(0);
  });
});

describe(`POST /account/verify-student (${dialectUnderTest})`, () => {
  it('mails a link to the university address (not the account email); confirming it verifies the student once', async () => {
    const a = await registerAndLogin(t.app, { email: `own${Math.random().toString(36).slice(2, 8)}@gmail.com` });
    expect((await profile(a)).verified).toBeNull();
    const email = witsAddress();
    const res = await request({ email: `  ${email.toUpperCase()} ` }, a.cookie);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: VERIFY_STUDENT_MESSAGES.sent });
    expect(t.mailer.last(a.email)).toBeUndefined();
    const mail = t.mailer.last(email)!;
    expect(mail.subject).toBe(VERIFY_STUDENT_MAIL.subject);
    expect(mail.text).toContain(VERIFY_STUDENT_MAIL.heading('Thandi'));
    for (const p of VERIFY_STUDENT_MAIL.paragraphs('University of the Witwatersrand')) expect(mail.text).toContain(p);
    expect(mail.html).toContain(VERIFY_STUDENT_MAIL.action);
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/verify-student');
    const token = url.searchParams.get('token')!;
    // Only its hash is stored.
    const stored = await t.database.db.selectFrom('student_verifications').selectAll().where('student_id', '=', a.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
    expect(stored.email).toBe(email);
    // Asking is not verifying.
    expect((await profile(a)).verified).toBeNull();

    const before = t.clock.now().toISOString();
    const ok = await confirm({ token }, a);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: VERIFY_STUDENT_MESSAGES.confirmed('University of the Witwatersrand'),
      verified: { university: 'wits', at: before },
    });
    expect((await profile(a)).verified).toEqual({ university: 'wits', at: before });
    const session = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: a.cookie } });
    expect(session.json().student.verified).toEqual({ university: 'wits', at: before });

    // Used up.
    const again = await confirm({ token }, a);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: VERIFY_STUDENT_MESSAGES.linkInvalid, code: 'VERIFY_LINK_INVALID' });
  });

  it('refuses an address at no university, and one at another university, with the message naming the student’s own', async () => {
    const a = await registerAndLogin(t.app);
    const wrong = await request({ email: 'thandi@gmail.com' }, a.cookie);
    expect(wrong.statusCode).toBe(400);
    const notUni = VERIFY_STUDENT_MESSAGES.notUniversity('University of the Witwatersrand', 'students.wits.ac.za');
    expect(wrong.json()).toEqual({ error: notUni, code: 'NOT_UNIVERSITY_EMAIL', fields: { email: notUni } });
    const lookalike = await request({ email: 'thandi@wits.ac.za.example.com' }, a.cookie);
    expect(lookalike.json().error).toBe(notUni);

    const other = await request({ email: 'thandi@myuct.ac.za' }, a.cookie);
    expect(other.statusCode).toBe(400);
    const otherMsg = VERIFY_STUDENT_MESSAGES.otherUniversity('University of Cape Town', 'University of the Witwatersrand');
    expect(other.json()).toEqual({ error: otherMsg, code: 'NOT_UNIVERSITY_EMAIL', fields: { email: otherMsg } });
    expect(t.mailer.last('thandi@myuct.ac.za')).toBeUndefined();

    // A student at UP verifies with a tuks.co.za address.
    const up = await registerAndLogin(t.app, { university: 'up' });
    expect((await request({ email: `p${n++}@tuks.co.za` }, up.cookie)).statusCode).toBe(202);
  });

  it('answers 401 without a session, and a clear error for a bad body', async () => {
    const res = await request({ email: witsAddress() });
    expect(res.statusCode).toBe(401);
    const a = await registerAndLogin(t.app);
    for (const [payload, message] of [
      [{}, VERIFY_STUDENT_MESSAGES.emailRequired],
      [{ email: '' }, VERIFY_STUDENT_MESSAGES.emailRequired],
      [{ email: 'not an address' }, VERIFY_STUDENT_MESSAGES.emailInvalid],
      [{ email: 42 }, VERIFY_STUDENT_MESSAGES.emailInvalid],
    ] as const) {
      const bad = await request(payload, a.cookie);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json()).toMatchObject({ error: message, fields: { email: message } });
    }
    const notObject = await request([1], a.cookie);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error).toBe(MESSAGES.invalidInput);
  });

  it('refuses a wrong, an empty and an expired token; a new request replaces the old link', async () => {
    const a = await registerAndLogin(t.app);
    for (const payload of [{ token: 'nope' }, { token: '' }, {}]) {
      const res = await confirm(payload, a);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(VERIFY_STUDENT_MESSAGES.linkInvalid);
    }

    const email = witsAddress();
    const first = await linkFor(a, email);
    const second = await linkFor(a, email);
    expect(second).not.toBe(first);
    expect((await confirm({ token: first }, a)).json().error).toBe(VERIFY_STUDENT_MESSAGES.linkInvalid);

    t.clock.advance(24 * 3_600_000);
    const expired = await confirm({ token: second }, a);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(VERIFY_STUDENT_MESSAGES.linkInvalid);
    expect((await profile(a)).verified).toBeNull();

    // A fresh link just under 24 hours old still works.
    const third = await linkFor(a, email);
    t.clock.advance(24 * 3_600_000 - 1);
    expect((await confirm({ token: third }, a)).statusCode).toBe(200);
    expect((await profile(a)).verified?.university).toBe('wits');
  });

  it('two confirmations of one link at the same moment verify once', async () => {
    const a = await registerAndLogin(t.app);
    const token = await linkFor(a, witsAddress());
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm({ token }, a)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of answers.filter((x) => x.statusCode === 400)) expect(r.json().error).toBe(VERIFY_STUDENT_MESSAGES.linkInvalid);
    expect(await t.database.db.selectFrom('student_verifications').select('student_id').where('student_id', '=', a.id).execute()).toEqual([]);
  });

  it('one university address verifies one account at most; the request tells nothing, the confirmation refuses', async () => {
    const email = witsAddress();
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const tokenA = await linkFor(a, email);
    const tokenB = await linkFor(b, email);
    expect((await confirm({ token: tokenA }, a)).statusCode).toBe(200);
    // B's request for the same address answers exactly as any other would.
    const asked = await request({ email }, b.cookie);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: VERIFY_STUDENT_MESSAGES.sent });
    const taken = await confirm({ token: tokenFromMail(t.mailer.last(email)) }, b);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: VERIFY_STUDENT_MESSAGES.addressTaken, code: 'ADDRESS_TAKEN' });
    expect((await confirm({ token: tokenB }, b)).statusCode).toBe(400);
    expect((await profile(b)).verified).toBeNull();
  });

  it('one mailbox is one address: a +tag or another case of a verified address is refused at confirmation as taken', async () => {
    const mailbox = `p${++n}${Math.random().toString(36).slice(2, 8)}`;
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const c = await registerAndLogin(t.app);
    expect((await confirm({ token: await linkFor(a, `${mailbox}+a@students.wits.ac.za`) }, a)).statusCode).toBe(200);
    // The column the unique index is on holds the canonical form.
    const row = await t.database.db.selectFrom('students').select('verified_email').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.verified_email).toBe(`${mailbox}@students.wits.ac.za`);

    // B asks for another tag of the same mailbox: the request answers as any other (the mail goes to the
    // address typed), and the confirmation is refused exactly as for a taken address.
    const tokenB = await linkFor(b, `${mailbox}+b@students.wits.ac.za`);
    const taken = await confirm({ token: tokenB }, b);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: VERIFY_STUDENT_MESSAGES.addressTaken, code: 'ADDRESS_TAKEN' });
    expect((await profile(b)).verified).toBeNull();
    // So are the bare address in capitals and a Microsoft sign-in vouching for a tagged one.
    expect((await request({ email: `${mailbox.toUpperCase()}@STUDENTS.WITS.AC.ZA` }, c.cookie)).statusCode).toBe(202);
    const tokenC = tokenFromMail(t.mailer.last(`${mailbox}@students.wits.ac.za`));
    expect((await confirm({ token: tokenC }, c)).json()).toMatchObject({ code: 'ADDRESS_TAKEN' });
    await expect(t.app.services.verification.markVerified(c.id, 'wits', 'microsoft', `${mailbox}+ms@students.wits.ac.za`)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await profile(c)).verified).toBeNull();
    // A verifying again with another tag keeps the one address.
    expect((await confirm({ token: await linkFor(a, `${mailbox}+again@students.wits.ac.za`) }, a)).statusCode).toBe(200);
  });

  it('two tags of one mailbox confirmed at the same moment by two accounts: one is verified', async () => {
    const mailbox = `q${++n}${Math.random().toString(36).slice(2, 8)}`;
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const [ta, tb] = [await linkFor(a, `${mailbox}+1@students.wits.ac.za`), await linkFor(b, `${mailbox}+2@students.wits.ac.za`)];
    const answers = await Promise.all([confirm({ token: ta }, a), confirm({ token: tb }, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect([(await profile(a)).verified, (await profile(b)).verified].filter(Boolean)).toHaveLength(1);
  });

  it('a link verifies only the account that asked: another student’s session is refused as an invalid link, anonymous is 401, and the owner can still use it', async () => {
    // Mallory asks for a link to Thandi's university address; Thandi, signed in to her own account, presses Confirm.
    const mallory = await registerAndLogin(t.app, { firstName: 'Thandi' });
    const thandi = await registerAndLogin(t.app);
    const email = witsAddress();
    const token = await linkFor(mallory, email);

    const refused = await confirm({ token }, thandi);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: VERIFY_STUDENT_MESSAGES.linkInvalid, code: 'VERIFY_LINK_INVALID' });
    expect((await profile(mallory)).verified).toBeNull();
    expect((await profile(thandi)).verified).toBeNull();

    const anonymous = await confirm({ token }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(MESSAGES.notSignedIn);
    expect((await profile(mallory)).verified).toBeNull();

    // Nothing was used up: the row is there and its owner's session confirms it.
    const pending = await t.database.db.selectFrom('student_verifications').select('student_id').where('student_id', '=', mallory.id).execute();
    expect(pending).toEqual([{ student_id: mallory.id }]);
    expect((await confirm({ token }, mallory)).statusCode).toBe(200);
    expect((await profile(mallory)).verified?.university).toBe('wits');
  });

  it('two accounts confirming the same address at the same moment: one is verified', async () => {
    const email = witsAddress();
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const [ta, tb] = [await linkFor(a, email), await linkFor(b, email)];
    const answers = await Promise.all([confirm({ token: ta }, a), confirm({ token: tb }, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const verified = [(await profile(a)).verified, (await profile(b)).verified].filter(Boolean);
    expect(verified).toHaveLength(1);
  });

  it(`limits a student to ${VERIFY_REQUESTS_PER_HOUR} links an hour`, async () => {
    const a = await registerAndLogin(t.app);
    const email = witsAddress();
    for (let i = 0; i < VERIFY_REQUESTS_PER_HOUR; i++) expect((await request({ email }, a.cookie)).statusCode).toBe(202);
    const over = await request({ email }, a.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(VERIFY_STUDENT_MESSAGES.tooMany);
    // Another student is not held back by it.
    const b = await registerAndLogin(t.app);
    expect((await request({ email: witsAddress() }, b.cookie)).statusCode).toBe(202);
  });

  it('the seller of a listing carries verified on the Book, false before and true after', async () => {
    const seller = await registerAndLogin(t.app, { userType: 'seller' });
    const bookId = await insertBook(t.database.db, seller.id, { status: 'approved' });
    const book = async () => (await t.app.inject({ url: `/api/v1/books/${bookId}` })).json().book;
    expect((await book()).seller.verified).toBe(false);
    expect((await confirm({ token: await linkFor(seller, witsAddress()) }, seller)).statusCode).toBe(200);
    expect((await book()).seller.verified).toBe(true);
  });

  it('markVerified (for sign-in providers) verifies at a university, counts its address, and refuses one held by another account', async () => {
    const a = await registerAndLogin(t.app);
    const added = await t.app.inject({ method: 'POST', url: '/api/v1/account/roles', payload: { role: 'seller' }, headers: { cookie: a.cookie } });
    expect(added.statusCode, added.body).toBe(200);
    const student = await t.app.services.verification.markVerified(a.id, 'wits', 'microsoft');
    expect(student.verified).toEqual({ university: 'wits', at: t.clock.now().toISOString() });
    // The student it answers is whole: the role added since sign-up too.
    expect(student.roles).toEqual(expect.arrayContaining(['buyer', 'seller']));
    expect((await profile(a)).verified?.university).toBe('wits');

    const email = witsAddress();
    const b = await registerAndLogin(t.app);
    await t.app.services.verification.markVerified(b.id, 'wits', 'microsoft', email.toUpperCase());
    const c = await registerAndLogin(t.app);
    await expect(t.app.services.verification.markVerified(c.id, 'wits', 'microsoft', email)).rejects.toMatchObject({ statusCode: 409 });
    await expect(t.app.services.verification.markVerified('nobody', 'wits', 'microsoft')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe(`migration 018: verified students (${dialectUnderTest})`, () => {
  const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });

  it('goes down (the columns, the index and the links table go) and up again (nobody verified, and verifying works)', async () => {
    const a = await registerAndLogin(t.app);
    expect((await confirm({ token: await linkFor(a, witsAddress()) }, a)).statusCode).toBe(200);
    await linkFor(a, witsAddress());
    const names = Object.keys(migrations);
    const before = names[names.indexOf('2026-11-24-018-verified-students') - 1]!;
    const down = await migrator().migrateTo(before);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('2026-11-24-018-verified-students');
    const tables = await t.database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('student_verifications');
    const columns = tables.find((table) => table.name === 'students')!.columns.map((c) => c.name);
    for (const column of ['verified_university', 'verified_at', 'verified_via', 'verified_email']) expect(columns).not.toContain(column);
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect((await profile(a)).verified).toBeNull();
    expect((await confirm({ token: await linkFor(a, witsAddress()) }, a)).statusCode).toBe(200);
    expect((await profile(a)).verified?.university).toBe('wits');
  });
});
