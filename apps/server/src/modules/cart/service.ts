// The buyer's cart: books and packages, a running total, and checkout (one order per book; a book taken
// meanwhile is reported and the rest go through). A carted listing that is no longer approved shows only its
// id: its text may be an edit no moderator has seen, or a listing taken out of sight.
import { MESSAGES, type Book, type Cart, type Order, type TextbookPackage } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { SignedIn } from '../accounts/service.ts';
import { OPEN_REQUESTS_CODE, refuseOwnBook, type OrdersService } from '../orders/service.ts';
import type { PackageOrderJson, PackagesService } from '../packages/service.ts';
import * as repo from './repository.ts';

export interface CartDeps {
  hydrate(ids: string[]): Promise<Book[]>;
  orders: OrdersService;
  packages: PackagesService;
}

/** What a buyer may see of a carted listing: all of it while approved, only its id otherwise. */
const asCarted = (book: Book): Cart['books'][number] => (book.status === 'approved' ? book : { id: book.id, listed: false });

/** The title a checkout may name a listing by: only an approved listing's. */
const shownTitle = (book: Book | undefined) => (book?.status === 'approved' ? book.title : null);

export function createCartService(ctx: AppContext, deps: CartDeps) {
  const { db } = ctx;

  async function view(auth: SignedIn): Promise<Cart> {
    const rows = await repo.listCart(db, auth.student.id);
    const books = await deps.hydrate(rows.filter((r) => r.item_type === 'book').map((r) => r.item_id));
    const packages = rows
      .filter((r) => r.item_type === 'package')
      .map((r) => deps.packages.find(r.item_id))
      .filter((p): p is TextbookPackage => Boolean(p));
    const available = books.filter((b) => b.status === 'approved' && b.availability === 'available');
    const cents = available.reduce((sum, b) => sum + Math.round(b.price * 100), 0) + packages.reduce((sum, p) => sum + Math.round((p.price ?? 0) * 100), 0);
    return { books: books.map(asCarted), packages, count: books.length + packages.length, total: cents / 100 };
  }

  return {
    view,
    async add(auth: SignedIn, type: 'book' | 'package', id: string) {
      if (type === 'book') {
        const [book] = await deps.hydrate([id]);
        // In the order of a request to buy (orders/service.ts): a listing not for sale, then your own book,
        // then one someone else has reserved, so your own book is refused alike however it is tried.
        if (!book || book.status !== 'approved') throw conflict(MESSAGES.bookUnavailable, 'BOOK_UNAVAILABLE');
        refuseOwnBook(book.seller.id, auth.student.id);
        if (book.availability !== 'available') throw conflict(MESSAGES.bookUnavailable, 'BOOK_UNAVAILABLE');
      } else {
        const pkg = deps.packages.find(id);
        if (!pkg || pkg.isCustomRequest || pkg.price === null) throw badRequest(MESSAGES.packageNotForCart);
      }
      await repo.addToCart(db, { student_id: auth.student.id, item_type: type, item_id: id, created_at: iso(ctx.clock.now()) });
      return view(auth);
    },
    async remove(auth: SignedIn, type: 'book' | 'package', id: string) {
      await repo.removeFromCart(db, auth.student.id, type, id);
      return view(auth);
    },
    async checkout(auth: SignedIn) {
      const rows = await repo.listCart(db, auth.student.id);
      const orders: Order[] = [];
      const packageOrders: PackageOrderJson[] = [];
      const unavailable: { bookId: string; title: string | null; error: string }[] = [];
      for (const row of rows) {
        // Each item is claimed by taking it out of the cart first: of two checkouts at once (a
        // double-tap, two tabs) only the one that removed the row orders it, so a package is never
        // ordered twice and the buyer's own new order is never reported as taken by someone else.
        const claimed = await repo.removeFromCart(db, auth.student.id, row.item_type, row.item_id);
        if (Number(claimed.numDeletedRows) !== 1) continue;
        try {
          if (row.item_type === 'book') orders.push(await deps.orders.create(auth, row.item_id));
          else packageOrders.push(await deps.packages.order(db, auth, row.item_id));
        } catch (err) {
          if (row.item_type === 'book' && err instanceof AppError && err.statusCode < 500) {
            // Refused because the buyer already has as many requests waiting as they may: the book is
            // still for sale, so it stays in the cart for a later checkout.
            if (err.code === OPEN_REQUESTS_CODE) await repo.addToCart(db, { student_id: auth.student.id, item_type: 'book', item_id: row.item_id, created_at: row.created_at });
            const [book] = await deps.hydrate([row.item_id]);
            unavailable.push({ bookId: row.item_id, title: shownTitle(book), error: err.message });
            continue;
          }
          // A fault of ours: the item goes back into the cart for the next attempt.
          await repo.addToCart(db, { student_id: auth.student.id, item_type: row.item_type, item_id: row.item_id, created_at: row.created_at });
          throw err;
        }
      }
      return { orders, packageOrders, unavailable };
    },
    count: async (auth: SignedIn) => Number((await repo.countCart(db, auth.student.id)).n),
  };
}

export type CartService = ReturnType<typeof createCartService>;
