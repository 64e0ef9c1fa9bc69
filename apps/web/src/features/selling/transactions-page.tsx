// Transactions (/seller/transactions): the seller's listings as transaction rows; a
// sold book also says who bought it and when (from the seller's completed orders).
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { formatDate } from '@reshelf/shared';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageTitle } from '../../lib/use-page-title';
import { sellerBooksQuery, sellerOrdersQuery } from './api';
import { LoadFailed } from '../../components/ui/load-failed';
import { TransactionsTable, transactionRowOf } from './transactions-table';

export function SellerTransactionsPage() {
  usePageTitle('Transactions');
  const books = useQuery(sellerBooksQuery);
  const sales = useQuery(sellerOrdersQuery('completed'));
  const saleOf = new Map((sales.data ?? []).map((order) => [order.book.id, order]));
  const rows = (books.data ?? []).map((book) => {
    const sale = saleOf.get(book.id);
    return transactionRowOf(book, sale ? `Sold to ${sale.buyer.firstName} on ${formatDate(sale.updatedAt)}` : undefined);
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Transactions</h1>
      <p className="mt-1 text-ink-600">Every book you have listed, its amount and where it stands.</p>
      <div className="mt-6">
        {books.isPending ? (
          <div role="status" aria-label="Loading your transactions" className="space-y-3">
            <Skeleton className="h-11" />
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-14" />
            ))}
          </div>
        ) : books.isError ? (
          <LoadFailed layout="section" what="your transactions" error={books.error} onRetry={() => void books.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title="No Transactions Yet"
            text="Your transaction history will appear here once you list books for sale."
            action={
              <ButtonLink to="/seller/sell" size="lg">
                Sell a Book
              </ButtonLink>
            }
          />
        ) : (
          <TransactionsTable rows={rows} />
        )}
      </div>
    </div>
  );
}
