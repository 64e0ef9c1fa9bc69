// The frame of a page reached from the catalogue (a book, an edition): its width and padding in the
// public site or a dashboard, and the way back to the books of that area.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../../../lib/cn';

export type CatalogueArea = 'public' | 'buyer';

/** Where the catalogue is in each area. */
export const booksPath = (area: CatalogueArea) => (area === 'buyer' ? '/buyer/books' : '/books');

export function BackToBooksFrame({ area, children }: { area: CatalogueArea; children: ReactNode }) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', area === 'public' ? 'py-10' : 'py-8')}>
      <Link to={booksPath(area)} className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" size={16} /> Back to books
      </Link>
      {children}
    </div>
  );
}
