// The seller's home as the route shows it: the selling feature's page with the faculty feature's
// "Books for your courses" (features do not import each other; the app composes them).
import { SellerHomePage } from '../../features/selling/seller-home-page';
import { CourseBooksSection } from '../../features/faculty/course-books-section';

export function SellerHome() {
  return <SellerHomePage forYourCourses={<CourseBooksSection area="seller" />} />;
}
