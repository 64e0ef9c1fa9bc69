// Search that forgives (docs/decisions/0024-search-that-forgives.md): a search that finds few or no
// books because of a misspelt word answers with `suggestion`, the query with that word replaced by the
// closest word of live listings' titles, authors and publishers, when that finds more books. Run on
// both databases; the catalogue below is made of real set books.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';
import { WAIT_MS } from './helpers/waits.ts';
import { catalogueQuerySchema } from '@reshelf/shared';
import type { AppContext } from '../src/context.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { sqliteCorrector } from '../src/modules/catalogue/corrections.ts';
import { countCatalogueUpTo } from '../src/modules/catalogue/repository.ts';
import { createCatalogueService } from '../src/modules/catalogue/service.ts';
import { editDistance, pickClosest } from '../src/modules/catalogue/spelling.ts';

let t: TestApp;
let seller: Account;
let admin: Account;

const CATALOGUE: [title: string, author: string, publisher: string][] = [
  ['Calculus: Early Transcendentals', 'James Stewart', 'Cengage'],
  ['Organic Chemistry', 'Paula Yurkanis Bruice', 'Pearson'],
  ['Principles of Economics', 'N. Gregory Mankiw', 'Cengage'],
  ['Microeconomics', 'Robert Pindyck', 'Pearson'],
  ['Macroeconomics', 'Olivier Blanchard', 'Pearson'],
  ['University Physics', 'Hugh Young', 'Pearson'],
  ['Financial Accounting', 'Jerry Weygandt', 'Wiley'],
  ['Introductory Statistics', 'Neil Weiss', 'Pearson'],
  ['Campbell Biology', 'Lisa Urry', 'Pearson'],
  ["Gray's Anatomy for Students", 'Richard Drake', 'Elsevier'],
  ['Psychology', 'David Myers', 'Worth'],
  ['Introduction to Algorithms', 'Thomas Cormen', 'MIT Press'],
  ['Linear Algebra and Its Applications', 'David Lay', 'Pearson'],
  ['Physiology', 'Linda Costanzo', 'Elsevier'],
  ['Business Management', 'Andreas de Beer', 'Van Schaik'],
  ['Introduction to Law', 'Lucien du Bois', 'Juta'],
  ['Sociology', 'Anthony Giddens', 'Polity'],
  ['Marketing Management', 'Philip Kotler', 'Pearson'],
  ['Engineering Mechanics: Dynamics', 'James Meriam', 'Wiley'],
  ['Molecular Biology of the Cell', 'Bruce Alberts', 'Garland'],
  ['Human Resource Management', 'Nel Werner', 'Oxford'],
  ['Thermodynamics: An Engineering Approach', 'Yunus Cengel', 'McGraw Hill'],
  ['Discrete Mathematics and Its Applications', 'Kenneth Rosen', 'McGraw Hill'],
  ['Pharmacology', 'Humphrey Rang', 'Elsevier'],
  ['Criminal Law', 'CR Snyman', 'LexisNexis'],
  ['Biochemistry', 'Jeremy Berg', 'Freeman'],
  ['Corporate Finance', 'Stephen Ross', 'McGraw Hill'],
];

