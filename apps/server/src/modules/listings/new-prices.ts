// New prices of editions: an admin enters what a new copy of an ISBN costs (GET, PUT and DELETE
// /admin/new-prices), GET /editions/:isbn answers it as `newPrice`, and the sell wizard shows it with the
// 40-60% rule of thumb. Nothing else supplies one: the textbook packages price whole bundles, never a single
// book (docs/decisions/0028-new-prices-and-good-price.md). A change reaches cached editions at once: the
// catalogue cache watches `edition_prices` (public-cache.ts).
import { MESSAGES, centsToRand, pageOffset, randToCents, type NewPrice, type Student } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { publicStudents } from '../accounts/service.ts';
import * as repo from './repository.ts';

type NewPriceRow = NonNullable<Awaited<ReturnType<typeof repo.findNewPrice>>>;

export function createNewPrices(ctx: AppContext) {
  const { db, clock } = ctx;

  /** The rows as the API's NewPrice: each edition's title where an approved listing has it, and the admin's first name. */
  async function toNewPrices(rows: readonly NewPriceRow[]): Promise<NewPrice[]> {
    const adminIds = [...new Set(rows.flatMap((r) => (r.set_by ? [r.set_by] : [])))];
    const [latest, admins] = await Promise.all([
      Promise.all(rows.map((r) => repo.findLatestApprovedOfIsbn(db, r.isbn))),
      publicStudents(db, adminIds),
    ]);
    const firstNames = new Map(admins.map((a) => [a.id, a.firstName]));
    return rows.map((r, i) => ({
      isbn13: r.isbn,
      price: centsToRand(r.price_cents),
      title: latest[i]?.title ?? null,
      setBy: r.set_by ? { id: r.set_by, firstName: firstNames.get(r.set_by) ?? '' } : null,
      setAt: r.set_at,
    }));
  }

  return {
    /** Every new price, the most recently set first. */
    async list(page: number, pageSize: number) {
      const [rows, total] = await Promise.all([repo.listNewPrices(db, pageSize, pageOffset({ page, pageSize })), repo.countNewPrices(db)]);
      return { items: await toNewPrices(rows), total, page, pageSize };
    },

    /** Sets or replaces the new price of an ISBN-13 (the route's schema has checked and normalised both). */
    async set(admin: Student, isbn13: string, price: number): Promise<NewPrice> {
      await repo.upsertNewPrice(db, { isbn: isbn13, price_cents: randToCents(price), set_by: admin.id, set_at: iso(clock.now()) });
      const [answer] = await toNewPrices([(await repo.findNewPrice(db, isbn13))!]);
      return answer!;
    },

    /** Removes the new price of an ISBN-13; 404 when it has none. */
    async remove(isbn13: string): Promise<void> {
      if (!(await repo.deleteNewPrice(db, isbn13))) throw notFound(MESSAGES.newPriceNotFound);
    },
  };
}
