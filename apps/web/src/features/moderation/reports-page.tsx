// Reports (/admin/reports), beside the moderation queue: every listing or student with open reports, the
// most recently reported first, with how many students reported it and why, each report's words and who
// sent it, and the decisions: dismiss (a listing hidden by the reports comes back), take a listing down
// with a reason its seller reads, suspend the student responsible (or lift a suspension).
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleCheckBig, ExternalLink } from 'lucide-react';
import { BOOK_STATUS_LABELS, REPORT_MESSAGES, REPORT_REASON_LABELS, formatRand, universityName, type Book, type ReportGroup, type ReportedStudent } from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { BookImage } from '../../components/ui/book-image';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager, showingLine } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { serverErrorText } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { QUEUE_PAGE_SIZE } from './api';
import { DecisionDialog } from './decision-dialog';
import { reportQueueQuery, useDismissReports, useUnsuspend } from './reports-api';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

/** Statuses an admin may take a listing down from (the server's rule; a sold copy is beyond it). */
const TAKE_DOWN_FROM = new Set(['approved', 'hidden', 'expired', 'suspended']);
const canTakeDown = (book: Book | null): book is Book => book !== null && TAKE_DOWN_FROM.has(book.status) && book.availability !== 'sold';

const studentName = (student: ReportedStudent) => `${student.firstName} ${student.lastName}`;

interface GroupProps {
  group: ReportGroup;
  onTakeDown: (book: Book) => void;
  onSuspend: (student: ReportedStudent) => void;
}

