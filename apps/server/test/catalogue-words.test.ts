// How a search's words meet the catalogue at scale (decision 0038): relevance worked out from the matches'
// text (relevance.ts), and a word expanded into the indexed words it starts (prefix-expansions.ts: on
// SQLite a word longer than the prefix index, on PostgreSQL any, decision 0050), which must find exactly
// what the prefix finds, a brand-new word at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relevanceScorer, type RankedText } from '../src/modules/catalogue/relevance.ts';
import { searchCatalogue } from '../src/modules/catalogue/repository.ts';
import { sql } from 'kysely';
import { catalogueQuerySchema } from '@reshelf/shared';
import { postgresPrefixExpander, sqlitePrefixExpander } from '../src/modules/catalogue/prefix-expansions.ts';
import { keptByPostgres, monthsBack, monthsQuery, postgresCampusWordsQuery, postgresExpandedWords, postgresFacetQuery, searchTerms, sqliteMatch } from '../src/modules/catalogue/search-terms.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

const text = (t: Partial<RankedText>): RankedText => ({ title: '', author: '', isbn: '', publisher: '', courseCodes: '', ...t });

describe('relevance', () => {
  it('weighs where each word is: title, ISBN or course 10, author 8, publisher 3, else the description 1', () => {
    const score = relevanceScorer(['stewart', 'calc']);
    const title = score(text({ title: 'Calculus by Stewart, Third Edition' }));
    const mixed = score(text({ title: 'Calculus, Third Edition', author: 'James Stewart' }));
    const publisher = score(text({ title: 'Calculus, Third Edition', publisher: 'Stewart Press' }));
    const description = score(text({ title: 'Calculus, Third Edition' }));
    expect(Math.floor(title)).toBe(20);
    expect(Math.floor(mixed)).toBe(18);
    expect(Math.floor(publisher)).toBe(13);
    expect(Math.floor(description)).toBe(11);
    expect(Math.floor(relevanceScorer(['math1014'])(text({ courseCodes: 'MATH1014 MAM1000W' })))).toBe(10);
    expect(Math.floor(relevanceScorer(['9781285741550'])(text({ isbn: '978-1-285-74155-0 9781285741550' })))).toBe(10);
  });

  it('a word counts where it starts a word, not inside one', () => {
    expect(Math.floor(relevanceScorer(['law'])(text({ title: 'Outlaws', author: 'Lawrence Sibiya' })))).toBe(8);
  });

  it('between two titles with the words, the one they make up more of comes first; diacritics do not matter', () => {
    const score = relevanceScorer(['calculus']);
    expect(score(text({ title: 'Calculus' }))).toBeGreaterThan(score(text({ title: 'Calculus: Early Transcendentals' })));
    expect(Math.floor(relevanceScorer(['économie'])(text({ title: 'Economie du Développement' })))).toBe(10);
    expect(relevanceScorer(['économie'])(text({ title: 'Economie du Développement' })) % 1).toBeCloseTo(1 / 3);
    expect(Math.floor(relevanceScorer(['economie'])(text({ title: 'Économie politique' })))).toBe(10);
  });
});

