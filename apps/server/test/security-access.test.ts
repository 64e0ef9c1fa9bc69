// docs/security.md, promise 7: the access-control matrix. Every route the app registers (collected as it registers
// them) is called as anonymous, a buyer, the seller who owns the things involved, another seller and an
// admin, on fresh data where a call changes state. The table below is the expected status of each; any
// difference fails, and so does a route with no row in the table (a new endpoint must be added here).
// Then mass assignment: fields a client may not set are ignored wherever they are sent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { PASSWORD, cookieFrom, signupBody } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import * as img from './fixtures/images.ts';
import { collectedRoutes, routeKey } from './helpers/routes.ts';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/routes.ts')).collectRoutes(await importOriginal()));

type Role = 'anonymous' | 'buyer' | 'seller' | 'otherSeller' | 'admin';
const ROLES: Role[] = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'];
const ADMIN = { email: 'admin@reshelf.test', password: 'Admin-Passw0rd!' };

interface Actor {
  id: string;
  email: string;
  cookie: string;
}

let t: TestApp;
const actors = {} as Record<Exclude<Role, 'anonymous'>, Actor>;
let ip = 0;

async function signUp(role: 'buyer' | 'seller', firstName: string): Promise<Actor> {
  const body = signupBody({ userType: role, firstName });
  const remoteAddress = `10.2.${(ip >> 8) & 255}.${ip++ & 255}`;
  const reg = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress });
  if (reg.statusCode !== 201) throw new Error(reg.body);
  return { id: reg.json().student.id, email: body.email, cookie: await login(body.email, PASSWORD) };
}

async function login(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: `10.3.${(ip >> 8) & 255}.${ip++ & 255}` });
  if (res.statusCode !== 200) throw new Error(res.body);
  return cookieFrom(res);
}

/** A throwaway account of the same role, for calls that end the caller's own session or account. */
async function throwaway(role: Role): Promise<Actor | undefined> {
  if (role === 'anonymous') return undefined;
  if (role === 'admin') {
    const email = `admin-${ip++}@reshelf.test`;
    await t.app.services.accounts.ensureAdmin(email, ADMIN.password);
    const cookie = await login(email, ADMIN.password);
    return { id: '', email, cookie };
  }
  return signUp(role === 'buyer' ? 'buyer' : 'seller', 'Temp');
}

const bookData = {
  title: 'Fundamentals of Physics',
  author: 'Halliday',
  isbn: '978-1-118-23071-8',
  publisher: 'Wiley',
  publicationYear: 2013,
  language: 'english',
  category: 'physics',
  studyLevel: 'undergraduate',
  condition: 'good',
  price: 350,
  edition: '10th',
  numberOfPages: 1450,
  description: 'A few notes in pencil.',
};

const approvedBook = () => insertBook(t.database.db, actors.seller.id);
const pendingBook = () => insertBook(t.database.db, actors.seller.id, { status: 'pending' });

async function call(method: string, url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
    remoteAddress: `10.4.${(ip >> 8) & 255}.${ip++ & 255}`,
  });
}

/**
 * Withdraws the buyer's requests that earlier cases left waiting (the standing order excepted): the matrix
 * places more requests than one buyer may have waiting at once (LIMITS.openRequestsPerBuyer, proved in
 * security-orders.test.ts), and each case needs only its own.
 */
async function withdrawWaitingRequests(): Promise<void> {
  const left = await t.database.db.selectFrom('orders').select('id').where('buyer_id', '=', actors.buyer.id).where('status', '=', 'requested').where('id', '!=', standingOrder).execute();
  for (const { id } of left) {
    const res = await call('POST', `/api/v1/orders/${id}/cancel`, actors.buyer.cookie, {});
    if (res.statusCode !== 200) throw new Error(res.body);
  }
}

/** A requested order of the buyer for a fresh book of the seller; optionally moved on. */
async function order(state: 'requested' | 'accepted' | 'completed' = 'requested'): Promise<string> {
  await withdrawWaitingRequests();
  const bookId = await approvedBook();
  const res = await call('POST', '/api/v1/orders', actors.buyer.cookie, { bookId });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().order.id as string;
  if (state !== 'requested') {
    const meetupAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const accepted = await call('POST', `/api/v1/orders/${id}/accept`, actors.seller.cookie, { meetupLocation: 'Main library entrance', meetupAt });
    if (accepted.statusCode !== 200) throw new Error(accepted.body);
  }
  if (state === 'completed') {
    const done = await call('POST', `/api/v1/orders/${id}/complete`, actors.buyer.cookie);
    if (done.statusCode !== 200) throw new Error(done.body);
  }
  return id;
}

