// The catalogue's search thread on SQLite (docs/decisions/0009-search-thread.md): a worker thread with its
// own read-only connection answers exactly what the repository answers on the main connection, sees a
// change the moment it is committed, reports a failed search without stopping, and ends on close.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQuerySchema, type CatalogueQueryInput } from '@reshelf/shared';
import { sqliteCorrector } from '../src/modules/catalogue/corrections.ts';
import { countCatalogueUpTo, searchCatalogue } from '../src/modules/catalogue/repository.ts';
import { createSearchThread, createSearchThreads, type PooledThread, type SearchThread } from '../src/modules/catalogue/search-thread.ts';
import { searchTerms } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

describe.skipIf(dialectUnderTest !== 'sqlite')('the catalogue search thread (SQLite)', () => {
  let t: TestApp;
  let thread: SearchThread;
  let sellerId: string;
  const errors: Error[] = [];
  const ask = (input: CatalogueQueryInput) => {
    const query = catalogueQuerySchema.parse(input);
    const terms = query.q ? searchTerms(query.q) : [];
    return { query, terms, direct: () => searchCatalogue(t.database.db, query, terms), threaded: () => thread.search(query, terms) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await registerAndLogin(t.app, { userType: 'seller', university: 'uct' })).id;
    const titles = ['Organic Chemistry', 'Physical Chemistry', 'Chemistry of Life', 'Calculus One', 'Calculus Two', 'Law of Contract'];
    for (const [i, title] of titles.entries()) {
      await insertBook(t.database.db, sellerId, { title, priceCents: (100 + i * 50) * 100, university: i % 2 ? 'uct' : 'wits', category: i < 3 ? 'chemistry' : 'mathematics' });
    }
    thread = createSearchThread(t.database.sqlitePath!, (err) => errors.push(err));
  });
  afterAll(async () => {
    await thread?.close();
    await t?.close();
  });

  it('answers exactly what the repository answers on the main connection', async () => {
    const questions: CatalogueQueryInput[] = [
      {},
      { q: 'chemistry' },
      { q: 'chem', sort: 'price_desc' },
      { q: 'calculus', university: 'uct' },
      { q: 'chemistry', minPrice: 120, maxPrice: 300, sort: 'price_asc' },
      { category: 'chemistry', sort: 'newest' },
      { q: 'chemistry', pageSize: 1, page: 2 },
      { q: 'zzzz' },
    ];
    for (const input of questions) {
      const q = ask(input);
      expect(await q.threaded(), JSON.stringify(input)).toEqual(await q.direct());
    }
    expect((await ask({ q: 'chemistry' }).threaded()).total).toBe(3);
  });

  it('sees a listing the moment the main connection commits it, and no longer once it is sold', async () => {
    const q = ask({ q: 'thermodynamics' });
    expect((await q.threaded()).total).toBe(0);
    const id = await insertBook(t.database.db, sellerId, { title: 'Thermodynamics' });
    expect(await q.threaded()).toEqual({ ids: [id], total: 1, capped: false });
    await t.database.db.updateTable('books').set({ availability: 'sold' }).where('id', '=', id).execute();
    expect((await q.threaded()).total).toBe(0);
  });

  it('corrects misspelt words from the live index exactly as the main connection does, and follows its changes', async () => {
    const direct = sqliteCorrector(t.database.db);
    const words = ['chemistri', 'calculas', 'contrct', 'chemistry', 'zzzz', 'thermodynamcs'];
    expect(await thread.correct(words)).toEqual(await direct(words));
    expect(await thread.correct(words)).toEqual(new Map([['chemistri', 'chemistry'], ['calculas', 'calculus'], ['contrct', 'contract']]));
    const id = await insertBook(t.database.db, sellerId, { title: 'Thermodynamics Made Simple' });
    expect((await thread.correct(['thermodynamcs'])).get('thermodynamcs')).toBe('thermodynamics');
    await t.database.db.updateTable('books').set({ status: 'declined' }).where('id', '=', id).execute();
    expect((await thread.correct(['thermodynamcs'])).size).toBe(0);
  });

  it('counts up to a limit exactly as the repository does on the main connection', async () => {
    for (const [input, upTo] of [[{ q: 'chemistry' }, 2], [{ q: 'chemistry' }, 10], [{ q: 'chemistry', university: 'uct' }, 3], [{ q: 'zzzz' }, 1], [{ category: 'mathematics' }, 2]] as const) {
      const q = ask(input);
      expect(await thread.countUpTo(q.query, q.terms, upTo), JSON.stringify(input)).toBe(await countCatalogueUpTo(t.database.db, q.query, q.terms, upTo));
    }
    const q = ask({ q: 'chemistry' });
    expect([await thread.countUpTo(q.query, q.terms, 2), await thread.countUpTo(q.query, q.terms, 10)]).toEqual([2, 3]);
  });

  it('many searches at once each get their own answer', async () => {
    const words = ['organic', 'physical', 'life', 'one', 'two', 'contract'];
    const answers = await Promise.all(words.flatMap((w) => [ask({ q: w }).threaded(), ask({ q: w }).direct()]));
    for (let i = 0; i < words.length; i++) expect(answers[2 * i]).toEqual(answers[2 * i + 1]);
  });

  it('a search that fails is reported to its caller, and the thread goes on', async () => {
    await sql`ALTER TABLE books_fts RENAME TO books_fts_away`.execute(t.database.db);
    try {
      await expect(ask({ q: 'chemistry' }).threaded()).rejects.toThrow(/^catalogue search failed: .*books_fts/);
    } finally {
      await sql`ALTER TABLE books_fts_away RENAME TO books_fts`.execute(t.database.db);
    }
    expect((await ask({ q: 'chemistry' }).threaded()).total).toBe(3);
    expect(errors).toEqual([]);
  });

  it('a pool of threads gives every question asked at once its own answer, and ends on close', async () => {
    let started = 0;
    const pool = createSearchThreads(t.database.sqlitePath!, 2, (err) => errors.push(err), (file, onError) => {
      started++;
      return createSearchThread(file, onError);
    });
    try {
      const words = ['organic', 'physical', 'life', 'one', 'two', 'contract', 'chemistry', 'calculus'];
      const one = ask({ q: 'chemistry' });
      // One at a time: one thread does them all, the first asked while it was still loading.
      expect((await pool.search(one.query, one.terms)).total).toBe(3);
      expect((await pool.search(one.query, one.terms)).total).toBe(3);
      expect(started).toBe(1);
      const answers = await Promise.all(words.map((w) => ask({ q: w })).map((q) => pool.search(q.query, q.terms)));
      const direct = await Promise.all(words.map((w) => ask({ q: w }).direct()));
      expect(answers).toEqual(direct);
      expect(await Promise.all(words.map((w) => pool.correct([`${w}x`])))).toEqual(await Promise.all(words.map((w) => sqliteCorrector(t.database.db)([`${w}x`]))));
    } finally {
      await pool.close();
    }
    const q = ask({ q: 'chemistry' });
    await expect(pool.search(q.query, q.terms)).rejects.toThrow('catalogue search thread closed');
  });

  it('refuses searches once closed', async () => {
    const other = createSearchThread(t.database.sqlitePath!, (err) => errors.push(err));
    const q = ask({ q: 'chemistry' });
    expect((await other.search(q.query, q.terms)).total).toBe(3);
    await other.close();
    await expect(other.search(q.query, q.terms)).rejects.toThrow('catalogue search thread closed');
  });
});