function ReportGroupCard({ group, onTakeDown, onSuspend }: GroupProps) {
  const dismiss = useDismissReports();
  const unsuspend = useUnsuspend();
  const { book, subject } = group;
  const headingId = `report-${group.target}-${group.targetId}`;
  const name = book?.title ?? (subject ? studentName(subject) : group.target === 'book' ? 'A withdrawn listing' : 'A closed account');

  const onDismiss = () =>
    dismiss.run(
      { target: group.target, id: group.targetId },
      {
        // The card leaves with the queue's next answer; until then the button stays busy.
        leavesPage: true,
        onSuccess: () => toast.success(REPORT_MESSAGES.dismissed),
        onError: (error) => toast.error(serverErrorText(error, 'Failed to dismiss the reports')),
      },
    );
  const onUnsuspend = (student: ReportedStudent) =>
    unsuspend.run(student.id, {
      onSuccess: () => toast.success(REPORT_MESSAGES.unsuspended),
      onError: (error) => toast.error(serverErrorText(error, 'Failed to lift the suspension')),
    });

  return (
    <Card className="p-4 sm:p-6">
      {/* Names and words as long as students type them break anywhere rather than widen the card. */}
      <article aria-labelledby={headingId} className="flex flex-col gap-4 [overflow-wrap:anywhere]">
        <div className="flex flex-wrap items-start gap-3">
          {book && (
            <BookImage
              src={book.images[0]?.thumbUrl}
              alt=""
              width={96}
              height={72}
              className="aspect-[4/3] w-16 shrink-0 rounded-xl bg-ink-100 object-cover sm:w-24"
            />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap gap-1.5">
              <Badge tone="neutral">{group.target === 'book' ? 'Listing' : 'Student'}</Badge>
              {book && book.status !== 'approved' && <Badge status={book.status}>{BOOK_STATUS_LABELS[book.status]}</Badge>}
              {subject?.suspended && <Badge status="suspended">Suspended</Badge>}
            </div>
            <h2 id={headingId} className="mt-1.5 text-lg leading-snug font-bold break-words text-ink-900">
              {name}
            </h2>
            {book && (
              <p className="text-sm break-words text-ink-600">
                {book.author} · {formatRand(book.price)}
              </p>
            )}
            {subject && (
              <p className="text-sm text-ink-700">
                {group.target === 'book' && `Seller: ${studentName(subject)}, `}
                {universityName(subject.university)}, member since <Time at={subject.createdAt} />
              </p>
            )}
            {book && (
              <Link to={`/books/${encodeURIComponent(book.id)}`} className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
                Open the listing <ExternalLink aria-hidden="true" size={14} />
              </Link>
            )}
          </div>
        </div>

        <p className="text-sm font-medium text-ink-800">
          {group.openReports} {group.openReports === 1 ? 'report' : 'reports'} from {group.reporters} {group.reporters === 1 ? 'student' : 'students'}, the latest on{' '}
          <Time at={group.latestAt} />
        </p>
        <ul aria-label="Reasons" className="flex flex-wrap gap-1.5">
          {group.reasons.map(({ reason, count }) => (
            <li key={reason}>
              <Badge tone="amber">
                {REPORT_REASON_LABELS[reason]} × {count}
              </Badge>
            </li>
          ))}
        </ul>
        <ul aria-label="Reports" className="flex flex-col gap-2">
          {group.reports.map((report) => (
            <li key={report.id} className="rounded-xl bg-ink-50 px-3 py-2 text-sm">
              <p className="flex flex-wrap gap-x-2 text-ink-700">
                <span className="font-semibold text-ink-900">{REPORT_REASON_LABELS[report.reason]}</span>
                <span>
                  {report.reporter.firstName || 'A student'}, <Time at={report.createdAt} />
                </span>
                {!report.countsTowardsHiding && <span className="text-ink-600">(had an earlier report dismissed: does not count towards hiding)</span>}
              </p>
              {report.details && <p className="mt-1 whitespace-pre-line break-words text-ink-900">{report.details}</p>}
            </li>
          ))}
        </ul>

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="outline" loading={dismiss.isRunning({ target: group.target, id: group.targetId })} onClick={onDismiss}>
            Dismiss reports
          </Button>
          {subject &&
            subject.role !== 'admin' &&
            (subject.suspended ? (
              <Button variant="outline" loading={unsuspend.isRunning(subject.id)} onClick={() => onUnsuspend(subject)}>
                Lift suspension
              </Button>
            ) : (
              <Button variant="outline" className="border-red-700 text-red-800 hover:bg-red-50" onClick={() => onSuspend(subject)}>
                {group.target === 'book' ? 'Suspend the seller' : 'Suspend this student'}
              </Button>
            ))}
          {canTakeDown(book) && (
            <Button variant="danger" onClick={() => onTakeDown(book)}>
              Take down
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}

export function ReportsPage() {
  usePageTitle('Reports');
  const [page, setPage] = useState(1);
  const [takingDown, setTakingDown] = useState<Book | null>(null);
  const [suspending, setSuspending] = useState<ReportedStudent | null>(null);
  const queue = useQuery({ ...reportQueueQuery(page), placeholderData: keepPreviousData });

  let body;
  if (queue.isPending) {
    body = (
      <div role="status" aria-label="Loading reports" className="space-y-4">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  } else if (queue.isError) {
    body = (
      <LoadFailed layout="section" what="the reports" error={queue.error} onRetry={() => void queue.refetch()} />
    );
  } else if (queue.data.items.length === 0 && page > 1) {
    // The last group of a later page was decided: step back.
    setPage(page - 1);
    body = null;
  } else if (queue.data.items.length === 0) {
    body = <EmptyState icon={<CircleCheckBig />} title="No open reports" text="When students report a listing or another student, it appears here." />;
  } else {
    const { items, total } = queue.data;
    body = (
      <div>
        <p className="mb-4 text-sm text-ink-600">Most recently reported first</p>
        <ul className="flex flex-col gap-5">
          {items.map((group) => (
            // A group that changed (new reports since) is a new card, with actions of its own.
            <li key={`${group.target}:${group.targetId}:${group.latestAt}:${group.openReports}`}>
              <ReportGroupCard group={group} onTakeDown={setTakingDown} onSuspend={setSuspending} />
            </li>
          ))}
        </ul>
        <Pager className="mt-6" text={showingLine(queue.data)} page={page} pageCount={Math.ceil(total / QUEUE_PAGE_SIZE)} onPage={setPage} />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reports</h1>
      <p className="mt-1 text-ink-600">
        What students reported. A listing reported by three different students is out of the catalogue until you decide.
      </p>
      <div className="mt-6">{body}</div>
      <DecisionDialog kind="takeDown" subject={takingDown} onClose={() => setTakingDown(null)} onDone={() => setTakingDown(null)} />
      <DecisionDialog kind="suspend" subject={suspending} onClose={() => setSuspending(null)} onDone={() => setSuspending(null)} />
    </div>
  );
}
