// Moderation (the admin's queue, approve, decline) and the seller's notifications it produces, on a real
// migrated database through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { loginAs, registerAndLogin, type Account } from './helpers/accounts.ts';
import * as img from './fixtures/images.ts';

const ADMIN = { email: 'moderator@reshelf.test', password: 'Admin-Passw0rd!' };

let t: TestApp;
let seller: Account;
let otherSeller: Account;
let buyer: Account;
let adminCookie: string;

beforeAll(async () => {
  // One seller lists most of this file's books, more than a seller may in an hour (listings.test.ts tests the limit).
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LISTINGS_PER_SELLER_PER_HOUR: '10000' } });
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Ayanda' });
  otherSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Pieter' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer' });
  adminCookie = await loginAs(t.app, ADMIN.email, ADMIN.password);
});
afterAll(async () => t.close());

const bookData = (title: string) => ({
  title,
  author: 'Raymond Chang',
  isbn: '0-07-351109-9',
  publisher: 'McGraw Hill',
  publicationYear: 2012,
  language: 'english',
  category: 'chemistry',
  studyLevel: 'undergraduate',
  condition: 'very-good',
  price: 380,
  edition: '11th',
  numberOfPages: 1100,
  description: 'Highlighted in places.',
});

async function createBook(account: Account, title = 'General Chemistry') {
  const body = img.multipart(img.listingParts(bookData(title), await img.pngs(4)));
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/books', payload: body.payload, headers: { ...body.headers, cookie: account.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(1000);
  return res.json().book as { id: string; title: string; updatedAt: string };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });

const approve = (id: string, cookie = adminCookie) => post(`/api/v1/admin/books/${id}/approve`, undefined, cookie);
const decline = (id: string, reason: unknown, cookie = adminCookie) => post(`/api/v1/admin/books/${id}/decline`, { reason }, cookie);
/** The moderation page's approval: it names the version of the listing the admin was shown. */
const approveSeen = (id: string, seen: unknown) => post(`/api/v1/admin/books/${id}/approve`, { seen }, adminCookie);
const declineSeen = (id: string, reason: string, seen: unknown) => post(`/api/v1/admin/books/${id}/decline`, { reason, seen }, adminCookie);
const editAsSeller = (id: string, payload: object, account = seller) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/books/${id}`, payload, headers: { cookie: account.cookie } });

describe(`moderation permissions (${dialectUnderTest})`, () => {
  it('refuses every moderation route to anyone but an admin: 401 anonymous, 403 buyer and seller', async () => {
    const book = await createBook(seller);
    const calls = [
      () => ['GET', '/api/v1/admin/books?status=pending', undefined] as const,
      () => ['POST', `/api/v1/admin/books/${book.id}/approve`, undefined] as const,
      () => ['POST', `/api/v1/admin/books/${book.id}/decline`, { reason: 'Not a textbook' }] as const,
    ];
    for (const call of calls) {
      const [method, url, payload] = call();
      const send = (cookie?: string) =>
        t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
      const anonymous = await send();
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
      for (const account of [buyer, seller, otherSeller]) {
        const res = await send(account.cookie);
        expect(res.statusCode, `${account.role} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Access denied. Admin account required.', code: 'FORBIDDEN' });
      }
    }
    expect((await t.database.db.selectFrom('books').select('status').where('id', '=', book.id).executeTakeFirstOrThrow()).status).toBe('pending');
  });
});

