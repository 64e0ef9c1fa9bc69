// The seller's server state: every listing of the signed-in seller, their order requests, and the
// list / edit / withdraw calls, all through one TanStack Query cache so every page stays in step.
import type { Book, BookResponse, ListResponse, Order } from '@reshelf/shared';
import { api } from '../../lib/api';

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

export async function createListing(formData: FormData): Promise<Book> {
  const answer = await api<BookResponse>('/books', { method: 'POST', formData });
  return answer.book;
}

export interface ListingEdit {
  price: number;
  condition: string;
  description: string;
  additionalNotes: string | null;
}

/** Saves the edit; with `photos` (4 to 6) the listing's photos are replaced too (multipart PATCH). */
export async function editListing(id: string, body: ListingEdit, photos?: readonly File[]): Promise<Book> {
  const path = `/books/${encodeURIComponent(id)}`;
  if (!photos?.length) return (await api<BookResponse>(path, { method: 'PATCH', body })).book;
  const formData = new FormData();
  formData.append('bookData', JSON.stringify(body));
  for (const photo of photos) formData.append('images', photo, photo.name);
  return (await api<BookResponse>(path, { method: 'PATCH', formData })).book;
}

export async function withdrawListing(id: string): Promise<void> {
  await api(`/books/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