/** What students type, and the book they mean. */
const MISSPELT: [typed: string, title: string][] = [
  ['calculas', 'Calculus: Early Transcendentals'],
  ['calclus', 'Calculus: Early Transcendentals'],
  ['claculus', 'Calculus: Early Transcendentals'],
  ['Stewart calculas', 'Calculus: Early Transcendentals'],
  ['Steward', 'Calculus: Early Transcendentals'],
  ['organc chemistry', 'Organic Chemistry'],
  ['orgnic chemistry', 'Organic Chemistry'],
  ['organic chemsitry', 'Organic Chemistry'],
  ['econmics', 'Principles of Economics'],
  ['economcs', 'Principles of Economics'],
  ['principels of economics', 'Principles of Economics'],
  ['Mankew', 'Principles of Economics'],
  ['microeconomis', 'Microeconomics'],
  ['mircoeconomics', 'Microeconomics'],
  ['Pindyk', 'Microeconomics'],
  ['macroeconomcs', 'Macroeconomics'],
  ['macroeconomis', 'Macroeconomics'],
  ['phsyics', 'University Physics'],
  ['physcs', 'University Physics'],
  ['univeristy physics', 'University Physics'],
  ['accountng', 'Financial Accounting'],
  ['acounting', 'Financial Accounting'],
  ['financal accounting', 'Financial Accounting'],
  ['Weygant', 'Financial Accounting'],
  ['statistcs', 'Introductory Statistics'],
  ['statsitics', 'Introductory Statistics'],
  ['introductary statistics', 'Introductory Statistics'],
  ['Cambell biology', 'Campbell Biology'],
  ['campbel', 'Campbell Biology'],
  ['biolgy campbell', 'Campbell Biology'],
  ['anatmoy', "Gray's Anatomy for Students"],
  ['anatomy', "Gray's Anatomy for Students"],
  ['grays anatmy', "Gray's Anatomy for Students"],
  ['psycology', 'Psychology'],
  ['pyschology', 'Psychology'],
  ['algoritms', 'Introduction to Algorithms'],
  ['alogrithms cormen', 'Introduction to Algorithms'],
  ['introducton to algorithms', 'Introduction to Algorithms'],
  ['linear algebera', 'Linear Algebra and Its Applications'],
  ['lineer algebra', 'Linear Algebra and Its Applications'],
  ['physiolgy', 'Physiology'],
  ['phisiology', 'Physiology'],
  ['buisness management', 'Business Management'],
  ['busines managment', 'Business Management'],
  ['sociolgy', 'Sociology'],
  ['socialogy giddins', 'Sociology'],
  ['marketting management', 'Marketing Management'],
  ['kotlr marketing', 'Marketing Management'],
  ['engneering mechancs', 'Engineering Mechanics: Dynamics'],
  ['dynamcs meriam', 'Engineering Mechanics: Dynamics'],
  ['moleculer biology', 'Molecular Biology of the Cell'],
  ['molecular bilogy of the cell', 'Molecular Biology of the Cell'],
  ['human resourse management', 'Human Resource Management'],
  ['thermodinamics', 'Thermodynamics: An Engineering Approach'],
  ['thermodynamcs cengel', 'Thermodynamics: An Engineering Approach'],
  ['discreet mathematcs', 'Discrete Mathematics and Its Applications'],
  ['pharmacolgy', 'Pharmacology'],
  ['farmacology', 'Pharmacology'],
  ['criminl law', 'Criminal Law'],
  ['biochemestry', 'Biochemistry'],
  ['biochemisty berg', 'Biochemistry'],
  ['corparate finnance', 'Corporate Finance'],
];

const search = async (q: string, more = '') => {
  const res = await t.app.inject(`/api/v1/books?q=${encodeURIComponent(q)}${more}`);
  expect(res.statusCode, q).toBe(200);
  return res.json() as { items: { id: string; title: string }[]; total: number; suggestion: string | null };
};
const titles = (body: { items: { title: string }[] }) => body.items.map((b) => b.title);

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerAndLogin(t.app, { userType: 'seller', university: 'uj' });
  admin = await adminAccount(t.app);
  for (const [title, author, publisher] of CATALOGUE) {
    await insertBook(t.database.db, seller.id, { title, author, publisher, university: 'uj', description: 'Good copy, a few notes in pencil.' });
  }
});
afterAll(async () => t.close());

