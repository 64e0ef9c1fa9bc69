// The buyer's Transactions: their orders in the transactions table layout (Transaction ID, Book Title, Amount,
// Status, Date), searchable by title or ID, filtered by status, newest first, 10 a page with
// 'Showing X to Y of Z transactions'. Rows open the order. Phones get stacked cards instead of a table.
// Below them, the buyer's package orders.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Receipt, Search } from 'lucide-react';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, formatRand, orderReference, type Order, type OrderStatus } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { transactionsPage } from '../../lib/transactions-paging';
import { usePageTitle } from '../../lib/use-page-title';
import { useAllBuyerOrders } from './api';
import { PackageOrdersSection } from './package-orders-section';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

function matches(order: Order, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const id = orderReference(order).toLowerCase();
  return (
    order.book.title.toLowerCase().includes(needle) ||
    id.includes(needle) ||
    order.book.id.toLowerCase().includes(needle.replace(/^#/, ''))
  );
}

export function BuyerTransactionsPage() {
  usePageTitle('Transactions');
  const orders = useAllBuyerOrders();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);

  const all = orders.data ?? [];
  const rows = all.filter((order) => matches(order, search) && (!status || order.status === status));
  const { visible, current, pageCount, text } = transactionsPage(rows, page);

  let body;
  if (orders.isPending) {
    body = (
      <div role="status" aria-label="Loading transactions" className="space-y-2 p-4">
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} className="h-12" />
        ))}
      </div>
    );
  } else if (orders.isError) {
    body = (
      <LoadFailed className="m-4" icon={<Receipt />} what="your transactions" error={orders.error} onRetry={() => void orders.refetch()} />
    );
  } else if (all.length === 0) {
    body = (
      <EmptyState
        className="m-4"
        icon={<Receipt />}
        title="No Transactions Yet"
        text="Your transaction history will appear here once you request books to buy."
        action={<ButtonLink to="/buyer/books">Browse books</ButtonLink>}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        className="m-4"
        icon={<Search />}
        title="No matching transactions"
        text="Try another title or ID, or show all statuses."
        action={
          <Button
            variant="outline"
            onClick={() => {
              setSearch('');
              setStatus('');
              setPage(1);
            }}
          >
            Clear search
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {/* Tablets and up: the table. */}
        <div className="overflow-x-auto max-md:hidden">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-3">Transaction ID</th>
                <th scope="col" className="px-5 py-3">Book Title</th>
                <th scope="col" className="px-5 py-3">Amount</th>
                <th scope="col" className="px-5 py-3">Status</th>
                <th scope="col" className="px-5 py-3">Date</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {visible.map((order) => (
                <tr
                  key={order.id}
                  className="cursor-pointer hover:bg-ink-50"
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('a')) return;
                    navigate(`/buyer/orders/${order.id}`);
                  }}
                >
                  <td className="px-5 py-4 font-mono font-semibold text-ink-800">
                    <Link to={`/buyer/orders/${order.id}`} className="rounded-sm text-brand-700 hover:underline">
                      {orderReference(order)}
                    </Link>
                  </td>
                  <td className="px-5 py-4 font-medium text-ink-900"><span className="line-clamp-2 wrap-anywhere">{order.book.title}</span></td>
                  <td className="px-5 py-4 whitespace-nowrap text-ink-900">{formatRand(order.amount)}</td>
                  <td className="px-5 py-4">
                    <Badge status={order.status}>{ORDER_STATUS_LABELS[order.status]}</Badge>
                  </td>
                  <td className="px-5 py-4 text-ink-700"><Time at={order.createdAt} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* Phones: one card per transaction. */}
        <ul className="divide-y divide-ink-100 md:hidden">
          {visible.map((order) => (
            <li key={order.id}>
              <Link to={`/buyer/orders/${order.id}`} className="flex flex-col gap-1 px-4 py-4 hover:bg-ink-50">
                <span className="flex items-center justify-between gap-3">
                  <span className="font-mono text-sm font-semibold text-brand-700">{orderReference(order)}</span>
                  <Badge status={order.status}>{ORDER_STATUS_LABELS[order.status]}</Badge>
                </span>
                <span className="line-clamp-2 font-semibold text-ink-900">{order.book.title}</span>
                <span className="flex items-center justify-between text-sm text-ink-700">
                  <span>{formatRand(order.amount)}</span>
                  <Time at={order.createdAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Pager text={text} page={current} pageCount={pageCount} onPage={setPage} className="border-t border-ink-100 px-5 py-4" />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Transactions</h1>
      <p className="mt-1 text-ink-600">Every book you have requested, and where each order stands.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Search" hideLabel className="flex-1">
          <div className="relative">
            <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-500" />
            <Input
              type="search"
              placeholder="Search by title or ID..."
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              className="pl-10"
            />
          </div>
        </Field>
        <Field label="Status" hideLabel className="sm:w-52">
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | '');
              setPage(1);
            }}
          >
            <option value="">All Status</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="mt-4 overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft">{body}</div>
      <PackageOrdersSection />
    </div>
  );
}
