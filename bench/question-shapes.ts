// The catalogue's question shapes at national scale (`npm run bench -- --listings=1000000`): searches and
// browsing as students ask them, every request a different question drawn at random from the seeded
// catalogue's own listings, so no cache can answer it and no shape is one somebody tuned for. Words of
// any frequency come from real titles and authors (a common subject word as often as it is common), the
// prefixes are what a student has typed after four letters, the pages go deep.
import { sql } from 'kysely';
import { CATALOGUE_SORTS, CONDITIONS, LANGUAGES, STUDY_LEVELS, UNIVERSITY_IDS } from '@reshelf/shared';
import type { Db } from '../apps/server/src/db/index.ts';
import { prng, type Rng } from './catalogue-data.ts';

/** Live listings drawn at random: the words, ISBNs and ids the questions are made of. */
export interface ShapeSample {
  listings: { id: string; title: string; author: string; isbn: string; category: string; price_cents: number }[];
}

export async function readShapeSample(db: Db, size: number): Promise<ShapeSample> {
  const rows = await sql<ShapeSample['listings'][number]>`
    SELECT id, title, author, isbn, category, price_cents FROM books
    WHERE status = 'approved' AND availability = 'available' ORDER BY random() LIMIT ${size}`.execute(db);
  return { listings: rows.rows };
}

/** A listing's words as a student would type them: letters and digits, three or more of them. */
const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !/^\d+$/.test(w));

/** An ISBN-13 as printed on a back cover (978-0-13-468599-1 style; the groups' lengths vary, this keeps one). */
const hyphenated = (isbn: string) => `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 7)}-${isbn.slice(7, 12)}-${isbn.slice(12)}`;

export interface QuestionShape {
  name: string;
  paths: string[];
}

/** Each shape with `count` different questions (fewer where the sample has fewer, e.g. ISBNs). */
export function questionShapes(sample: ShapeSample, count: number, seed = 20261124): QuestionShape[] {
  const rng: Rng = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[rng.int(0, list.length - 1)]!;
  const listing = () => pick(sample.listings);
  const distinct = (make: () => string | undefined) => {
    const out = new Set<string>();
    for (let tries = 0; out.size < count && tries < count * 4; tries++) {
      const path = make();
      if (path) out.add(path);
    }
    return [...out];
  };
  const books = (params: Record<string, string | number>) => `/api/v1/books?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
  return [
    {
      name: 'one word × campus × sort',
      paths: distinct(() => {
        const words = wordsOf(`${listing().title} ${listing().author}`);
        return words.length ? books({ q: pick(words), university: pick(UNIVERSITY_IDS), sort: pick(CATALOGUE_SORTS) }) : undefined;
      }),
    },
    {
      name: 'two words',
      paths: distinct(() => {
        const l = listing();
        const words = [...new Set(wordsOf(`${l.title} ${l.author}`))];
        if (words.length < 2) return undefined;
        const first = rng.int(0, words.length - 1);
        let second = rng.int(0, words.length - 2);
        if (second >= first) second++;
        return books({ q: `${words[first]} ${words[second]}` });
      }),
    },
    {
      // The catalogue's words have a few hundred different beginnings, so each is also asked on one
      // campus or all of them and in every sort: questions the cache has not seen.
      name: 'the first 4 letters of a word, as typed',
      paths: distinct(() => {
        const words = wordsOf(listing().title).filter((w) => w.length >= 4);
        if (!words.length) return undefined;
        const campus = rng.int(0, UNIVERSITY_IDS.length);
        return books({ q: pick(words).slice(0, 4), ...(campus < UNIVERSITY_IDS.length ? { university: UNIVERSITY_IDS[campus]! } : {}), sort: pick(CATALOGUE_SORTS) });
      }),
    },
    {
      name: 'browse category × condition, pages 1-20',
      paths: distinct(() => books({ category: listing().category, condition: pick(CONDITIONS), page: rng.int(1, 20) })),
    },
    {
      // Nobody tuned for this one: a word or none, then each filter a student might set (campus, subject,
      // condition, study level, language, a price range around a real listing's price) independently, a
      // third of the time each, in any sort, on any of the first 20 pages.
      name: 'any filters, a word or none, pages 1-20',
      paths: distinct(() => {
        const l = listing();
        const words = wordsOf(`${l.title} ${l.author}`);
        const sometimes = () => rng.int(0, 2) === 0;
        const rand = Math.max(1, Math.round(Number(l.price_cents) / 100));
        const params: Record<string, string | number> = {
          ...(words.length && rng.int(0, 9) < 7 ? { q: pick(words) } : {}),
          ...(sometimes() ? { university: pick(UNIVERSITY_IDS) } : {}),
          ...(sometimes() ? { category: l.category } : {}),
          ...(sometimes() ? { condition: pick(CONDITIONS) } : {}),
          ...(sometimes() ? { studyLevel: pick(STUDY_LEVELS) } : {}),
          ...(sometimes() ? { language: pick(LANGUAGES) } : {}),
          ...(sometimes() ? { minPrice: Math.floor(rand / 2) } : {}),
          ...(sometimes() ? { maxPrice: rand * 2 } : {}),
          sort: pick(CATALOGUE_SORTS),
          page: rng.int(1, 20),
        };
        return books(params);
      }),
    },
    { name: 'ISBN with hyphens', paths: distinct(() => books({ q: hyphenated(listing().isbn) })) },
    { name: 'book detail by id', paths: distinct(() => `/api/v1/books/${listing().id}`) },
  ];
}
