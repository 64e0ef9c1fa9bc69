// SQLite: each search word is matched as a prefix (what a student may still be typing), and FTS5 answers a
// prefix its own prefix index does not hold (migration 020 holds one to four letters) by first merging
// the whole list of every indexed word that starts with it, even for the first page: costly for a word
// such as "first", which is in a third of the descriptions. The same words asked as
// `("first" OR "firstly" …)` stream, and a page stops reading after its rows. So a longer word is
// expanded into the indexed words it starts (read from fts5vocab, repository.ts) and matched as their OR;
// the typed word itself is always one of them, so a listing with a brand-new word is found by that word
// at once (decision 0038).
import type { Db } from '../../db/index.ts';
import { postgresWordsStartingWith, sqliteIndexVersion, sqliteWordsStartingWith } from './repository.ts';
import { keptByPostgres } from './search-terms.ts';

/** SQLite: prefixes this short are in the prefix index (migration 020) and stay prefixes. */
const INDEXED_PREFIX = 4;
/**
 * More words than this start the prefix (course codes: NURS1000, NURS1001, …): it stays a prefix. Each word
 * of an OR is a list to open and merge, and an OR of a few hundred words is no faster than the prefix (on
 * PostgreSQL, `labour` with the 984 words that start `law` took 280 ms at a million listings, `law:*` 154).
 */
const MAX_WORDS = 30;
/**
 * An expansion whose words are in this many listings or more took milliseconds to read, so it is kept for
 * REUSE_MS even if the index changed meanwhile (a new word starting the same way is found by its prefix
 * that much later; by itself, at once). Smaller ones are read again after every change of the index.
 */
const COSTLY_LISTINGS = 20_000;
const REUSE_MS = 10_000;
/** Expansions kept (oldest out first). */
const KEEP = 5_000;

/** For each term it can expand, the indexed words that term is a prefix of (the term among them). */
export type ExpandPrefixes = (terms: string[]) => Promise<Map<string, string[]>>;

export function sqlitePrefixExpander(db: Db, opts: { now?: () => number; costlyListings?: number } = {}): ExpandPrefixes {
  const now = opts.now ?? Date.now;
  const costlyListings = opts.costlyListings ?? COSTLY_LISTINGS;
  const held = new Map<string, { words: string[] | null; version: string; at: number; costly: boolean }>();
  return async (terms) => {
    const expansions = new Map<string, string[]>();
    // Only words of ASCII letters and digits: the index's tokenizer folds other scripts in its own way (it
    // takes accents off Latin letters only), so their form in its vocabulary is not known here, and they
    // stay prefixes.
    const wanted = terms.filter((t) => t.length > INDEXED_PREFIX && /^[a-z0-9]+$/.test(t));
    if (!wanted.length) return expansions;
    const version = await sqliteIndexVersion(db);
    for (const term of wanted) {
      let entry = held.get(term);
      if (!entry || (entry.version !== version && !(entry.costly && now() - entry.at < REUSE_MS))) {
        const found = await sqliteWordsStartingWith(db, term);
        const words = found.length > MAX_WORDS ? null : [...new Set([term, ...found.map((f) => f.word)])];
        entry = { words, version, at: now(), costly: found.reduce((n, f) => n + Number(f.listings), 0) >= costlyListings };
        held.delete(term);
        held.set(term, entry);
        if (held.size > KEEP) held.delete(held.keys().next().value!);
      }
      if (entry.words) expansions.set(term, entry.words);
    }
    return expansions;
  };
}

/**
 * PostgreSQL: every term PostgreSQL keeps as it is (keptByPostgres), whatever its length (a GIN index has
 * no prefix index), as the words of `search_lexemes` it starts (migration 026, decision 0050), when there
 * are no more than MAX_WORDS. The table is read for each search, one short range per term (under a
 * millisecond), so there is nothing to keep: it only grows, in the transaction that writes a listing. A
 * listing committed between this read and the search itself is found by its words, and by a prefix of a
 * word new to the catalogue from the next search on.
 */
export function postgresPrefixExpander(db: Db): ExpandPrefixes {
  return async (terms) => {
    const expansions = new Map<string, string[]>();
    // A corrected search (spelling.ts) may hold a word twice.
    const wanted = [...new Set(terms.filter(keptByPostgres))];
    if (!wanted.length) return expansions;
    for (const [term, found] of await postgresWordsStartingWith(db, wanted, MAX_WORDS + 1)) {
      if (found.length <= MAX_WORDS) expansions.set(term, [...new Set([term, ...found])]);
    }
    return expansions;
  };
}
