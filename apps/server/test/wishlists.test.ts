// Wishlists on a real migrated database through the HTTP API: who may list, save, change and delete
// entries; every validation message; duplicates, the 50-entry cap under concurrent saves; what an approval
// matches (ISBN, search words, course, campus, price, never the seller's own listing); one notification
// and one email per entry and listing whatever races or retries happen; an email lost to a failing mail
// server or a crash is sent later by the mail job, once; the one-click unsubscribe link and its forgeries;
// the daily digest of an entry that matches often; migration 012 down and up.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatRand, type Book } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import { entryMatches, listingForMatching, listingWords, queryKey, queryWords } from '../src/modules/wishlists/matching.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { PASSWORD, loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook, type BookFixture } from './helpers/books.ts';

const ADMIN = { email: 'moderator@reshelf.test', password: 'Admin-Passw0rd!' };

/** A mail server that can be down: while `down`, every send fails as an SMTP outage would. */
function switchableMailer(): Mailer & { sent: Mail[]; down: boolean; to(address: string): Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    down: false,
    async send(mail) {
      if (this.down) throw new Error('SMTP server unavailable');
      sent.push(mail);
    },
    to: (address) => sent.filter((m) => m.to === address),
  };
}

let t: TestApp;
let mailer: ReturnType<typeof switchableMailer>;
let adminCookie: string;
let thandi: Account; // buyer at Wits
let lerato: Account; // buyer at UCT
let sipho: Account; // seller at Wits
let naledi: Account; // seller at UCT

beforeAll(async () => {
  mailer = switchableMailer();
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, build: { mailer } });
  thandi = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Thandi', university: 'wits' });
  lerato = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Lerato', university: 'uct' });
  sipho = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho', university: 'wits' });
  naledi = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi', university: 'uct' });
  adminCookie = await loginAs(t.app, ADMIN.email, ADMIN.password);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
const add = (account: Account, body: unknown) => inject('POST', '/api/v1/wishlist', account.cookie, body);
const approve = (id: string) => inject('POST', `/api/v1/admin/books/${id}/approve`, adminCookie);

