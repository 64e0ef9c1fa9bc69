// The catalogue requests the HTTP benchmarks send: repeated searches, browsing, edition pages, and the
// "cold" lists where every request asks something nobody asked before, so the catalogue cache cannot
// answer it (docs/decisions/0007). Shared by `npm run bench` (run.ts) and the A/B comparison (ab.ts).
import { CATEGORIES, UNIVERSITY_IDS } from '@reshelf/shared';
import { misspellings, prng, SEARCH_WORDS } from './catalogue-data.ts';
import type { CatalogueSample } from './catalogue-sample.ts';

/** A stable shuffle key, so the cold searches do not run in word order. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
const shuffled = (paths: string[]) => paths.sort((x, y) => hash(x) - hash(y));

/** Category × campus, sorted by price, a third of them on page 2. */
export const browsePaths = (): string[] =>
  CATEGORIES.flatMap((c, i) => UNIVERSITY_IDS.map((u, j) => `/api/v1/books?category=${c}&university=${u}&sort=price_asc${(i + j) % 3 ? '' : '&page=2'}`));

/** Word × campus × sort (relevance, price), half on page 2: 6,180 different questions. */
export const coldSearchPaths = (): string[] =>
  shuffled(
    SEARCH_WORDS.flatMap((w, i) =>
      UNIVERSITY_IDS.flatMap((u, j) => ['relevance', 'price_asc'].map((sort) => `/api/v1/books?q=${w}&university=${u}&sort=${sort}${(i + j) % 2 ? '' : '&page=2'}`)),
    ),
  );

/** Word × price range × sort, no campus: a plan that walks a price index instead of the text index shows
 *  here (docs/performance.md, Fix 6). 4,635 different questions. */
export function pricedSearchPaths(): string[] {
  const priceBands = [[0, 150], [100, 300], [250, 600], [500, 2000], [150, undefined]] as const;
  return shuffled(
    SEARCH_WORDS.flatMap((w, i) =>
      priceBands.flatMap(([min, max], j) =>
        ['newest', 'price_asc', 'price_desc'].map((sort) => `/api/v1/books?q=${w}&minPrice=${min}${max ? `&maxPrice=${max}` : ''}&sort=${sort}${(i + j) % 2 ? '' : '&page=2'}`),
      ),
    ),
  );
}

/** Every misspelling of a catalogue word once (misspellings() in catalogue-data.ts): 6,000+ searches that
 *  find nothing as typed, so each works out a suggestion, and none is answered from the cache. */
export const misspeltSearchPaths = (): string[] => misspellings().map((typo) => `/api/v1/books?q=${typo}`);

/** Every edition's page once, in a stable shuffled order: more ISBNs than the edition cache holds (5,000,
 *  oldest out first), so cycling through them, every request loads its edition from the database. */
export const editionPaths = (sample: CatalogueSample): string[] => shuffled(sample.editions.map((e) => `/api/v1/editions/${e.isbn}`));

/** Edition pages as visitors spread over them: each edition as often as it has copies, in a fixed random
 *  order (a popular book's page is asked for hundreds of times, a rare one's once), so popular ones are
 *  mostly answered from the cache. */
export function editionPathsByCopies(sample: CatalogueSample): string[] {
  const paths = sample.editions.flatMap((e) => Array<string>(e.copies).fill(`/api/v1/editions/${e.isbn}`));
  const rng = prng(20261124);
  for (let i = paths.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** Course × its campus × sort (newest, price), every fourth without the campus: more different questions
 *  than the catalogue cache's 500 pages, so each is read from the database. */
export const coursePaths = (sample: CatalogueSample): string[] =>
  shuffled([
    ...new Set(
      sample.courses.flatMap((c, i) =>
        ['newest', 'price_asc'].map((sort) => `/api/v1/books?course=${c.code}${i % 4 === 3 ? '' : `&university=${c.university}`}&sort=${sort}`),
      ),
    ),
  ]);