/** The buyer's handover code of an accepted order, as the buyer's view shows it. */
async function handoverCode(id: string): Promise<string> {
  return (await call('GET', `/api/v1/orders/${id}`, actors.buyer.cookie)).json().order.handoverCode;
}

/** An accepted order whose meetup time has just passed (moved back in the database, as waiting would). */
async function meetupPassed(): Promise<string> {
  const id = await order('accepted');
  await t.database.db.updateTable('orders').set({ meetup_at: new Date(t.clock.now().getTime() - 60_000).toISOString() }).where('id', '=', id).execute();
  return id;
}

let listingPhoto = '';
let standingOrder = '';
let sellerNotification = '';

/** A fresh wishlist entry of the seller's. */
const sellerWishlistEntry = async () => (await t.app.services.wishlists.add(actors.seller.id, { q: `matrix entry ${ip++}` })).entry.id;

interface Case {
  /** Expected status for anonymous, buyer, seller (owner), other seller, admin. */
  expect: [number, number, number, number, number];
  /** Fresh data per call: the concrete URL, body and (for calls that end a session or account) cookie. */
  prepare?: (role: Role) => Promise<{ url?: string; body?: unknown; headers?: Record<string, string>; cookie?: string | null }>;
  url?: string;
  body?: unknown;
}

const faculty = { faculty: 'science', department: 'Computer Science', studentNumber: '2301234', yearOfStudy: 'second', academicYear: '2026', semester: 'first' };
const meetup = () => ({ meetupLocation: 'Main library entrance', meetupAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });

