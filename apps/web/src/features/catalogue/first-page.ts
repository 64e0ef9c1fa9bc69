// The catalogue's unfiltered first page, asked for by the route itself when the app starts on /books
// (or /buyer/books): the request then runs while the page's code downloads, instead of after that code has
// loaded and rendered, and the first results usually paint with the page. Later visits go through the query
// cache as usual. This module is part of the app's first load, so it stays tiny (no filters, no TanStack).
import type { LoaderFunctionArgs } from 'react-router';
import type { CatalogueList } from '@reshelf/shared';
import { api } from '../../lib/api';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { readStored } from '../../lib/local-storage';

export const CATALOGUE_PAGE_SIZE = 12;

/** The GET /books query string of an address without search text or filters (page 1). */
export const FIRST_PAGE_QUERY = `page=1&pageSize=${CATALOGUE_PAGE_SIZE}`;

/** After this long an unused answer is dropped (the start-up navigation went elsewhere). */
const KEEP_MS = 10_000;

/**
 * The first page's query for whoever opens the app: a signed-in student's catalogue opens on their own
 * university (see filters.ts), read here from the student the session keeps in this browser.
 */
function firstPageQuery(): string {
  const student = readStored<{ university?: unknown } | null>(SESSION_STORAGE_KEY, null);
  const university = typeof student?.university === 'string' && /^[a-z]{2,6}$/.test(student.university) ? student.university : null;
  return university ? `university=${university}&${FIRST_PAGE_QUERY}` : FIRST_PAGE_QUERY;
}

interface FirstPage {
  query: string;
  request: Promise<CatalogueList>;
  startedAt: number;
  answer?: CatalogueList;
  answeredAt?: number;
}

let firstPage: FirstPage | null = null;

/**
 * Route loader of the catalogue pages. Only while the document is still loading (the router's start-up
 * navigation): a later navigation may find the results in the query cache, and would waste the request.
 */
export function prefetchFirstPage({ request }: LoaderFunctionArgs): null {
  if (document.readyState === 'complete' || new URL(request.url).search) return null;
  const query = firstPageQuery();
  const entry: FirstPage = { query, request: api<CatalogueList>(`/books?${query}`), startedAt: Date.now() };
  entry.request.then(
    (answer) => {
      entry.answer = answer;
      entry.answeredAt = Date.now();
    },
    () => {
      // Failed: the page asks again itself (and shows the error if that fails too).
      if (firstPage === entry) firstPage = null;
    },
  );
  firstPage = entry;
  return null;
}

function current(query: string): FirstPage | undefined {
  if (!firstPage || query !== firstPage.query) return undefined;
  if (Date.now() - firstPage.startedAt > KEEP_MS) {
    firstPage = null;
    return undefined;
  }
  return firstPage;
}

/** The prefetched answer for `query` if it has arrived (handed out once). */
export function takeFirstPageAnswer(query: string): { answer: CatalogueList; answeredAt: number } | undefined {
  const entry = current(query);
  if (!entry?.answer) return undefined;
  firstPage = null;
  return { answer: entry.answer, answeredAt: entry.answeredAt ?? Date.now() };
}

/** The prefetched request for `query`, answered or not (handed out once). */
export function takeFirstPageRequest(query: string): Promise<CatalogueList> | undefined {
  const entry = current(query);
  if (!entry) return undefined;
  firstPage = null;
  return entry.request;
}
