// The query keys of the public catalogue's books, shared by every feature that reads or refreshes them:
// the catalogue (search results, a book's page), the buyer's home (newest books), the homes' books for the
// student's courses, and the checkout, which refreshes them all since the books it reserved are no longer
// available.
export const bookKeys = {
  all: ['books'] as const,
  /** One list of books, by its query string (filters, sort and page). */
  search: (query: string) => ['books', 'search', query] as const,
  detail: (id: string) => ['books', 'detail', id] as const,
  /** The books for a student's course codes (GET /student/course-books), by the codes they were asked for. */
  forCourses: (codes: readonly string[]) => ['books', 'for-courses', codes.join(' ')] as const,
};