describe('the full-text match', () => {
  it('asks an expanded word as the OR of its words, the others as prefixes, all required', () => {
    expect(sqliteMatch(['intro', 'to'], {}, new Map([['intro', ['intro', 'introduction']]]))).toBe(
      '{title author isbn publisher description courses} : (("intro" OR "introduction") AND "to"*)',
    );
    expect(sqliteMatch(['law'], { university: 'uct' })).toBe('{title author isbn publisher description courses} : ("law"*) AND facets : (uuct)');
    // Several filters: the one token of them together (migration 027), in the order campus, category, language, study level, condition.
    expect(sqliteMatch(['law'], { condition: 'like-new', university: 'uct', language: 'english' })).toBe(
      '{title author isbn publisher description courses} : ("law"*) AND facets : (xuuct0lenglish0dlikenew)',
    );
    expect(sqliteMatch([], { category: 'computer-science', studyLevel: 'postgraduate' })).toBe('facets : (xccomputerscience0spostgraduate)');
    expect(sqliteMatch([], { language: 'zulu' })).toBe('facets : (lzulu)');
  });

  it("on PostgreSQL, asks the filters and the months as the live index's lexemes, each quoted", () => {
    expect(postgresFacetQuery({})).toBe('');
    // Several filters are the one lexeme of them together (migration 028), in the order u, c, l, s, d.
    expect(postgresFacetQuery({ university: 'uct', category: 'computer-science', language: 'english', studyLevel: 'undergraduate', condition: 'like-new' })).toBe(
      "'#xuuct:ccomputer-science:lenglish:sundergraduate:dlike-new'",
    );
    expect(postgresFacetQuery({ condition: 'good', language: 'zulu' })).toBe("'#xlzulu:dgood'");
    expect(postgresFacetQuery({ studyLevel: 'postgraduate' })).toBe("'#spostgraduate'");
    // Values never hold a quote or a backslash (they are validated names), but one would stay inside its lexeme.
    expect(postgresFacetQuery({ university: "o'k\\" })).toBe("'#uo\\'k\\\\'");
    expect(monthsQuery(['2026-11', '2026-10'])).toBe("'#t2026-11' | '#t2026-10'");
  });

  it("on PostgreSQL, asks words on one campus as the campus's lexemes, each a prefix, unless a word is not plain ASCII", () => {
    expect(postgresCampusWordsQuery('uct', ['intro', 'to'])).toBe("'#uuct:intro':* & '#uuct:to':*");
    expect(postgresCampusWordsQuery("o'k", ['law'])).toBe("'#uo\\'k:law':*");
    expect(postgresCampusWordsQuery('uct', ['économie'])).toBeUndefined();
    expect(postgresCampusWordsQuery('uct', [])).toBeUndefined();
  });

  it('on PostgreSQL, asks an expanded word as any of its words, exactly, on a campus too, leaving out a word too long for a campus lexeme', () => {
    const expansions = new Map([['intro', ['intro', 'introduction']]]);
    expect(postgresExpandedWords(['intro', 'to'], expansions)).toEqual({ expanded: "('intro' | 'introduction')", rest: ['to'] });
    expect(postgresExpandedWords(['to'], expansions)).toEqual({ expanded: '', rest: ['to'] });
    expect(postgresCampusWordsQuery('uct', ['intro', 'to'], expansions)).toBe("('#uuct:intro' | '#uuct:introduction') & '#uuct:to':*");
    // A word too long to be a campus lexeme: the campus is asked as a facet instead.
    expect(postgresCampusWordsQuery('uct', ['intro'], new Map([['intro', ['intro', `intro${'x'.repeat(1000)}`]]]))).toBeUndefined();
    // PostgreSQL splits a number in scientific form with letters after it, so it is never a campus lexeme's word.
    expect(postgresCampusWordsQuery('uct', ['1e5x'])).toBeUndefined();
    expect(['1e5', 'e5x', 'x1e5', 'law2020', '1e5x'].map(keptByPostgres)).toEqual([true, true, true, true, false]);
  });

  it('counts the months back from the newest to the oldest, across years, and none for dates it cannot read', () => {
    expect(monthsBack('2025-11', '2026-02')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthsBack('2026-11', '2026-11')).toEqual(['2026-11']);
    expect(monthsBack('2026-12', '2026-11')).toEqual([]);
    expect(monthsBack('28/11/2026', '2026-11')).toEqual([]);
  });
});

describe.skipIf(dialectUnderTest !== 'postgres')("words on one campus on PostgreSQL, as the campus's lexemes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const seller = (await registerAndLogin(t.app, { userType: 'seller', university: 'uct' })).id;
    for (const [title, university] of [
      ['Thermodynamics', 'uct'],
      ['Thermometers in Practice', 'uct'],
      ['Thermodynamics for Engineers', 'wits'],
      ['Économie du Développement', 'uct'],
      ['Русский язык', 'uct'],
    ] as const)
      await insertBook(t.database.db, seller, { title, university });
  });
  afterAll(async () => t?.close());

  const titles = async (qs: string) => ((await t.app.inject(`/api/v1/books?${qs}&sort=newest`)).json() as { items: { title: string }[] }).items.map((b) => b.title).sort();

  it("finds a campus's listings by a word or its start, not another campus's, and a word of another script by itself", async () => {
    expect(await titles('q=thermo&university=uct')).toEqual(['Thermodynamics', 'Thermometers in Practice']);
    expect(await titles('q=thermodynamics&university=wits')).toEqual(['Thermodynamics for Engineers']);
    expect(await titles('q=thermo%20engin&university=uct')).toEqual([]);
    expect(await titles('q=thermo%20engin&university=wits')).toEqual(['Thermodynamics for Engineers']);
    expect(await titles('q=thermo')).toEqual(['Thermodynamics', 'Thermodynamics for Engineers', 'Thermometers in Practice']);
    expect(await titles(`q=${encodeURIComponent('économie')}&university=uct`)).toEqual(['Économie du Développement']);
    expect(await titles(`q=${encodeURIComponent('русск')}&university=uct`)).toEqual(['Русский язык']);
    expect(await titles(`q=${encodeURIComponent('русск')}&university=wits`)).toEqual([]);
  });
});