describe(`GET /api/v1/admin/books (${dialectUnderTest})`, () => {
  it('lists pending listings oldest first with their photos and seller, filtered by status', async () => {
    const first = await createBook(seller, 'Queue One');
    const second = await createBook(otherSeller, 'Queue Two');
    const third = await createBook(seller, 'Queue Three');
    const res = await get('/api/v1/admin/books?status=pending', adminCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.items.map((b: { id: string }) => b.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(third.id));
    expect(body).toMatchObject({ page: 1, pageSize: 20 });
    expect(body.total).toBe(body.items.length);
    const item = body.items.find((b: { id: string }) => b.id === second.id);
    expect(item.images).toHaveLength(4);
    expect(item.seller).toMatchObject({ id: otherSeller.id, firstName: 'Pieter' });
    expect(body.items.every((b: { status: string }) => b.status === 'pending')).toBe(true);

    // Default status is pending.
    expect((await get('/api/v1/admin/books', adminCookie)).json().total).toBe(body.total);

    await approve(first.id);
    await decline(second.id, 'Duplicate listing');
    const approved = (await get('/api/v1/admin/books?status=approved', adminCookie)).json();
    expect(approved.items.map((b: { id: string }) => b.id)).toContain(first.id);
    expect(approved.items.every((b: { status: string }) => b.status === 'approved')).toBe(true);
    const declined = (await get('/api/v1/admin/books?status=declined', adminCookie)).json();
    expect(declined.items.map((b: { id: string }) => b.id)).toContain(second.id);
    const pending = (await get('/api/v1/admin/books?status=pending', adminCookie)).json();
    expect(pending.items.map((b: { id: string }) => b.id)).not.toContain(first.id);
    expect(pending.items.map((b: { id: string }) => b.id)).toContain(third.id);
  });

  it('pages the queue and answers 400 for an unknown status', async () => {
    const res = await get('/api/v1/admin/books?status=pending&page=1&pageSize=1', adminCookie);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().pageSize).toBe(1);
    const bad = await get('/api/v1/admin/books?status=rejected-ish', adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});

describe(`approve (${dialectUnderTest})`, () => {
  it('approves: public at once, the seller gets an in-app notice and an email', async () => {
    const book = await createBook(seller, 'Organic Chemistry');
    expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(404);
    t.clock.advance(5000);
    const res = await approve(book.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().book).toMatchObject({ id: book.id, status: 'approved', declineReason: null, availability: 'available' });
    const row = await t.database.db.selectFrom('books').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.approved_at).toBe(t.clock.now().toISOString());

    expect((await get(`/api/v1/books/${book.id}`)).json().book.status).toBe('approved');

    const mail = t.mailer.last(seller.email);
    expect(mail?.subject).toBe('Your listing "Organic Chemistry" is live');
    expect(mail?.text).toContain('Organic Chemistry');
    expect(mail?.html).toContain('Organic Chemistry');

    const notes = (await get('/api/v1/notifications', seller.cookie)).json();
    expect(notes.items[0]).toMatchObject({ kind: 'listing_approved', title: 'Your listing "Organic Chemistry" is live', readAt: null, link: `/books/${book.id}` });
  });

  it("pushes the seller's notice to their open tabs once the decision is made", async () => {
    const book = await createBook(seller, 'Pushed Book');
    const events: { type: string; notification?: { kind: string; title: string } }[] = [];
    const unsubscribe = t.app.services.hub.subscribe(seller.id, {
      tokenHash: 'test',
      send: (event) => void events.push(event as (typeof events)[number]),
      end: () => undefined,
    });
    try {
      await decline(book.id, 'Not a textbook');
    } finally {
      unsubscribe();
    }
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'notification.created', notification: { kind: 'listing_declined', title: 'Your listing "Pushed Book" was not approved' } });
  });

  it('answers 409 when the listing is no longer pending, 404 when it does not exist', async () => {
    const book = await createBook(seller);
    expect((await approve(book.id)).statusCode).toBe(200);
    const sent = t.mailer.sent.length;
    const again = await approve(book.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_PENDING');
    expect((await decline(book.id, 'Not a textbook')).statusCode).toBe(409);
    expect(t.mailer.sent.length).toBe(sent);
    expect((await approve('nosuchbook000000')).statusCode).toBe(404);
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const book = await createBook(seller);
    const results = await Promise.all([approve(book.id), decline(book.id, 'Not a textbook')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const notes = await t.database.db.selectFrom('notifications').selectAll().where('link', 'in', [`/books/${book.id}`]).execute();
    const declines = results[1]!.statusCode === 200 ? 1 : 0;
    expect(notes.length).toBe(1 - declines);
  });
});

describe(`a decision names the version the admin was shown (${dialectUnderTest})`, () => {
  type Shown = { id: string; title: string; description: string; updatedAt: string; images: { url: string }[] };
  /** The listing as the moderation queue shows it. */
  async function shownInQueue(id: string): Promise<Shown> {
    const queue = (await get('/api/v1/admin/books?status=pending&pageSize=50', adminCookie)).json();
    const shown = queue.items.find((b: { id: string }) => b.id === id);
    expect(shown, 'waiting in the first page of the queue').toBeDefined();
    return shown;
  }
  const stored = (id: string) => t.database.db.selectFrom('books').select(['status', 'title', 'description', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const CHANGED_APPROVE = { error: MESSAGES.listingChangedBeforeApproval, code: 'LISTING_CHANGED' };

  it('approves the version the admin saw: 200', async () => {
    const book = await createBook(seller, 'Seen And Approved');
    const shown = await shownInQueue(book.id);
    expect(shown.updatedAt).toBe(book.updatedAt);
    const res = await approveSeen(book.id, shown.updatedAt);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().book).toMatchObject({ id: book.id, status: 'approved', title: 'Seen And Approved' });
  });

  it('refuses an approval of a version the seller has since edited: 409 with its message, still pending, nothing sent', async () => {
    const book = await createBook(seller, 'Harmless Listing');
    const shown = await shownInQueue(book.id);
    // The seller rewrites it while the admin is looking at the queue.
    const edit = await editAsSeller(book.id, { title: 'Something Else Entirely', description: 'Text no moderator has read.' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().book.updatedAt).not.toBe(shown.updatedAt);
    const sent = t.mailer.sent.length;
    const res = await approveSeen(book.id, shown.updatedAt);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(CHANGED_APPROVE);
    expect(await stored(book.id)).toMatchObject({ status: 'pending', title: 'Something Else Entirely' });
    expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(404);
    expect(t.mailer.sent.length).toBe(sent);
    expect(await t.database.db.selectFrom('notifications').select('id').where('link', '=', `/books/${book.id}`).execute()).toEqual([]);
    // Reviewed again, the version the queue now shows is approved.
    const again = await shownInQueue(book.id);
    expect(again.title).toBe('Something Else Entirely');
    expect((await approveSeen(book.id, again.updatedAt)).json().book).toMatchObject({ status: 'approved', title: 'Something Else Entirely' });
  });

  it('counts new photos alone as a change', async () => {
    const book = await createBook(seller, 'New Photos Only');
    const shown = await shownInQueue(book.id);
    const body = img.multipart(img.listingParts({}, await img.pngs(5)));
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().book.images).toHaveLength(5);
    expect(edit.json().book.updatedAt).not.toBe(shown.updatedAt);
    const res = await approveSeen(book.id, shown.updatedAt);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(CHANGED_APPROVE);
    expect((await stored(book.id)).status).toBe('pending');
  });

  it('gives every change a new version, even several in one millisecond', async () => {
    const book = await createBook(seller, 'Quick Edits');
    const versions = new Set([book.updatedAt]);
    for (const price of [381, 382, 383]) {
      const edit = await editAsSeller(book.id, { price });
      expect(edit.statusCode, edit.body).toBe(200);
      versions.add(edit.json().book.updatedAt);
    }
    expect(versions.size).toBe(4);
    expect((await stored(book.id)).updated_at).toBe(Array.from(versions).sort().at(-1));
    // An edit that changes nothing is no new version.
    const same = await editAsSeller(book.id, { price: 383 });
    expect(same.json().book.updatedAt).toBe((await stored(book.id)).updated_at);
  });

  it('refuses a decline of an edited version the same way, with its own message', async () => {
    const book = await createBook(seller, 'Declined Too Late');
    const shown = await shownInQueue(book.id);
    expect((await editAsSeller(book.id, { description: 'Better photos and a fair price now.' })).statusCode).toBe(200);
    const res = await declineSeen(book.id, 'Photos are unclear or not of the actual book', shown.updatedAt);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MESSAGES.listingChangedBeforeDecline, code: 'LISTING_CHANGED' });
    expect(await stored(book.id)).toMatchObject({ status: 'pending', description: 'Better photos and a fair price now.' });
    const again = await shownInQueue(book.id);
    expect((await declineSeen(book.id, 'Not a textbook', again.updatedAt)).json().book).toMatchObject({ status: 'declined', declineReason: 'Not a textbook' });
  });

  it('without `seen` decides as before, whatever the listing says by then; a listing decided already is still NOT_PENDING', async () => {
    const book = await createBook(seller, 'No Version Sent');
    const shown = await shownInQueue(book.id);
    expect((await editAsSeller(book.id, { price: 99 })).statusCode).toBe(200);
    const res = await post(`/api/v1/admin/books/${book.id}/approve`, {}, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().book).toMatchObject({ status: 'approved', price: 99 });
    const late = await approveSeen(book.id, shown.updatedAt);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: MESSAGES.listingNotPending, code: 'NOT_PENDING' });
  });

  it('refuses a `seen` that is not a time with 400 and its message', async () => {
    const book = await createBook(seller, 'Odd Version');
    for (const seen of ['yesterday', 42, '', null]) {
      const res = await approveSeen(book.id, seen);
      expect(res.statusCode, JSON.stringify(seen)).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.moderationSeenInvalid, code: 'VALIDATION', fields: { seen: MESSAGES.moderationSeenInvalid } });
    }
    const res = await declineSeen(book.id, 'Not a textbook', 'yesterday');
    expect(res.json()).toEqual({ error: MESSAGES.moderationSeenInvalid, code: 'VALIDATION', fields: { seen: MESSAGES.moderationSeenInvalid } });
    expect((await stored(book.id)).status).toBe('pending');
  });

  it('an edit and an approval of the version before it, at the same moment: never an approved listing saying what the admin did not see', async () => {
    for (let round = 0; round < 8; round++) {
      const title = `Raced Listing ${round}`;
      const book = await createBook(seller, title);
      const shown = await shownInQueue(book.id);
      // Every other round the edit also replaces the photos (a slower request).
      const edit =
        round % 2 === 0
          ? editAsSeller(book.id, { title: `Rewritten ${round}`, description: 'Nobody reviewed this.' })
          : (async () => {
              const body = img.multipart(img.listingParts({ title: `Rewritten ${round}` }, await img.pngs(4)));
              return t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: body.payload, headers: { ...body.headers, cookie: seller.cookie } });
            })();
      const [edited, approved] = await Promise.all([edit, approveSeen(book.id, shown.updatedAt)]);
      expect(edited.statusCode, edited.body).toBe(200);
      const now = await stored(book.id);
      const images = await t.database.db.selectFrom('book_images').select('path_full').where('book_id', '=', book.id).orderBy('position').execute();
      if (approved.statusCode === 200) {
        // The approval went first and approved what the admin saw; the edit then sent it back to review.
        expect(approved.json().book).toMatchObject({ title, description: shown.description, images: shown.images.map((i) => ({ url: i.url })) });
      } else {
        expect(approved.json(), `round ${round}`).toEqual(CHANGED_APPROVE);
      }
      // Either way the edit is waiting for review: nothing unreviewed is public.
      expect(now, `round ${round}`).toMatchObject({ status: 'pending', title: `Rewritten ${round}` });
      if (round % 2 === 1) expect(images.map((i) => `/uploads/${i.path_full}`)).not.toEqual(shown.images.map((i) => i.url));
      expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(404);
    }
  });
});

