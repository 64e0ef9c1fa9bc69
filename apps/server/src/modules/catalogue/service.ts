// The public catalogue: approved, available listings, searched with ranking, filtered, sorted, paged;
// and, for a search that finds few or no books, a corrected query when a misspelt word is to blame
// (docs/decisions/0024-search-that-forgives.md).
import type { Book, CatalogueList, CatalogueQuery, ListResponse } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { postgresCorrector, sqliteCorrector, type CorrectWords } from './corrections.ts';
import { searchCatalogue, type CataloguePage } from './repository.ts';
import { searchTerms } from './search-terms.ts';
import { SUGGEST_AT_MOST, correctedQuery, isCorrectable, searchText } from './spelling.ts';

/** Finds one page of ids and the total; on SQLite the search thread's (search-thread.ts), else the repository's. */
export type FindPage = (query: CatalogueQuery, terms: string[]) => Promise<CataloguePage>;

export interface SpellingOptions {
  /** On SQLite the search thread's (its vocabulary lives there); by default the main connection's. */
  correct?: CorrectWords | undefined;
  /** Told when suggestions cannot be worked out (e.g. pg_trgm is not installed); the search still answers. */
  warn: (err: unknown) => void;
}

export function createCatalogueService(
  ctx: AppContext,
  hydrate: (ids: string[]) => Promise<Book[]>,
  pages?: ReadCache<ListResponse<Book>>,
  findPage: FindPage = (query, terms) => searchCatalogue(ctx.db, query, terms),
  spelling: SpellingOptions = { warn: () => {} },
) {
  const correct = spelling.correct ?? (isPostgres(ctx.db) ? postgresCorrector(ctx.db) : sqliteCorrector(ctx.db));
  const warned = new Set<string>();

  /** The query with its unknown words corrected, if that finds more books than `total` with the same filters. */
  async function suggest(query: CatalogueQuery, terms: string[], total: number): Promise<string | null> {
    const words = terms.filter(isCorrectable);
    if (!words.length || !query.q) return null;
    try {
      const corrections = await correct(words);
      if (!corrections.size) return null;
      const suggestion = correctedQuery(query.q, corrections);
      if (!suggestion) return null;
      const better = await findPage({ ...query, q: suggestion, sort: 'newest', page: 1, pageSize: 1 }, terms.map((t) => corrections.get(t) ?? t));
      return better.total > total ? suggestion : null;
    } catch (err) {
      // No suggestion is no worse than before; the search itself has answered. Said once per kind of failure.
      const key = err instanceof Error ? err.message : String(err);
      if (!warned.has(key)) {
        warned.add(key);
        spelling.warn(err);
      }
      return null;
    }
  }

  return {
    async search(query: CatalogueQuery): Promise<CatalogueList> {
      const terms = query.q ? searchTerms(query.q) : [];
      // Text with no searchable characters (only punctuation) finds nothing rather than everything.
      if (query.q && !terms.length) return { items: [], total: 0, page: query.page, pageSize: query.pageSize, suggestion: null };
      const load = async (): Promise<CatalogueList> => {
        const { ids, total } = await findPage(query, terms);
        // Worked out only for a search that finds few books, so the common search costs nothing more;
        // kept in the cached page with the rest.
        const suggestion = terms.length && total <= SUGGEST_AT_MOST ? await suggest(query, terms, total) : null;
        return { items: await hydrate(ids), total, page: query.page, pageSize: query.pageSize, suggestion };
      };
      // The same question in other words ('Calculus ' and 'calculus') is one entry. Keyed by the text the
      // suggestion repeats, not only by its terms: 'calculas!' and 'calculas' (or 'calculas calculas')
      // search alike but are each suggested what they typed, so they are entries of their own.
      const key = JSON.stringify({ ...query, q: query.q === undefined ? undefined : searchText(query.q) });
      return pages ? (pages.read(key, load) as Promise<CatalogueList>) : load();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
