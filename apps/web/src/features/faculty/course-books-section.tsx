// "Books for your courses" on the buyer's and the seller's home: for each course code the student saved on
// the Faculty page, the newest books for sale for it at their university (never their own listings), with a
// link to the catalogue filtered by that course, and for a course with none the wishlist's "Save this
// course". A student whose faculty details are filled in but who has no codes yet is asked to add them; one
// with neither sees nothing here.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BookMarked } from 'lucide-react';
import { formatRand, universityName, type Book, type CourseBooks, type Student } from '@reshelf/shared';
import { BookImage } from '../../components/ui/book-image';
import { ButtonLink } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { SaveToWishlistSlot } from '../../lib/save-to-wishlist-slot';
import { useSession } from '../../lib/session';
import { courseBooksQuery } from './api';
import { LoadFailed } from '../../components/ui/load-failed';

export type HomeArea = 'buyer' | 'seller';

/** Where a book and a course's catalogue open from each home: the buyer's own catalogue, the public one for a seller. */
const CATALOGUE: Record<HomeArea, string> = { buyer: '/buyer/books', seller: '/books' };

export function courseCatalogueLink(area: HomeArea, course: Pick<CourseBooks, 'code' | 'university'>): string {
  return `${CATALOGUE[area]}?${new URLSearchParams({ course: course.code, university: course.university })}`;
}

function BookRow({ book, area }: { book: Book; area: HomeArea }) {
  return (
    <li>
      {/* The price under the title rather than beside it, so a phone's narrow row keeps room for the title. */}
      <Link to={`${CATALOGUE[area]}/${book.id}`} className="flex min-w-0 items-start gap-3 rounded-xl p-2 hover:bg-ink-50">
        <BookImage src={book.images[0]?.thumbUrl} width={40} height={52} className="h-13 w-10 shrink-0 rounded-md bg-ink-100 object-cover" />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 font-semibold text-ink-900 [overflow-wrap:anywhere]">{book.title}</span>
          <span className="block truncate text-sm text-ink-600">{book.author}</span>
          <span className="block text-sm font-bold whitespace-nowrap text-brand-800">{formatRand(book.price)}</span>
        </span>
      </Link>
    </li>
  );
}

function Course({ course, area }: { course: CourseBooks; area: HomeArea }) {
  const headingId = `course-books-${course.code}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-ink-100 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-base font-bold break-all text-ink-900">
          {course.code}
        </h3>
        <span className="text-sm text-ink-600">
          {course.total === 1 ? '1 book for sale' : `${course.total} books for sale`}
        </span>
      </div>
      {course.books.length > 0 ? (
        <>
          <ul className="mt-2">
            {course.books.map((book) => (
              <BookRow key={book.id} book={book} area={area} />
            ))}
          </ul>
          <Link
            to={courseCatalogueLink(area, course)}
            className="mt-2 inline-block rounded-md px-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            aria-label={`See all books for ${course.code} at ${universityName(course.university)}`}
          >
            See all books for {course.code}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-600 [overflow-wrap:anywhere]">
            No books for {course.code} at {universityName(course.university)} are for sale right now. New listings show here once they are approved.
          </p>
          {/* The wishlist's "Save this course" (the app fills the slot): told when one is listed, in the app and by email. */}
          <SaveToWishlistSlot course={course.code} university={course.university} className="mt-3" />
        </>
      )}
    </section>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading books for your courses" className="grid gap-3 lg:grid-cols-2">
      {[0, 1].map((n) => (
        <Skeleton key={n} className="h-40" />
      ))}
    </div>
  );
}

function CourseBooksList({ student, area }: { student: Student; area: HomeArea }) {
  const books = useQuery(courseBooksQuery(student.courses));
  if (books.isPending) return <Loading />;
  if (books.isError) {
    return <LoadFailed layout="section" what="the books for your courses" error={books.error} onRetry={() => void books.refetch()} />;
  }
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {books.data.courses.map((course) => (
        <Course key={course.code} course={course} area={area} />
      ))}
    </div>
  );
}

export function CourseBooksSection({ area }: { area: HomeArea }) {
  const { student } = useSession();
  // A student remembered by an older version of the app has no list until the session check answers.
  const codes = student?.courses ?? [];
  if (!student || (!student.academicInfo && codes.length === 0)) return null;
  return (
    <section aria-labelledby="course-books-title" className="rounded-card border border-ink-200 bg-white shadow-soft">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-100 px-5 py-4">
        <h2 id="course-books-title" className="flex items-center gap-2 text-lg font-semibold">
          <BookMarked aria-hidden="true" size={20} className="text-brand-700" /> Books for your courses
        </h2>
        {codes.length > 0 && (
          <Link to={`/${area}/faculty`} className="rounded-md text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Edit your courses
          </Link>
        )}
      </div>
      <div className="p-3 sm:p-4">
        {codes.length === 0 ? (
          <div className="flex flex-col items-start gap-3 px-2 py-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-ink-700">Add the course codes you take this semester, like MATH1014, and the books for them show here.</p>
            <ButtonLink to={`/${area}/faculty`} size="sm" variant="soft" className="shrink-0">
              Add your courses
            </ButtonLink>
          </div>
        ) : (
          <CourseBooksList student={{ ...student, courses: codes }} area={area} />
        )}
      </div>
    </section>
  );
}
