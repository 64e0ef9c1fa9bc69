// Listing fixtures: written straight to the database (the upload pipeline has its own tests), so order
// and catalogue tests can set up approved books quickly; and the details of a valid listing upload.
import type { Kysely } from 'kysely';
import { isbn13CheckDigit, toIsbn13 } from '@reshelf/shared';
import type { Database } from '../../src/db/schema.ts';

let n = 0;

export interface BookFixture {
  title?: string;
  author?: string;
  isbn?: string;
  publisher?: string;
  description?: string;
  category?: string;
  studyLevel?: string;
  condition?: string;
  language?: string;
  university?: string;
  priceCents?: number;
  status?: 'pending' | 'approved' | 'declined';
  availability?: 'available' | 'reserved' | 'sold';
  createdAt?: string;
}

export async function insertBook(db: Kysely<Database>, sellerId: string, f: BookFixture = {}): Promise<string> {
  n += 1;
  const id = `book${String(n).padStart(4, '0')}${Math.random().toString(36).slice(2, 12)}`;
  // A valid ISBN-13 of its own from the counter, unless the test names one; stored as the API stores it
  // (its ISBN-13), while a value with a wrong check digit is written as given, like a legacy listing.
  const first12 = `9780${String(n).padStart(8, '0')}`;
  const isbn = f.isbn === undefined ? first12 + isbn13CheckDigit(first12) : (toIsbn13(f.isbn) ?? f.isbn);
  const at = f.createdAt ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  await db
    .insertInto('books')
    .values({
      id,
      seller_id: sellerId,
      title: f.title ?? `Fixture Book ${n}`,
      author: f.author ?? 'A. Author',
      isbn,
      isbn_digits: isbn.replace(/\D/g, ''),
      publisher: f.publisher ?? 'Juta',
      publication_year: 2020,
      language: f.language ?? 'english',
      category: f.category ?? 'mathematics',
      study_level: f.studyLevel ?? 'undergraduate',
      condition: f.condition ?? 'good',
      price_cents: f.priceCents ?? 25000,
      edition: '3rd',
      number_of_pages: 400,
      description: f.description ?? 'Clean copy, no highlighting.',
      additional_notes: null,
      status: f.status ?? 'approved',
      availability: f.availability ?? 'available',
      decline_reason: null,
      university: f.university ?? 'wits',
      created_at: at,
      updated_at: at,
      approved_at: f.status === 'approved' || !f.status ? at : null,
    })
    .execute();
  await db
    .insertInto('book_images')
    .values({ id: `${id}-img`, book_id: id, position: 0, path_full: `${id}/cover-full.webp`, path_thumb: `${id}/cover-thumb.webp`, width: 1200, height: 1600 })
    .execute();
  return id;
}

/** The `bookData` of a valid listing upload (every field the wizard sends), with any fields replaced. */
export function listingPayload(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Introduction to Law',
    author: 'Lucien du Bois',
    isbn: '978-0-7021-7338-7',
    publisher: 'Juta',
    publicationYear: 2019,
    language: 'english',
    category: 'law',
    studyLevel: 'undergraduate',
    condition: 'good',
    price: 250,
    edition: '5th',
    numberOfPages: 480,
    description: 'Clean copy.',
    ...overrides,
  };
}
