// Where other features offer "Save to wishlist" (the edition page, the catalogue's search results): a
// slot they render with what there is to save. Features never import each other (docs/decisions/0003), so
// the button itself, which belongs to the wishlist feature, is put into the slot by the app
// (app/layouts/query-layout.tsx); without it (a test of one page) the slot shows nothing.
import { createContext, Suspense, useContext, type ComponentType } from 'react';

/** What a "Save to wishlist" button saves: an ISBN, search words or a course code, optionally a campus and a max price (rand, as typed). */
export interface SaveToWishlistProps {
  isbn?: string | undefined;
  q?: string | undefined;
  course?: string | undefined;
  university?: string | undefined;
  maxPrice?: string | undefined;
  className?: string | undefined;
}

export const SaveToWishlistContext = createContext<ComponentType<SaveToWishlistProps> | null>(null);

export function SaveToWishlistSlot(props: SaveToWishlistProps) {
  const Button = useContext(SaveToWishlistContext);
  if (!Button || !(props.isbn || props.q?.trim() || props.course)) return null;
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
