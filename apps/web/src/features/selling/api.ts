// The seller's server state: every listing of the signed-in seller, their order requests, and the
// edit / withdraw calls (listing a book, with its upload progress, is photo-upload.ts), all through one
// TanStack Query cache so every page stays in step.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Book, type BookResponse, type ListingEditBody, type ListResponse, type Order } from '@reshelf/shared';
import { api } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { uploadListing, type UploadProgress } from './photo-upload';

/** The server's largest page, so the seller's whole list takes as few requests as it can. */
const SELLER_PAGE_SIZE = LIMITS.maxPageSize;

export const sellingKeys = {
  books: ['seller', 'books'] as const,
  orders: (status: string) => ['seller', 'orders', status] as const,
};

/** Every listing of the seller (Seller Home's counters, My Books, Transactions). */
export const sellerBooksQuery = queryOptions({
  queryKey: sellingKeys.books,
  queryFn: ({ signal }) => fetchAllSellerBooks(signal),
});

/** The seller's orders in the given statuses (comma-separated). */
export const sellerOrdersQuery = (status: string) =>
  queryOptions({
    queryKey: sellingKeys.orders(status),
    queryFn: ({ signal }) => fetchSellerOrders(status, signal),
  });

/** Every listing of the seller, newest first (the counters and the transactions need them all). */
async function fetchAllSellerBooks(signal?: AbortSignal): Promise<Book[]> {
  const books: Book[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<ListResponse<Book>>(`/seller/books?page=${page}&pageSize=${SELLER_PAGE_SIZE}`, { signal });
    books.push(...answer.items);
    if (answer.items.length === 0 || books.length >= answer.total) return books;
  }
}

/** The seller's orders in the given statuses (comma-separated), newest first; one page is plenty here. */
async function fetchSellerOrders(status: string, signal?: AbortSignal): Promise<Order[]> {
  const answer = await api<ListResponse<Order>>(`/orders?as=seller&status=${encodeURIComponent(status)}&pageSize=${LIMITS.maxPageSize}`, { signal });
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

// After approval (docs/api.md, Listings): the owner keeps a listing 90 more days, or says it sold elsewhere.
// Each acts once per tap per listing, and the answer (the listing as it is now) replaces it in the list.

function useListingChange(path: 'renew' | 'sold-elsewhere') {
  const client = useQueryClient();
  return useAction(
    {
      mutationFn: (id: string) => api<BookResponse>(`/books/${encodeURIComponent(id)}/${path}`, { method: 'POST' }).then((answer) => answer.book),
      onSuccess: (book) => {
        client.setQueryData(sellerBooksQuery.queryKey, (books) => books?.map((item) => (item.id === book.id ? book : item)));
        void client.invalidateQueries({ queryKey: sellerBooksQuery.queryKey });
      },
    },
    (id) => id,
  );
}

/** Renews an approved or expired listing for 90 days from now. */
export const useRenewListing = () => useListingChange('renew');

/** Marks an approved or expired listing that is in no order as sold outside Reshelf. */
export const useMarkSoldElsewhere = () => useListingChange('sold-elsewhere');
