// "Save to wishlist" where a student looks for a book and may not find it yet: an edition's page saves its
// ISBN, the catalogue's results save the search (its words, its course, its campus and its max price).
// Signed out, it leads to the login page, which brings a buyer back to the Wishlist page with the entry
// filled in. The app puts it into the slot those pages render (lib/save-to-wishlist-slot.tsx).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { MESSAGES, UNIVERSITY_IDS, type UniversityId, type WishlistEntryBody } from '@reshelf/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import type { SaveToWishlistProps } from '../../lib/save-to-wishlist-slot';
import { useAction } from '../../lib/use-action';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { saveWishlistEntry, wishlistKeys, wishlistPath } from './api';

/** What the button saves, as the API takes it; blank parts are left out. */
function entryOf({ isbn, q, course, university, maxPrice }: SaveToWishlistProps): WishlistEntryBody {
  const price = maxPrice?.trim() && /^\d{1,6}(\.\d{1,2})?$/.test(maxPrice.trim()) ? Number(maxPrice) : undefined;
  const campus = (UNIVERSITY_IDS as readonly string[]).includes(university ?? '') ? (university as UniversityId) : undefined;
  return {
    ...(isbn ? { isbn } : {}),
    ...(q?.trim() ? { q: q.trim() } : {}),
    ...(course ? { course } : {}),
    ...(campus ? { university: campus } : {}),
    ...(price !== undefined && price > 0 ? { maxPrice: price } : {}),
  };
}

export function SaveToWishlist(props: SaveToWishlistProps) {
  const { student } = useSession();
  const client = useQueryClient();
  const entry = entryOf(props);
  const key = JSON.stringify(entry);
  // The entry saved from here (the button turns into a link to the list); another search is a new entry.
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const save = useAction({ mutationFn: saveWishlistEntry });

  const label = entry.isbn ? 'Save to wishlist' : entry.course && !entry.q ? 'Save this course' : 'Save this search';
  const hint = entry.isbn ? 'We tell you when a copy is listed.' : 'We tell you when a matching book is listed.';
  const path = student ? wishlistPath(student.role) : null;
  if (student && !path) return null; // admins keep no wishlist

  const frame = (children: ReactNode) => <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', props.className)}>{children}</div>;

  if (!student) {
    const params = new URLSearchParams(Object.entries(entry).map(([name, value]) => [name, String(value)]));
    const state: LoginRedirectState = { from: `/buyer/wishlist?${params.toString()}` };
    return frame(
      <>
        <ButtonLink to="/login" state={state} variant="outline" size="sm">
          <BookmarkPlus aria-hidden="true" size={16} /> {label}
        </ButtonLink>
        <p className="text-sm text-ink-600">Log in to save it. {hint}</p>
      </>,
    );
  }

  if (savedKey === key) {
    return frame(
      <p role="status" className="flex items-center gap-1.5 text-sm font-semibold text-brand-800">
        <BookmarkCheck aria-hidden="true" size={18} /> On your wishlist.{' '}
        <Link to={path!} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
          View your wishlist
        </Link>
      </p>,
    );
  }

  const onSave = () =>
    save.run(entry, {
      onSuccess: () => {
        setSavedKey(key);
        toast.success(MESSAGES.wishlistSaved);
        void client.invalidateQueries({ queryKey: wishlistKeys.all });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'WISHLIST_DUPLICATE') {
          setSavedKey(key);
          toast.info(MESSAGES.wishlistDuplicate);
        } else {
          toast.error(errorMessage(error, MESSAGES.wishlistSaveFailed));
        }
      },
    });

  return frame(
    <>
      <Button variant="outline" size="sm" onClick={onSave} loading={save.busy}>
        {!save.busy && <BookmarkPlus aria-hidden="true" size={16} />} {label}
      </Button>
      <p className="text-sm text-ink-600">{hint}</p>
    </>,
  );
}
