// An edition as GET /editions/:isbn answers it (the sample book's ISBN, 978-1-337-61392-7), for the
// edition page, the book page's link to it and the sell wizard's guidance.
import type { Edition, EditionCopy } from '@reshelf/shared';

export const SAMPLE_ISBN13 = '9781337613927';

export function copyWith(extra: Partial<EditionCopy> = {}): EditionCopy {
  return {
    id: 'bk_calculus0000001',
    condition: 'good',
    price: 450.5,
    university: 'wits',
    image: { url: '/uploads/calc-1.webp', thumbUrl: '/uploads/calc-1-thumb.webp' },
    createdAt: '2025-03-01T08:00:00.000Z',
    ...extra,
  };
}

export function editionWith(extra: Partial<Edition> = {}): Edition {
  return {
    isbn13: SAMPLE_ISBN13,
    title: 'Calculus: Early Transcendentals',
    author: 'James Stewart',
    publisher: 'Cengage',
    publicationYear: 2020,
    edition: '9th Edition',
    available: 1,
    sold: 0,
    price: { low: 450.5, median: 450.5, high: 450.5 },
    newPrice: null,
    courses: [],
    copies: [copyWith()],
    ...extra,
  };
}
