// The buyer's home as the route shows it: the buyer-home feature's page with the faculty feature's
// "Books for your courses" (features do not import each other; the app composes them).
import { BuyerHomePage } from '../../features/buyer-home/buyer-home-page';
import { CourseBooksSection } from '../../features/faculty/course-books-section';

export function BuyerHome() {
  return <BuyerHomePage forYourCourses={<CourseBooksSection area="buyer" />} />;
}
