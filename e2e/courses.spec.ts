// Course codes in a real browser: a seller lists books tagged with MATH1014 at Nelson Mandela University
// and an admin approves them; a buyer there searches MATH1014 in the catalogue and finds one, follows its
// course link to the catalogue filtered by the course, adds MATH1014 (and a code nothing is tagged with) to
// their courses on the Faculty page, finds the books under "Books for your courses" on their home, and
// saves the course nothing is for sale for to their wishlist.
// One of the books is made to break layouts (an 80-character word, six authors, the largest price); the
// home and the Faculty page are looked at, at 320, 390 and 1280 px: nothing wider than the screen, axe-clean.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES, formatRand, universityName } from '@reshelf/shared';
import { expectNoAxeViolations, logIn, ok, overflowOf, png, screenshot, signedInAdmin, signedInStudent } from './helpers';
import { LONG_WORD, MAX_PRICE, SIX_AUTHORS, hostileBookData } from './hostile-data';

// A campus few other specs use, so the course's newest books are this run's.
const UNIVERSITY = 'nmu';
const CAMPUS = universityName(UNIVERSITY);
const COURSE = 'MATH1014';
// The longest code a course may have, which nothing is tagged with.
const EMPTY_COURSE = 'ZQXW98765432';
// The students of this spec: Ayanda Dlamini at UNIVERSITY.
const STUDENT = { firstName: 'Ayanda', university: UNIVERSITY };

async function list(request: APIRequestContext, bookData: Record<string, unknown>): Promise<string> {
  const form = new FormData();
  form.append('bookData', JSON.stringify({ ...bookData, courses: [{ university: UNIVERSITY, code: COURSE.toLowerCase() }] }));
  for (let i = 0; i < 4; i++) form.append('images', new Blob([new Uint8Array(png(300, 400, [30 + i * 40, 90, 160]))], { type: 'image/png' }), `photo-${i}.png`);
  return (await ok<{ book: { id: string } }>(await request.post('/api/v1/books', { multipart: form }), 'list book')).book.id;
}

