// Nothing wider than the phone: every route of the app, signed out and as a buyer, a seller and an admin,
// at 320, 390 and 1280 px, on data made to break layouts (80-character unbroken words, 140-character
// URLs, six authors, the largest price a listing may have, listings and orders in every state, a cart,
// notifications and package orders). A page fails when the document scrolls sideways or when any visible
// element's right edge lies beyond the screen, when the selected tab of a tab list is scrolled out of
// sight, or when an icon of a button or link is squashed (narrower than it is tall: labels too wide for
// their buttons once shrank My Books' icons to nothing at 390 and 1280 px), or when an empty box's
// placeholder is wider than the box (it ends mid-word: the catalogue's search hint did at 320 and 390 px).
// One screenshot per route, width and role goes to test-results/screenshots/sweep-*.png for a person to
// look at.
//
// It sets its own widths, so it runs in the desktop project only (the phone project would repeat it).
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ok, png, savesScreenshots, signedInAdmin, signedInStudent } from './helpers';
import { LONG_URL, LONG_WORD, MAX_PRICE, hostileBookData } from './hostile-data';

const WIDTHS = [320, 390, 1280] as const;

const COLOURS: [number, number, number][] = [
  [22, 124, 73],
  [200, 120, 40],
  [40, 90, 180],
  [180, 40, 90],
];
// Wide and tall photos both, so galleries meet either shape.
const PHOTOS = COLOURS.map((colour, index) => ({
  name: `photo-${index + 1}.png`,
  mimeType: 'image/png',
  buffer: index % 2 === 0 ? png(480, 200, colour) : png(150, 400, colour),
}));

/** The parts of the API's answers the seeding reads. */
interface Answer {
  book: { id: string };
  order: { id: string };
  items: unknown[];
}

