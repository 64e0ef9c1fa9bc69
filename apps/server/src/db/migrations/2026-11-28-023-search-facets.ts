// SQLite: both live text indexes (`books_fts`, migration 021; `books_fts_campus`, migration 022) also hold
// each listing's language, study level and condition as tokens in their `facets` column (`l…`, `s…`, `d…`,
// hyphens dropped as for the category). A search with words and any of those filters is then answered by
// the index, which narrows the matches itself, instead of reading every match's row to check them
// (docs/decisions/0047-every-filter-in-the-text-index.md). Their update triggers now also fire when one of
// those columns changes. Both indexes are rebuilt from every live listing (timed at a million listings in
// docs/performance.md); going down rebuilds them as 021 and 022 left them. PostgreSQL is unchanged. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const CAMPUSES = ['uct', 'wits', 'up', 'sun', 'uj', 'ru', 'ukzn', 'uwc', 'nmu', 'ufs'];
const KEY = (p: string) => `(((CASE ${p}.university ${CAMPUSES.map((c, i) => `WHEN '${c}' THEN ${i + 1}`).join(' ')} END) << 40) | ${p}.rowid)`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available'`;
const NUMBERED = (p: string) => `${p}.university IN (${CAMPUSES.map((c) => `'${c}'`).join(', ')})`;
const RANKED = (p: string) =>
  `${p}.title || char(31) || ${p}.isbn || ' ' || ${p}.isbn_digits || char(31) || ${p}.course_codes || char(31) || ${p}.author || char(31) || ${p}.publisher`;
const CATEGORY = (p: string) => `'c' || replace(${p}.category, '-', '')`;
const MORE = (p: string) => `' l' || ${p}.language || ' s' || ${p}.study_level || ' d' || replace(${p}.condition, '-', '')`;

/** One index as 021 (`books_fts`) or 022 (`books_fts_campus`) made it, with (`facets`) or without the new tokens. */
function shape(index: 'books_fts' | 'books_fts_campus', facets: boolean) {
  const campus = index === 'books_fts_campus';
  const tokens = (p: string) => {
    const base = campus ? CATEGORY(p) : `'u' || ${p}.university || ' ' || ${CATEGORY(p)}`;
    return facets ? `${base} || ${MORE(p)}` : base;
  };
  const key = (p: string) => (campus ? KEY(p) : `${p}.rowid`);
  const live = (p: string) => (campus ? `${LIVE(p)} AND ${NUMBERED(p)}` : LIVE(p));
  const insert = (p: string) =>
    `INSERT INTO ${index}(rowid, title, author, isbn, publisher, description, facets, courses, id, created_at, price_cents, ranked)
     SELECT ${key(p)}, ${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description,
       ${tokens(p)}, ${p}.course_codes, ${p}.id, ${p}.created_at, ${p}.price_cents, ${RANKED(p)}`;
  const watched = `title, author, isbn, isbn_digits, publisher, description, university, category, status, availability, course_codes, price_cents${
    facets ? ', language, study_level, condition' : ''
  }`;
  const triggers = campus ? ['books_fts_campus_insert', 'books_fts_campus_delete', 'books_fts_campus_update'] : ['books_fts_insert', 'books_fts_delete', 'books_fts_update'];
  return { insert, watched, triggers, key, live };
}

async function rebuild(db: Kysely<unknown>, index: 'books_fts' | 'books_fts_campus', facets: boolean): Promise<void> {
  const s = shape(index, facets);
  for (const t of s.triggers) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${index}`).execute(db);
  // As migration 021 says: SQLite 3.53's FTS5 leaves the `_content` table of a contentless_unindexed index behind.
  await sql`PRAGMA writable_schema = RESET`.execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${index}_content`).execute(db);
  await sql.raw(`
    CREATE VIRTUAL TABLE ${index} USING fts5(
      title, author, isbn, publisher, description, facets, courses,
      id UNINDEXED, created_at UNINDEXED, price_cents UNINDEXED, ranked UNINDEXED,
      content='', contentless_delete=1, contentless_unindexed=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4', detail=column
    )`).execute(db);
  const [insertTrigger, deleteTrigger, updateTrigger] = s.triggers;
  await sql.raw(`CREATE TRIGGER ${insertTrigger} AFTER INSERT ON books WHEN ${s.live('new')} BEGIN ${s.insert('new')}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${deleteTrigger} AFTER DELETE ON books WHEN ${s.live('old')} BEGIN DELETE FROM ${index} WHERE rowid = ${s.key('old')}; END`).execute(db);
  await sql.raw(`
    CREATE TRIGGER ${updateTrigger} AFTER UPDATE OF ${s.watched} ON books BEGIN
      DELETE FROM ${index} WHERE rowid = ${s.key('old')} AND ${s.live('old')};
      ${s.insert('new')} WHERE ${s.live('new')};
    END`).execute(db);
  // In key order, as the index keeps them.
  await sql.raw(`${s.insert('b')} FROM books b WHERE ${s.live('b')} ORDER BY 1`).execute(db);
  await sql.raw(`INSERT INTO ${index}(${index}) VALUES ('optimize')`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, 'books_fts', true);
  await rebuild(db, 'books_fts_campus', true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, 'books_fts', false);
  await rebuild(db, 'books_fts_campus', false);
}
