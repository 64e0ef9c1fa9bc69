// The public catalogue: approved, available listings, searched with ranking, filtered, sorted, paged.
import type { Book, CatalogueQuery, ListResponse } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { searchCatalogue } from './repository.ts';
import { searchTerms } from './search-terms.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';

export function createCatalogueService(ctx: AppContext, hydrate: (ids: string[]) => Promise<Book[]>, pages?: ReadCache<ListResponse<Book>>) {
  // SQLite answers one query at a time on this thread. Searches that are not in the cache run whole, one
  // after another in the order they came, each on a fresh turn of the event loop: a burst of them no
  // longer holds the loop for the whole burst (where a request arriving just after it began waited for
  // all of it and then for the next), and answers from the cache are not held behind them.
  // docs/performance.md, Fix 5. PostgreSQL runs queries side by side, so it needs no queue.
  const serial = ctx.database.dialect === 'sqlite' ? oneAtATime() : undefined;
  return {
    async search(query: CatalogueQuery): Promise<ListResponse<Book>> {
      const terms = query.q ? searchTerms(query.q) : [];
      // Text with no searchable characters (only punctuation) finds nothing rather than everything.
      if (query.q && !terms.length) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const work = async () => {
        const { ids, total } = await searchCatalogue(ctx.db, query, terms);
        return { items: await hydrate(ids), total, page: query.page, pageSize: query.pageSize };
      };
      const load = serial ? () => serial(work) : work;
      // The same question in other words ('Calculus ' and 'calculus') is one entry.
      return pages ? pages.read(JSON.stringify({ ...query, q: terms }), load) : load();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
