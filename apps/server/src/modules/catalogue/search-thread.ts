// Catalogue searches on SQLite run on a worker thread with its own read-only connection, so the event
// loop keeps serving pages, sessions and cached answers while the full-text index is read, and a second
// CPU core does the searching (docs/decisions/0009-search-thread.md; docs/performance.md, Fix 7).
// One message per search (not per query): a round trip to the thread is a real part of a search's cost.
import { Worker } from 'node:worker_threads';
import type { CatalogueQuery } from '@reshelf/shared';
import type { CataloguePage } from './repository.ts';
import type { SearchRequest } from './search-worker.ts';

type Reply = { id: number; page?: CataloguePage; count?: number; corrections?: Map<string, string>; error?: undefined } | { id: number; error: string };

export interface SearchThread {
  search(query: CatalogueQuery, terms: string[]): Promise<CataloguePage>;
  /** How many books a question finds, counted no further than `upTo` (repository.ts, countCatalogueUpTo). */
  countUpTo(query: CatalogueQuery, terms: string[], upTo: number): Promise<number>;
  /** Spelling corrections from the thread's vocabulary (corrections.ts), kept there beside the index it is read from. */
  correct(words: string[]): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/** One thread of a pool: how many of its questions are unanswered. */
export interface PooledThread extends SearchThread {
  readonly busy: number;
}

/**
 * Up to `count` search threads, each question to the one with the fewest unanswered: at a million listings a
 * search takes a few milliseconds of one core, so one thread capped the catalogue at ~180 searches a
 * second while the other core had room (decision 0038). Each keeps its own word expansions.
 *
 * Spelling corrections go to a thread of their own, started the first time one is asked for (once the
 * server listens it asks for the corrections of no words, which builds the vocabulary; service.ts
 * prepareSuggestions): building the vocabulary reads the whole text index (1.7 s at a million listings,
 * again in the background after the index changes, corrections.ts), and a search thread doing it made
 * every question queued behind it wait that long.
 * `start` makes a thread (createSearchThread; a test gives its own).
 */
export function createSearchThreads(
  file: string,
  count: number,
  onError: (err: Error) => void,
  start: (file: string, onError: (err: Error) => void) => PooledThread = createSearchThread,
): SearchThread {
  const threads = [start(file, onError)];
  let speller: PooledThread | undefined;
  let closed = false;
  // Another starts (taking ~0.5 s to load) when a question finds every running thread busy, so a quiet
  // server runs one; that question goes to the least busy of those already running.
  const idlest = () => {
    const best = threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    if (!closed && best.busy > 0 && threads.length < count) threads.push(start(file, onError));
    return best;
  };
  return {
    search: (query, terms) => idlest().search(query, terms),
    countUpTo: (query, terms, upTo) => idlest().countUpTo(query, terms, upTo),
    correct: (words) => (closed ? Promise.reject(new Error('catalogue search thread closed')) : (speller ??= start(file, onError)).correct(words)),
    close: async () => {
      closed = true;
      await Promise.all([...threads, ...(speller ? [speller] : [])].map((t) => t.close()));
    },
  };
}

/** Starts the thread now (it takes ~0.5 s to load); if it dies, what it was asked fails and the next search starts a new one. */
export function createSearchThread(file: string, onError: (err: Error) => void): PooledThread {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (reply: Reply & { error?: undefined }) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };

  const start = () => {
    const w = new Worker(new URL('./search-worker.mjs', import.meta.url), { workerData: { file } });
    w.on('message', (reply: Reply) => {
      const caller = waiting.get(reply.id);
      if (!caller) return;
      waiting.delete(reply.id);
      if (reply.error !== undefined) caller.reject(new Error(`catalogue search failed: ${reply.error}`));
      else caller.resolve(reply);
    });
    w.on('error', (err) => {
      onError(err);
      if (worker === w) worker = undefined;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`catalogue search thread exited (code ${code})`));
    });
    // An idle thread does not keep the process alive; close() ends it on shutdown.
    w.unref();
    return w;
  };

  const ask = (request: SearchRequest) => {
    if (closed) return Promise.reject(new Error('catalogue search thread closed'));
    worker ??= start();
    return new Promise<Reply & { error?: undefined }>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      worker!.postMessage(request);
    });
  };

  worker = start();
  return {
    get busy() {
      return waiting.size;
    },
    search(query, terms) {
      return ask({ id: nextId++, query, terms }).then((reply) => reply.page!);
    },
    countUpTo(query, terms, upTo) {
      return ask({ id: nextId++, query, terms, countUpTo: upTo }).then((reply) => reply.count!);
    },
    correct(words) {
      return ask({ id: nextId++, correct: words }).then((reply) => reply.corrections!);
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
      failAll(new Error('catalogue search thread closed'));
    },
  };
}
