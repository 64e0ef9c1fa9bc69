// What the seeded catalogue holds, read back from the database (whoever seeded it): its editions with
// how many copies each has in the catalogue, and the courses its listings are tagged with. The edition
// and course cases of `npm run bench` and `npm run bench:ab` ask for these.
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/index.ts';

export interface CatalogueSample {
  /** Every ISBN with approved listings: copies for sale now, and all approved (sold and reserved too); most copies first. */
  editions: { isbn: string; available: number; copies: number }[];
  /** Every course with listings for sale tagged with it at a university; most listings first. */
  courses: { university: string; code: string; listings: number }[];
}

export async function readCatalogueSample(db: Db): Promise<CatalogueSample> {
  const editions = await sql<{ isbn: string; available: number | string; copies: number | string }>`
    SELECT isbn, sum(CASE WHEN availability = 'available' THEN 1 ELSE 0 END) AS available, count(*) AS copies
    FROM books WHERE status = 'approved' GROUP BY isbn ORDER BY count(*) DESC, isbn`.execute(db);
  const courses = await sql<{ university: string; code: string; listings: number | string }>`
    SELECT c.university, c.code, count(*) AS listings FROM book_courses c JOIN books b ON b.id = c.book_id
    WHERE b.status = 'approved' AND b.availability = 'available'
    GROUP BY c.university, c.code ORDER BY count(*) DESC, c.university, c.code`.execute(db);
  return {
    editions: editions.rows.map((r) => ({ isbn: r.isbn, available: Number(r.available), copies: Number(r.copies) })),
    courses: courses.rows.map((r) => ({ university: r.university, code: r.code, listings: Number(r.listings) })),
  };
}

/** The edition with the most copies, and a typical one (the median number of copies), for the in-process timings. */
export function editionsToTime(sample: CatalogueSample): { label: string; isbn: string }[] {
  const { editions } = sample;
  const popular = editions[0]!;
  const typical = editions[Math.floor(editions.length / 2)]!;
  return [
    { label: `most copies (${popular.copies} approved, ${popular.available} for sale)`, isbn: popular.isbn },
    { label: `typical (${typical.copies} approved, ${typical.available} for sale)`, isbn: typical.isbn },
  ];
}