describe.skipIf(dialectUnderTest !== 'postgres')('words on PostgreSQL, expanded into the words they start', () => {
  let t: TestApp;
  let sellerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await registerAndLogin(t.app, { userType: 'seller', university: 'uct' })).id;
    for (const [title, description] of [
      ['Thermodynamics', 'Thermal physics for engineers.'],
      ['Thermometers in Practice', 'Clean copy.'],
      ['Économie du Développement', 'Clean copy.'],
    ])
      await insertBook(t.database.db, sellerId, { title, description, university: 'uct' });
    for (let i = 0; i < 31; i++) await insertBook(t.database.db, sellerId, { title: `Quasar${String(i).padStart(2, '0')} Atlas`, university: i % 2 ? 'uct' : 'wits' });
  });
  afterAll(async () => t?.close());

  const found = async (q: string, more = '') => ((await t.app.inject(`/api/v1/books?q=${encodeURIComponent(q)}${more}`)).json() as { total: number }).total;
  const expand = (terms: string[]) => postgresPrefixExpander(t.database.db)(terms);

  it("finds what the prefix finds, from the titles' words and the descriptions', a word of another script as a prefix", async () => {
    expect(await expand(['therm', 'zzzzz', 'économie'])).toEqual(
      new Map([
        ['therm', ['therm', 'thermal', 'thermodynamics', 'thermometers']],
        ['zzzzz', ['zzzzz']],
      ]),
    );
    expect(await found('therm')).toBe(2);
    expect(await found('thermal')).toBe(1);
    expect(await found('thermom')).toBe(1);
    expect(await found('therm', '&university=uct')).toBe(2);
    expect(await found('therm', '&university=wits')).toBe(0);
    expect(await found('écon')).toBe(1);
    expect(await found('dévelop', '&university=uct')).toBe(1);
  });

  it('a word that starts more words than it may expand into stays a prefix, checked on the rows the other words find', async () => {
    expect((await expand(['quasar', 'atlas'])).has('quasar')).toBe(false);
    expect(await found('quasar')).toBe(31);
    expect(await found('quasar atlas')).toBe(31);
    expect(await found('atlas quasar0', '&sort=price_asc')).toBe(10);
    expect(await found('atlas quasar', '&university=uct')).toBe(15);
    expect(await found('atlas quasar', '&university=uct&sort=newest')).toBe(15);
    expect(await found('thermo quasar')).toBe(0);
  });

  it('knows a new word the moment its listing is written, and a word an edit or a course code brings', async () => {
    const id = await insertBook(t.database.db, sellerId, { title: 'Thermostats' });
    expect((await expand(['thermo'])).get('thermo')).toContain('thermostats');
    expect(await found('thermos')).toBe(1);
    await sql`UPDATE books SET description = 'Covers hygrometry.' WHERE id = ${id}`.execute(t.database.db);
    expect((await expand(['hygro'])).get('hygro')).toEqual(['hygro', 'hygrometry']);
    expect(await found('hygro')).toBe(1);
    await sql`UPDATE books SET course_codes = 'CHEM9912' WHERE id = ${id}`.execute(t.database.db);
    expect(await found('chem991')).toBe(1);
  });

  it('a long word on a campus is asked of the words, not as a campus lexeme too long to be one', async () => {
    await insertBook(t.database.db, sellerId, { title: 'Unusual', description: `qwerty${'q'.repeat(1100)}`, university: 'uct' });
    expect((await expand(['qwerty'])).get('qwerty')).toHaveLength(2);
    expect(await found('qwerty')).toBe(1);
    expect(await found('qwerty', '&university=uct')).toBe(1);
    expect(await found('qwerty', '&university=wits')).toBe(0);
  });

  it('finds what the words as typed find when PostgreSQL splits one or makes no word of it', async () => {
    await insertBook(t.database.db, sellerId, { title: 'Tables to 1e5x', university: 'uct' });
    expect((await expand(['1e5x'])).size).toBe(0);
    // What the search finds without any expansion: every word a prefix, as the row checks ask them.
    const unexpanded = async (q: string, qs = '') =>
      (await searchCatalogue(t.database.db, catalogueQuerySchema.parse({ q, ...Object.fromEntries(new URLSearchParams(qs)) }), searchTerms(q))).total;
    for (const [q, qs] of [
      ['1e5x', ''],
      ['1e5x', 'university=uct'],
      ['tables 1e5x', 'university=uct'],
      // U+09F4, a Bengali numeral the parser may make no word of at all: left out of the question, not an empty word.
      ['therm \u09f4', ''],
      ['therm \u09f4', 'university=uct'],
    ] as const) {
      expect(await found(q, qs && `&${qs}`), `${q} ${qs}`).toBe(await unexpanded(q, qs));
    }
    expect(await found('1e5x')).toBe(1);
  });

  it("the server's connections give a statement 32 MB for its bitmaps, so a prefix's stays exact, and compile none", async () => {
    const setting = async (name: string) => (await sql<Record<string, string>>`SELECT current_setting(${name}) AS value`.execute(t.database.db)).rows[0]?.value;
    expect(await setting('work_mem')).toBe('32MB');
    expect(await setting('jit')).toBe('off');
  });

  it('listings written at once with the same new words in different orders all commit, and every word is known', async () => {
    const words = ['xanthic', 'xenolith', 'xylem', 'xyster'];
    const titles = Array.from({ length: 8 }, (_, i) => [...words.slice(i % 4), ...words.slice(0, i % 4)].join(' '));
    const ids = await Promise.all(titles.map((title) => insertBook(t.database.db, sellerId, { title })));
    await Promise.all(ids.map((id, i) => sql`UPDATE books SET description = ${`Notes on xeric${i % 3} soils.`} WHERE id = ${id}`.execute(t.database.db)));
    const known = ['x', 'xanthic', 'xenolith', 'xeric0', 'xeric1', 'xeric2', 'xylem', 'xyster'];
    expect((await expand(['x'])).get('x')).toEqual(known);
    // Two listings written at the same moment with the same new word may both add it: it is read once.
    await sql`INSERT INTO search_lexemes (word) VALUES ('xylem'), ('xylem')`.execute(t.database.db);
    expect((await expand(['x'])).get('x')).toEqual(known);
    expect(await found('xylem')).toBe(8);
    expect(await found('xeric1 xyl')).toBe(3);
  });
});

