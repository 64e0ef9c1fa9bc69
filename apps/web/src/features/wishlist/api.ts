// Server state of the student's wishlist (docs/api.md, Wishlists): the entries, saving one, turning its
// emails on or off, deleting it; and an email's unsubscribe link, which works without a login. Every read
// and refresh derives its key from wishlistKeys.
import { queryOptions } from '@tanstack/react-query';
import { LIMITS, type Role, type UnsubscribeAnswer, type WishlistEntry, type WishlistEntryBody, type WishlistList } from '@reshelf/shared';
import { api } from '../../lib/api';

export type { UnsubscribeAnswer, WishlistEntry } from '@reshelf/shared';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  entries: ['wishlist', 'entries'] as const,
  unsubscribe: (token: string) => ['wishlist', 'unsubscribe', token] as const,
};

/** Every entry (a student keeps at most 50, the API's largest page). */
export const wishlistQuery = queryOptions({
  queryKey: wishlistKeys.entries,
  queryFn: ({ signal }) => api<WishlistList>(`/wishlist?page=1&pageSize=${LIMITS.wishlistMaxEntries}`, { signal }),
});

/** What the API answers a save with: the entry, and whether it is new (201) or took a new price (200). */
export const saveWishlistEntry = (body: WishlistEntryBody) => api<{ entry: WishlistEntry }>('/wishlist', { method: 'POST', body }).then((answer) => answer.entry);

export const deleteWishlistEntry = (id: string) => api(`/wishlist/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const setWishlistEmails = (id: string, emails: boolean) =>
  api<{ entry: WishlistEntry }>(`/wishlist/${encodeURIComponent(id)}`, { method: 'PATCH', body: { emails } }).then((answer) => answer.entry);

/** What an unsubscribe link is about (no login: the link is signed). */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: wishlistKeys.unsubscribe(token),
    queryFn: ({ signal }) => api<{ unsubscribe: UnsubscribeAnswer }>(`/wishlist/unsubscribe/${encodeURIComponent(token)}`, { signal }).then((a) => a.unsubscribe),
  });

export const unsubscribe = (token: string) =>
  api<{ unsubscribe: UnsubscribeAnswer }>(`/wishlist/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' }).then((a) => a.unsubscribe);

/** The Wishlist page of a role's area (admins have none). */
export function wishlistPath(role: Role): string | null {
  if (role === 'buyer') return '/buyer/wishlist';
  if (role === 'seller') return '/seller/wishlist';
  return null;
}
