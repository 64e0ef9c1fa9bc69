// Seeds a scratch database for the benchmarks: sellers and buyers, 100,000 approved listings (some
// reserved or sold) plus a few thousand waiting for moderation, each a copy of one of ~13,000 editions
// (catalogue-data.ts), some tagged with the course that prescribes it at the seller's campus, each with
// four stored photos that point at a few real WebP files written to DATA_DIR/uploads.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'kysely';
import { UNIVERSITY_IDS, type UniversityId } from '@reshelf/shared';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/index.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { SQLITE_TEXT_INDEXES, sqliteIndexShape } from '../apps/server/src/modules/catalogue/repository.ts';
import { mergeSqliteIndex } from '../apps/server/src/modules/catalogue/service.ts';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.ts';
import { makeCatalogue, makeCopy, prng } from './catalogue-data.ts';

export const BENCH_PASSWORD = 'Bench-Passw0rd!';
export const BUYER_EMAIL = 'buyer@bench.reshelf.test';
export const SELLER_EMAIL = 'seller@bench.reshelf.test';

export interface SeedOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  approved: number;
  pending: number;
  sellers: number;
  log: (line: string) => void;
}

export interface SeedResult {
  /** Ids of approved listings (any availability), for the book-detail run. */
  approvedIds: string[];
  seconds: number;
}

const PHOTOS = 4;

/** A scratch PostgreSQL database next to the one in `adminUrl`; `drop` removes it. */
export async function createScratchPostgres(adminUrl: string) {
  const name = `reshelf_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

type Cover = { full: string; thumb: string; width: number; height: number };

const COVER_COLOURS = ['#1f7a4d', '#2d4f8a', '#8a2d3f', '#b8860b'];

/**
 * A few real, small photos (gradients with a title block) for every listing to point at, kept in
 * `folder`. A photo is public while the listing whose folder holds it is approved, so the seed keeps them
 * in the first approved listing's folder: every listing's photos then load, as they would with their own.
 */
const coversIn = (folder: string): Cover[] =>
  COVER_COLOURS.map((_, i) => ({ full: `${folder}/cover-${i}-full.webp`, thumb: `${folder}/cover-${i}-thumb.webp`, width: 1200, height: 1600 }));

async function writeCoverFiles(uploadsDir: string, covers: readonly Cover[]): Promise<void> {
  for (const [i, cover] of covers.entries()) {
    const colour = COVER_COLOURS[i]!;
    const svg = (w: number, h: number) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
          `<stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f4f1ea"/></linearGradient></defs>` +
          `<rect width="100%" height="100%" fill="url(#g)"/><rect x="${w * 0.1}" y="${h * 0.15}" width="${w * 0.8}" height="${h * 0.2}" fill="#fff" opacity="0.85"/></svg>`,
      );
    fs.mkdirSync(path.dirname(path.join(uploadsDir, cover.full)), { recursive: true });
    await sharp(svg(cover.width, cover.height)).webp({ quality: 80 }).toFile(path.join(uploadsDir, cover.full));
    await sharp(svg(300, 400)).webp({ quality: 75 }).toFile(path.join(uploadsDir, cover.thumb));
  }
}

/**
 * Indexes of `books` that its triggers read while listings are inserted, which stay: the edition median's
 * recount (migration 013) reads a copy's edition through this one.
 */
const READ_BY_TRIGGERS = ['books_edition_prices_idx'];

/**
 * Runs `insert` with the secondary indexes of `books` dropped (all but READ_BY_TRIGGERS and those behind
 * a constraint), then makes them again from the definitions the database itself kept, so they stay
 * exactly what the migrations made. A million listings written into a dozen indexes at once put each
 * listing into each index at a place of its own (by price, by date, by campus); an index made at the end
 * sorts them once. The triggers still run for every listing, so the text index, the medians and the
 * vocabulary are written as the server writes them (docs/performance.md, "Seeding in date order").
 */
