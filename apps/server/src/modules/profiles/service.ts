// Public student profiles (docs/decisions/0034-public-profiles.md): what anyone sees of a student before
// buying from or selling to them. The profiles module owns no table: it puts together what the owning
// modules hand out: the student from accounts, their record (reviews, completed orders, no-shows) from
// orders, and their listings for sale from listings. A handful of indexed queries, whatever their history.
import { LIMITS, type PublicProfile } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { profileStudent } from '../accounts/service.ts';
import type { ListingsService } from '../listings/service.ts';
import type { OrdersService } from '../orders/service.ts';

export interface ProfilesDeps {
  orders: Pick<OrdersService, 'publicRecordOf'>;
  listings: Pick<ListingsService, 'forSaleBy'>;
}

export function createProfilesService(ctx: AppContext, deps: ProfilesDeps) {
  return {
    /** The public profile of a student; 404 for no such student, an admin or a suspended student. */
    async profile(id: string): Promise<PublicProfile> {
      const student = await profileStudent(ctx.db, id);
      if (!student) throw notFound();
      const [record, forSale] = await Promise.all([
        deps.orders.publicRecordOf(id, LIMITS.profileReviews),
        deps.listings.forSaleBy(id, LIMITS.profileListings),
      ]);
      return { ...student, ...record, listingCount: forSale.total, listings: forSale.books };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
