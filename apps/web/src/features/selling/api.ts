// The seller's server state: every listing of the signed-in seller, their order requests, and the
// edit / withdraw calls (listing a book, with its upload progress, is photo-upload.ts), all through one
// TanStack Query cache so every page stays in step.
import type { Book, BookResponse, ListingEditBody, ListResponse, Order } from '@reshelf/shared';
import { api } from '../../lib/api';
import { uploadListing, type UploadProgress } from './photo-upload';

/** The server's largest page for the seller's own list. */
const SELLER_PAGE_SIZE = 100;

export const sellingKeys = {
  books: ['seller', 'books'] as const,
  orders: (status: string) => ['seller', 'orders', status] as const,
};

/** Every listing of the seller, newest first (the counters and the transactions need them all). */
export async function fetchAllSellerBooks(signal?: AbortSignal): Promise<Book[]> {
  const books: Book[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<ListResponse<Book>>(`/seller/books?page=${page}&pageSize=${SELLER_PAGE_SIZE}`, { signal });
    books.push(...answer.items);
    if (answer.items.length === 0 || books.length >= answer.total) return books;
  }
}

/** The seller's orders in the given statuses (comma-separated), newest first; one page is plenty here. */
export async function fetchSellerOrders(status: string, signal?: AbortSignal): Promise<Order[]> {
  const answer = await api<ListResponse<Order>>(`/orders?as=seller&status=${encodeURIComponent(status)}&pageSize=50`, { signal });
  return answer.items;
}

/** The details an owner may change (any of them; the server checks them as when listing). */
export type ListingEdit = ListingEditBody;

/**
 * Saves the edit; with `photos` (4 to 6, already scaled down for sending) the listing's photos are
 * replaced too, as a multipart PATCH whose progress `onProgress` hears.
 */
export async function editListing(
  id: string,
  body: ListingEdit,
  photos?: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<Book> {
  const path = `/books/${encodeURIComponent(id)}`;
  if (!photos?.length) return (await api<BookResponse>(path, { method: 'PATCH', body })).book;
  return uploadListing({ method: 'PATCH', path, bookData: body, photos, onProgress });
}

export async function withdrawListing(id: string): Promise<void> {
  await api(`/books/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
