// Server state of what a student studies beyond the faculty form: their course codes this semester
// (PUT /student/courses) and the books for sale for them (GET /student/course-books), for the Faculty page
// and the homes' "Books for your courses".
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CourseBooksResponse, StudentResponse } from '@reshelf/shared';
import { api } from '../../lib/api';
import { bookKeys } from '../../lib/books';
import { useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';

/**
 * The books for the signed-in student's courses. The server answers for the codes the session's student
 * has; the key names those codes, so a saved change asks afresh, and it sits under the books' keys, so a
 * checkout that reserved books refreshes it with the rest. Kept a minute: the list is a suggestion, and
 * a book reserved meanwhile says so on its page.
 */
export const courseBooksQuery = (codes: readonly string[]) =>
  queryOptions({
    queryKey: bookKeys.forCourses(codes),
    queryFn: ({ signal }) => api<CourseBooksResponse>('/student/course-books', { signal }),
    staleTime: 60_000,
  });

/** Saves the student's course codes (the whole list); the session's student is replaced with the answer. */
export function useSaveCourses() {
  const client = useQueryClient();
  const { setStudent } = useSession();
  return useAction({
    mutationFn: (courses: string[]) => api<StudentResponse>('/student/courses', { method: 'PUT', body: { courses } }),
    onSuccess: (answer) => {
      setStudent(answer.student);
      void client.invalidateQueries({ queryKey: bookKeys.forCourses(answer.student.courses) });
    },
  });
}