async function addOk(account: Account, body: unknown): Promise<{ id: string }> {
  const res = await add(account, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry;
}

/** A listing waiting for moderation (written as the listings repository writes one), tagged with courses. */
async function pendingListing(seller: Account, fixture: BookFixture & { courses?: { university: string; code: string }[] } = {}) {
  const { courses = [], ...rest } = fixture;
  const id = await insertBook(db(), seller.id, { status: 'pending', university: seller === naledi ? 'uct' : 'wits', ...rest });
  if (courses.length) {
    await db().insertInto('book_courses').values(courses.map((c, position) => ({ book_id: id, ...c, position }))).execute();
    await db().updateTable('books').set({ course_codes: courses.map((c) => c.code).join(' ') }).where('id', '=', id).execute();
  }
  return id;
}

async function approvedListing(seller: Account, fixture: Parameters<typeof pendingListing>[1] = {}) {
  const id = await pendingListing(seller, fixture);
  const res = await approve(id);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const wishlistNotices = (account: Account) =>
  db().selectFrom('notifications').selectAll().where('student_id', '=', account.id).where('kind', '=', 'wishlist_match').orderBy('created_at').orderBy('id').execute();

/** The wishlist emails sent so far (sellers also get their listing's approval mail). */
const wishlistMails = () => mailer.sent.filter((m) => m.headers?.['List-Unsubscribe'] !== undefined);

const matchRows = (bookId: string) => db().selectFrom('wishlist_matches').selectAll().where('book_id', '=', bookId).execute();

/** Each test starts with no wishlists, no wishlist notices and no mail, and a working mail server. */
async function freshStart() {
  mailer.down = false;
  mailer.sent.length = 0;
  await db().deleteFrom('wishlists').execute();
  await db().deleteFrom('notifications').where('kind', '=', 'wishlist_match').execute();
}

describe(`wishlist access (${dialectUnderTest})`, () => {
  beforeEach(freshStart);
  it('answers 401 Not signed in to anonymous callers on every entry route, before reading the body', async () => {
    const entry = await addOk(thandi, { isbn: '9780131103627' });
    for (const [method, url, body] of [
      ['GET', '/api/v1/wishlist', undefined],
      ['POST', '/api/v1/wishlist', { isbn: 'not an isbn' }],
      ['PATCH', `/api/v1/wishlist/${entry.id}`, { emails: 'maybe' }],
      ['DELETE', `/api/v1/wishlist/${entry.id}`, undefined],
    ] as const) {
      const res = await inject(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
    }
  });

  it("lets buyers, sellers and admins keep their own wishlists, and treats another student's entry as missing (404)", async () => {
    const admin = { cookie: adminCookie } as Account;
    const mine = await addOk(thandi, { q: 'organic chemistry' });
    expect((await add(sipho, { q: 'organic chemistry' })).statusCode).toBe(201);
    expect((await add(admin, { q: 'organic chemistry' })).statusCode).toBe(201);
    for (const other of [lerato, sipho, admin]) {
      const listed = await inject('GET', '/api/v1/wishlist', other.cookie);
      expect(listed.json().items.map((e: { id: string }) => e.id)).not.toContain(mine.id);
      for (const [method, body] of [['DELETE', undefined], ['PATCH', { emails: false }]] as const) {
        const res = await inject(method, `/api/v1/wishlist/${mine.id}`, other.cookie, body);
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual({ error: 'Wishlist entry not found', code: 'NOT_FOUND' });
      }
    }
    const still = await inject('GET', '/api/v1/wishlist', thandi.cookie);
    expect(still.json().items).toEqual([expect.objectContaining({ id: mine.id, emails: true })]);
    const deleted = await inject('DELETE', `/api/v1/wishlist/${mine.id}`, thandi.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await inject('DELETE', `/api/v1/wishlist/${mine.id}`, thandi.cookie)).statusCode).toBe(404);
    await db().deleteFrom('wishlists').execute();
  });

  it('refuses a write from another site with 403 CSRF', async () => {
    const res = await inject('POST', '/api/v1/wishlist', thandi.cookie, { isbn: '9780131103627' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request blocked', code: 'CSRF' });
  });
});

describe(`saving an entry (${dialectUnderTest})`, () => {
  beforeEach(freshStart);

  it('saves each kind, normalised: an ISBN-10 as its ISBN-13, a course code upper-cased, rand as given', async () => {
    const res = await add(thandi, { isbn: '0-13-110362-8', university: 'wits', maxPrice: 350.5, studentId: lerato.id, emails: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      entry: {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{12,}$/),
        isbn: '9780131103627',
        q: null,
        course: null,
        university: 'wits',
        maxPrice: 350.5,
        emails: true,
        matches: 0,
        lastMatchAt: null,
        createdAt: expect.any(String),
      },
    });
    expect((await add(thandi, { course: ' math1014 ' })).json().entry).toMatchObject({ course: 'MATH1014', isbn: null, q: null, university: null, maxPrice: null });
    expect((await add(thandi, { q: '  Calculus   Stewart ', isbn: '', course: null })).json().entry).toMatchObject({ q: 'Calculus   Stewart', isbn: null, course: null });
    const listed = (await inject('GET', '/api/v1/wishlist', thandi.cookie)).json();
    expect(listed).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(listed.items.map((e: { q: string | null; course: string | null; isbn: string | null }) => e.q ?? e.course ?? e.isbn)).toEqual(
      expect.arrayContaining(['Calculus   Stewart', 'MATH1014', '9780131103627']),
    );
    // Nobody else's entry is theirs: the studentId sent along was ignored.
    expect((await inject('GET', '/api/v1/wishlist', lerato.cookie)).json().total).toBe(0);
  });

  it.each([
    [{}, 'Add an ISBN, search words or a course code to save', undefined],
    [{ university: 'wits', maxPrice: 100 }, 'Add an ISBN, search words or a course code to save', undefined],
    [{ isbn: '978-0-13-110362-8' }, 'Invalid ISBN', 'isbn'],
    [{ isbn: '12345' }, 'ISBN must have 10 or 13 digits', 'isbn'],
    [{ isbn: 'abc' }, 'ISBN may only contain digits, hyphens, spaces and a final X', 'isbn'],
    [{ q: '!!! ...' }, 'Search must contain at least one word or number', 'q'],
    [{ q: 'x'.repeat(201) }, 'Search must be at most 200 characters', 'q'],
    [{ q: 'calculus\nstewart' }, 'Search must be on one line', 'q'],
    [{ q: 42 }, 'Search must be text', 'q'],
    [{ course: 'M' }, 'Course code must be 2 to 12 letters and numbers, like MATH1014', 'course'],
    [{ course: 'MATH-1014' }, 'Course code must be 2 to 12 letters and numbers, like MATH1014', 'course'],
    [{ q: 'law', university: 'harvard' }, 'Please choose a university from the list', 'university'],
    [{ q: 'law', maxPrice: 0 }, 'Max price must be more than R0', 'maxPrice'],
    [{ q: 'law', maxPrice: -5 }, 'Max price must be more than R0', 'maxPrice'],
    [{ q: 'law', maxPrice: '100' }, 'Max price must be a number', 'maxPrice'],
    [{ q: 'law', maxPrice: 1234567 }, 'Max price can have at most 6 digits before the decimal point and 2 after it', 'maxPrice'],
    [{ q: 'law', maxPrice: 10.555 }, 'Max price can have at most 6 digits before the decimal point and 2 after it', 'maxPrice'],
    [[{ q: 'law' }], 'Invalid input data', undefined],
  ])('refuses %j with 400 "%s"', async (body, message, field) => {
    const res = await add(thandi, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION', ...(field ? { fields: { [field]: message } } : {}) });
    expect((await inject('GET', '/api/v1/wishlist', thandi.cookie)).json().total).toBe(0);
  });

  it('names every failing field at once', async () => {
    const res = await add(thandi, { isbn: '123', course: '!', university: 'x', maxPrice: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      isbn: 'ISBN must have 10 or 13 digits',
      course: 'Course code must be 2 to 12 letters and numbers, like MATH1014',
      university: 'Please choose a university from the list',
      maxPrice: 'Max price must be more than R0',
    });
  });

  it('refuses the same entry twice (409), however its words are written, and takes a new price for it (200)', async () => {
    await addOk(thandi, { q: 'Calculus Stewart', university: 'wits', maxPrice: 300 });
    for (const again of [{ q: 'calculus stewart', university: 'wits', maxPrice: 300 }, { q: 'STEWART, calculus!', university: 'wits', maxPrice: 300 }, { q: 'Calcúlus Stewart', university: 'wits', maxPrice: 300 }]) {
      const res = await add(thandi, again);
      expect(res.statusCode, JSON.stringify(again)).toBe(409);
      expect(res.json()).toEqual({ error: 'This is already on your wishlist', code: 'WISHLIST_DUPLICATE' });
    }
    const cheaper = await add(thandi, { q: 'stewart calculus', university: 'wits', maxPrice: 250 });
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json().entry).toMatchObject({ q: 'Calculus Stewart', maxPrice: 250 });
    const anyPrice = await add(thandi, { q: 'stewart calculus', university: 'wits' });
    expect(anyPrice.statusCode).toBe(200);
    expect(anyPrice.json().entry.maxPrice).toBeNull();
    // Another campus, or another search, is another entry.
    expect((await add(thandi, { q: 'stewart calculus' })).statusCode).toBe(201);
    expect((await add(thandi, { q: 'stewart calculus early', university: 'wits' })).statusCode).toBe(201);
    expect((await inject('GET', '/api/v1/wishlist', thandi.cookie)).json().total).toBe(3);
    // Someone else may wait for the same thing.
    expect((await add(lerato, { q: 'Calculus Stewart', university: 'wits', maxPrice: 300 })).statusCode).toBe(201);
  });

  it('keeps at most 50 entries; 10 saves at once with 45 saved: exactly 5 are saved, the others hear 409 full', async () => {
    for (let i = 0; i < 45; i++) await addOk(thandi, { q: `topic${i}` });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(thandi, { course: `RACE${i}` })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: 'Your wishlist is full (50 entries). Delete one to add another.', code: 'WISHLIST_FULL' });
    }
    const slots = await db().selectFrom('wishlists').select('slot').where('student_id', '=', thandi.id).execute();
    expect(slots.map((s) => s.slot).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // A duplicate of a full list is still called a duplicate; deleting one makes room.
    expect((await add(thandi, { q: 'topic3' })).json().code).toBe('WISHLIST_DUPLICATE');
    const page = (await inject('GET', '/api/v1/wishlist?pageSize=50', thandi.cookie)).json();
    expect(page).toMatchObject({ total: 50, pageSize: 50 });
    expect((await inject('DELETE', `/api/v1/wishlist/${page.items[7].id}`, thandi.cookie)).statusCode).toBe(204);
    expect((await add(thandi, { q: 'one more' })).statusCode).toBe(201);
  });

  it('two identical saves at once: one is saved, the other hears it is already there', async () => {
    const answers = await Promise.all([add(thandi, { isbn: '9780131103627' }), add(thandi, { isbn: '0131103628' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await inject('GET', '/api/v1/wishlist', thandi.cookie)).json().total).toBe(1);
  });
});

describe('what an entry matches (matching.ts)', () => {
  const book = (extra: Partial<Book> & { campus?: string } = {}): Book =>
    ({
      id: 'bk1',
      title: 'Calculus: Early Transcendentals',
      author: 'James Stewart',
      isbn: '9781337613927',
      price: 450.5,
      courses: [{ university: 'wits', code: 'MATH1014' }],
      seller: { id: 'seller1', firstName: 'Sipho', university: extra.campus ?? 'wits', rating: null, reviewCount: 0 },
      ...extra,
    }) as Book;
  const entry = (e: Partial<Parameters<typeof entryMatches>[0]>) => ({ student_id: 'buyer1', isbn: null, q: null, course: null, university: null, max_price_cents: null, ...e });
  const matches = (e: Partial<Parameters<typeof entryMatches>[0]>, b = book()) => entryMatches(entry(e), listingForMatching(b));

  it('search words: each must start a word of the title, author, ISBN or course codes, any case or accent', () => {
    expect(matches({ q: 'calculus stewart' })).toBe(true);
    expect(matches({ q: 'CALC Stew' })).toBe(true);
    expect(matches({ q: 'early transcendentals math1014' })).toBe(true);
    expect(matches({ q: '978-1-337-61392-7' })).toBe(true);
    expect(matches({ q: '0-13-110362-8' })).toBe(false); // another book's ISBN-10
    expect(matches({ q: 'calculus thomas' })).toBe(false);
    expect(matches({ q: 'culus' })).toBe(false); // inside a word is not a match
    expect(matches({ q: 'garcia' }, book({ author: 'Gabriel García Márquez' }))).toBe(true);
    expect(matches({ q: 'GARCÍA márquez' }, book({ author: 'Gabriel Garcia Marquez' }))).toBe(true);
    // The publisher and the description are not read.
    expect(matches({ q: 'cengage' }, book({ publisher: 'Cengage', description: 'cengage copy' }))).toBe(false);
  });

  it('ISBN, course, campus and price each narrow; all given must hold; the seller never matches', () => {
    expect(matches({ isbn: '9781337613927' })).toBe(true);
    expect(matches({ isbn: '9780131103627' })).toBe(false);
    expect(matches({ course: 'MATH1014' })).toBe(true);
    expect(matches({ course: 'MATH1014', university: 'wits' })).toBe(true);
    expect(matches({ course: 'MATH1014', university: 'uct' }, book({ campus: 'uct' }))).toBe(false); // tagged at Wits only
    expect(matches({ course: 'MATH2001' })).toBe(false);
    expect(matches({ q: 'calculus', university: 'wits' })).toBe(true);
    expect(matches({ q: 'calculus', university: 'uct' })).toBe(false);
    expect(matches({ q: 'calculus', max_price_cents: 45050 })).toBe(true);
    expect(matches({ q: 'calculus', max_price_cents: 45049 })).toBe(false);
    expect(matches({ isbn: '9781337613927', q: 'thomas' })).toBe(false);
    expect(entryMatches(entry({ q: 'calculus', student_id: 'seller1' }), listingForMatching(book()))).toBe(false);
  });

  it("keeps a search's longest word as the key the SQL check looks for first", () => {
    const words = queryWords('Calculus, STEWART 9th');
    expect(words).toEqual(['calculus', 'stewart', '9th']);
    expect(queryKey(words)).toBe('calculus');
    expect(listingWords(listingForMatching(book()))).toEqual(['calculus', 'early', 'transcendentals', 'james', 'stewart', '9781337613927', 'math1014']);
  });
});

describe(`an approval notifies every matching entry once (${dialectUnderTest})`, () => {
  beforeEach(freshStart);

  it('notifies the owner of each matching entry in the app and by email, and nobody else', async () => {
    const isbnEntry = await addOk(thandi, { isbn: '0-13-110362-8' });
    await addOk(thandi, { q: 'kernighan' }); // the same book: another entry, another notice
    await addOk(lerato, { course: 'COMS1018' });
    await addOk(lerato, { isbn: '9780131103627', university: 'uct' }); // the book is at Wits
    await addOk(lerato, { isbn: '9780131103627', maxPrice: 100 }); // it costs R 250,00
    await addOk(sipho, { isbn: '9780131103627' }); // the seller's own listing
    const id = await approvedListing(sipho, {
      title: 'The C Programming Language',
      author: 'Brian Kernighan',
      isbn: '9780131103627',
      priceCents: 25000,
      courses: [{ university: 'wits', code: 'COMS1018' }],
    });

    const notices = (await wishlistNotices(thandi)).sort((a, b) => a.body.localeCompare(b.body));
    expect(notices.map((n) => ({ title: n.title, body: n.body, link: n.link, readAt: n.read_at }))).toEqual([
      { title: 'On your wishlist: "The C Programming Language" is for sale', body: `${formatRand(250)} at University of the Witwatersrand. It matches "kernighan".`, link: `/books/${id}`, readAt: null },
      { title: 'On your wishlist: "The C Programming Language" is for sale', body: `${formatRand(250)} at University of the Witwatersrand. It matches ISBN 9780131103627.`, link: `/books/${id}`, readAt: null },
    ]);
    expect((await wishlistNotices(lerato)).map((n) => n.body)).toEqual([`${formatRand(250)} at University of the Witwatersrand. It matches COMS1018.`]);
    expect(await wishlistNotices(sipho)).toEqual([]);
    // The notices arrive in the student's notification list like any other.
    const listed = (await inject('GET', '/api/v1/notifications', thandi.cookie)).json();
    expect(listed.items.filter((n: { kind: string }) => n.kind === 'wishlist_match')).toHaveLength(2);

    expect(mailer.to(thandi.email)).toHaveLength(2);
    expect(mailer.to(lerato.email)).toHaveLength(1);
    expect(mailer.to(sipho.email).filter((m) => m.subject.startsWith('On your wishlist'))).toEqual([]);
    const mail = mailer.to(thandi.email).find((m) => m.text.includes('ISBN 9780131103627'))!;
    expect(mail.subject).toBe('On your wishlist: "The C Programming Language" is for sale');
    expect(mail.text).toContain(`Hi Thandi, a student just listed "The C Programming Language" by Brian Kernighan for ${formatRand(250)} at University of the Witwatersrand.`);
    expect(mail.text).toContain('It matches your wishlist: ISBN 9780131103627. Books go to the first buyer who asks, so have a look soon.');
    expect(mail.text).toContain(`View the book: http://localhost:3000/books/${id}`);
    expect(mail.text).toContain('You get this email because you saved ISBN 9780131103627 on your Reshelf wishlist.');
    const token = t.app.services.wishlists.unsubscribeToken(isbnEntry.id);
    expect(mail.text).toContain(`Stop emails for this wishlist entry: http://localhost:3000/wishlist/unsubscribe/${token}`);
    expect(mail.html).toContain(`href="http://localhost:3000/wishlist/unsubscribe/${token}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/v1/wishlist/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Each match is recorded once, its email sent.
    expect((await matchRows(id)).map((m) => [m.student_id, m.email, m.emailed_at !== null]).sort()).toEqual(
      [[thandi.id, 'each', true], [thandi.id, 'each', true], [lerato.id, 'each', true]].sort(),
    );
    const entry = (await inject('GET', '/api/v1/wishlist', thandi.cookie)).json().items.find((e: { id: string }) => e.id === isbnEntry.id);
    expect(entry).toMatchObject({ matches: 1, lastMatchAt: expect.any(String) });
  });

  it('matches only on approval: a pending or declined listing, or one approved before the entry was saved, notifies nobody', async () => {
    const before = await approvedListing(naledi, { title: 'Microeconomics Today', author: 'Roger Miller' });
    await addOk(thandi, { q: 'microeconomics' });
    const declined = await pendingListing(naledi, { title: 'Microeconomics Principles', author: 'Roger Miller' });
    expect((await inject('POST', `/api/v1/admin/books/${declined}/decline`, adminCookie, { reason: 'Blurry photos' })).statusCode).toBe(200);
    await pendingListing(naledi, { title: 'Microeconomics Workbook' });
    expect(await wishlistNotices(thandi)).toEqual([]);
    expect(await matchRows(before)).toEqual([]);
    expect(wishlistMails()).toEqual([]);
  });

  it('five approvals of one listing at once: one succeeds, one notice and one email per entry', async () => {
    await addOk(thandi, { q: 'linear algebra' });
    await addOk(lerato, { q: 'strang' });
    const id = await pendingListing(naledi, { title: 'Introduction to Linear Algebra', author: 'Gilbert Strang' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await wishlistNotices(thandi)).toHaveLength(1);
    expect(await wishlistNotices(lerato)).toHaveLength(1);
    expect(wishlistMails()).toHaveLength(2);
  });

  it('an approved listing edited and approved again notifies no entry twice; a new entry that matches it then is notified', async () => {
    await addOk(thandi, { q: 'thermodynamics' });
    const id = await approvedListing(naledi, { title: 'Thermodynamics: An Engineering Approach', author: 'Cengel' });
    const edited = await inject('PATCH', `/api/v1/books/${id}`, naledi.cookie, { price: 199 });
    expect(edited.json().book.status).toBe('pending');
    await addOk(lerato, { q: 'cengel' });
    expect((await approve(id)).statusCode).toBe(200);
    expect(await wishlistNotices(thandi)).toHaveLength(1);
    expect(await wishlistNotices(lerato)).toHaveLength(1);
    expect(wishlistMails().map((m) => m.to).sort()).toEqual([lerato.email, thandi.email].sort());
  });

  it('matching the same approval twice at once (a retry racing the first) records one match and one notice', async () => {
    const entry = await addOk(thandi, { q: 'fluid mechanics' });
    const id = await approvedListing(naledi, { title: 'Fluid Mechanics', author: 'Frank White' });
    const [book] = await t.app.services.listings.booksByIds([id]);
    const retries = await Promise.all(
      [1, 2, 3].map(() => db().transaction().execute((trx) => t.app.services.wishlists.matchApproved(trx, book!))),
    );
    for (const afterCommit of retries) await afterCommit();
    expect(await wishlistNotices(thandi)).toHaveLength(1);
    expect(await db().selectFrom('wishlist_matches').selectAll().where('wishlist_id', '=', entry.id).execute()).toHaveLength(1);
    expect(mailer.to(thandi.email)).toHaveLength(1);
  });
});

describe(`emails that did not go out (${dialectUnderTest})`, () => {
  beforeEach(freshStart);

  it('a mail server down at approval: the approval and the notice stand, and the mail job sends the email once it is back', async () => {
    await addOk(thandi, { q: 'discrete mathematics' });
    mailer.down = true;
    const id = await approvedListing(naledi, { title: 'Discrete Mathematics', author: 'Kenneth Rosen' });
    expect(await wishlistNotices(thandi)).toHaveLength(1);
    expect(wishlistMails()).toEqual([]);
    expect((await matchRows(id))[0]).toMatchObject({ email_attempts: 1, emailed_at: null, email_claim: null });

    mailer.down = false;
    // Tried again once the failed try's hold has lapsed, not before.
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toEqual([]);
    t.clock.advance(10 * 60_000);
    await t.app.services.wishlists.sendDue();
    expect(mailer.to(thandi.email).map((m) => m.subject)).toEqual(['On your wishlist: "Discrete Mathematics" is for sale']);
    await t.app.services.wishlists.sendDue();
    t.clock.advance(60 * 60_000);
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toHaveLength(1);
  });

  it('a process that stops between the commit and the send: the mail job sends the email, once, from the recorded match', async () => {
    await addOk(thandi, { q: 'graph theory' });
    const id = await pendingListing(naledi, { title: 'Graph Theory', author: 'Reinhard Diestel' });
    // The approval commits with its matches and notices, and the work after the commit never runs.
    await t.app.services.listings.moderate(id, { status: 'approved' }, async (trx, book) => {
      await t.app.services.wishlists.matchApproved(trx, book);
    });
    expect(await wishlistNotices(thandi)).toHaveLength(1);
    expect(wishlistMails()).toEqual([]);
    await Promise.all([t.app.services.wishlists.sendDue(), t.app.services.wishlists.sendDue()]);
    expect(mailer.to(thandi.email)).toHaveLength(1);
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toHaveLength(1);
  });

  it('a process that stops while sending: its hold lapses after 10 minutes and the mail job sends the email', async () => {
    const entry = await addOk(thandi, { q: 'number theory' });
    const id = await pendingListing(naledi, { title: 'Elementary Number Theory', author: 'David Burton' });
    await t.app.services.listings.moderate(id, { status: 'approved' }, async (trx, book) => {
      await t.app.services.wishlists.matchApproved(trx, book);
    });
    // Held by a sender that never finished.
    await db().updateTable('wishlist_matches').set({ email_claim: 'a-dead-process', email_claimed_at: t.clock.now().toISOString() }).where('wishlist_id', '=', entry.id).execute();
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toEqual([]);
    t.clock.advance(10 * 60_000);
    await t.app.services.wishlists.sendDue();
    expect(mailer.to(thandi.email)).toHaveLength(1);
  });

  it('gives an email up after 5 failed tries', async () => {
    await addOk(thandi, { q: 'topology' });
    mailer.down = true;
    const id = await approvedListing(naledi, { title: 'Topology', author: 'James Munkres' });
    for (let i = 0; i < 6; i++) {
      t.clock.advance(10 * 60_000);
      await t.app.services.wishlists.sendDue();
    }
    expect((await matchRows(id))[0]).toMatchObject({ email_attempts: 5, emailed_at: null });
    mailer.down = false;
    t.clock.advance(10 * 60_000);
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toEqual([]);
  });
});

describe(`one-click unsubscribe (${dialectUnderTest})`, () => {
  beforeEach(freshStart);

  const linkOf = (mail: Mail) => /<http:\/\/localhost:3000(\/api\/v1\/wishlist\/unsubscribe\/[^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!;

  it('the link from the email: GET tells what it is about and changes nothing; the one-click POST stops that entry’s emails only', async () => {
    await addOk(thandi, { q: 'signals systems', university: 'uct', maxPrice: 500 });
    await addOk(thandi, { q: 'oppenheim' });
    await approvedListing(naledi, { title: 'Signals and Systems', author: 'Alan Oppenheim', priceCents: 30000 });
    const mail = mailer.to(thandi.email).find((m) => m.text.includes('"signals systems"'))!;
    const link = linkOf(mail);

    const info = await inject('GET', link, undefined, undefined, { accept: 'application/json' });
    expect(info.statusCode).toBe(200);
    const criteria = { isbn: null, q: 'signals systems', course: null, university: 'uct', maxPrice: 500 };
    expect(info.json()).toEqual({ unsubscribe: { entry: criteria, emails: true } });

    // A browser opening the link goes to the web app's confirmation page.
    const page = await inject('GET', link, undefined, undefined, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/wishlist/unsubscribe/${link.split('/').pop()}`);
    // ...which is a page of the web app (a token with a dot in it would have been taken for a missing file).
    const spa = await t.app.inject({ method: 'GET', url: page.headers.location as string, headers: { accept: 'text/html' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toMatch(/^text\/html/);

    // The mail app's one-click POST (RFC 8058): a form body, no cookie, no Origin.
    const post = await t.app.inject({ method: 'POST', url: link, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ unsubscribe: { entry: criteria, emails: false } });
    // Again is fine (the web page's button after the mail app's click).
    expect((await inject('POST', link)).json().unsubscribe.emails).toBe(false);

    const entries = (await inject('GET', '/api/v1/wishlist', thandi.cookie)).json().items;
    expect(entries.map((e: { q: string; emails: boolean }) => [e.q, e.emails]).sort()).toEqual([['oppenheim', true], ['signals systems', false]]);

    // The next match still notifies in the app; only the other entry emails.
    mailer.sent.length = 0;
    const id = await approvedListing(naledi, { title: 'Signals and Systems Workbook', author: 'Oppenheim', priceCents: 20000 });
    expect((await wishlistNotices(thandi)).filter((n) => n.link === `/books/${id}`)).toHaveLength(2);
    expect(mailer.to(thandi.email).map((m) => m.text.includes('"oppenheim"'))).toEqual([true]);

    // The Wishlist page can turn its emails back on.
    const entry = entries.find((e: { q: string }) => e.q === 'signals systems');
    const on = await inject('PATCH', `/api/v1/wishlist/${entry.id}`, thandi.cookie, { emails: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().entry).toMatchObject({ emails: true, matches: 2 });
    expect((await inject('PATCH', `/api/v1/wishlist/${entry.id}`, thandi.cookie, { emails: 'yes' })).json()).toEqual({
      error: 'emails must be true or false',
      code: 'VALIDATION',
      fields: { emails: 'emails must be true or false' },
    });
  });

  it('refuses links not signed by this server for that entry (400) and says when the entry is gone (404)', async () => {
    const entry = await addOk(thandi, { q: 'quantum' });
    const other = await addOk(lerato, { q: 'quantum' });
    const token = t.app.services.wishlists.unsubscribeToken(entry.id);
    const [id, mac] = token.split('~') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = [
      `${other.id}~${mac}`, // another entry's id under this entry's signature
      `${flip(id, 3)}~${mac}`,
      `${id}~${flip(mac, 10)}`,
      `${id}~${mac}A`, // a character added
      `${id}~${mac.slice(0, -1)}`,
      `${id}~`,
      `${id}.${mac}`, // another separator
      id,
      `${id}~${mac}~x`,
      'not-a-token',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await inject(method, `/api/v1/wishlist/unsubscribe/${encodeURIComponent(bad)}`);
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json(), `${method} ${bad}`).toEqual({ error: 'This unsubscribe link is not valid', code: 'INVALID_LINK' });
      }
    }
    expect((await db().selectFrom('wishlists').select('emails_stopped_at').where('id', 'in', [entry.id, other.id]).execute()).every((r) => r.emails_stopped_at === null)).toBe(true);

    expect((await inject('DELETE', `/api/v1/wishlist/${entry.id}`, thandi.cookie)).statusCode).toBe(204);
    const gone = await inject('POST', `/api/v1/wishlist/unsubscribe/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'This wishlist entry was deleted, so it sends no more emails', code: 'ENTRY_GONE' });
  });
});

describe(`the daily digest (${dialectUnderTest})`, () => {
  beforeEach(freshStart);

  it('after 3 matches in a day an entry sends the next ones in one email a day; every match still notifies in the app', async () => {
    const entry = await addOk(thandi, { q: 'anatomy' });
    const titles = ['Anatomy One', 'Anatomy Two', 'Anatomy Three', 'Anatomy Four', 'Anatomy Five'];
    const ids: string[] = [];
    for (const title of titles) {
      ids.push(await approvedListing(naledi, { title, author: 'Keith Moore', priceCents: 10000 }));
      t.clock.advance(60 * 60_000);
    }
    expect(await wishlistNotices(thandi)).toHaveLength(5);
    expect(mailer.to(thandi.email).map((m) => m.subject)).toEqual(titles.slice(0, 3).map((title) => `On your wishlist: "${title}" is for sale`));
    expect((await matchRows(ids[3]!))[0]!.email).toBe('digest');

    // Not before the oldest waiting match is a day old.
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toHaveLength(3);
    // A book sold meanwhile is left out of the digest.
    await db().updateTable('books').set({ availability: 'sold' }).where('id', '=', ids[4]!).execute();
    t.clock.advance(24 * 60 * 60_000);
    await Promise.all([t.app.services.wishlists.sendDue(), t.app.services.wishlists.sendDue()]);
    expect(wishlistMails()).toHaveLength(4);
    const digest = wishlistMails()[3]!;
    expect(digest.to).toBe(thandi.email);
    expect(digest.subject).toBe('1 new book matches your wishlist: "anatomy"');
    expect(digest.text).toContain('Hi Thandi, this book was listed since our last email. This wishlist entry matches often, so its matches come together once a day.');
    expect(digest.text).toContain(`"Anatomy Four", ${formatRand(100)} at University of Cape Town: http://localhost:3000/books/${ids[3]}`);
    expect(digest.text).not.toContain('Anatomy Five');
    expect(digest.headers!['List-Unsubscribe']).toBe(`<http://localhost:3000/api/v1/wishlist/unsubscribe/${t.app.services.wishlists.unsubscribeToken(entry.id)}>`);
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toHaveLength(4);

    // A quiet day later, the entry emails each match again.
    t.clock.advance(24 * 60 * 60_000);
    await approvedListing(naledi, { title: 'Anatomy Six', author: 'Keith Moore' });
    expect(wishlistMails().at(-1)!.subject).toBe('On your wishlist: "Anatomy Six" is for sale');
  });

  it('an entry whose emails stop before its digest is due sends no digest', async () => {
    const entry = await addOk(thandi, { q: 'histology' });
    for (let i = 0; i < 5; i++) await approvedListing(naledi, { title: `Histology ${i}`, author: 'Ross' });
    expect(wishlistMails()).toHaveLength(3);
    await inject('POST', `/api/v1/wishlist/unsubscribe/${t.app.services.wishlists.unsubscribeToken(entry.id)}`);
    t.clock.advance(25 * 60 * 60_000);
    await t.app.services.wishlists.sendDue();
    expect(wishlistMails()).toHaveLength(3);
  });
});

describe(`a deleted account (${dialectUnderTest})`, () => {
  it('takes its wishlist and its matches with it', async () => {
    const temp = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Temp' });
    await addOk(temp, { q: 'ephemeral' });
    await approvedListing(naledi, { title: 'Ephemeral Things', author: 'Nobody' });
    const res = await inject('DELETE', '/api/v1/account', temp.cookie, { password: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(await db().selectFrom('wishlists').selectAll().where('student_id', '=', temp.id).execute()).toEqual([]);
    expect(await db().selectFrom('wishlist_matches').selectAll().where('student_id', '=', temp.id).execute()).toEqual([]);
  });
});

describe(`migration 012: wishlists (${dialectUnderTest})`, () => {
  it('goes down and up again, keeping the signing key out of the old shape and making a new one after', async () => {
    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026-11-24-011-book-courses');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('2026-11-24-012-wishlists');
    const table = dialectUnderTest === 'sqlite' ? 'sqlite_master' : 'pg_tables';
    const column = dialectUnderTest === 'sqlite' ? 'name' : 'tablename';
    const count = async () =>
      Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE ${sql.raw(column)} IN ('wishlists', 'wishlist_matches', 'server_secrets')`.execute(db())).rows[0]!.n);
    expect(await count()).toBe(0);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await count()).toBe(3);
  });
});
