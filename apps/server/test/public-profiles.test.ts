// Public student profiles (docs/decisions/0034-public-profiles.md): GET /api/v1/students/:id for anyone.
// Exactly the public fields (never the email address, the student number, the last name or anything else
// private), the counts after completed sales and purchases and a no-show, the reviews newest first and
// capped, only listings for sale now, the verification, 404 in the error shape for an unknown id, an admin,
// a suspended student and an erased account, and the cache header.
import { LIMITS, MESSAGES } from '@reshelf/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { PASSWORD, adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

let t: TestApp;
let seller: Account;
let buyer: Account;
let admin: Account;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sello', lastName: 'mabena', studentNumber: '2309999' });
  buyer = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Bongi', lastName: 'Dlamini', university: 'uj', studentNumber: '2208888' });
  admin = await adminAccount(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });

const profileOf = async (id: string, who?: Account) => {
  const res = await call('GET', `/api/v1/students/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile;
};

const inFuture = (ms = 48 * HOUR) => new Date(t.clock.now().getTime() + ms).toISOString();

/** An order of `who` for a fresh book of the seller, accepted; completed (with reviews) unless told otherwise. */
async function sale(who: Account, opts: { complete?: boolean; buyerRates?: number; sellerRates?: number; comment?: string } = {}) {
  const bookId = await insertBook(t.database.db, seller.id);
  const created = await call('POST', '/api/v1/orders', who, { bookId });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().order.id as string;
  const meetupAt = inFuture();
  expect((await call('POST', `/api/v1/orders/${id}/accept`, seller, { meetupLocation: 'Wits Library Lawns', meetupAt })).statusCode).toBe(200);
  if (opts.complete === false) return { id, meetupAt };
  expect((await call('POST', `/api/v1/orders/${id}/complete`, who)).statusCode).toBe(200);
  if (opts.buyerRates) expect((await call('POST', `/api/v1/orders/${id}/review`, who, { rating: opts.buyerRates, comment: opts.comment })).statusCode).toBe(201);
  if (opts.sellerRates) expect((await call('POST', `/api/v1/orders/${id}/review`, seller, { rating: opts.sellerRates })).statusCode).toBe(201);
  return { id, meetupAt };
}

describe(`public profiles (${dialectUnderTest})`, () => {
  it('a new student: exactly the public fields, anonymous, zero counts, no reviews, no listings; never an email or student number', async () => {
    const fresh = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi', lastName: 'Zulu', studentNumber: '2101234', university: 'up' });
    const res = await call('GET', `/api/v1/students/${fresh.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const { profile } = res.json();
    expect(Object.keys(res.json())).toEqual(['profile']);
    expect(Object.keys(profile).sort()).toEqual(
      ['completedPurchases', 'completedSales', 'firstName', 'id', 'lastInitial', 'listingCount', 'listings', 'memberSince', 'noShows', 'rating', 'reviewCount', 'reviews', 'university', 'verified'].sort(),
    );
    expect(profile).toEqual({
      id: fresh.id,
      firstName: 'Naledi',
      lastInitial: 'Z',
      university: 'up',
      verified: null,
      memberSince: t.clock.now().toISOString(),
      rating: null,
      reviewCount: 0,
      reviews: [],
      completedSales: 0,
      completedPurchases: 0,
      noShows: 0,
      listingCount: 0,
      listings: [],
    });
    for (const secret of [fresh.email, '2101234', 'Zulu', 'password', 'role', 'suspended', 'courses', 'academicInfo']) expect(res.body).not.toContain(secret);
  });

  it('counts completed sales and purchases and a no-show; shows the reviews newest first with who the student was, and the average', async () => {
    await sale(buyer, { buyerRates: 5, sellerRates: 4, comment: 'Book exactly as described' });
    t.clock.advance(60_000);
    await sale(buyer, { buyerRates: 4 });
    t.clock.advance(60_000);
    // An order that ends without a sale counts for neither.
    const declinedBook = await insertBook(t.database.db, seller.id);
    const declined = (await call('POST', '/api/v1/orders', buyer, { bookId: declinedBook })).json().order.id;
    expect((await call('POST', `/api/v1/orders/${declined}/decline`, seller, { reason: 'Promised to a classmate' })).statusCode).toBe(200);
    // The seller does not come to a meetup: the buyer reports it once its time has passed.
    const missed = await sale(buyer, { complete: false });
    t.clock.set(new Date(new Date(missed.meetupAt).getTime() + 30 * 60_000));
    expect((await call('POST', `/api/v1/orders/${missed.id}/no-show`, buyer)).statusCode).toBe(200);

    const sellerProfile = await profileOf(seller.id);
    expect(sellerProfile).toMatchObject({ firstName: 'Sello', lastInitial: 'M', university: 'wits', completedSales: 2, completedPurchases: 0, noShows: 1, rating: 4.5, reviewCount: 2 });
    expect(sellerProfile.reviews).toEqual([
      { rating: 4, comment: null, reviewerFirstName: 'Bongi', as: 'seller', createdAt: expect.any(String) },
      { rating: 5, comment: 'Book exactly as described', reviewerFirstName: 'Bongi', as: 'seller', createdAt: expect.any(String) },
    ]);
    expect(sellerProfile.reviews[0].createdAt > sellerProfile.reviews[1].createdAt).toBe(true);

    const buyerProfile = await profileOf(buyer.id, seller);
    expect(buyerProfile).toMatchObject({ firstName: 'Bongi', lastInitial: 'D', university: 'uj', completedSales: 0, completedPurchases: 2, noShows: 0, rating: 4, reviewCount: 1 });
    expect(buyerProfile.reviews).toEqual([{ rating: 4, comment: null, reviewerFirstName: 'Sello', as: 'buyer', createdAt: expect.any(String) }]);
    // Signed in or not, the same profile.
    expect(await profileOf(buyer.id)).toEqual(buyerProfile);
    expect(await profileOf(buyer.id, admin)).toEqual(buyerProfile);
    const raw = (await call('GET', `/api/v1/students/${buyer.id}`)).body;
    for (const secret of [buyer.email, '2208888', 'Dlamini']) expect(raw).not.toContain(secret);
  });

  it(`shows at most ${LIMITS.profileReviews} reviews, the newest, while the count and average cover them all`, async () => {
    const other = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Many' });
    const before = await profileOf(seller.id);
    for (let i = 0; i < LIMITS.profileReviews + 1; i++) {
      t.clock.advance(60_000);
      await sale(other, { buyerRates: 1, comment: `Review number ${i}` });
    }
    const profile = await profileOf(seller.id);
    expect(profile.reviewCount).toBe(before.reviewCount + LIMITS.profileReviews + 1);
    expect(profile.reviews).toHaveLength(LIMITS.profileReviews);
    expect(profile.reviews[0].comment).toBe(`Review number ${LIMITS.profileReviews}`);
    expect(profile.reviews.at(-1).comment).toBe('Review number 1');
    expect(profile.completedSales).toBe(before.completedSales + LIMITS.profileReviews + 1);
  });

  it(`lists only listings for sale now, newest first, at most ${LIMITS.profileListings}, with the count of all of them`, async () => {
    const lister = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Lister' });
    const db = t.database.db;
    const forSale: string[] = [];
    for (let i = 0; i < LIMITS.profileListings + 2; i++) forSale.push(await insertBook(db, lister.id, { title: `For sale ${i}`, createdAt: new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString() }));
    await insertBook(db, lister.id, { status: 'pending', title: 'Pending one' });
    await insertBook(db, lister.id, { status: 'declined', title: 'Declined one' });
    await insertBook(db, lister.id, { availability: 'reserved', title: 'Reserved one' });
    await insertBook(db, lister.id, { availability: 'sold', title: 'Sold one' });
    for (const status of ['hidden', 'taken_down', 'expired', 'sold_elsewhere', 'suspended'] as const) {
      const id = await insertBook(db, lister.id, { title: `Status ${status}` });
      await db.updateTable('books').set({ status }).where('id', '=', id).execute();
    }
    const res = await call('GET', `/api/v1/students/${lister.id}`);
    const profile = res.json().profile;
    expect(profile.listingCount).toBe(LIMITS.profileListings + 2);
    expect(profile.listings.map((b: { id: string }) => b.id)).toEqual(forSale.slice().reverse().slice(0, LIMITS.profileListings));
    expect(profile.listings[0]).toMatchObject({ title: `For sale ${LIMITS.profileListings + 1}`, status: 'approved', availability: 'available', seller: { id: lister.id, firstName: 'Lister' } });
    for (const title of ['Pending one', 'Declined one', 'Reserved one', 'Sold one', 'Status hidden', 'Status taken_down', 'Status expired', 'Status sold_elsewhere', 'Status suspended']) {
      expect(res.body).not.toContain(title);
    }
    // The seller's own view of a listing carries its expiry; the profile is the public view.
    expect(profile.listings[0]).not.toHaveProperty('expiresAt');
  });

  it('carries the verification and shows it the same as Student.verified', async () => {
    const v = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Vera' });
    await t.app.services.verification.markVerified(v.id, 'wits', 'email', `vera${Date.now()}@students.wits.ac.za`);
    const profile = await profileOf(v.id);
    expect(profile.verified).toEqual({ university: 'wits', at: t.clock.now().toISOString() });
    const me = (await call('GET', '/api/v1/student/profile', v)).json().student;
    expect(profile.verified).toEqual(me.verified);
  });

  it('404 in the error shape for an unknown id, an admin, a suspended student and an erased account; 400 for an id too long', async () => {
    const notFound = { error: MESSAGES.notFound, code: 'NOT_FOUND' };
    const unknown = await call('GET', '/api/v1/students/no-such-student');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFound);
    const adminRes = await call('GET', `/api/v1/students/${admin.id}`, buyer);
    expect(adminRes.statusCode).toBe(404);
    expect(adminRes.json()).toEqual(notFound);

    const suspended = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sus' });
    await insertBook(t.database.db, suspended.id);
    expect((await call('GET', `/api/v1/students/${suspended.id}`)).statusCode).toBe(200);
    await t.database.db.updateTable('students').set({ suspended_at: t.clock.now().toISOString(), suspension_reason: 'Scam attempts' }).where('id', '=', suspended.id).execute();
    const res = await call('GET', `/api/v1/students/${suspended.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(res.body).not.toContain('Scam');
    // Lifted, the profile is back.
    await t.database.db.updateTable('students').set({ suspended_at: null, suspension_reason: null }).where('id', '=', suspended.id).execute();
    expect((await call('GET', `/api/v1/students/${suspended.id}`)).statusCode).toBe(200);

    const leaving = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Leaving' });
    expect((await call('DELETE', '/api/v1/account', leaving, { password: PASSWORD })).statusCode).toBe(204);
    const gone = await call('GET', `/api/v1/students/${leaving.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(notFound);

    const long = await call('GET', `/api/v1/students/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('a review by an erased account reads "Former student"', async () => {
    const leaver = await registerAndLogin(t.app, { userType: 'buyer', firstName: 'Gone' });
    await sale(leaver, { buyerRates: 3, comment: 'Fine' });
    expect((await call('DELETE', '/api/v1/account', leaver, { password: PASSWORD })).statusCode).toBe(204);
    const profile = await profileOf(seller.id);
    expect(profile.reviews.find((r: { comment: string | null }) => r.comment === 'Fine')).toMatchObject({ reviewerFirstName: MESSAGES.formerStudent, as: 'seller' });
  });
});
