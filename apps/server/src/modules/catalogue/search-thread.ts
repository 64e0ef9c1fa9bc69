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

/** What a thread, or the pool, answers once closed. */
const closedError = () => new Error('catalogue search thread closed');
const refusedAsClosed = () => Promise.reject(closedError());

/** One thread of a pool: how many of its questions are unanswered, and when it has loaded (it answers at once from then on). */
export interface PooledThread extends SearchThread {
  readonly busy: number;
  readonly ready: Promise<void>;
}

/**
 * How many questions a search thread holds at once: the one it is answering and the next, so it starts that
 * one as soon as it answers, without waiting for the main thread (often busy turning another page's ids into
 * books) to hand it over. Holding one, the threads sat idle for those waits: 10% fewer searches a second.
 */
const PER_THREAD = 2;

/**
 * Up to `count` search threads sharing one queue: a question goes to the least busy thread holding fewer
 * than PER_THREAD, or waits in the pool for the first to answer. At a million listings a search takes a few
 * milliseconds of one core, so one thread capped the catalogue at ~180 searches a second while the other
 * core had room (decision 0038). Each given every question as it arrived, the threads queued them behind
 * slow ones (20-40 ms) while the other thread could have answered; from one queue, a question waits behind
 * at most one other in a thread (decision 0058). Each thread keeps its own word expansions.
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
  /** The threads that take questions: the first at once (a question waits for it to load either way), another once it has loaded. */
  const taking = new Set(threads);
  const queue: ((thread: PooledThread) => void)[] = [];
  let speller: PooledThread | undefined;
  let closed = false;
  // Another starts (taking ~0.5 s to load) when a question finds every running thread busy, so a quiet
  // server runs one; it takes questions once loaded, and until then they go to the others.
  const startAnother = () => {
    if (closed || threads.length >= count) return;
    let thread: PooledThread;
    try {
      thread = start(file, onError);
    } catch (err) {
      // The pool goes on with the threads it has; the next busy moment tries again.
      onError(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    threads.push(thread);
    thread.ready.then(
      () => {
        taking.add(thread);
        dispatch();
      },
      // One that fails to load (its error reported by the thread) is closed, and keeps its place: the pool
      // goes on with the threads it has rather than starting one after another that fail the same way.
      () => void thread.close(),
    );
  };
  const dispatch = () => {
    while (queue.length) {
      const free = [...taking].filter((t) => t.busy < PER_THREAD);
      if (!free.length) return startAnother();
      const idlest = free.reduce((a, b) => (b.busy < a.busy ? b : a));
      if (idlest.busy > 0) startAnother();
      queue.shift()!(idlest);
    }
  };
  const run = <T>(ask: (thread: PooledThread) => Promise<T>): Promise<T> => {
    if (closed) return refusedAsClosed();
    return new Promise<T>((resolve, reject) => {
      queue.push((thread) => {
        // Whatever the thread does, this question is answered or refused, and the next goes on. (Asked at
        // once, so the thread counts it as busy before `dispatch` looks again.)
        let answer: Promise<T>;
        try {
          answer = ask(thread);
        } catch (err) {
          answer = Promise.reject(err instanceof Error ? err : new Error(String(err)));
        }
        answer.then(resolve, reject).finally(dispatch);
      });
      dispatch();
    });
  };
  return {
    search: (query, terms) => run((t) => t.search(query, terms)),
    countUpTo: (query, terms, upTo) => run((t) => t.countUpTo(query, terms, upTo)),
    correct: (words) => (closed ? refusedAsClosed() : (speller ??= start(file, onError)).correct(words)),
    close: async () => {
      closed = true;
      for (const waiting of queue.splice(0)) waiting(closedThread);
      await Promise.all([...threads, ...(speller ? [speller] : [])].map((t) => t.close()));
    },
  };
}

/** What a question still queued when the pool closes is given: a thread that refuses it as a closed one does. */
const closedThread: PooledThread = {
  busy: 0,
  ready: Promise.resolve(),
  search: refusedAsClosed,
  countUpTo: refusedAsClosed,
  correct: refusedAsClosed,
  close: async () => {},
};

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
    if (closed) return refusedAsClosed();
    return new Promise<Reply & { error?: undefined }>((resolve, reject) => {
      // A thread that cannot be started, or a message that cannot be sent, fails this question alone.
      try {
        worker ??= start();
        waiting.set(request.id, { resolve, reject });
        worker.postMessage(request);
      } catch (err) {
        waiting.delete(request.id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  };

  // The thread answers in arrival order, so this is answered once it has loaded and answers the rest at once.
  // It is not a question: `busy` leaves it out while it waits.
  const ping = nextId++;
  const ready = ask({ id: ping, ping: true }).then(() => {});
  ready.catch(() => {});
  return {
    get busy() {
      return waiting.size - (waiting.has(ping) ? 1 : 0);
    },
    ready,
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
      failAll(closedError());
    },
  };
}
