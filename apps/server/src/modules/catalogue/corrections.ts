// Where each database finds the closest vocabulary word for a misspelt one (docs/decisions/0024-search-that-forgives.md).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/index.ts';
import { postgresCorrections, sqliteIndexVersion, sqliteVocabulary } from './repository.ts';
import { createVocabulary, type Vocabulary, type VocabularyWord } from './spelling.ts';

/** For each word the vocabulary does not know, the closest word it does know (words with none are left out). */
export type CorrectWords = (words: string[]) => Promise<Map<string, string>>;

/** SQLite's corrector, and when the vocabulary it is building in the background (if any) is in place. */
export interface SqliteCorrector extends CorrectWords {
  /** Resolves once no rebuild is under way (at once when none is). */
  settled(): Promise<void>;
}

/**
 * A vocabulary this large takes long enough to read from the index to be rebuilt in the background, at most
 * every REBUILD_MS: 20,000 words, or 200,000 uses of its words in live listings (the reading's cost grows
 * with the index's lists, not with the words: a million listings of a few hundred words took 1.7 s,
 * docs/performance.md). A smaller one is read again, in milliseconds, as soon as the index changes.
 */
const LARGE_WORDS = 20_000;
const LARGE_USES = 200_000;
const REBUILD_MS = 60_000;
/** A rebuild reads the index in this many term ranges, answering corrections from the old vocabulary in between. */
const REBUILD_PARTS = 32;

interface Held {
  version: string;
  vocabulary: Vocabulary;
  builtAt: number;
  /**
   * A large vocabulary's boundaries of REBUILD_PARTS term ranges holding about equal uses of the words (for
   * its next rebuild); undefined for a small one, which is read again whole.
   */
  parts: string[] | undefined;
}

/** The words that split `words` (in term order), with `uses` uses in all, into `count` ranges of about equal uses. */
function rangesOf(words: readonly VocabularyWord[], uses: number, count: number): string[] {
  const sorted = [...words].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const bounds: string[] = [];
  let seen = 0;
  for (const w of sorted) {
    if (seen >= (uses * (bounds.length + 1)) / count && bounds.at(-1) !== w.word) bounds.push(w.word);
    seen += w.listings;
  }
  return bounds;
}

/**
 * SQLite: the vocabulary is read from the full-text index into memory and kept until the index changes
 * (its structure record, read on each call, says when). The first is built when it is first needed (the
 * server asks for it when it starts listening: prepareSuggestions in service.ts), and every correction
 * waits for that one. After that:
 * - a small vocabulary is read again as soon as the index changes;
 * - a large one is rebuilt in the background at most every REBUILD_MS, in term ranges with a turn of the
 *   event loop between them, while corrections keep being answered from the one held. A new word may then
 *   be suggested up to a minute or so later, and a word that left is still suggested until then, which
 *   is harmless: a suggestion is only made when the corrected query finds books in the live index.
 * `pause` is that turn (a test gives its own).
 */
export function sqliteCorrector(db: Db, now: () => number = Date.now, pause: () => Promise<unknown> = nextTurn): SqliteCorrector {
  let held: Held | undefined;
  let first: Promise<Held> | undefined;
  let rebuilding: Promise<void> | undefined;
  /** Why the last background rebuild failed, told to the next call (the search then answers without a suggestion). */
  let failed: unknown;

  const hold = (version: string, words: VocabularyWord[]): Held => {
    const uses = words.reduce((n, w) => n + w.listings, 0);
    const large = words.length >= LARGE_WORDS || uses >= LARGE_USES;
    return { version, vocabulary: createVocabulary(words), builtAt: now(), parts: large ? rangesOf(words, uses, REBUILD_PARTS) : undefined };
  };

  const rebuild = async (version: string, bounds: readonly string[]) => {
    // By word: JavaScript sorted the bounds by UTF-16 code units and SQLite compares UTF-8 bytes, which
    // order a few characters differently, so two ranges may overlap (together they still cover every word).
    const words = new Map<string, VocabularyWord>();
    for (let i = 0; i <= bounds.length; i++) {
      for (const w of await sqliteVocabulary(db, { from: bounds[i - 1], to: bounds[i] })) words.set(w.word, w);
      await pause();
    }
    held = hold(version, [...words.values()]);
  };

  const corrector = async (words: string[]) => {
    // The version is read before the words: a write in between only makes the next call rebuild again.
    const version = await sqliteIndexVersion(db);
    if (failed !== undefined) {
      const err = failed;
      failed = undefined;
      throw err;
    }
    if (!held) {
      // Callers during the first build share it; a failed one is tried again by the next call.
      first ??= sqliteVocabulary(db).then(
        (all) => hold(version, all),
        (err: unknown) => {
          first = undefined;
          throw err;
        },
      );
      held ??= await first;
      // Held now; kept in `first` too, a rebuild could not let the first vocabulary go.
      first = undefined;
    } else if (held.version !== version) {
      if (!held.parts) held = hold(version, await sqliteVocabulary(db));
      else if (!rebuilding && now() - held.builtAt >= REBUILD_MS) {
        const from = held;
        rebuilding = rebuild(version, held.parts)
          .catch((err: unknown) => {
            // The held vocabulary stays, and the rebuild is tried again REBUILD_MS later.
            from.builtAt = now();
            failed = err;
          })
          .finally(() => (rebuilding = undefined));
      }
    }
    const { vocabulary } = held;
    const corrections = new Map<string, string>();
    for (const word of words) {
      if (vocabulary.knows(word)) continue;
      const closest = vocabulary.closest(word);
      if (closest) corrections.set(word, closest);
    }
    return corrections;
  };
  return Object.assign(corrector, { settled: async () => void (await rebuilding) });
}

/** PostgreSQL: `search_words` and its pg_trgm index (migration 010) answer each word. */
export const postgresCorrector =
  (db: Db): CorrectWords =>
  (words) =>
    postgresCorrections(db, words);