describe(`decline (${dialectUnderTest})`, () => {
  it('declines with the reason: the seller sees it on the listing, in the app and by email', async () => {
    const book = await createBook(seller, 'Physical Chemistry');
    const reason = 'Photos are unclear or not of the actual book';
    const res = await decline(book.id, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json().book).toMatchObject({ id: book.id, status: 'declined', declineReason: reason });

    const mine = (await get('/api/v1/seller/books', seller.cookie)).json();
    expect(mine.items.find((b: { id: string }) => b.id === book.id)).toMatchObject({ status: 'declined', declineReason: reason });
    expect((await get(`/api/v1/books/${book.id}`)).statusCode).toBe(404);

    const mail = t.mailer.last(seller.email);
    expect(mail?.subject).toContain('Physical Chemistry');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain('http://localhost:3000/seller/books');
    expect(mail?.html).toContain('http://localhost:3000/seller/books');

    const notes = (await get('/api/v1/notifications', seller.cookie)).json();
    expect(notes.items[0]).toMatchObject({ kind: 'listing_declined', link: '/seller/books' });
    expect(notes.items[0].body).toContain(reason);
  });

  it('requires a reason', async () => {
    const book = await createBook(seller);
    for (const [reason, message] of [
      [undefined, 'Please give a reason for declining'],
      ['   ', 'Please give a reason for declining'],
      ['no', 'Reason must be at least 3 characters'],
      ['x'.repeat(501), 'Reason must be at most 500 characters'],
    ] as const) {
      const res = await decline(book.id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION' });
    }
    expect((await get(`/api/v1/books/${book.id}`, adminCookie)).json().book.status).toBe('pending');
  });

  it('a fixed declined listing goes back to the end of the queue without its reason', async () => {
    const book = await createBook(seller, 'Resubmitted Book');
    await decline(book.id, 'Price is above the 40-60% guide');
    await createBook(otherSeller, 'Later Book');
    t.clock.advance(1000);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/books/${book.id}`, payload: { price: 150 }, headers: { cookie: seller.cookie } });
    expect(edit.json().book).toMatchObject({ status: 'pending', declineReason: null });
    const queue = (await get('/api/v1/admin/books?status=pending&pageSize=50', adminCookie)).json();
    const titles = queue.items.map((b: { title: string }) => b.title);
    expect(titles.indexOf('Resubmitted Book')).toBeGreaterThan(titles.indexOf('Later Book'));
    expect((await approve(book.id)).json().book.status).toBe('approved');
  });
});

describe(`notifications (${dialectUnderTest})`, () => {
  it('lists newest first with the unread count; one or all can be marked read; only your own', async () => {
    const me = await registerAndLogin(t.app, { userType: 'seller' });
    const a = await createBook(me, 'Alpha Book');
    const b = await createBook(me, 'Beta Book');
    await approve(a.id);
    t.clock.advance(1000);
    await decline(b.id, 'Not a textbook');

    const list = await get('/api/v1/notifications', me.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: 20 });
    expect(body.items.map((n: { kind: string }) => n.kind)).toEqual(['listing_declined', 'listing_approved']);
    expect(Object.keys(body.items[0]).sort()).toEqual(['body', 'createdAt', 'id', 'kind', 'link', 'readAt', 'title']);

    // Someone else's notification is not found, and stays unread.
    const other = await post(`/api/v1/notifications/${body.items[0].id}/read`, undefined, buyer.cookie);
    expect(other.statusCode).toBe(404);

    const read = await post(`/api/v1/notifications/${body.items[0].id}/read`, undefined, me.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().notification.readAt).toBe(t.clock.now().toISOString());
    expect((await get('/api/v1/notifications', me.cookie)).json().unread).toBe(1);

    const all = await post('/api/v1/notifications/read-all', undefined, me.cookie);
    expect(all.statusCode).toBe(204);
    const after = (await get('/api/v1/notifications', me.cookie)).json();
    expect(after.unread).toBe(0);
    expect(after.items.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);

    const paged = (await get('/api/v1/notifications?pageSize=1&page=2', me.cookie)).json();
    expect(paged.items.map((n: { kind: string }) => n.kind)).toEqual(['listing_approved']);
  });

  it('is for signed-in students only', async () => {
    expect((await get('/api/v1/notifications')).statusCode).toBe(401);
    expect((await post('/api/v1/notifications/read-all')).statusCode).toBe(401);
    expect((await post('/api/v1/notifications/abcdefabcdef/read')).statusCode).toBe(401);
    expect((await get('/api/v1/notifications', buyer.cookie)).json()).toMatchObject({ items: [], total: 0, unread: 0 });
  });
});
