// Where each database finds the closest vocabulary word for a misspelt one (docs/decisions/0024-search-that-forgives.md).
import type { Db } from '../../db/index.ts';
import { postgresCorrections, sqliteIndexVersion, sqliteVocabulary } from './repository.ts';
import { createVocabulary, type Vocabulary } from './spelling.ts';

/** For each word the vocabulary does not know, the closest word it does know (words with none are left out). */
export type CorrectWords = (words: string[]) => Promise<Map<string, string>>;

/**
 * SQLite: the vocabulary is read from the full-text index into memory and kept until the index changes
 * (its structure record, read on each call, says when). Built only when a search needs a correction.
 */
export function sqliteCorrector(db: Db): CorrectWords {
  let held: { version: string; vocabulary: Vocabulary } | undefined;
  return async (words) => {
    // The version is read before the words: a write in between only makes the next call rebuild again.
    const version = await sqliteIndexVersion(db);
    if (held?.version !== version) held = { version, vocabulary: createVocabulary(await sqliteVocabulary(db)) };
    const corrections = new Map<string, string>();
    for (const word of words) {
      if (held.vocabulary.knows(word)) continue;
      const closest = held.vocabulary.closest(word);
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
