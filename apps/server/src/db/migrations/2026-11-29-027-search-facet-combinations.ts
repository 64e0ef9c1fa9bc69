// SQLite: both live text indexes (`books_fts`, migration 021; `books_fts_campus`, migration 022) also hold,
// in their `facets` column, one token for each combination of two or more of a listing's filters, beside
// the token of each filter alone (migrations 008 and 023): `xuuct0cbiology0lenglish` is the listing's campus,
// category and language together. A search with several filters then asks the index for one list, where it
// asked for the list of each filter and intersected them: a filter most listings have (English, undergraduate)
// has a list as long as the catalogue, every entry of which the intersection decoded
// (docs/decisions/0056-sqlite-filters-together-as-one-token.md). A combination's token is `x`, then each
// filter's token (its letter and its value without hyphens, as alone) in the order campus, category,
// language, study level, condition, joined by `0`: the values are letters only, so no two combinations
// write the same token. `books_fts` holds the 26 combinations of its five filters; `books_fts_campus`,
// whose campus is its range of keys, the 11 of the other four. Both indexes are rebuilt from every live
// listing (timed at a million listings in docs/performance.md); going down rebuilds them as 023 left them.
// PostgreSQL is unchanged. Frozen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

const CAMPUSES = ['uct', 'wits', 'up', 'sun', 'uj', 'ru', 'ukzn', 'uwc', 'nmu', 'ufs'];
const KEY = (p: string) => `(((CASE ${p}.university ${CAMPUSES.map((c, i) => `WHEN '${c}' THEN ${i + 1}`).join(' ')} END) << 40) | ${p}.rowid)`;
const LIVE = (p: string) => `${p}.status = 'approved' AND ${p}.availability = 'available'`;
const NUMBERED = (p: string) => `${p}.university IN (${CAMPUSES.map((c) => `'${c}'`).join(', ')})`;
const RANKED = (p: string) =>
  `${p}.title || char(31) || ${p}.isbn || ' ' || ${p}.isbn_digits || char(31) || ${p}.course_codes || char(31) || ${p}.author || char(31) || ${p}.publisher`;

/** Each filter's token alone, as migrations 008 and 023 write it, in the order a combination joins them. */
const FILTERS = (p: string) => [
  `'u' || ${p}.university`,
  `'c' || replace(${p}.category, '-', '')`,
  `'l' || ${p}.language`,
  `'s' || ${p}.study_level`,
  `'d' || replace(${p}.condition, '-', '')`,
];

/** Every combination of two or more of `tokens`, each as one token (`x`, then the filters' tokens joined by `0`). */
function combinations(tokens: string[]): string[] {
  const out: string[] = [];
  for (let set = 1; set < 1 << tokens.length; set++) {
    const chosen = tokens.filter((_, i) => set & (1 << i));
    if (chosen.length >= 2) out.push(`'x' || ${chosen.join(` || '0' || `)}`);
  }
  return out;
}

/** One index with (`combined`) or without the combinations' tokens (as 023 left it). */
function shape(index: 'books_fts' | 'books_fts_campus', combined: boolean) {
  const campus = index === 'books_fts_campus';
  const tokens = (p: string) => {
    // The campus index holds no campus token: its range of keys is the campus.
    const alone = campus ? FILTERS(p).slice(1) : FILTERS(p);
    return [...alone, ...(combined ? combinations(alone) : [])].join(` || ' ' || `);
  };
  const key = (p: string) => (campus ? KEY(p) : `${p}.rowid`);
  const live = (p: string) => (campus ? `${LIVE(p)} AND ${NUMBERED(p)}` : LIVE(p));
  const insert = (p: string) =>
    `INSERT INTO ${index}(rowid, title, author, isbn, publisher, description, facets, courses, id, created_at, price_cents, ranked)
     SELECT ${key(p)}, ${p}.title, ${p}.author, ${p}.isbn || ' ' || ${p}.isbn_digits, ${p}.publisher, ${p}.description,
       ${tokens(p)}, ${p}.course_codes, ${p}.id, ${p}.created_at, ${p}.price_cents, ${RANKED(p)}`;
  const watched = 'title, author, isbn, isbn_digits, publisher, description, university, category, status, availability, course_codes, price_cents, language, study_level, condition';
  const triggers = campus ? ['books_fts_campus_insert', 'books_fts_campus_delete', 'books_fts_campus_update'] : ['books_fts_insert', 'books_fts_delete', 'books_fts_update'];
  return { insert, watched, triggers, key, live };
}

async function rebuild(db: Kysely<unknown>, index: 'books_fts' | 'books_fts_campus', combined: boolean): Promise<void> {
  const s = shape(index, combined);
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
