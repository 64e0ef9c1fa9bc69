// The public catalogue: approved, available listings, searched with ranking, filtered, sorted, paged.
import type { Book, CatalogueQuery, ListResponse } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { searchCatalogue, type CataloguePage } from './repository.ts';
import { searchTerms } from './search-terms.ts';

/** Finds one page of ids and the total; on SQLite the search thread's (search-thread.ts), else the repository's. */
export type FindPage = (query: CatalogueQuery, terms: string[]) => Promise<CataloguePage>;

export function createCatalogueService(
  ctx: AppContext,
  hydrate: (ids: string[]) => Promise<Book[]>,
  pages?: ReadCache<ListResponse<Book>>,
  findPage: FindPage = (query, terms) => searchCatalogue(ctx.db, query, terms),
) {
  return {
    async search(query: CatalogueQuery): Promise<ListResponse<Book>> {
      const terms = query.q ? searchTerms(query.q) : [];
      // Text with no searchable characters (only punctuation) finds nothing rather than everything.
      if (query.q && !terms.length) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const load = async () => {
        const { ids, total } = await findPage(query, terms);
        return { items: await hydrate(ids), total, page: query.page, pageSize: query.pageSize };
      };
      // The same question in other words ('Calculus ' and 'calculus') is one entry.
      return pages ? pages.read(JSON.stringify({ ...query, q: terms }), load) : load();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
