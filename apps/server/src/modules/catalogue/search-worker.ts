// The catalogue's search thread (docs/decisions/0009-search-thread.md): a worker thread with its own
// read-only SQLite connection that answers one search at a time through the catalogue repository.
// It also keeps the catalogue's vocabulary for spelling corrections (corrections.ts) and the expansions
// of long search words (prefix-expansions.ts), read through the same connection. Messages in: { id, query, terms }, { id, query, terms, countUpTo }, { id, correct: words } or { id, ping: true };
// out: { id, page }, { id, count }, { id, corrections }, { id } (the ping's answer, once loaded) or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';
import type { CatalogueQuery } from '@reshelf/shared';
import { openSqliteReader } from '../../db/index.ts';
import { sqliteCorrector } from './corrections.ts';
import { sqlitePrefixExpander } from './prefix-expansions.ts';
import { countCatalogueUpTo, searchCatalogue } from './repository.ts';

export type SearchRequest =
  | { id: number; query: CatalogueQuery; terms: string[]; countUpTo?: undefined }
  | { id: number; query: CatalogueQuery; terms: string[]; countUpTo: number }
  | { id: number; correct: string[] }
  | { id: number; ping: true };

const port = parentPort!;
const reader = openSqliteReader((workerData as { file: string }).file);
const correct = sqliteCorrector(reader.db);
const expand = sqlitePrefixExpander(reader.db);

port.on('message', async (request: SearchRequest) => {
  const { id } = request;
  try {
    if ('ping' in request) port.postMessage({ id });
    else if ('correct' in request) port.postMessage({ id, corrections: await correct(request.correct) });
    else if (request.countUpTo !== undefined)
      port.postMessage({ id, count: await countCatalogueUpTo(reader.db, request.query, request.terms, request.countUpTo, await expand(request.terms)) });
    else port.postMessage({ id, page: await searchCatalogue(reader.db, request.query, request.terms, await expand(request.terms)) });
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