test('a buyer finds a course’s books by its code, through the course link, and on their home once the course is theirs', async ({ page, browser, baseURL }, testInfo) => {
  const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
  const title = `Calculus One Variable ${stamp}`;
  const hostileTitle = `${LONG_WORD.slice(0, 60)} Calculus ${stamp}`;

  // A seller lists two books for MATH1014 (typed in lower case); an admin approves them.
  const seller = await signedInStudent(browser, baseURL!, { ...STUDENT, userType: 'seller', emailPrefix: 'courses-seller' });
  const admin = await signedInAdmin(browser, baseURL!);
  const hostile = await list(seller.context.request, hostileBookData({ title: hostileTitle }));
  const book = await list(seller.context.request, hostileBookData({ title, author: 'Thomas Finney', price: 385, description: 'Clean copy.', additionalNotes: '' }));
  for (const id of [hostile, book]) await ok(await admin.request.post(`/api/v1/admin/books/${id}/approve`), 'approve');
  await Promise.all([seller.context.close(), admin.close()]);

  // A buyer at the same university, whose faculty details are filled in.
  const buyer = await signedInStudent(browser, baseURL!, { ...STUDENT, userType: 'buyer', emailPrefix: 'courses-buyer' });
  await ok(
    await buyer.context.request.put('/api/v1/student/faculty', {
      data: { faculty: 'science', department: 'Mathematics', studentNumber: '2345678', yearOfStudy: 'first', academicYear: '2026', semester: 'first' },
    }),
    'faculty details',
  );
  await buyer.context.close();
  await logIn(page, buyer.email, { area: 'buyer' });

  // Searching the code finds the book.
  await page.goto('/buyer/books');
  await page.getByRole('searchbox', { name: 'Search books' }).fill(COURSE);
  await page.getByRole('searchbox', { name: 'Search books' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${COURSE}\\b`));
  const result = page.getByRole('link', { name: title, exact: true });
  await expect(result).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'courses-search');

  // Its page links the course to the catalogue filtered by it, where both books are.
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: `Books for ${COURSE} at ${CAMPUS}` }).click();
  await expect(page).toHaveURL(new RegExp(`/buyer/books\\?.*course=${COURSE}`));
  await expect(page.getByRole('button', { name: `Remove filter Course: ${COURSE}` })).toBeVisible();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: hostileTitle, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'courses-filter');

  // Home asks for the student's courses; the Faculty page takes them.
  await page.goto('/buyer');
  const section = page.getByRole('region', { name: 'Books for your courses' });
  await expect(section.getByText('Add the course codes you take this semester, like MATH1014, and the books for them show here.')).toBeVisible();
  await section.getByRole('link', { name: 'Add your courses' }).click();
  await expect(page).toHaveURL(/\/buyer\/faculty$/);
  const courses = page.getByRole('form', { name: 'Your courses' });
  const input = courses.getByRole('textbox', { name: /^Course codes/ });
  await input.fill(COURSE.toLowerCase());
  await input.press('Enter');
  await input.fill(EMPTY_COURSE);
  await courses.getByRole('button', { name: 'Add course code' }).click();
  await expect(courses.getByRole('list', { name: 'Course codes added' }).getByRole('listitem')).toHaveText([COURSE, EMPTY_COURSE]);
  await courses.getByRole('button', { name: 'Save courses' }).click();
  await expect(page.getByText(MESSAGES.studentCoursesSaved)).toBeVisible();

  // Home: the course's books, the layout-breaking one among them, and the course with none.
  await page.goto('/buyer');
  const math = section.getByRole('region', { name: COURSE });
  await expect(math.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(math.getByRole('link', { name: new RegExp(`^${hostileTitle}`) })).toContainText(SIX_AUTHORS.slice(0, 20));
  await expect(math.getByRole('link', { name: new RegExp(`^${hostileTitle}`) })).toContainText(formatRand(MAX_PRICE));
  await expect(section.getByRole('region', { name: EMPTY_COURSE })).toContainText(`No books for ${EMPTY_COURSE} at ${CAMPUS} are for sale right now.`);
  // A course with nothing for sale can go on the wishlist, to hear when something is listed.
  await section.getByRole('region', { name: EMPTY_COURSE }).getByRole('button', { name: 'Save this course' }).click();
  await expect(section.getByRole('region', { name: EMPTY_COURSE }).getByRole('status')).toContainText('On your wishlist.');
  await expect(page.getByText(MESSAGES.wishlistSaved)).toBeVisible();

  const widths = testInfo.project.name === 'phone' ? [390, 320] : [1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/buyer');
    await expect(math.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
    // The wishlist's button comes with its own code: the page is whole once it is there.
    await expect(section.getByRole('region', { name: EMPTY_COURSE }).getByRole('button', { name: 'Save this course' })).toBeVisible();
    await screenshot(page, testInfo, `courses-home-${width}`);
    expect(await overflowOf(page), `home at ${width} px`).toEqual([]);
    await expectNoAxeViolations(page);
    await page.goto('/buyer/faculty');
    await expect(courses.getByRole('list', { name: 'Course codes added' }).getByRole('listitem')).toHaveText([COURSE, EMPTY_COURSE]);
    await screenshot(page, testInfo, `courses-faculty-${width}`);
    expect(await overflowOf(page), `faculty page at ${width} px`).toEqual([]);
    await expectNoAxeViolations(page);
  }

  // The course's link on home opens the catalogue filtered by it.
  await page.goto('/buyer');
  await math.getByRole('link', { name: `See all books for ${COURSE} at ${CAMPUS}` }).click();
  await expect(page).toHaveURL(new RegExp(`/buyer/books\\?course=${COURSE}&university=${UNIVERSITY}$`));
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
});
