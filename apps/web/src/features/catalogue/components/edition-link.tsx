// The book page's way to the other copies of the same edition: "N more copies of this edition", asked
// for only once the book has painted (the edition never holds up the book's first paint) and shown only
// when there are other copies for sale.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { toIsbn13, type Book } from '@reshelf/shared';
import { editionQuery } from '../../../lib/editions';

/** "1 more copy of this edition", "3 more copies of this edition". */
export const moreCopiesText = (count: number) => `${count} more ${count === 1 ? 'copy' : 'copies'} of this edition`;

export function EditionLink({ book, editionsPath }: { book: Book; editionsPath: string }) {
  const isbn13 = toIsbn13(book.isbn);
  const edition = useQuery({ ...editionQuery(isbn13 ?? ''), enabled: isbn13 !== null });
  if (!isbn13 || !edition.data) return null;
  // The edition counts this book among its available copies when it is one.
  const others = edition.data.available - (book.status === 'approved' && book.availability === 'available' ? 1 : 0);
  if (others <= 0) return null;
  return (
    <Link
      to={`${editionsPath}/${isbn13}`}
      className="mt-3 inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:underline"
    >
      <Layers aria-hidden="true" size={16} className="shrink-0" /> {moreCopiesText(others)}
    </Link>
  );
}
