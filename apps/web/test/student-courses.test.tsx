// A student's courses: "Your courses" on the Faculty page (chips, saved on their own with PUT
// /student/courses even while the faculty details are locked, a code left in the box saved too, the limit,
// the server's refusal) and "Books for your courses" on the buyer's and the seller's home (books per code
// with links to the catalogue filtered by the course, a code with nothing for sale, the prompt when there
// are no codes, nothing without faculty details or codes, a failed load tried again).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, formatRand, type CourseBooks, type Role, type Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { bookWith, dashboardShell, emptyHomes, json, list, mockApi, renderApp, requestsTo, studentWith, type Call } from './harness';

beforeEach(() => {
  mockApi(dashboardShell, emptyHomes, (call) => (call.method === 'GET' && call.path === '/orders?as=seller&status=requested' ? json(200, list([])) : undefined));
});

afterEach(() => {
  toast.dismiss();
});

const academicInfo: NonNullable<Student['academicInfo']> = {
  facultyName: 'science',
  departmentName: 'Mathematics',
  yearOfStudy: 'first',
  semester: 'first',
  academicYear: '2026',
  // Just now: the faculty details are locked for 24 hours.
  lastUpdate: new Date().toISOString(),
};

const student = (role: Role, extra: Partial<Student> = {}) => studentWith(role, { academicInfo, ...extra });
const coursesCalls = (calls: Call[]) => requestsTo(calls, (call) => call.path === '/student/courses');
const courseBooksCalls = (calls: Call[]) => calls.filter((call) => call.path === '/student/course-books');

describe('Your courses on the Faculty page', () => {
  it('shows the saved codes, adds with Enter and removes one, and saves the list while the faculty details are locked', async () => {
    const user = userEvent.setup();
    const me = student('buyer', { courses: ['MATH1014', 'PHYS1000'] });
    const calls = mockApi((call) =>
      call.method === 'PUT' && call.path === '/student/courses'
        ? json(200, { student: { ...me, courses: (call.body as { courses: string[] }).courses } })
        : undefined,
    );
    renderApp('/buyer/faculty', me);
    const card = (await screen.findByRole('heading', { name: 'Your courses' })).closest('form')!;
    // The faculty details cannot change for 24 hours; the courses can.
    expect(screen.getByText(/so you can change them again on/)).toBeInTheDocument();
    const chips = within(card).getByRole('list', { name: 'Course codes added' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['MATH1014', 'PHYS1000']);
    const input = within(card).getByRole('textbox', { name: /^Course codes/ });
    expect(input).toBeEnabled();
    await user.type(input, 'chem1012{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Remove MATH1014' }));
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['PHYS1000', 'CHEM1012']);
    await user.click(within(card).getByRole('button', { name: 'Save courses' }));
    expect(await screen.findByText(MESSAGES.studentCoursesSaved)).toBeInTheDocument();
    expect(coursesCalls(calls)).toEqual([{ method: 'PUT', path: '/student/courses', body: { courses: ['PHYS1000', 'CHEM1012'] } }]);
    // Nothing was sent to the faculty details.
    expect(calls.some((call) => call.path === '/student/faculty')).toBe(false);
  });

  it('a code typed but not added yet is saved too', async () => {
    const user = userEvent.setup();
    const me = student('seller');
    const calls = mockApi((call) =>
      call.method === 'PUT' && call.path === '/student/courses' ? json(200, { student: { ...me, courses: ['ECON1000'] } }) : undefined,
    );
    renderApp('/seller/faculty', me);
    const card = (await screen.findByRole('heading', { name: 'Your courses' })).closest('form')!;
    await user.type(within(card).getByRole('textbox', { name: /^Course codes/ }), 'econ1000');
    await user.click(within(card).getByRole('button', { name: 'Save courses' }));
    expect(await screen.findByText(MESSAGES.studentCoursesSaved)).toBeInTheDocument();
    expect(coursesCalls(calls)).toEqual([{ method: 'PUT', path: '/student/courses', body: { courses: ['ECON1000'] } }]);
    expect(within(within(card).getByRole('list', { name: 'Course codes added' })).getByText('ECON1000')).toBeInTheDocument();
  });

  it(`stops at ${LIMITS.maxStudentCourses} codes and refuses a code that is not one`, async () => {
    const user = userEvent.setup();
    const full = Array.from({ length: LIMITS.maxStudentCourses - 1 }, (_, i) => `MATH10${10 + i}`);
    renderApp('/buyer/faculty', student('buyer', { courses: full }));
    const card = (await screen.findByRole('heading', { name: 'Your courses' })).closest('form')!;
    const input = within(card).getByRole('textbox', { name: /^Course codes/ });
    await user.type(input, 'M{Enter}');
    expect(within(card).getByRole('alert')).toHaveTextContent(MESSAGES.courseCode);
    await user.clear(input);
    await user.type(input, 'STAT1000{Enter}');
    expect(within(card).getAllByRole('button', { name: /^Remove / })).toHaveLength(LIMITS.maxStudentCourses);
    // Full: the box takes no more.
    expect(input).toBeDisabled();
  });

  it('says what the server refused, under the field and in a toast, and keeps the chips', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.method === 'PUT' && call.path === '/student/courses'
        ? json(400, { error: MESSAGES.tooManyStudentCourses, code: 'VALIDATION', fields: { courses: MESSAGES.tooManyStudentCourses } })
        : undefined,
    );
    renderApp('/buyer/faculty', student('buyer', { courses: ['MATH1014'] }));
    const card = (await screen.findByRole('heading', { name: 'Your courses' })).closest('form')!;
    await user.click(within(card).getByRole('button', { name: 'Save courses' }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.tooManyStudentCourses)).toHaveLength(2));
    expect(within(card).getByRole('textbox', { name: /^Course codes/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByText('MATH1014')).toBeInTheDocument();
  });

  it('a failed save says so and can be tried again', async () => {
    const user = userEvent.setup();
    const me = student('buyer', { courses: ['MATH1014'] });
    let attempts = 0;
    mockApi((call) => {
      if (call.method !== 'PUT' || call.path !== '/student/courses') return undefined;
      attempts += 1;
      return attempts === 1 ? json(503, { error: 'Reshelf is busy', code: 'HTTP_503' }) : json(200, { student: me });
    });
    renderApp('/buyer/faculty', me);
    const save = await screen.findByRole('button', { name: 'Save courses' });
    await user.click(save);
    expect(await screen.findByText(MESSAGES.studentCoursesFailed)).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText(MESSAGES.studentCoursesSaved)).toBeInTheDocument();
  });
});