let listingCount = 0;
/** Lists a book with 4 photos and returns its id. */
async function list(seller: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<string> {
  listingCount += 1;
  const bookData = hostileBookData({ title: `${LONG_WORD} ${listingCount}`, ...overrides });
  const { book } = await ok<Answer>(await seller.post('/api/v1/books', { multipart: formData(bookData) }), 'list book');
  return book.id as string;
}

function formData(bookData: Record<string, unknown>) {
  const form = new FormData();
  form.append('bookData', JSON.stringify(bookData));
  for (const photo of PHOTOS) form.append('images', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  return form;
}

interface Seeded {
  hostileBook: string;
  pendingBook: string;
  declinedBook: string;
  orders: Record<'requested' | 'accepted' | 'declined' | 'cancelled' | 'completed', string>;
}

async function seed(browser: Browser, baseURL: string) {
  // Students with names made to break layouts, at UKZN.
  const student = { lastName: 'Van der Merwe-Mokoena', university: 'ukzn' };
  const contexts = {
    buyer: (await signedInStudent(browser, baseURL, { ...student, userType: 'buyer', firstName: LONG_WORD.slice(0, 60), emailPrefix: 'sweep-buyer' })).context,
    seller: (await signedInStudent(browser, baseURL, { ...student, userType: 'seller', firstName: `Nomvula${LONG_WORD.slice(0, 50)}`, emailPrefix: 'sweep-seller' })).context,
    admin: await signedInAdmin(browser, baseURL),
  };
  const buyer = contexts.buyer.request;
  const seller = contexts.seller.request;
  const admin = contexts.admin.request;

  const approve = async (id: string) => ok(await admin.post(`/api/v1/admin/books/${id}/approve`), 'approve');
  const reason = `Photos are blurry: ${LONG_WORD}. Please read ${LONG_URL} before listing again.`;

  const hostileBook = await list(seller);
  await approve(hostileBook);
  // Its edition's new price, the largest there may be, for the admin's New prices page.
  await ok(await admin.put(`/api/v1/admin/new-prices/${hostileBookData().isbn as string}`, { data: { price: MAX_PRICE } }), 'new price');
  const declinedBook = await list(seller);
  await ok(await admin.post(`/api/v1/admin/books/${declinedBook}/decline`, { data: { reason } }), 'decline listing');

  // One order per state, each on its own book.
  const orders = {} as Seeded['orders'];
  for (const state of ['requested', 'accepted', 'declined', 'cancelled', 'completed'] as const) {
    const book = await list(seller, { price: state === 'requested' ? MAX_PRICE : 99.5 });
    await approve(book);
    const { order } = await ok<Answer>(await buyer.post('/api/v1/orders', { data: { bookId: book } }), 'order');
    orders[state] = order.id;
    // The conversation comes first: an order that ended without a sale takes no more messages.
    for (const [who, text] of [
      [buyer, `Is it still available? ${LONG_URL}`],
      [seller, `Yes. ${LONG_WORD} — meet me at the library.`],
    ] as const) {
      await ok(await who.post(`/api/v1/orders/${order.id}/messages`, { data: { body: text } }), 'message');
    }
    const meetup = { meetupLocation: `Howard College library, ${LONG_WORD.slice(0, 60)} entrance`, meetupAt: new Date(Date.now() + 3 * 86_400_000).toISOString() };
    if (state === 'accepted' || state === 'completed') await ok(await seller.post(`/api/v1/orders/${order.id}/accept`, { data: meetup }), 'accept');
    if (state === 'declined') await ok(await seller.post(`/api/v1/orders/${order.id}/decline`, { data: { reason } }), 'decline order');
    if (state === 'cancelled') await ok(await buyer.post(`/api/v1/orders/${order.id}/cancel`, { data: { reason } }), 'cancel order');
    if (state === 'completed') {
      await ok(await buyer.post(`/api/v1/orders/${order.id}/complete`), 'complete');
      await ok(await buyer.post(`/api/v1/orders/${order.id}/review`, { data: { rating: 4, comment: `Great ${LONG_WORD} ${LONG_URL}` } }), 'review');
    }
  }

  // Listed last, so the moderation queue holds one long-titled listing waiting for review.
  const pendingBook = await list(seller);

  // A package order (checked out alone), then a cart with a book and a package left in it.
  const { items: packages } = await ok<Answer>(await buyer.get('/api/v1/packages'), 'packages');
  const priced = (packages as { id: string; price: number | null; isCustomRequest: boolean }[]).filter((p) => p.price !== null && !p.isCustomRequest);
  await ok(await buyer.post('/api/v1/cart/items', { data: { type: 'package', id: priced[0]!.id } }), 'cart package');
  await ok(await buyer.post('/api/v1/cart/checkout'), 'checkout');
  await ok(await buyer.post('/api/v1/cart/items', { data: { type: 'book', id: hostileBook } }), 'cart book');
  await ok(await buyer.post('/api/v1/cart/items', { data: { type: 'package', id: priced[priced.length - 1]!.id } }), 'cart package 2');

  const states = {
    buyer: await contexts.buyer.storageState(),
    seller: await contexts.seller.storageState(),
    admin: await contexts.admin.storageState(),
  };
  await Promise.all(Object.values(contexts).map((context) => context.close()));
  return { seeded: { hostileBook, pendingBook, declinedBook, orders } satisfies Seeded, states };
}

type Role = 'visitor' | 'buyer' | 'seller' | 'admin';

interface Route {
  path: string;
  /** Names the screenshot (ids change every run). */
  name: string;
  /** Opens something on the page before the check, such as a dialog that can overflow on its own. */
  open?: (page: Page) => Promise<void>;
}

const ORDER_STATES = ['requested', 'accepted', 'declined', 'cancelled', 'completed'] as const;

function routesFor(role: Role, s: Seeded): Route[] {
  const at = (path: string, name = path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home'): Route => ({ path, name });
  const publicPages = ['/', '/about', '/team', '/terms', '/privacy', '/ai-tutor', '/contact', '/books'].map((path) => at(path));
  const book = (base: string, id: string, name: string) => at(`${base}/${id}`, name);
  switch (role) {
    case 'visitor':
      return [
        ...publicPages,
        book('/books', s.hostileBook, 'book-page'),
        at('/no-such-page'),
        at('/signup'),
        at('/login'),
        at('/reset'),
        at('/reset?token=expired-token-for-the-sweep', 'reset-token'),
      ];
    case 'buyer':
      return [
        at('/buyer'),
        at('/buyer/books'),
        book('/buyer/books', s.hostileBook, 'buyer-book-page'),
        at('/buyer/transactions'),
        at('/buyer/packages'),
        at('/buyer/cart'),
        ...ORDER_STATES.map((state) => book('/buyer/orders', s.orders[state], `buyer-order-${state}`)),
        at('/buyer/faculty'),
        at('/buyer/settings'),
        at('/', 'home-signed-in'),
        at('/books', 'books-signed-in'),
      ];
    case 'seller':
      return [
        at('/seller'),
        at('/seller/sell'),
        at('/seller/books'),
        {
          ...at('/seller/books', 'seller-books-withdraw-dialog'),
          open: async (page) => {
            await page.getByRole('button', { name: /^Withdraw / }).first().click();
            await expect(page.getByRole('alertdialog', { name: 'Withdraw this listing?' })).toBeVisible();
          },
        },
        {
          ...at('/seller', 'seller-notifications'),
          open: async (page) => {
            await page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true }).click();
            await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible();
          },
        },
        at('/seller/transactions'),
        ...ORDER_STATES.map((state) => book('/seller/orders', s.orders[state], `seller-order-${state}`)),
        at('/seller/faculty'),
        at('/seller/settings'),
        book('/books', s.pendingBook, 'own-pending-book-page'),
      ];
    case 'admin':
      return [
        at('/admin'),
        {
          ...at('/admin', 'admin-decline-dialog'),
          open: async (page) => {
            await page.getByRole('button', { name: /^Decline / }).first().click();
            await expect(page.getByRole('dialog', { name: 'Decline listing' })).toBeVisible();
          },
        },
        at('/admin?tab=approved'),
        at('/admin?tab=declined'),
        at('/admin?tab=packages'),
        at('/admin/new-prices'),
        book('/books', s.declinedBook, 'declined-book-page'),
        {
          // The desktop sidebar collapsed to icons keeps the bell (phones have it in the top bar).
          ...at('/admin', 'admin-sidebar-collapsed'),
          open: async (page) => {
            if (page.viewportSize()!.width < 1024) return;
            await page.getByRole('button', { name: 'Collapse sidebar' }).click();
            await expect(page.locator('#dashboard-sidebar').getByRole('button', { name: /^Notifications/ })).toBeVisible();
          },
        },
      ];
  }
}

/** Waits until the page has drawn its content: route code loaded, no skeleton or busy region left, images settled. */
async function settle(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.animate-shimmer, [aria-busy="true"], [role="status"][aria-label^="Loading"]')).toHaveCount(0);
  // Lazy images below the fold load only when scrolled to; the ones on screen must have arrived.
  await page.waitForFunction(
    () =>
      Array.from(document.images)
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
        })
        .every((image) => image.complete),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Everything that reaches past the right edge of the screen (not counting what a scroll box or clip hides). */
function findOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`document is ${document.documentElement.scrollWidth} px wide`);
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}"`;
    };
    /** Whether an ancestor clips the element horizontally within the screen. */
    const clipped = (element: Element, right: number) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          if (box.right <= width + 1 && right > box.right) return true;
        }
        if (style.position === 'fixed') break;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (element.closest('[inert], [aria-hidden="true"] .sr-only')) continue;
      if (clipped(element, box.right)) continue;
      // Report the outermost offender only: its children follow it out.
      const parent = element.parentElement;
      if (parent && parent.getBoundingClientRect().right > width + 1 && !clipped(parent, parent.getBoundingClientRect().right)) continue;
      problems.push(`${describe(element)} ends at ${Math.round(box.right)} px`);
    }
    // A tab list too wide for the phone scrolls sideways; the selected tab must be in its visible part.
    for (const tab of Array.from(document.querySelectorAll('[role="tab"][aria-selected="true"]'))) {
      const list = tab.closest('[role="tablist"]');
      if (!list) continue;
      const box = tab.getBoundingClientRect();
      const shown = list.getBoundingClientRect();
      if (box.left < shown.left - 1 || box.right > shown.right + 1) problems.push(`the selected tab ${describe(tab)} is scrolled out of its tab list`);
    }
    // Icons are square: one narrower than it is tall was shrunk as a flex item to make room for a label.
    for (const icon of Array.from(document.querySelectorAll('button svg, a svg'))) {
      const box = icon.getBoundingClientRect();
      if (box.height < 8 || box.width + 0.5 >= box.height) continue;
      if (getComputedStyle(icon).visibility === 'hidden' || icon.closest('[inert]')) continue;
      const control = icon.closest('button, a')!;
      problems.push(`the icon of ${describe(control)} is squashed to ${box.width.toFixed(1)} × ${box.height.toFixed(1)} px`);
    }
    // An empty box shows its placeholder on one line: a hint wider than the box ends mid-word.
    const measure = document.createElement('canvas').getContext('2d')!;
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (input.value !== '' || input.getClientRects().length === 0 || input.closest('[inert]')) continue;
      const style = getComputedStyle(input);
      if (style.visibility === 'hidden') continue;
      const hint = getComputedStyle(input, '::placeholder');
      measure.font = `${hint.fontStyle} ${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = measure.measureText(input.placeholder).width;
      if (needed > room + 1) problems.push(`the placeholder "${input.placeholder}" needs ${Math.ceil(needed)} px and its box shows ${Math.floor(room)}`);
    }
    return problems;
  });
}

let seeded: Seeded;
let states: Record<'buyer' | 'seller' | 'admin', Awaited<ReturnType<BrowserContext['storageState']>>>;

test.describe('overflow sweep', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'sets its own widths; runs once, in the desktop project');
    test.setTimeout(testInfo.timeout * 3);
    const baseURL = testInfo.project.use.baseURL!;
    ({ seeded, states } = await seed(browser, baseURL));
  });

  for (const role of ['visitor', 'buyer', 'seller', 'admin'] as const) {
    test(`every route fits the screen: ${role}`, async ({ browser }, testInfo) => {
      test.slow();
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        storageState: role === 'visitor' ? undefined : states[role],
        reducedMotion: 'reduce',
      });
      // One tab per width, loading the same route side by side.
      const pages = await Promise.all(
        WIDTHS.map(async (width) => {
          const page = await context.newPage();
          await page.setViewportSize({ width, height: width < 1000 ? 740 : 800 });
          return { width, page };
        }),
      );
      const failures: string[] = [];
      for (const route of routesFor(role, seeded)) {
        await test.step(route.name, () =>
          Promise.all(
            pages.map(async ({ width, page }) => {
              await page.goto(route.path);
              await settle(page);
              await route.open?.(page);
              const problems = await findOverflow(page);
              if (savesScreenshots) await page.screenshot({ path: path.join('test-results', 'screenshots', `sweep-${role}-${route.name}-${width}.png`), fullPage: true });
              if (problems.length) failures.push(`${route.path} (${route.name}) at ${width} px:\n    ${problems.slice(0, 6).join('\n    ')}`);
            }),
          ),
        );
      }
      await context.close();
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
