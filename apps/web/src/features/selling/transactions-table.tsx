// The seller's transactions table: one row per listed book with its id, title,
// amount, status and date; search by title or id, a status filter, newest first, 10 rows a page.
// A real <table> from tablet width up; stacked cards on phones.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { BOOK_STATUS_LABELS, formatRand, transactionId, type Availability, type Book, type BookStatus } from '@reshelf/shared';
import { Input } from '../../components/ui/input';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import { transactionsPage } from '../../lib/transactions-paging';
import { AvailabilityBadge, StatusBadge } from './book-status';
import { Time } from '../../components/ui/time';

export interface TransactionRow {
  /** The book's id. */
  id: string;
  title: string;
  amount: number;
  status: BookStatus;
  date: string;
  availability: Availability;
  /** A line under the title, such as who bought it. */
  note?: ReactNode;
}

export type StatusFilter = 'all' | 'approved' | 'pending' | 'declined';

const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'declined', label: BOOK_STATUS_LABELS.declined },
];

export function transactionRowOf(book: Book, note?: ReactNode): TransactionRow {
  return {
    id: book.id,
    title: book.title,
    amount: book.price,
    status: book.status,
    date: book.createdAt,
    availability: book.availability,
    note,
  };
}

/** Search (title or id, any case) and status filter, newest first. */
function filterTransactions(rows: readonly TransactionRow[], query: string, status: StatusFilter): TransactionRow[] {
  const needle = query.trim().toLowerCase().replace(/^#/, '');
  return rows
    .filter((row) => {
      if (status !== 'all' && status !== row.status) return false;
      if (!needle) return true;
      return row.title.toLowerCase().includes(needle) || row.id.toLowerCase().includes(needle);
    })
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

function Status({ row }: { row: TransactionRow }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <StatusBadge status={row.status} />
      <AvailabilityBadge availability={row.availability} />
    </span>
  );
}

export interface TransactionsTableProps {
  rows: readonly TransactionRow[];
  /** Names the table for screen readers. */
  caption?: string;
}

export function TransactionsTable({ rows, caption = 'Your transactions, newest first' }: TransactionsTableProps) {
  const searchId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => filterTransactions(rows, query, status), [rows, query, status]);
  const { visible, current, pageCount: pages, text } = transactionsPage(filtered, page);

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search transactions
          </label>
          <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-500" />
          <Input
            id={searchId}
            type="search"
            value={query}
            placeholder="Search by title or ID..."
            className="pl-10"
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="sm:w-48">
          <label htmlFor={statusId} className="sr-only">
            Filter by status
          </label>
          <Select
            id={statusId}
            value={status}
            options={STATUS_FILTER_OPTIONS}
            onChange={(event) => {
              setStatus(event.target.value as StatusFilter);
              setPage(1);
            }}
          />
        </div>
      </div>

      {filtered.length === 0 ? (
        <p role="status" className="mt-6 rounded-card border border-dashed border-ink-300 bg-ink-50 px-4 py-8 text-center text-ink-600">
          No transactions match your search.
        </p>
      ) : (
        <>
          {/* Tablet and desktop: a real table. */}
          <div className="mt-5 hidden overflow-x-auto rounded-card border border-ink-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{caption}</caption>
              <thead className="bg-ink-50 text-xs tracking-wide text-ink-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Transaction ID</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Book Title</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">Amount</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {visible.map((row) => (
                  <tr key={row.id} className="hover:bg-ink-50/60">
                    <td className="px-4 py-3 font-mono font-semibold text-ink-800">{transactionId(row.id)}</td>
                    <th scope="row" className="px-4 py-3 font-semibold text-ink-900">
                      <span className="line-clamp-2 wrap-anywhere">{row.title}</span>
                      {row.note && <span className="block text-xs font-normal text-ink-600">{row.note}</span>}
                    </th>
                    <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink-900">{formatRand(row.amount)}</td>
                    <td className="px-4 py-3">
                      <Status row={row} />
                    </td>
                    <td className="px-4 py-3 text-ink-700"><Time at={row.date} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones: one card per row. */}
          <ul aria-label={caption} className="mt-5 flex flex-col gap-3 md:hidden">
            {visible.map((row) => (
              <li key={row.id} className="rounded-card border border-ink-200 bg-white p-4 shadow-soft">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="line-clamp-2 font-semibold wrap-anywhere text-ink-900">{row.title}</p>
                    {row.note && <p className="text-xs text-ink-600">{row.note}</p>}
                  </div>
                  <p className="shrink-0 font-bold text-ink-900">{formatRand(row.amount)}</p>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
                  <dt className="text-ink-600">Transaction ID</dt>
                  <dd className="text-right font-mono font-semibold text-ink-800">{transactionId(row.id)}</dd>
                  <dt className="text-ink-600">Date</dt>
                  <dd className="text-right text-ink-800"><Time at={row.date} /></dd>
                  <dt className="text-ink-600">Status</dt>
                  <dd className="text-right">
                    <Status row={row} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>

          <Pager text={text} page={current} pageCount={pages} onPage={setPage} className="mt-5" />
        </>
      )}
    </div>
  );
}