const course = (code: string, books: ReturnType<typeof bookWith>[], total = books.length): CourseBooks => ({ code, university: 'wits', total, books });

describe('Books for your courses on the homes', () => {
  it('the buyer sees the books per course, each course linked to the catalogue filtered by it, and a course with none says so', async () => {
    const calculus = bookWith({ id: 'bk_math1', title: 'Calculus: Early Transcendentals', price: 450.5, courses: [{ university: 'wits', code: 'MATH1014' }] });
    const algebra = bookWith({ id: 'bk_math2', title: 'Linear Algebra Done Right', price: 300, courses: [{ university: 'wits', code: 'MATH1014' }] });
    const calls = mockApi((call) =>
      call.path === '/student/course-books' ? json(200, { courses: [course('MATH1014', [calculus, algebra], 7), course('PHYS1000', [])] }) : undefined,
    );
    renderApp('/buyer', student('buyer', { courses: ['MATH1014', 'PHYS1000'] }));
    const section = (await screen.findByRole('heading', { level: 2, name: 'Books for your courses' })).closest('section')!;
    const math = (await within(section).findByRole('heading', { level: 3, name: 'MATH1014' })).closest('section')!;
    expect(math).toHaveTextContent('7 books for sale');
    expect(within(math).getByRole('link', { name: /Linear Algebra Done Right/ })).toHaveAttribute('href', '/buyer/books/bk_math2');
    expect(within(math).getByRole('link', { name: /Calculus/ }).textContent).toContain(formatRand(450.5));
    expect(within(math).getByRole('link', { name: 'See all books for MATH1014 at University of the Witwatersrand' })).toHaveAttribute(
      'href',
      '/buyer/books?course=MATH1014&university=wits',
    );
    const phys = within(section).getByRole('heading', { level: 3, name: 'PHYS1000' }).closest('section')!;
    expect(phys).toHaveTextContent('0 books for sale');
    expect(phys).toHaveTextContent('No books for PHYS1000 at University of the Witwatersrand are for sale right now.');
    expect(within(phys).queryByRole('link')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Edit your courses' })).toHaveAttribute('href', '/buyer/faculty');
    expect(courseBooksCalls(calls)).toHaveLength(1);
  });

  it('a course with nothing for sale offers to save it to the wishlist, at the student’s university', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.path === '/student/course-books') return json(200, { courses: [course('PHYS1000', [])] });
      if (call.method === 'POST' && call.path === '/wishlist') {
        return json(201, { entry: { id: 'wl_1', isbn: null, q: null, course: 'PHYS1000', university: 'wits', maxPrice: null, emails: true, matches: 0, lastMatchAt: null, createdAt: '2026-01-01T00:00:00.000Z' } });
      }
      return undefined;
    });
    renderApp('/buyer', student('buyer', { courses: ['PHYS1000'] }));
    const phys = (await screen.findByRole('heading', { level: 3, name: 'PHYS1000' })).closest('section')!;
    await user.click(await within(phys).findByRole('button', { name: 'Save this course' }));
    expect(await within(phys).findByRole('status')).toHaveTextContent('On your wishlist.');
    expect(requestsTo(calls, (call) => call.path === '/wishlist')).toEqual([{ method: 'POST', path: '/wishlist', body: { course: 'PHYS1000', university: 'wits' } }]);
    expect(await screen.findByText(MESSAGES.wishlistSaved)).toBeInTheDocument();
  });

  it('the seller’s links open the public catalogue and book pages', async () => {
    const book = bookWith({ id: 'bk_econ', title: 'Economics', courses: [{ university: 'wits', code: 'ECON1000' }] });
    mockApi((call) => (call.path === '/student/course-books' ? json(200, { courses: [course('ECON1000', [book])] }) : undefined));
    renderApp('/seller', student('seller', { courses: ['ECON1000'] }));
    const econ = (await screen.findByRole('heading', { level: 3, name: 'ECON1000' })).closest('section')!;
    expect(econ).toHaveTextContent('1 book for sale');
    expect(within(econ).getByRole('link', { name: /Economics/ })).toHaveAttribute('href', '/books/bk_econ');
    expect(within(econ).getByRole('link', { name: /^See all books for ECON1000/ })).toHaveAttribute('href', '/books?course=ECON1000&university=wits');
    expect(screen.getByRole('link', { name: 'Edit your courses' })).toHaveAttribute('href', '/seller/faculty');
  });

  it.each(['buyer', 'seller'] as const)('a %s with faculty details but no codes is asked to add them, and nothing is fetched', async (role) => {
    const calls = mockApi();
    renderApp(`/${role}`, student(role));
    const section = (await screen.findByRole('heading', { name: 'Books for your courses' })).closest('section')!;
    expect(section).toHaveTextContent('Add the course codes you take this semester, like MATH1014, and the books for them show here.');
    expect(within(section).getByRole('link', { name: 'Add your courses' })).toHaveAttribute('href', `/${role}/faculty`);
    expect(courseBooksCalls(calls)).toHaveLength(0);
  });

  it.each(['buyer', 'seller'] as const)('a %s with neither faculty details nor codes sees no such section', async (role) => {
    const calls = mockApi();
    renderApp(`/${role}`, studentWith(role));
    expect(await screen.findByRole('heading', { level: 1, name: role === 'buyer' ? 'Buyer Home' : 'Seller Home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Books for your courses' })).toBeNull();
    expect(courseBooksCalls(calls)).toHaveLength(0);
  });

  it('a failed load says so and Try again loads it', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    mockApi((call) => {
      if (call.path !== '/student/course-books') return undefined;
      attempts += 1;
      return attempts === 1 ? json(404, { error: 'Not found', code: 'NOT_FOUND' }) : json(200, { courses: [course('MATH1014', [bookWith()])] });
    });
    renderApp('/buyer', student('buyer', { courses: ['MATH1014'] }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the books for your courses.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'MATH1014' })).toBeInTheDocument();
  });

  it('saving new codes on the Faculty page shows their books on the home without a reload', async () => {
    const user = userEvent.setup();
    const me = student('buyer', { courses: ['MATH1014'] });
    let saved = me;
    const calls = mockApi((call) => {
      if (call.method === 'PUT' && call.path === '/student/courses') {
        saved = { ...me, courses: (call.body as { courses: string[] }).courses };
        return json(200, { student: saved });
      }
      if (call.path === '/auth/session') return json(200, { student: saved });
      if (call.path === '/student/course-books') return json(200, { courses: saved.courses.map((code) => course(code, [])) });
      return undefined;
    });
    const { router } = renderApp('/buyer', me);
    expect(await screen.findByRole('heading', { level: 3, name: 'MATH1014' })).toBeInTheDocument();
    await router.navigate('/buyer/faculty');
    await user.type(await screen.findByRole('textbox', { name: /^Course codes/ }), 'STAT1000{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save courses' }));
    expect(await screen.findByText(MESSAGES.studentCoursesSaved)).toBeInTheDocument();
    await router.navigate('/buyer');
    expect(await screen.findByRole('heading', { level: 3, name: 'STAT1000' })).toBeInTheDocument();
    expect(courseBooksCalls(calls)).toHaveLength(2);
  });
});