describe.skipIf(dialectUnderTest !== 'sqlite')('long words on SQLite, expanded into the words they start', () => {
  let t: TestApp;
  let sellerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await registerAndLogin(t.app, { userType: 'seller', university: 'uct' })).id;
    for (const title of ['Thermodynamics', 'Thermometers in Practice', 'Economie du Développement', 'Русский язык', 'Βιβλίο της φυσικής']) await insertBook(t.database.db, sellerId, { title });
  });
  afterAll(async () => t?.close());

  const found = async (q: string) => ((await t.app.inject(`/api/v1/books?q=${encodeURIComponent(q)}`)).json() as { total: number }).total;

  it('finds what the prefix finds, and a new word the moment its listing is live', async () => {
    const expand = sqlitePrefixExpander(t.database.db);
    expect(await expand(['thermo', 'the', 'zzzzz'])).toEqual(
      new Map([
        ['thermo', ['thermo', 'thermodynamics', 'thermometers']],
        ['zzzzz', ['zzzzz']],
      ]),
    );
    expect(await found('thermo')).toBe(2);
    expect(await found('thermom')).toBe(1);
    expect(await found('dévelop')).toBe(1);
    // Other scripts are folded by the index's own rules, so their words stay prefixes and are found.
    expect(await found('русский')).toBe(1);
    expect(await found('русск')).toBe(1);
    expect(await found('βιβλίο')).toBe(1);
    expect((await expand(['русский'])).size).toBe(0);
    await insertBook(t.database.db, sellerId, { title: 'Thermostats' });
    expect((await expand(['thermo'])).get('thermo')).toContain('thermostats');
    expect(await found('thermo')).toBe(3);
    expect(await found('thermostats')).toBe(1);
  });

  it('a word that starts many words stays a prefix', async () => {
    for (let i = 0; i < 31; i++) await insertBook(t.database.db, sellerId, { title: `Quasar${String(i).padStart(2, '0')} Atlas` });
    expect((await sqlitePrefixExpander(t.database.db)(['quasar'])).has('quasar')).toBe(false);
    expect(await found('quasar')).toBe(31);
    expect(await found('quasar0')).toBe(10);
  });

  it('keeps a costly expansion for ten seconds after the index changes, a cheap one not at all', async () => {
    let now = 0;
    const costly = sqlitePrefixExpander(t.database.db, { now: () => now, costlyListings: 1 });
    const cheap = sqlitePrefixExpander(t.database.db, { now: () => now, costlyListings: 1_000_000 });
    const before = ['thermo', 'thermodynamics', 'thermometers', 'thermostats'];
    for (const expand of [costly, cheap]) expect((await expand(['thermo'])).get('thermo')).toEqual(before);
    await insertBook(t.database.db, sellerId, { title: 'Thermoplastics' });
    expect((await cheap(['thermo'])).get('thermo')).toEqual([...before, 'thermoplastics'].sort());
    // Meanwhile 'thermoplastics' is found by itself (every typed word is asked as it is), not yet by 'thermo'.
    expect((await costly(['thermo'])).get('thermo')).toEqual(before);
    expect((await costly(['thermoplastics'])).get('thermoplastics')).toEqual(['thermoplastics']);
    now = 10_000;
    expect((await costly(['thermo'])).get('thermo')).toEqual([...before, 'thermoplastics'].sort());
  });
});