describe(`search that forgives (${dialectUnderTest})`, () => {
  it(`finds the meant book for ${MISSPELT.length} misspellings, directly or through the suggestion`, async () => {
    expect(MISSPELT.length).toBeGreaterThanOrEqual(50);
    const misses: string[] = [];
    for (const [typed, title] of MISSPELT) {
      const first = await search(typed);
      if (titles(first).includes(title)) continue;
      if (first.suggestion === null) {
        misses.push(`${typed}: no suggestion`);
        continue;
      }
      const second = await search(first.suggestion);
      if (!titles(second).includes(title)) misses.push(`${typed} → ${first.suggestion}: ${titles(second).join(', ')}`);
    }
    expect(misses).toEqual([]);
  });

  it('suggests the query with the misspelt words replaced, and only when the corrected query finds more', async () => {
    expect(await search('calculas')).toMatchObject({ total: 0, items: [], suggestion: 'calculus' });
    expect((await search('organc chemistry')).suggestion).toBe('organic chemistry');
    expect((await search('Econmics')).suggestion).toBe('economics');
    expect((await search('Stewart  calculas')).suggestion).toBe('stewart calculus');
    expect((await search('Cambell biology')).suggestion).toBe('campbell biology');
    // A word that is right, or a book that is found, needs no suggestion.
    expect(await search('calculus')).toMatchObject({ total: 1, suggestion: null });
    expect((await search('chemistry')).suggestion).toBeNull();
    // Nothing near enough, or the corrected query finds nothing either.
    expect(await search('zzzzqq')).toMatchObject({ total: 0, suggestion: null });
    expect((await search('calculas zzzzqq')).suggestion).toBeNull();
    // The same filters apply to the corrected query: no calculus book at UCT.
    expect((await search('calculas', '&university=uct')).suggestion).toBeNull();
    expect((await search('calculas', '&university=uj')).suggestion).toBe('calculus');
    // Short words, numbers and ISBNs are never corrected.
    expect((await search('lau')).suggestion).toBeNull();
    expect((await search('9780000000001')).suggestion).toBeNull();
  });

  it('repeats what each search typed, whichever way of typing the same words was answered (and cached) first', async () => {
    // 'biochemestry' was asked above: its page, suggestion included, may still be in the cache.
    expect((await search('Biochemestry!')).suggestion).toBe('biochemistry!');
    expect((await search('biochemestry')).suggestion).toBe('biochemistry');
    expect((await search('biochemestry  biochemestry')).suggestion).toBe('biochemistry biochemistry');
    expect((await search('Biochemestry!')).suggestion).toBe('biochemistry!');
  });

  it('matches prefixes as the student types', async () => {
    expect(titles(await search('organ'))).toEqual(['Organic Chemistry']);
    expect(titles(await search('Organic Chem'))).toEqual(['Organic Chemistry']);
    expect(titles(await search('thermo'))).toEqual(['Thermodynamics: An Engineering Approach']);
    expect((await search('organ')).suggestion).toBeNull();
  });

  it('never suggests a word of a pending, declined, reserved or sold listing; an approval brings its words in', async () => {
    const pending = await insertBook(t.database.db, seller.id, { title: 'Zoology Fieldwork', author: 'Xolani Mthembu', status: 'pending' });
    const declined = await insertBook(t.database.db, seller.id, { title: 'Entomology Primer', author: 'Thandeka Dube', status: 'pending' });
    const sold = await insertBook(t.database.db, seller.id, { title: 'Astronomy Today', author: 'Eric Chaisson', availability: 'sold' });
    const reserved = await insertBook(t.database.db, seller.id, { title: 'Geology Basics', author: 'Frank Press', availability: 'reserved' });
    const decline = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/books/${declined}/decline`,
      payload: { reason: 'The photos do not show the book.' },
      headers: { cookie: admin.cookie },
    });
    expect(decline.statusCode).toBe(200);
    for (const typed of ['zoolgy', 'mthembo', 'entomolgy', 'astronmy', 'chaison', 'geolgy']) {
      expect(await search(typed), typed).toMatchObject({ total: 0, suggestion: null });
    }

    const approve = await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${pending}/approve`, headers: { cookie: admin.cookie } });
    expect(approve.statusCode).toBe(200);
    expect((await search('zoolgy')).suggestion).toBe('zoology');
    expect((await search('mthembo')).suggestion).toBe('mthembu');

    // Once it is sold its words leave with it (and were never given for the sold and reserved ones).
    await t.database.db.updateTable('books').set({ availability: 'sold' }).where('id', '=', pending).execute();
    expect(await search('zoolgy')).toMatchObject({ total: 0, suggestion: null });
    expect((await search('zoology')).total).toBe(0);
    expect([sold, reserved]).toHaveLength(2);
  });

  it('approvals and sales at the same time keep each word counted once per live listing', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(await insertBook(t.database.db, seller.id, { title: `Hydrology and Limnology ${i}`, author: 'Warren Viessman', status: 'pending' }));
    }
    const answers = await Promise.all(
      ids.map((id) => t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${id}/approve`, headers: { cookie: admin.cookie } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    expect(await search('hydrolgy limnolgy')).toMatchObject({ total: 0, suggestion: 'hydrology limnology' });
    if (dialectUnderTest === 'postgres') {
      const counts = await sql<{ word: string; listings: number }>`
        SELECT word, listings FROM search_words WHERE word IN ('hydrology', 'limnology', 'viessman', 'warren') ORDER BY word`.execute(t.database.db);
      expect(counts.rows).toEqual(['hydrology', 'limnology', 'viessman', 'warren'].map((word) => ({ word, listings: 8 })));
    }
    // Seven sold at once: the word is still suggested for the last one; once it is sold too, never.
    await Promise.all(ids.slice(1).map((id) => t.database.db.updateTable('books').set({ availability: 'sold' }).where('id', '=', id).execute()));
    expect((await search('hydrolgy')).suggestion).toBe('hydrology');
    await t.database.db.updateTable('books').set({ availability: 'sold' }).where('id', '=', ids[0]!).execute();
    expect((await search('hydrolgy')).suggestion).toBeNull();
    if (dialectUnderTest === 'postgres') {
      const left = await sql<{ listings: number }>`SELECT listings FROM search_words WHERE word = 'hydrology'`.execute(t.database.db);
      expect(left.rows).toEqual([{ listings: 0 }]);
    }
  });

  it.skipIf(dialectUnderTest !== 'postgres')('two transactions whose listings share words in crossing order both commit (no deadlock)', async () => {
    // A and D share one word, B and C another, and nothing else: one transaction changes A then C, the
    // other B then D. Locked row by row, each would hold the word the other needs next.
    const listing = (word: string) => insertBook(t.database.db, seller.id, { title: word, author: word, publisher: word, status: 'approved' });
    const [a, b, c, d] = [await listing('Quokka'), await listing('Zebu'), await listing('Zebu'), await listing('Quokka')];
    const db = t.database.db;
    const reserve = (conn: typeof db, id: string) => conn.updateTable('books').set({ availability: 'reserved' }).where('id', '=', id).execute();
    await db.connection().execute((first) =>
      db.connection().execute(async (second) => {
        const secondPid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(second)).rows[0]!.pid;
        await sql`BEGIN`.execute(first);
        await sql`BEGIN`.execute(second);
        await reserve(first, a);
        // The second transaction's first change either waits for its turn or is made; once one of the two
        // has happened, the first makes its second change.
        let secondMoved = false;
        const secondDone = reserve(second, b).then(() => {
          secondMoved = true;
          return reserve(second, d);
        });
        await expect
          .poll(async () => secondMoved || (await sql<{ waiting: boolean }>`SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = ${secondPid}`.execute(db)).rows[0]?.waiting, { timeout: WAIT_MS, interval: 20 })
          .toBe(true);
        await reserve(first, c);
        await sql`COMMIT`.execute(first);
        await secondDone;
        await sql`COMMIT`.execute(second);
      }),
    );
    const counts = await sql<{ word: string; listings: number }>`SELECT word, listings FROM search_words WHERE word IN ('quokka', 'zebu') ORDER BY word`.execute(db);
    expect(counts.rows).toEqual([{ word: 'quokka', listings: 0 }, { word: 'zebu', listings: 0 }]);
  });

  it('a word of a listing whose title changes leaves with the old title', async () => {
    const id = await insertBook(t.database.db, seller.id, { title: 'Oceanography Essentials', author: 'Tom Garrison' });
    expect((await search('oceanografy')).suggestion).toBe('oceanography');
    await t.database.db.updateTable('books').set({ title: 'Marine Science Essentials' }).where('id', '=', id).execute();
    expect(await search('oceanografy')).toMatchObject({ total: 0, suggestion: null });
    // 'marin' is the start of a catalogue word (the search matches prefixes), so only 'sciense' is corrected.
    expect((await search('marin sciense')).suggestion).toBe('marin science');
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('a large vocabulary (20,000 words or more) is rebuilt in the background at most every minute, answering from the one held meanwhile', async () => {
    // 40 listings whose titles hold 500 made-up words each: 20,000 words more in the vocabulary.
    const word = (n: number) => `q${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;
    for (let l = 0; l < 40; l++) {
      await insertBook(t.database.db, seller.id, { title: Array.from({ length: 500 }, (_, i) => word(l * 500 + i)).join(' ') });
    }
    let clock = 0;
    // Between two of the rebuild's term ranges, a correction is asked: it must be answered from the held vocabulary.
    let pauses = 0;
    let during: Promise<Map<string, string>> | undefined;
    const correct = sqliteCorrector(t.database.db, () => clock, async () => {
      pauses++;
      during ??= correct(['volcanolgy']);
    });
    expect((await correct(['calculas'])).get('calculas')).toBe('calculus');
    const id = await insertBook(t.database.db, seller.id, { title: 'Volcanology Field Guide' });
    clock += 59_999;
    expect((await correct(['volcanolgy'])).size).toBe(0);
    await correct.settled();
    expect(pauses).toBe(0);
    clock += 1;
    // This call starts the rebuild and, like every call until it is done, answers from the held vocabulary.
    expect((await correct(['volcanolgy'])).size).toBe(0);
    await correct.settled();
    expect((await during!).size).toBe(0);
    expect(pauses).toBeGreaterThan(10);
    expect((await correct(['volcanolgy', 'calculas', word(12_345).replace(/.$/, '')])).get('volcanolgy')).toBe('volcanology');
    // The vocabulary read in term ranges is the one read whole.
    const words = ['calculas', 'volcanolgy', `${word(777)}x`, `x${word(19_999)}`, 'transendentals', 'economiks'];
    expect(await correct(words)).toEqual(await sqliteCorrector(t.database.db)(words));
    // A word that left but is still held is harmless: the corrected query finds nothing, so nothing is suggested.
    await t.database.db.updateTable('books').set({ availability: 'sold' }).where('id', '=', id).execute();
    expect((await correct(['volcanolgy'])).get('volcanolgy')).toBe('volcanology');
    expect(await search('volcanolgy')).toMatchObject({ total: 0, suggestion: null });
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('a vocabulary of few words in many listings (200,000 uses) is large too, and small again once they leave', async () => {
    const own = await createTestApp();
    try {
      const db = own.database.db;
      const sellerId = (await registerAndLogin(own.app, { userType: 'seller' })).id;
      // 400 listings of the same 500 made-up words: 200,000 uses of 500 words, and nothing else.
      const title = Array.from({ length: 500 }, (_, i) => `zq${i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`).join(' ');
      const ids: string[] = [];
      for (let l = 0; l < 400; l++) ids.push(await insertBook(db, sellerId, { title }));
      let clock = 0;
      const correct = sqliteCorrector(db, () => clock);
      expect(await correct([])).toEqual(new Map());
      // Large: a new word waits for the rebuild a minute on.
      await insertBook(db, sellerId, { title: 'Speleology Underground' });
      expect((await correct(['speleolgy'])).size).toBe(0);
      await correct.settled();
      expect((await correct(['speleolgy'])).size).toBe(0);
      // One use fewer than 200,000 is small: the listings leave but one, and the rebuild a minute on reads 500 uses.
      await db.updateTable('books').set({ availability: 'sold' }).where('id', 'in', ids.slice(1)).execute();
      clock += 60_000;
      await correct([]);
      await correct.settled();
      // Small now: a new word is known at the next call, with no minute to wait.
      await insertBook(db, sellerId, { title: 'Limnology Lakes' });
      expect((await correct(['limnolgy'])).get('limnolgy')).toBe('limnology');
      expect((await correct(['speleolgy'])).get('speleolgy')).toBe('speleology');
    } finally {
      await own.close();
    }
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('a background rebuild that fails keeps the held vocabulary, tells the next call, and is tried again a minute later', async () => {
    const own = await createTestApp();
    try {
      const db = own.database.db;
      const sellerId = (await registerAndLogin(own.app, { userType: 'seller' })).id;
      const word = (n: number) => `q${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;
      // 40 listings of 500 made-up words each: a large vocabulary (20,000 words).
      for (let l = 0; l < 40; l++) await insertBook(db, sellerId, { title: Array.from({ length: 500 }, (_, i) => word(l * 500 + i)).join(' ') });
      await insertBook(db, sellerId, { title: 'Calculus' });
      let clock = 0;
      let failing = true;
      const correct = sqliteCorrector(db, () => clock, async () => {
        if (failing) throw new Error('disk I/O error');
      });
      expect((await correct(['calculas'])).get('calculas')).toBe('calculus');
      await insertBook(db, sellerId, { title: 'Glaciology Today' });
      clock += 60_000;
      expect((await correct(['glacology'])).size).toBe(0);
      await correct.settled();
      await expect(correct(['glacology'])).rejects.toThrow('disk I/O error');
      expect((await correct(['calculas'])).get('calculas')).toBe('calculus');
      failing = false;
      clock += 59_999;
      expect((await correct(['glacology'])).size).toBe(0);
      await correct.settled();
      clock += 1;
      await correct(['glacology']);
      await correct.settled();
      expect((await correct(['glacology'])).get('glacology')).toBe('glaciology');
    } finally {
      await own.close();
    }
  });

  it('checks that a suggestion finds more by counting no further than one past what the search found', async () => {
    const db = t.database.db;
    for (let i = 1; i <= 5; i++) await insertBook(db, seller.id, { title: `Numismatics Volume ${i}`, university: 'uj' });
    const query = (input: Parameters<typeof catalogueQuerySchema.parse>[0]) => catalogueQuerySchema.parse(input);
    expect(await countCatalogueUpTo(db, query({ q: 'numismatics' }), ['numismatics'], 3)).toBe(3);
    expect(await countCatalogueUpTo(db, query({ q: 'numismatics' }), ['numismatics'], 10)).toBe(5);
    expect(await countCatalogueUpTo(db, query({ q: 'numismatics', university: 'wits' }), ['numismatics'], 3)).toBe(0);
    expect(await countCatalogueUpTo(db, query({ university: 'uj' }), [], 2)).toBe(2);
    // The service asks for one more than the misspelt search found, and suggests when there are that many.
    const asked: number[] = [];
    const catalogue = createCatalogueService({ db } as AppContext, async () => [], undefined, undefined, {
      warn: (err) => {
        throw err;
      },
      countUpTo: async (q, terms, upTo) => {
        asked.push(upTo);
        return countCatalogueUpTo(db, q, terms, upTo);
      },
    });
    expect(await catalogue.search(query({ q: 'numismatcs' }))).toMatchObject({ total: 0, suggestion: 'numismatics' });
    expect(await catalogue.search(query({ q: 'numismatcs volume 3' }))).toMatchObject({ total: 0, suggestion: 'numismatics volume 3' });
    expect(asked).toEqual([1, 1]);
  });

  it('prepares the vocabulary when asked (the server asks once it listens) on SQLite, and a failure is told, not thrown', async () => {
    const asked: string[][] = [];
    const warned: unknown[] = [];
    let fail = false;
    const catalogue = createCatalogueService({ db: t.database.db } as AppContext, async () => [], undefined, undefined, {
      warn: (err) => warned.push(err),
      correct: async (words) => {
        asked.push(words);
        if (fail) throw new Error('vocabulary unavailable');
        return new Map();
      },
    });
    await catalogue.prepareSuggestions();
    // PostgreSQL keeps its vocabulary in a table: nothing to prepare.
    expect(asked).toEqual(dialectUnderTest === 'sqlite' ? [[]] : []);
    fail = true;
    await expect(catalogue.prepareSuggestions()).resolves.toBeUndefined();
    expect(warned.map((e) => (e as Error).message)).toEqual(dialectUnderTest === 'sqlite' ? ['vocabulary unavailable'] : []);
  });

  it('migration 010 goes down and up again, building the vocabulary from the listings already live', async () => {
    const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator().migrateTo('2026-11-24-009-isbn-13');
    expect(down.error).toBeUndefined();
    // 011 (book courses) comes down before it, as every later migration does: it rebuilds the full-text
    // index 010's vocabulary reads.
    const names = Object.keys(migrations);
    expect(down.results?.map((r) => r.migrationName)).toEqual(names.slice(names.indexOf('2026-11-24-010-search-vocabulary')).reverse());
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect(await search('calculis')).toMatchObject({ total: 0, suggestion: 'calculus' });
    expect((await search('cambel biology')).suggestion).toBe('campbell biology');
  });

  it.skipIf(dialectUnderTest !== 'postgres')('without pg_trgm, searches answer without suggestions rather than failing', async () => {
    await sql`DROP EXTENSION pg_trgm CASCADE`.execute(t.database.db);
    expect(await search('calculas')).toMatchObject({ total: 0, suggestion: null });
    expect(await search('calculus')).toMatchObject({ total: 1, suggestion: null });
    // The same service as the app's, on the same database, with its warnings collected: one line, not one per search.
    const warnings: unknown[] = [];
    const catalogue = createCatalogueService({ db: t.database.db } as AppContext, async () => [], undefined, undefined, { warn: (err) => warnings.push(err) });
    const query = (q: string) => catalogueQuerySchema.parse({ q });
    expect(await catalogue.search(query('econmics'))).toMatchObject({ total: 0, suggestion: null });
    expect(await catalogue.search(query('phsyics'))).toMatchObject({ total: 0, suggestion: null });
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0])).toMatch(/operator does not exist: text % unknown|function similarity/);
  });
});

describe('edit distance and the choice between near words', () => {
  it('counts insertions, deletions, substitutions and neighbour transpositions, and stops past the limit', () => {
    expect(editDistance('calculas', 'calculus', 2)).toBe(1);
    expect(editDistance('phsyics', 'physics', 2)).toBe(1);
    expect(editDistance('econmics', 'economics', 2)).toBe(1);
    expect(editDistance('farmacology', 'pharmacology', 2)).toBe(2);
    expect(editDistance('abc', 'abcdef', 2)).toBe(3);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('', 'abc', 5)).toBe(3);
  });

  it('prefers fewer edits, then the word more listings use, then the alphabet', () => {
    expect(pickClosest('stewrt', [{ word: 'steward', listings: 9 }, { word: 'stewart', listings: 1 }])).toBe('stewart');
    expect(pickClosest('stewar', [{ word: 'stewart', listings: 1 }, { word: 'steward', listings: 9 }])).toBe('steward');
    expect(pickClosest('stewar', [{ word: 'stewart', listings: 2 }, { word: 'steward', listings: 2 }])).toBe('steward');
    expect(pickClosest('calculas', [{ word: 'calculus', listings: 1 }, { word: 'calculat', listings: 5 }])).toBe('calculat');
    expect(pickClosest('anatmoy', [{ word: 'anatomy', listings: 1 }, { word: 'anatomic', listings: 50 }])).toBe('anatomy');
    expect(pickClosest('zzzz', [{ word: 'calculus', listings: 1 }])).toBeUndefined();
    expect(pickClosest('mathx', [{ word: 'maths', listings: 0 }])).toBeUndefined();
  });
});