// 401 = not signed in, 403 = signed in but the wrong kind of account, 404 = not yours (as if it did not exist).
const MATRIX: Record<string, Case> = {
  'GET /healthz': { expect: [200, 200, 200, 200, 200] },
  'GET /api/v1/openapi.json': { expect: [200, 200, 200, 200, 200] },
  'GET /readyz': { expect: [200, 200, 200, 200, 200] },
  'GET /robots.txt': { expect: [200, 200, 200, 200, 200] },
  'GET /sitemap.xml': { expect: [200, 200, 200, 200, 200] },
  // Pages are the SPA shell for everyone (deep links too, through the not-found handler); the API decides.
  'GET /': { expect: [200, 200, 200, 200, 200] },
  'GET /index.html': { expect: [200, 200, 200, 200, 200] },
  // A listing's page is the app's page for everyone; only a public listing's has its preview (share-previews.test.ts).
  'GET /books/:id': { expect: [200, 200, 200, 200, 200], prepare: async () => ({ url: `/books/${await pendingBook()}` }) },
  'GET /assets/app-abc123.js': { expect: [200, 200, 200, 200, 200] },
  // A photo is seen by whoever may see its listing: this one is pending (security-photos.test.ts has the
  // declined and approved cases, thumbnails and cache headers).
  'GET /uploads/*': { expect: [404, 404, 200, 404, 200], prepare: async () => ({ url: listingPhoto }) },

  'POST /api/v1/auth/register': { expect: [201, 201, 201, 201, 201], prepare: async () => ({ body: signupBody(), cookie: undefined }) },
  'POST /api/v1/auth/login': { expect: [200, 200, 200, 200, 200], prepare: async (role) => { const a = await throwaway(role === 'anonymous' ? 'buyer' : role); return { body: { email: a!.email, password: role === 'admin' ? ADMIN.password : PASSWORD } }; } },
  'POST /api/v1/auth/logout': { expect: [204, 204, 204, 204, 204], prepare: async (role) => ({ cookie: (await throwaway(role))?.cookie ?? null }) },
  'GET /api/v1/auth/session': { expect: [401, 200, 200, 200, 200] },
  'PUT /api/v1/auth/password': {
    expect: [401, 204, 204, 204, 204],
    prepare: async (role) => ({ cookie: (await throwaway(role))?.cookie ?? null, body: { oldPassword: role === 'admin' ? ADMIN.password : PASSWORD, password: 'Kloof-Nek-Sunrise-7' } }),
  },
  'POST /api/v1/auth/password-reset': { expect: [202, 202, 202, 202, 202], body: { email: 'someone@students.wits.ac.za' } },
  'POST /api/v1/auth/password-reset/confirm': { expect: [400, 400, 400, 400, 400], body: { token: 'not-a-real-token', password: 'Kloof-Nek-Sunrise-7' } },
  'DELETE /api/v1/account': {
    expect: [401, 204, 204, 204, 204],
    prepare: async (role) => ({ cookie: (await throwaway(role))?.cookie ?? null, body: { password: role === 'admin' ? ADMIN.password : PASSWORD } }),
  },
  // Adding the other role (account-roles.test.ts): on throwaway accounts, so the actors above keep one
  // role each; an admin account cannot add buying or selling.
  'POST /api/v1/account/roles': {
    expect: [401, 200, 200, 200, 403],
    prepare: async (role) => ({ cookie: (await throwaway(role))?.cookie ?? null, body: { role: role === 'buyer' ? 'seller' : 'buyer' } }),
  },
  // Verified students (verified-students.test.ts): any signed-in account asks for a link to an address at
  // its own university (every actor here is at Wits); the confirmation needs the session of the account
  // that asked (0037), so anonymous is 401 and a token that is not the caller's own is the invalid link.
  'POST /api/v1/account/verify-student': { expect: [401, 202, 202, 202, 202], body: { email: 'someone@students.wits.ac.za' } },
  'POST /api/v1/account/verify-student/confirm': { expect: [401, 400, 400, 400, 400], body: { token: 'not-a-real-token' } },
  // Sign-in with identity providers (sign-in-providers.test.ts runs them against a real OpenID Provider):
  // this app has none configured, so a start or callback is 404 for everyone, and without a pending
  // sign-in's cookie its endpoints are 404 too; the linked providers are each account's own.
  'GET /api/v1/auth/providers': { expect: [200, 200, 200, 200, 200] },
  'GET /api/v1/auth/oauth/:provider': { expect: [404, 404, 404, 404, 404], url: '/api/v1/auth/oauth/google?intent=link' },
  'GET /api/v1/auth/oauth/:provider/callback': { expect: [404, 404, 404, 404, 404], url: '/api/v1/auth/oauth/google/callback?code=c&state=s' },
  'GET /api/v1/auth/oauth/pending': { expect: [404, 404, 404, 404, 404] },
  'POST /api/v1/auth/oauth/complete': { expect: [404, 404, 404, 404, 404], body: { firstName: 'Thandi', lastName: 'Mokoena', studentNumber: '2301234', university: 'wits', userType: 'buyer' } },
  'POST /api/v1/auth/oauth/link': { expect: [404, 404, 404, 404, 404], body: { password: PASSWORD } },
  'GET /api/v1/auth/identities': { expect: [401, 200, 200, 200, 200] },
  'DELETE /api/v1/auth/identities/:provider': { expect: [401, 404, 404, 404, 404], url: '/api/v1/auth/identities/google' },
  'GET /api/v1/student/profile': { expect: [401, 200, 200, 200, 200] },
  'PUT /api/v1/student/faculty': { expect: [401, 200, 200, 200, 200], body: faculty },
  // The caller's own course codes and the books for them: every signed-in account has its own.
  'PUT /api/v1/student/courses': { expect: [401, 200, 200, 200, 200], body: { courses: ['MATH1014'] } },
  'GET /api/v1/student/course-books': { expect: [401, 200, 200, 200, 200] },
  'GET /api/v1/avatars/:seed.svg': { expect: [200, 200, 200, 200, 200], url: '/api/v1/avatars/thandi.svg?style=3' },
  'POST /api/v1/contact': {
    expect: [201, 201, 201, 201, 201],
    body: { firstName: 'Thandi', lastName: 'Mokoena', studentNumber: '2301234', university: 'University of Johannesburg', email: 'thandi@students.wits.ac.za', message: 'Hello there, a question about meetups.' },
  },
  'POST /api/v1/newsletter': { expect: [201, 201, 201, 201, 201], body: { email: 'thandi@gmail.com' } },

  'GET /api/v1/books': { expect: [200, 200, 200, 200, 200] },
  // A pending listing: only its owner and admins see it.
  'GET /api/v1/books/:id': { expect: [404, 404, 200, 404, 200], prepare: async () => ({ url: `/api/v1/books/${await pendingBook()}` }) },
  'POST /api/v1/books': {
    expect: [401, 403, 201, 201, 403],
    prepare: async () => {
      const body = img.multipart(img.listingParts(bookData, await img.pngs(4)));
      return { body: body.payload, headers: body.headers };
    },
  },
  'PATCH /api/v1/books/:id': { expect: [401, 404, 200, 404, 404], prepare: async () => ({ url: `/api/v1/books/${await approvedBook()}`, body: { price: 99 } }) },
  'DELETE /api/v1/books/:id': { expect: [401, 404, 204, 404, 404], prepare: async () => ({ url: `/api/v1/books/${await approvedBook()}` }) },
  'GET /api/v1/seller/books': { expect: [401, 403, 200, 200, 403] },
  // After approval: only the owner renews a listing or marks it sold elsewhere; anyone else's is 404.
  'POST /api/v1/books/:id/renew': { expect: [401, 404, 200, 404, 404], prepare: async () => ({ url: `/api/v1/books/${await approvedBook()}/renew` }) },
  'POST /api/v1/books/:id/sold-elsewhere': { expect: [401, 404, 200, 404, 404], prepare: async () => ({ url: `/api/v1/books/${await approvedBook()}/sold-elsewhere` }) },
  // Any student reports a listing, never their own (403); admins act instead of reporting (403).
  'POST /api/v1/reports': { expect: [401, 201, 403, 201, 403], prepare: async () => ({ body: { target: 'book', id: await approvedBook(), reason: 'scam' } }) },
  // Every approved listing of one ISBN, for anyone.
  'GET /api/v1/editions/:isbn': {
    expect: [200, 200, 200, 200, 200],
    prepare: async () => {
      const { isbn } = await t.database.db.selectFrom('books').select('isbn').where('id', '=', await approvedBook()).executeTakeFirstOrThrow();
      return { url: `/api/v1/editions/${isbn}` };
    },
  },

  // A student's public profile (public-profiles.test.ts): anyone, signed in or not, sees the same.
  'GET /api/v1/students/:id': { expect: [200, 200, 200, 200, 200], prepare: async () => ({ url: `/api/v1/students/${actors.seller.id}` }) },

  'GET /api/v1/admin/books': { expect: [401, 403, 403, 403, 200] },
  // The report queue and its decisions: admins only, each call on fresh data.
  'GET /api/v1/admin/reports': { expect: [401, 403, 403, 403, 200] },
  'POST /api/v1/admin/reports/dismiss': {
    expect: [401, 403, 403, 403, 200],
    prepare: async () => {
      const id = await approvedBook();
      const res = await call('POST', '/api/v1/reports', (await throwaway('buyer'))!.cookie, { target: 'book', id, reason: 'scam' });
      if (res.statusCode !== 201) throw new Error(res.body);
      return { body: { target: 'book', id } };
    },
  },
  'POST /api/v1/admin/books/:id/take-down': { expect: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/v1/admin/books/${await approvedBook()}/take-down`, body: { reason: 'Counterfeit copy' } }) },
  'POST /api/v1/admin/students/:id/suspend': { expect: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/v1/admin/students/${(await throwaway('buyer'))!.id}/suspend`, body: { reason: 'Scam attempts' } }) },
  'POST /api/v1/admin/students/:id/unsuspend': {
    expect: [401, 403, 403, 403, 200],
    prepare: async () => {
      const { id } = (await throwaway('buyer'))!;
      await t.database.db.updateTable('students').set({ suspended_at: t.clock.now().toISOString(), suspension_reason: 'Scam attempts' }).where('id', '=', id).execute();
      return { url: `/api/v1/admin/students/${id}/unsuspend` };
    },
  },
  'POST /api/v1/admin/books/:id/approve': { expect: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/v1/admin/books/${await pendingBook()}/approve` }) },
  'POST /api/v1/admin/books/:id/decline': { expect: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/v1/admin/books/${await pendingBook()}/decline`, body: { reason: 'Not a textbook' } }) },
  'GET /api/v1/admin/package-orders': { expect: [401, 403, 403, 403, 200] },
  // Editions' new prices: admins only. DELETE removes the one the admin just set, so each call finds one.
  'GET /api/v1/admin/new-prices': { expect: [401, 403, 403, 403, 200] },
  'PUT /api/v1/admin/new-prices/:isbn': { expect: [401, 403, 403, 403, 200], url: '/api/v1/admin/new-prices/9780262046305', body: { price: 1299.99 } },
  'DELETE /api/v1/admin/new-prices/:isbn': {
    expect: [401, 403, 403, 403, 204],
    prepare: async () => {
      await t.database.db.insertInto('edition_prices').values({ isbn: '9780131103627', price_cents: 50000, set_by: null, set_at: t.clock.now().toISOString() }).onConflict((oc) => oc.doNothing()).execute();
      return { url: '/api/v1/admin/new-prices/9780131103627' };
    },
  },
  'POST /api/v1/admin/package-orders/:id/:action': {
    expect: [401, 403, 403, 403, 200],
    prepare: async () => {
      const id = `pkgorder${ip++}abcdef`;
      const at = t.clock.now().toISOString();
      await t.database.db
        .insertInto('package_orders')
        .values({ id, student_id: actors.buyer.id, student_first_name: 'Thandi', student_email: actors.buyer.email, package_id: 'first-year-commerce', package_name: 'First-year commerce', amount_cents: 100000, status: 'requested', created_at: at, updated_at: at })
        .execute();
      return { url: `/api/v1/admin/package-orders/${id}/confirm` };
    },
  },

  'GET /api/v1/cart': { expect: [401, 200, 403, 403, 403] },
  'POST /api/v1/cart/items': { expect: [401, 201, 403, 403, 403], prepare: async () => ({ body: { type: 'book', id: await approvedBook() } }) },
  'DELETE /api/v1/cart/items/:type/:id': { expect: [401, 200, 403, 403, 403], prepare: async () => ({ url: `/api/v1/cart/items/book/${await approvedBook()}` }) },
  'POST /api/v1/cart/checkout': { expect: [401, 200, 403, 403, 403] },
  'GET /api/v1/packages': { expect: [200, 200, 200, 200, 200] },
  'GET /api/v1/package-orders': { expect: [401, 200, 403, 403, 403] },
  // The buyer's own package order: another buyer is not in the matrix (package-orders.test.ts has 404).
  'POST /api/v1/package-orders/:id/cancel': {
    expect: [401, 200, 403, 403, 403],
    prepare: async () => {
      const id = `pkgorder${ip++}mine`;
      const at = t.clock.now().toISOString();
      await t.database.db
        .insertInto('package_orders')
        .values({ id, student_id: actors.buyer.id, student_first_name: 'Thandi', student_email: actors.buyer.email, package_id: 'first-year-commerce', package_name: 'First-year commerce', amount_cents: 100000, status: 'requested', created_at: at, updated_at: at })
        .execute();
      return { url: `/api/v1/package-orders/${id}/cancel` };
    },
  },

  'GET /api/v1/notifications': { expect: [401, 200, 200, 200, 200] },
  'POST /api/v1/notifications/read-all': { expect: [401, 204, 204, 204, 204] },
  // The seller's notification: nobody else may touch it.
  'POST /api/v1/notifications/:id/read': { expect: [401, 404, 200, 404, 404], prepare: async () => ({ url: `/api/v1/notifications/${sellerNotification}/read` }) },

  // Any signed-in student keeps a wishlist; an entry is its owner's (the seller's here), anyone else's 404.
  'GET /api/v1/wishlist': { expect: [401, 200, 200, 200, 200] },
  'POST /api/v1/wishlist': { expect: [401, 201, 201, 201, 201], prepare: async () => ({ body: { q: `matrix ${ip++}` } }) },
  'PATCH /api/v1/wishlist/:id': { expect: [401, 404, 200, 404, 404], prepare: async () => ({ url: `/api/v1/wishlist/${await sellerWishlistEntry()}`, body: { emails: false } }) },
  'DELETE /api/v1/wishlist/:id': { expect: [401, 404, 204, 404, 404], prepare: async () => ({ url: `/api/v1/wishlist/${await sellerWishlistEntry()}` }) },
  // The link in a wishlist email: its signature is the permission, so it works for anyone holding it.
  'GET /api/v1/wishlist/unsubscribe/:token': { expect: [200, 200, 200, 200, 200], prepare: async () => ({ url: `/api/v1/wishlist/unsubscribe/${t.app.services.wishlists.unsubscribeToken(await sellerWishlistEntry())}` }) },
  'POST /api/v1/wishlist/unsubscribe/:token': { expect: [200, 200, 200, 200, 200], prepare: async () => ({ url: `/api/v1/wishlist/unsubscribe/${t.app.services.wishlists.unsubscribeToken(await sellerWishlistEntry())}` }) },

  'POST /api/v1/orders': { expect: [401, 201, 403, 403, 403], prepare: async () => ({ body: { bookId: await approvedBook() } }) },
  'GET /api/v1/orders': { expect: [401, 200, 200, 200, 200] },
  'GET /api/v1/buyer/summary': { expect: [401, 200, 403, 403, 403] },
  'GET /api/v1/orders/:id': { expect: [401, 200, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${standingOrder}` }) },
  'POST /api/v1/orders/:id/accept': { expect: [401, 403, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await order()}/accept`, body: meetup() }) },
  'POST /api/v1/orders/:id/decline': { expect: [401, 403, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await order()}/decline`, body: {} }) },
  'POST /api/v1/orders/:id/cancel': { expect: [401, 200, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await order()}/cancel`, body: {} }) },
  // The seller completes with the buyer's handover code (meetup.test.ts: without one, 400).
  'POST /api/v1/orders/:id/complete': {
    expect: [401, 200, 200, 404, 404],
    prepare: async (role) => {
      const id = await order('accepted');
      return { url: `/api/v1/orders/${id}/complete`, body: role === 'seller' ? { code: await handoverCode(id) } : undefined };
    },
  },
  'POST /api/v1/orders/:id/no-show': { expect: [401, 200, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await meetupPassed()}/no-show` }) },
  'POST /api/v1/orders/:id/reschedule': { expect: [401, 200, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await order('accepted')}/reschedule`, body: meetup() }) },
  // A new time proposed by the other party of the caller (by the buyer for everyone but the buyer).
  'POST /api/v1/orders/:id/reschedule/accept': {
    expect: [401, 200, 200, 404, 404],
    prepare: async (role) => {
      const id = await order('accepted');
      const proposer = role === 'buyer' ? actors.seller : actors.buyer;
      const proposed = await call('POST', `/api/v1/orders/${id}/reschedule`, proposer.cookie, meetup());
      if (proposed.statusCode !== 200) throw new Error(proposed.body);
      return { url: `/api/v1/orders/${id}/reschedule/accept` };
    },
  },
  'GET /api/v1/orders/:id/calendar.ics': { expect: [401, 200, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await order('accepted')}/calendar.ics` }) },
  'POST /api/v1/orders/:id/review': { expect: [401, 201, 201, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${await order('completed')}/review`, body: { rating: 4 } }) },
  'GET /api/v1/orders/:id/messages': { expect: [401, 200, 200, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${standingOrder}/messages` }) },
  'POST /api/v1/orders/:id/messages': { expect: [401, 201, 201, 404, 404], prepare: async () => ({ url: `/api/v1/orders/${standingOrder}/messages`, body: { body: 'See you at the library' } }) },
  // Without a websocket upgrade there is nothing to serve; with one, anonymous sockets are closed (4401).
  'GET /api/v1/realtime': { expect: [404, 404, 404, 404, 404] },
};

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  actors.buyer = await signUp('buyer', 'Buhle');
  actors.seller = await signUp('seller', 'Sipho');
  actors.otherSeller = await signUp('seller', 'Olwethu');
  actors.admin = { id: '', email: ADMIN.email, cookie: await login(ADMIN.email, ADMIN.password) };
  const upload = img.multipart(img.listingParts(bookData, await img.pngs(4)));
  const created = await call('POST', '/api/v1/books', actors.seller.cookie, upload.payload, upload.headers);
  listingPhoto = created.json().book.images[0].url;
  standingOrder = await order();
  sellerNotification = (await t.database.db.selectFrom('notifications').select('id').where('student_id', '=', actors.seller.id).executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe(`access-control matrix (${dialectUnderTest})`, () => {
  it('has an expectation for every registered route (a new endpoint must be added to the table)', () => {
    const routes = collectedRoutes().map(routeKey);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it('answers every route with the expected status for anonymous, buyer, seller, other seller and admin', async () => {
    const differences: string[] = [];
    for (const route of collectedRoutes()) {
      const key = routeKey(route);
      const c = MATRIX[key];
      if (!c) continue;
      for (const [i, role] of ROLES.entries()) {
        const prepared = c.prepare ? await c.prepare(role) : {};
        const cookie = prepared.cookie === null ? undefined : (prepared.cookie ?? (role === 'anonymous' ? undefined : actors[role].cookie));
        const res = await call(route.method, prepared.url ?? c.url ?? route.url, cookie, prepared.body ?? c.body, prepared.headers);
        if (res.statusCode !== c.expect[i]) differences.push(`${key} as ${role}: expected ${c.expect[i]}, got ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (res.statusCode >= 400 && route.url.startsWith('/api/') && route.url !== '/api/v1/realtime') {
          const body = res.json();
          if (typeof body.error !== 'string' || typeof body.code !== 'string') differences.push(`${key} as ${role}: error shape ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

describe(`mass assignment (${dialectUnderTest})`, () => {
  it("sign-up ignores role, id and timestamps: nobody makes themselves an admin", async () => {
    const body = { ...signupBody(), role: 'admin', userType: 'buyer', id: 'chosen-id-12345', createdAt: '2000-01-01T00:00:00.000Z', passwordHash: 'x' };
    const res = await call('POST', '/api/v1/auth/register', undefined, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().student).toMatchObject({ role: 'buyer' });
    expect(res.json().student.id).not.toBe('chosen-id-12345');
    expect(res.json().student.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it("the faculty update cannot change role, email or names", async () => {
    const a = await signUp('buyer', 'Lerato');
    const res = await call('PUT', '/api/v1/student/faculty', a.cookie, { ...faculty, role: 'admin', email: 'admin@reshelf.test', firstName: 'Admin', id: actors.admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({ id: a.id, role: 'buyer', email: a.email, firstName: 'Lerato' });
  });

  it("another seller sending status, sellerId or price for someone's listing changes nothing", async () => {
    const bookId = await approvedBook();
    const before = await t.database.db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirstOrThrow();
    const res = await call('PATCH', `/api/v1/books/${bookId}`, actors.otherSeller.cookie, { price: 1, status: 'approved', sellerId: actors.otherSeller.id, availability: 'sold' });
    expect(res.statusCode).toBe(404);
    // The owner may change the price, but not the status, the seller or the availability.
    const own = await call('PATCH', `/api/v1/books/${bookId}`, actors.seller.cookie, { price: 120, status: 'approved', sellerId: actors.otherSeller.id, seller_id: actors.otherSeller.id, availability: 'sold', approvedAt: '2020-01-01T00:00:00.000Z' });
    expect(own.statusCode).toBe(200);
    const after = await t.database.db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ seller_id: before.seller_id, price_cents: 12000, status: 'pending', availability: 'available', approved_at: null });
  });

  it('an order takes its price, seller and status from the listing, never from the body', async () => {
    const bookId = await approvedBook();
    const res = await call('POST', '/api/v1/orders', actors.buyer.cookie, { bookId, amount: 1, price: 1, status: 'completed', sellerId: actors.otherSeller.id, buyerId: actors.otherSeller.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ amount: 250, status: 'requested', seller: { id: actors.seller.id }, buyer: { id: actors.buyer.id } });
  });

  it('a message or review cannot be sent in somebody else’s name', async () => {
    const id = await order('completed');
    const msg = await call('POST', `/api/v1/orders/${id}/messages`, actors.buyer.cookie, { body: 'Thanks!', senderId: actors.seller.id, sender: { id: actors.seller.id, firstName: 'Sipho' } });
    expect(msg.json().message.sender).toEqual({ id: actors.buyer.id, firstName: 'Buhle' });
    const review = await call('POST', `/api/v1/orders/${id}/review`, actors.buyer.cookie, { rating: 5, reviewerId: actors.seller.id, subjectId: actors.buyer.id });
    expect(review.statusCode).toBe(201);
    expect(review.json().review).toMatchObject({ reviewer: { id: actors.buyer.id }, subjectId: actors.seller.id });
  });

  it('an admin decision body cannot set other fields of the listing', async () => {
    const bookId = await pendingBook();
    const res = await call('POST', `/api/v1/admin/books/${bookId}/decline`, actors.admin.cookie, { reason: 'Blurry photos', price: 1, sellerId: actors.otherSeller.id, status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().book).toMatchObject({ status: 'declined', price: 250, seller: { id: actors.seller.id } });
  });
});
