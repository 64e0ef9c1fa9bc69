// Hidden characters and line breaks in what students type (docs/decisions/0011-text-normalisation.md), on
// the database under test: one-line fields refuse them with the field's message, prose is stored cleaned
// and in NFC, and a mail subject built from text stored before the rule (a legacy name or title holding
// U+202E and a line break) still leaves as one clean line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, signupBody, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

const RLO = '\u202E';
const ZWSP = '\u200B';
const ZWJ = '\u200D';

let t: TestApp;
let seller: Account;
let buyer: Account;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sello' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bongi' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, who: Account | undefined, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });

const inFuture = (hours = 48) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();

async function acceptedOrder(title: string) {
  const bookId = await insertBook(t.database.db, seller.id, { title });
  const created = await call('POST', '/api/v1/orders', buyer, { bookId });
  expect(created.statusCode).toBe(201);
  return created.json().order.id as string;
}

describe(`one-line fields refuse hidden characters (${dialectUnderTest})`, () => {
  it('a name with U+202E is refused at sign-up with the exact message, and no account is made', async () => {
    const body = signupBody({ firstName: `${RLO}ignahT` });
    const res = await call('POST', '/api/v1/auth/register', undefined, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'First name cannot contain invisible or text-direction characters',
      code: 'VALIDATION',
      fields: { firstName: 'First name cannot contain invisible or text-direction characters' },
    });
    const stored = await t.database.db.selectFrom('students').select('id').where('email', '=', body.email).execute();
    expect(stored).toHaveLength(0);
  });

  it('a line break inside a name is refused: it would be a header of its own in a mail subject', async () => {
    const res = await call('POST', '/api/v1/auth/register', undefined, signupBody({ lastName: 'Mokoena\r\nBcc: mallory@evil.test' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Last name must be on one line', code: 'VALIDATION', fields: { lastName: 'Last name must be on one line' } });
  });

  it('a name is stored in NFC and keeps an emoji sequence', async () => {
    const body = signupBody({ firstName: 'Rene\u0301e', lastName: `Dlamini 👩🏽${ZWJ}💻` });
    const res = await call('POST', '/api/v1/auth/register', undefined, body);
    expect(res.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('students').select(['first_name', 'last_name']).where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Renée', last_name: `Dlamini 👩🏽${ZWJ}💻` });
  });

  it('a meetup place with a zero-width space is refused; one in NFD is stored in NFC', async () => {
    const orderId = await acceptedOrder('Principles of Economics');
    const spoofed = await call('POST', `/api/v1/orders/${orderId}/accept`, seller, { meetupLocation: `Wits${ZWSP} Library`, meetupAt: inFuture() });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json()).toEqual({
      error: 'Meetup place cannot contain invisible or text-direction characters',
      code: 'VALIDATION',
      fields: { meetupLocation: 'Meetup place cannot contain invisible or text-direction characters' },
    });
    const accepted = await call('POST', `/api/v1/orders/${orderId}/accept`, seller, { meetupLocation: 'Cafe\u0301 on East Campus', meetupAt: inFuture() });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().order.meetupLocation).toBe('Café on East Campus');
    const row = await t.database.db.selectFrom('orders').select('meetup_location').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.meetup_location).toBe('Café on East Campus');
    await expect.poll(() => t.mailer.last(buyer.email)?.subject).toBe('Sello accepted: meet at Café on East Campus');
  });

  it('the contact form refuses a line break in a name with its own answer and the reason in fields', async () => {
    const res = await call('POST', '/api/v1/contact', undefined, {
      firstName: 'Thandi',
      lastName: 'Mokoena\nBcc: mallory@evil.test',
      studentNumber: '2301234',
      university: 'University of the Witwatersrand',
      email: 'thandi@gmail.com',
      message: 'Hello',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Failed to send message', code: 'VALIDATION', fields: { lastName: 'Last name must be on one line' } });
  });
});

describe(`prose is stored cleaned (${dialectUnderTest})`, () => {
  it('an order message keeps its lines and loses bidi controls and zero-width characters; a review comment too', async () => {
    const orderId = await acceptedOrder('Campbell Biology');
    expect((await call('POST', `/api/v1/orders/${orderId}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt: inFuture() })).statusCode).toBe(200);

    const sent = await call('POST', `/api/v1/orders/${orderId}/messages`, buyer, { body: `See you at 2${ZWSP}\r\nI will wear a ${RLO}green cap – Rene\u0301` });
    expect(sent.statusCode).toBe(201);
    const message = await t.database.db.selectFrom('order_messages').select('body').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(message.body).toBe('See you at 2\nI will wear a green cap – René');
    const thread = await call('GET', `/api/v1/orders/${orderId}/messages`, seller);
    expect(thread.json().items.map((m: { body: string }) => m.body)).toEqual(['See you at 2\nI will wear a green cap – René']);

    const hiddenOnly = await call('POST', `/api/v1/orders/${orderId}/messages`, buyer, { body: `${ZWSP}${RLO}` });
    expect(hiddenOnly.statusCode).toBe(400);
    expect(hiddenOnly.json()).toEqual({ error: 'Message cannot be empty', code: 'VALIDATION', fields: { body: 'Message cannot be empty' } });

    expect((await call('POST', `/api/v1/orders/${orderId}/complete`, buyer)).statusCode).toBe(200);
    const review = await call('POST', `/api/v1/orders/${orderId}/review`, buyer, { rating: 5, comment: `Book as described${RLO}\u2066 👍🏽\nwould buy again` });
    expect(review.statusCode).toBe(201);
    const stored = await t.database.db.selectFrom('reviews').select('comment').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(stored.comment).toBe('Book as described 👍🏽\nwould buy again');
  });
});

describe(`mail subjects from text stored before the rule (${dialectUnderTest})`, () => {
  it('a legacy first name and book title holding U+202E and a line break come out as one clean line', async () => {
    const legacy = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Lerato' });
    // Written straight to the table, as rows stored before the rule may hold it.
    await t.database.db.updateTable('students').set({ first_name: `${RLO}Lerato\r\nBcc: mallory@evil.test` }).where('id', '=', legacy.id).execute();
    const bookId = await insertBook(t.database.db, seller.id, { title: `Organic ${RLO}yrtsimehC\n\tSubject: free` });

    expect((await call('POST', '/api/v1/orders', legacy, { bookId })).statusCode).toBe(201);

    const expected = 'Lerato Bcc: mallory@evil.test wants to buy "Organic yrtsimehC Subject: free"';
    await expect.poll(() => t.mailer.last(seller.email)?.subject).toBe(expected);
    const mail = t.mailer.last(seller.email)!;
    expect(mail.text.split('\n')[0]).toBe(expected);
    expect(mail.html).toContain(`<h1 style="font-size:20px;margin:0 0 16px">${expected.replaceAll('"', '&quot;')}</h1>`);
  });

  it('a moderation mail about a legacy title is clean too', async () => {
    const admin = await adminAccount(t.app);
    const bookId = await insertBook(t.database.db, seller.id, { title: `Calculus${ZWSP}\r\nBcc: x@evil.test${RLO}`, status: 'pending' });
    const approved = await call('POST', `/api/v1/admin/books/${bookId}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(t.mailer.last(seller.email)?.subject).toBe('Your listing "Calculus Bcc: x@evil.test" is live');
  });
});
