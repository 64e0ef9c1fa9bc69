// Where each database finds the closest vocabulary word for a misspelt one (docs/decisions/0024-search-that-forgives.md).
import type { Db } from '../../db/index.ts';
import { postgresCorrections, sqliteIndexVersion, sqliteVocabulary } from './repository.ts';
import { createVocabulary, type Vocabulary } from './spelling.ts';

/** For each word the vocabulary does not know, the closest word it does know (words with none are left out). */
export type CorrectWords = (words: string[]) => Promise<Map<string, string>>;

/** From this many words a vocabulary takes long enough to build (a noticeable pause) to be rebuilt at most every REBUILD_MS. */
const LARGE_VOCABULARY = 20_000;
const REBUILD_MS = 10_000;

/**
 * SQLite: the vocabulary is read from the full-text index into memory and kept until the index changes
 * (its structure record, read on each call, says when). Built only when a search needs a correction. A
 * large one is rebuilt at most every REBUILD_MS, so a busy hour of approvals cannot make every misspelt
 * search pay for a rebuild: a new word may then be suggested up to that much later, and a word that left
 * is never suggested (the corrected query must find books in the live index).
 */
export function sqliteCorrector(db: Db, now: () => number = Date.now): CorrectWords {
  let held: { version: string; vocabulary: Vocabulary; builtAt: number } | undefined;
  return async (words) => {
    // The version is read before the words: a write in between only makes the next call rebuild again.
    const version = await sqliteIndexVersion(db);
    const due = !held || (held.version !== version && (held.vocabulary.size < LARGE_VOCABULARY || now() - held.builtAt >= REBUILD_MS));
    if (due) held = { version, vocabulary: createVocabulary(await sqliteVocabulary(db)), builtAt: now() };
    const { vocabulary } = held!;
    const corrections = new Map<string, string>();
    for (const word of words) {
      if (vocabulary.knows(word)) continue;
      const closest = vocabulary.closest(word);
      if (closest) corrections.set(word, closest);
    }
    return corrections;
  };
}

/** PostgreSQL: `search_words` and its pg_trgm index (migration 010) answer each word. */
export const postgresCorrector =
  (db: Db): CorrectWords =>
  (words) =>
    postgresCorrections(db, words);