describe('the search thread pool', () => {
  /**
   * Threads that record what they are asked and answer only when told, made by the pool through `start`;
   * each has loaded at once unless `loading` is set, then when told (`load`).
   */
  function fakeThreads({ loading = false } = {}) {
    const made: (PooledThread & { asked: string[]; answer(): void; load(): void; fail(): void; closed: boolean })[] = [];
    const start = () => {
      const pending: (() => void)[] = [];
      let load = () => {};
      let fail = () => {};
      const ready = loading
        ? new Promise<void>((resolve, reject) => {
            load = resolve;
            fail = () => reject(new Error('failed to load'));
          })
        : Promise.resolve();
      const thread = {
        asked: [] as string[],
        closed: false,
        ready,
        load: () => load(),
        fail: () => fail(),
        get busy() {
          return pending.length;
        },
        /** Answers the oldest question it holds. */
        answer() {
          pending.shift()?.();
        },
        ask<T>(what: string, value: T): Promise<T> {
          thread.asked.push(what);
          return new Promise<T>((resolve) => pending.push(() => resolve(value)));
        },
        search: (_query: unknown, terms: string[]) => thread.ask(`search ${terms.join(' ')}`, { ids: [], total: 0, capped: false }),
        countUpTo: () => thread.ask('count', 0),
        correct: () => thread.ask('correct', new Map<string, string>()),
        close: async () => {
          thread.closed = true;
        },
      };
      made.push(thread);
      return thread;
    };
    return { made, start };
  }
  const query = catalogueQuerySchema.parse({ q: 'chemistry' });
  /** Lets the pool's promise callbacks run (a thread's answer reaches the pool through a few of them). */
  const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('works out corrections on a thread of its own, so no search waits while a vocabulary is built', async () => {
    const { made, start } = fakeThreads();
    const pool = createSearchThreads('unused.sqlite', 2, () => {}, start);
    expect(made).toHaveLength(1);
    // A correction still being worked out (a vocabulary being built), and searches asked meanwhile.
    const correction = pool.correct(['chemistyr']);
    expect(made).toHaveLength(2);
    const speller = made[1];
    let searched = false;
    const searches = Promise.all([pool.search(query, ['chemistry']), pool.search(query, ['chemistry']), pool.countUpTo(query, ['chemistry'], 3)]).then(() => (searched = true));
    await settled();
    expect(speller!.asked).toEqual(['correct']);
    // The search threads answer all three while the correction waits.
    for (let turn = 0; turn < 5 && !searched; turn++) {
      made.filter((t) => t !== speller).forEach((t) => t.answer());
      await settled();
    }
    await searches;
    expect(made.filter((t) => t !== speller).flatMap((t) => t.asked).sort()).toEqual(['count', 'search chemistry', 'search chemistry']);
    // Later corrections go to the same thread: one vocabulary, not one per search thread.
    const again = pool.correct(['calculsu']);
    expect(speller!.asked).toEqual(['correct', 'correct']);
    speller!.answer();
    speller!.answer();
    await Promise.all([correction, again]);
    await pool.close();
    expect(made.every((t) => t.closed)).toBe(true);
    await expect(pool.correct(['chemistyr'])).rejects.toThrow('catalogue search thread closed');
    expect(made.filter((t) => t.asked.includes('correct'))).toEqual([speller]);
  });

  it('keeps questions in one queue, so none waits behind a slow one while a thread can take it', async () => {
    const { made, start } = fakeThreads();
    const pool = createSearchThreads('unused.sqlite', 2, () => {}, start);
    const answered: string[] = [];
    const ask = (word: string) => void pool.search(query, [word]).then(() => answered.push(word));
    // Two questions at once start the second thread; once both have answered, both are running and idle.
    ask('a');
    ask('b');
    await settled();
    const [first, second] = made;
    first!.answer();
    first!.answer();
    await settled();
    expect(answered).toEqual(['a', 'b']);
    // Each thread holds the question it answers and the next: four questions fill them, the fifth waits in the pool.
    for (const word of ['slow', 'quick', 'third', 'fourth', 'fifth']) ask(word);
    await settled();
    expect([first!.asked.slice(2), second!.asked]).toEqual([
      ['search slow', 'search third'],
      ['search quick', 'search fourth'],
    ]);
    // The quick one answers: its thread takes the fifth, not the thread still on the slow one.
    second!.answer();
    await settled();
    expect(answered).toEqual(['a', 'b', 'quick']);
    expect(second!.asked).toEqual(['search quick', 'search fourth', 'search fifth']);
    expect(first!.asked.slice(2)).toEqual(['search slow', 'search third']);
    for (const thread of [second, second, first, first]) {
      thread!.answer();
      await settled();
    }
    expect(answered).toEqual(['a', 'b', 'quick', 'fourth', 'fifth', 'slow', 'third']);
    expect(made).toHaveLength(2);
    await pool.close();
  });

  it('starts another thread when every one is busy, and gives it questions only once it has loaded', async () => {
    const { made, start } = fakeThreads({ loading: true });
    const pool = createSearchThreads('unused.sqlite', 2, () => {}, start);
    const [first] = made;
    // The first thread takes a question while it loads: it would wait for it either way. A quiet server runs one.
    void pool.search(query, ['one']);
    expect(first!.asked).toEqual(['search one']);
    expect(made).toHaveLength(1);
    first!.load();
    // A second question finds it busy: another thread starts, and meanwhile the first holds the question.
    void pool.search(query, ['two']);
    expect(made).toHaveLength(2);
    const [, second] = made;
    // A third waits in the pool: the first holds two, the second has not loaded.
    void pool.search(query, ['three']);
    await settled();
    expect([first!.asked, second!.asked]).toEqual([['search one', 'search two'], []]);
    // Loaded, the new thread takes it.
    second!.load();
    await settled();
    expect(second!.asked).toEqual(['search three']);
    expect(made).toHaveLength(2);
    // Questions still waiting when the pool closes are refused as a closed thread refuses them.
    void pool.search(query, ['four']);
    const waiting = pool.search(query, ['five']);
    await settled();
    expect(second!.asked).toEqual(['search three', 'search four']);
    await pool.close();
    await expect(waiting).rejects.toThrow('catalogue search thread closed');
    expect(made.every((t) => t.closed)).toBe(true);
  });

  it('answers or refuses every question when a thread fails: to load, or to take a question', async () => {
    const { made, start } = fakeThreads({ loading: true });
    const pool = createSearchThreads('unused.sqlite', 2, () => {}, start);
    const [first] = made;
    first!.load();
    const one = pool.search(query, ['one']);
    const two = pool.search(query, ['two']);
    const [, second] = made;
    // The second thread never loads: it is closed, and no other is started in its place.
    second!.fail();
    await settled();
    expect(second!.closed).toBe(true);
    const three = pool.search(query, ['three']);
    await settled();
    expect(made).toHaveLength(2);
    for (let turn = 0; turn < 3; turn++) {
      first!.answer();
      await settled();
    }
    await Promise.all([one, two, three]);
    expect(first!.asked).toEqual(['search one', 'search two', 'search three']);
    // A thread that throws when asked refuses that question; the next is answered.
    const search = first!.search;
    first!.search = () => {
      throw new Error('no thread');
    };
    await expect(pool.search(query, ['four'])).rejects.toThrow('no thread');
    first!.search = search;
    const five = pool.search(query, ['five']);
    await settled();
    first!.answer();
    await expect(five).resolves.toEqual({ ids: [], total: 0, capped: false });
    await pool.close();
  });
});