async function withIndexesMadeAfter(handle: DatabaseHandle, log: (line: string) => void, insert: () => Promise<void>): Promise<void> {
  const db = handle.db;
  const postgres = handle.dialect === 'postgres';
  const indexes = (
    postgres
      ? await sql<{ name: string; definition: string }>`
          SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
          WHERE x.indrelid = 'books'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`.execute(db)
      : await sql<{ name: string; definition: string }>`
          SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = 'books' AND sql IS NOT NULL`.execute(db)
  ).rows.filter((i) => !READ_BY_TRIGGERS.includes(i.name));
  for (const i of indexes) await sql`DROP INDEX ${sql.id(i.name)}`.execute(db);
  // The indexes are made again when the inserts fail too; the inserts' error is the one thrown.
  let failed: { err: unknown } | undefined;
  try {
    await insert();
  } catch (err) {
    failed = { err };
  }
  const started = performance.now();
  try {
    // PostgreSQL sorts an index's entries in memory up to maintenance_work_mem (64 MB by default), on disk past it.
    await db.connection().execute(async (c) => {
      if (postgres) await sql`SET maintenance_work_mem = '1GB'`.execute(c);
      for (const i of indexes) await sql.raw(i.definition).execute(c);
    });
  } catch (err) {
    throw failed ? failed.err : err;
  }
  if (failed) throw failed.err;
  log(`  made ${indexes.length} indexes of books after the inserts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const FIRST_NAMES = ['Thandi', 'Sipho', 'Lerato', 'Pieter', 'Ayesha', 'Johan', 'Nomsa', 'Kagiso', 'Anika', 'Themba', 'Zanele', 'Ruan', 'Priya', 'Bongani', 'Megan', 'Tshepo'];

export async function seedCatalogue(opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const handle: DatabaseHandle = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    await migrateToLatest(handle);
    const db = handle.db;
    const rng = prng(20261121);
    let covers: Cover[] | undefined;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const createdAt = '2025-01-01T00:00:00.000Z';

    // Sellers (each with a campus), plus the buyer and seller the bench signs in as.
    const students = Array.from({ length: opts.sellers }, (_, i) => ({
      id: `bench-seller-${i}`,
      email: `seller${i}@bench.reshelf.test`,
      password_hash: passwordHash,
      first_name: rng.pick(FIRST_NAMES),
      last_name: 'Student',
      student_number: String(2_000_000 + i),
      university: UNIVERSITY_IDS[i % UNIVERSITY_IDS.length]!,
      role: 'seller' as 'buyer' | 'seller',
      created_at: createdAt,
      updated_at: createdAt,
    }));
    for (const [email, role] of [
      [BUYER_EMAIL, 'buyer'],
      [SELLER_EMAIL, 'seller'],
    ] as const) {
      students.push({ ...students[0]!, id: `bench-${role}`, email, role, student_number: role === 'buyer' ? '1999001' : '1999002' });
    }
    for (let i = 0; i < students.length; i += 500) await db.insertInto('students').values(students.slice(i, i + 500)).execute();

    const total = opts.approved + opts.pending;
    const { editions, editionOf } = makeCatalogue(rng, total);
    // Sellers by campus: a copy of a prescribed book is most often sold where it is prescribed.
    const sellersAt = new Map(UNIVERSITY_IDS.map((u) => [u, students.slice(0, opts.sellers).filter((s) => s.university === u)]));
    const approvedIds: string[] = [];
    const courseListings = new Map<string, number>();
    // Listings are written in the order they were listed, as a running catalogue's are: students list books
    // day by day, so a listing's place in the table (its rowid, or its page of PostgreSQL's heap) and in the
    // text index follows its date. The approved listings' dates are drawn evenly over the span and sorted,
    // and the i-th listing written takes the i-th; those waiting for a moderator are the newest, from the
    // span's last three days. (Until 2026-11-29 each listing drew its own date, which scattered a month's
    // listings over the whole table: docs/performance.md, "Seeding in date order".)
    const start = Date.UTC(2024, 0, 1);
    const span = Date.UTC(2026, 10, 1) - start;
    const dateRng = prng(20261129);
    const datesOver = (n: number, from: number, length: number) => Float64Array.from({ length: n }, () => from + Math.floor(dateRng.next() * length)).sort();
    const waiting = 3 * 24 * 3600 * 1000;
    const dates = [...datesOver(opts.approved, start, span), ...datesOver(opts.pending, start + span - waiting, waiting)];
    const batch = 500;
    const insertStarted = performance.now();
    const insertBatch = async (trx: typeof db, from: number) => {
      const books = [];
      const images = [];
      const courses = [];
      for (let i = from; i < Math.min(total, from + batch); i++) {
        const e = editions[editionOf[i]!]!;
        const copy = makeCopy(rng, e);
        const id = `bk${i.toString(36).padStart(5, '0')}${Math.floor(rng.next() * 2 ** 40).toString(36)}`;
        const pending = i >= opts.approved;
        const r = rng.next();
        const availability = pending ? 'available' : r < 0.06 ? 'sold' : r < 0.1 ? 'reserved' : 'available';
        // The draw that gave the listing its date before: kept, so every other field is what it was.
        rng.next();
        const at = new Date(dates[i]!).toISOString();
        const prescribedAt = Object.keys(e.courses) as UniversityId[];
        const campus = prescribedAt.length && rng.next() < 0.7 ? rng.pick(prescribedAt) : undefined;
        const seller = campus ? rng.pick(sellersAt.get(campus)!) : students[rng.int(0, opts.sellers - 1)]!;
        // Most sellers of a prescribed book tag it with the course (at their own campus).
        const code = e.courses[seller.university as UniversityId];
        const tagged = code !== undefined && rng.next() < 0.8;
        if (!pending) {
          approvedIds.push(id);
          if (tagged) courseListings.set(`${seller.university} ${code}`, (courseListings.get(`${seller.university} ${code}`) ?? 0) + 1);
        }
        covers ??= coversIn(id);
        books.push({
          id,
          seller_id: seller.id,
          title: e.title,
          author: e.author,
          isbn: e.isbn,
          isbn_digits: e.isbn,
          publisher: e.publisher,
          publication_year: e.publicationYear,
          language: e.language,
          category: e.category,
          study_level: e.studyLevel,
          condition: copy.condition,
          price_cents: copy.priceCents,
          edition: e.edition,
          number_of_pages: e.numberOfPages,
          description: copy.description,
          additional_notes: rng.next() < 0.2 ? 'Cash or EFT on collection.' : null,
          status: pending ? ('pending' as const) : ('approved' as const),
          availability: availability as 'available' | 'sold' | 'reserved',
          decline_reason: null,
          university: seller.university,
          course_codes: tagged ? code : '',
          created_at: at,
          updated_at: at,
          approved_at: pending ? null : at,
        });
        if (tagged) courses.push({ book_id: id, university: seller.university, code, position: 0 });
        for (let p = 0; p < PHOTOS; p++) {
          const cover = covers[(i + p) % covers.length]!;
          images.push({ id: `${id}-${p}`, book_id: id, position: p, path_full: cover.full, path_thumb: cover.thumb, width: cover.width, height: cover.height });
        }
      }
      await trx.insertInto('books').values(books).execute();
      for (let i = 0; i < images.length; i += 1000) await trx.insertInto('book_images').values(images.slice(i, i + 1000)).execute();
      if (courses.length) await trx.insertInto('book_courses').values(courses).execute();
      if ((from / batch) % 40 === 0) opts.log(`  seeded ${from.toLocaleString('en-ZA')} of ${total.toLocaleString('en-ZA')} listings`);
    };
    await withIndexesMadeAfter(handle, opts.log, async () => {
      if (handle.dialect === 'postgres') {
        // A transaction per batch. In one transaction, the vocabulary and median triggers (migrations 010 and
        // 013) update the rows of common words and popular editions again and again, and each update steps
        // over every version of the row the transaction made before, so seeding slowed down as it went
        // (docs/performance.md).
        for (let from = 0; from < total; from += batch) {
          await db.transaction().execute((trx) => insertBatch(trx, from));
          // What autovacuum would do meanwhile (a server may run without it, as the test server does):
          // statistics as the catalogue grows, and the dead versions of the vocabulary and medians cleared.
          // With no statistics at all, the planner read every approved listing for each new listing's median
          // (an index on status and availability looked as good as the ISBN's), slower with every listing.
          if ((from / batch) % 20 === 19) await sql`VACUUM ANALYZE books, search_words, edition_medians`.execute(db);
        }
      } else {
        // SQLite: one transaction, as its commits are what would cost.
        await db.transaction().execute(async (trx) => {
          for (let from = 0; from < total; from += batch) await insertBatch(trx, from);
        });
      }
    });
    const tagged = [...courseListings.values()].reduce((s, n) => s + n, 0);
    opts.log(
      `  inserted ${total.toLocaleString('en-ZA')} listings of ${editions.length.toLocaleString('en-ZA')} editions, ${(total * PHOTOS).toLocaleString('en-ZA')} photos and ` +
        `${tagged.toLocaleString('en-ZA')} approved listings' course codes (${courseListings.size.toLocaleString('en-ZA')} courses) in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s`,
    );
    await writeCoverFiles(path.join(opts.dataDir, 'uploads'), covers ?? []);
    // PostgreSQL's autovacuum would vacuum and analyze freshly inserted tables this size within a minute
    // (statistics for the planner, the visibility map for index-only scans); do it now rather than
    // measure a state no running deployment stays in. On SQLite the server's merge-search-index job would
    // merge the text index the listings were written into within its first minute; done here with its
    // merge (in larger steps: nothing else is waiting), so it does not run in the middle of a measurement.
    if (handle.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
    else for (const index of SQLITE_TEXT_INDEXES) await mergeSqliteIndex(db, index, 2000, (await sqliteIndexShape(db, index)).pages);
    return { approvedIds, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
