// The catalogue's search thread (docs/decisions/0009-search-thread.md): a worker thread with its own
// read-only SQLite connection that answers one search at a time through the catalogue repository.
// Messages in: { id, query, terms }; out: { id, page } or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';
import type { CatalogueQuery } from '@reshelf/shared';
import { openSqliteReader } from '../../db/index.ts';
import { searchCatalogue } from './repository.ts';

export interface SearchRequest {
  id: number;
  query: CatalogueQuery;
  terms: string[];
}

const port = parentPort!;
const reader = openSqliteReader((workerData as { file: string }).file);

port.on('message', async ({ id, query, terms }: SearchRequest) => {
  try {
    port.postMessage({ id, page: await searchCatalogue(reader.db, query, terms) });
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
