// Buying acts once however fast a student taps, in a real browser against the real server: a
// double-tapped 'Request to buy' creates one order (counted through the API) and lands on that order's
// page with no 'no longer available' for the buyer's own reservation (the book's page links to the order
// too); a double-tapped 'Add to cart'
// adds once, turns into 'In cart' and the nav counts it; a double-tapped 'Check out' orders every book
// and package once and ends on a summary linking to each order, package orders included, which the
// buyer then finds on their Transactions. The taps are real double-clicks (Playwright's dblclick) or two
// clicks dispatched in one task, faster than any render.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiContext, apiLogIn, expectNoAxeViolations, listApprovedBook, logIn, register, screenshot } from './helpers';

interface OrderRow {
  id: string;
  book: { id: string };
}

/** The buyer's orders for one book, as the server has them. */
async function ordersFor(page: Page, bookId: string): Promise<OrderRow[]> {
  const answer = await page.request.get('/api/v1/orders?as=buyer&page=1&pageSize=50');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: OrderRow[] }).items.filter((order) => order.book.id === bookId);
}

/** The dashboard nav's Cart entry: in the sidebar on desktop, behind the menu button on a phone. */
async function cartNavLink(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Cart/ });
}

test('a double-tapped Request to buy, Add to cart and Check out each act once', async ({ page, browser, baseURL }, testInfo) => {
  const token = Math.random().toString(36).slice(2, 8);
  const seller = await apiContext(browser, baseURL!);
  const admin = await apiContext(browser, baseURL!);
  const sellerEmail = (await register(seller, { userType: 'seller', firstName: 'Sipho' })).email;
  await apiLogIn(seller, sellerEmail);
  await apiLogIn(admin, ADMIN.email, ADMIN.password);
  const requested = await listApprovedBook(seller, admin, `Organic Chemistry ${token}`);
  const carted = await listApprovedBook(seller, admin, `Campbell Biology ${token}`);
  const buyerEmail = (await register(page.request, { userType: 'buyer', firstName: 'Thandi' })).email;
  await logIn(page, buyerEmail, { area: 'buyer' });

  // Request to buy, double-tapped: one order, and the buyer is on its page.
  await page.goto(`/buyer/books/${requested}`);
  await page.getByRole('button', { name: 'Request to buy' }).dblclick();
  await expect(page).toHaveURL(/\/buyer\/orders\/[^/]+$/);
  const orders = await ordersFor(page, requested);
  expect(orders).toHaveLength(1);
  expect(page.url()).toMatch(new RegExp(`/buyer/orders/${orders[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${requested.slice(-6).toUpperCase()}` })).toBeVisible();
  await expect(page.getByText('This book is no longer available')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-once-order');

  // Back on the book, the buyer's own reservation links to their order.
  await page.goto(`/buyer/books/${requested}`);
  await expect(page.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/buyer/orders/${orders[0]!.id}`);
  await expect(page.getByText('This book is no longer available')).toHaveCount(0);

  // Add to cart, two clicks in one task: one cart item, the button says In cart, the nav counts it.
  await page.goto(`/buyer/books/${carted}`);
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('link', { name: /^In cart/ })).toBeVisible();
  const cart = (await (await page.request.get('/api/v1/cart')).json()) as { cart: { count: number } };
  expect(cart.cart.count).toBe(1);
  await expect(await cartNavLink(page)).toHaveAccessibleName(/^Cart\s*1\s*item$/);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-once-in-cart');

  // A package too, then Check out, double-tapped: one order for the book, one package order.
  const packages = (await (await page.request.get('/api/v1/packages')).json()) as { items: { id: string; name: string; price: number | null; isCustomRequest: boolean }[] };
  const pkg = packages.items.find((item) => item.price !== null && !item.isCustomRequest)!;
  expect((await page.request.post('/api/v1/cart/items', { data: { type: 'package', id: pkg.id } })).status()).toBe(201);
  await page.goto('/buyer/cart');
  await page.getByRole('button', { name: 'Check out' }).dblclick();
  const summary = page.locator('section', { has: page.getByRole('heading', { name: 'Checkout done' }) });
  await expect(page.getByRole('heading', { name: 'Checkout done' })).toBeVisible();
  await expect(page.getByText(/This book is no longer available/)).toHaveCount(0);
  expect(await ordersFor(page, carted)).toHaveLength(1);
  const packageOrders = (await (await page.request.get('/api/v1/package-orders')).json()) as { items: { id: string; packageId: string }[] };
  expect(packageOrders.items.filter((order) => order.packageId === pkg.id)).toHaveLength(1);
  const bookLink = summary.getByRole('link', { name: new RegExp(`Campbell Biology ${token}`) });
  await expect(bookLink).toHaveAttribute('href', `/buyer/orders/${(await ordersFor(page, carted))[0]!.id}`);
  const packageLink = summary.getByRole('link', { name: new RegExp(`${pkg.name} package`) });
  await expect(packageLink).toHaveAttribute('href', `/buyer/transactions#package-order-${packageOrders.items[0]!.id}`);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-once-checkout');

  // The package order is the buyer's to see (and cancel) on their Transactions.
  await packageLink.click();
  const section = page.getByRole('region', { name: 'Package orders' });
  await expect(section.getByRole('listitem').first()).toBeFocused();
  await expect(section.getByRole('button', { name: `Cancel the ${pkg.name} package order` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'buying-once-package-orders');
});
