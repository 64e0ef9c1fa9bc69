// The admin's report queue and decisions (docs/api.md, Reports): open reports grouped by what they are
// about, newest first; dismiss, take a listing down (also from the Approved tab, without a report), suspend
// a student and lift it. Each decision acts once per tap and refreshes what it changes: the queue, the
// moderation lists and the public catalogue's books.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { BookResponse, DismissReportsResponse, ReportQueue, ReportTarget, ReportedStudentResponse } from '@reshelf/shared';
import { api } from '../../lib/api';
import { bookKeys } from '../../lib/books';
import { useAction } from '../../lib/use-action';
import { QUEUE_PAGE_SIZE, moderationKeys } from './api';

export const reportKeys = {
  /** Every page of the queue. */
  queue: ['admin', 'reports'] as const,
};

/** One page of the queue: the most recently reported first. */
export const reportQueueQuery = (page: number) =>
  queryOptions({
    queryKey: [...reportKeys.queue, page] as const,
    queryFn: ({ signal }) => api<ReportQueue>(`/admin/reports?page=${page}&pageSize=${QUEUE_PAGE_SIZE}`, { signal }),
  });

/** What every decision may have changed. */
function useDecided() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: reportKeys.queue });
    void client.invalidateQueries({ queryKey: moderationKeys.books });
    void client.invalidateQueries({ queryKey: bookKeys.all });
  };
}

/** Decisions about different targets may run side by side; one target's, once per tap. */
const byTarget = ({ target, id }: { target: ReportTarget; id: string }) => `${target}:${id}`;

export function useDismissReports() {
  const decided = useDecided();
  return useAction(
    {
      mutationFn: (body: { target: ReportTarget; id: string }) => api<DismissReportsResponse>('/admin/reports/dismiss', { method: 'POST', body }),
      onSettled: decided,
    },
    byTarget,
  );
}

export function useTakeDown() {
  const decided = useDecided();
  return useAction(
    {
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api<BookResponse>(`/admin/books/${encodeURIComponent(id)}/take-down`, { method: 'POST', body: { reason } }).then((answer) => answer.book),
      onSettled: decided,
    },
    ({ id }) => id,
  );
}

export function useSuspend() {
  const decided = useDecided();
  return useAction(
    {
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api<ReportedStudentResponse>(`/admin/students/${encodeURIComponent(id)}/suspend`, { method: 'POST', body: { reason } }).then((answer) => answer.student),
      onSettled: decided,
    },
    ({ id }) => id,
  );
}

/**
 * Lifts a suspension. The queue's copy of the student changes at once (their card offers Suspend again),
 * before the queue is asked for again, so a second tap has nothing left to lift.
 */
export function useUnsuspend() {
  const client = useQueryClient();
  const decided = useDecided();
  return useAction(
    {
      mutationFn: (id: string) => api<ReportedStudentResponse>(`/admin/students/${encodeURIComponent(id)}/unsuspend`, { method: 'POST' }).then((answer) => answer.student),
      onSuccess: (student) =>
        client.setQueriesData<ReportQueue>({ queryKey: reportKeys.queue }, (page) =>
          page ? { ...page, items: page.items.map((group) => (group.subject?.id === student.id ? { ...group, subject: student } : group)) } : page,
        ),
      onSettled: decided,
    },
    (id) => id,
  );
}
