// A student's own course codes (PUT /student/courses: checked like a listing's, upper-cased, distinct, at
// most 12, never held to the faculty details' 24-hour rule) and "Books for your courses"
// (GET /student/course-books: for each code, the newest books for sale tagged with it at the student's
// university, never their own listings); migration 014 down and up.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '@reshelf/shared';
import { migrations } from '../src/db/migrations/index.ts';
import { courseListingsStatement, ownCourseListingsStatement } from '../src/modules/catalogue/repository.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { adminAccount, registerAndLogin, type Account } from './helpers/accounts.ts';
import { insertBook, type BookFixture } from './helpers/books.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const putCourses = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/student/courses', payload: payload as object, headers: cookie ? { cookie } : {} });
const courseBooks = (cookie?: string) => t.app.inject({ url: '/api/v1/student/course-books', headers: cookie ? { cookie } : {} });
const storedCodes = async (id: string) =>
  (await t.database.db.selectFrom('students').select('course_codes').where('id', '=', id).executeTakeFirstOrThrow()).course_codes;
const faculty = { faculty: 'science', department: 'Computer Science', studentNumber: '2301234', yearOfStudy: 'second', academicYear: '2026', semester: 'first' };

/** Tags a fixture listing with courses as the listings repository stores them: the rows and the codes as text. */
async function tag(id: string, courses: { university: string; code: string }[]) {
  await t.database.db.insertInto('book_courses').values(courses.map((c, position) => ({ book_id: id, ...c, position }))).execute();
  await t.database.db.updateTable('books').set({ course_codes: courses.map((c) => c.code).join(' ') }).where('id', '=', id).execute();
}

async function taggedBook(sellerId: string, code: string, f: BookFixture & { courseUniversity?: string } = {}) {
  const id = await insertBook(t.database.db, sellerId, f);
  await tag(id, [{ university: f.courseUniversity ?? f.university ?? 'wits', code }]);
  return id;
}

describe(`PUT /student/courses (${dialectUnderTest})`, () => {
  it('stores the codes trimmed, upper-cased, in the order given, the same code twice once; the student answers with them everywhere', async () => {
    const a = await registerAndLogin(t.app);
    const res = await putCourses({ courses: [' math1014 ', 'Phys1000', 'MATH1014', 'eco1010f'] }, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().student.courses).toEqual(['MATH1014', 'PHYS1000', 'ECO1010F']);
    expect(await storedCodes(a.id)).toBe('MATH1014 PHYS1000 ECO1010F');
    for (const url of ['/api/v1/student/profile', '/api/v1/auth/session']) {
      expect((await t.app.inject({ url, headers: { cookie: a.cookie } })).json().student.courses).toEqual(['MATH1014', 'PHYS1000', 'ECO1010F']);
    }
  });

  it('a new student has no courses; an empty list clears them', async () => {
    const a = await registerAndLogin(t.app);
    expect((await t.app.inject({ url: '/api/v1/student/profile', headers: { cookie: a.cookie } })).json().student.courses).toEqual([]);
    await putCourses({ courses: ['MATH1014'] }, a.cookie);
    const cleared = await putCourses({ courses: [] }, a.cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().student.courses).toEqual([]);
    expect(await storedCodes(a.id)).toBe('');
  });

  it(`takes ${LIMITS.maxStudentCourses} different codes, and more when duplicates bring them down to ${LIMITS.maxStudentCourses}`, async () => {
    const a = await registerAndLogin(t.app);
    const twelve = Array.from({ length: LIMITS.maxStudentCourses }, (_, i) => `MATH10${10 + i}`);
    expect((await putCourses({ courses: twelve }, a.cookie)).json().student.courses).toEqual(twelve);
    const withRepeats = [...twelve, 'math1010', 'Math1011'];
    expect((await putCourses({ courses: withRepeats }, a.cookie)).json().student.courses).toEqual(twelve);
  });

  it.each([
    ['a code of one character', { courses: ['M'] }, MESSAGES.courseCode],
    ['a code of 13 characters', { courses: ['MATH101400000'] }, MESSAGES.courseCode],
    ['a code with a hyphen', { courses: ['MATH-1014'] }, MESSAGES.courseCode],
    ['a code with a space inside', { courses: ['MATH 1014'] }, MESSAGES.courseCode],
    ['an empty code', { courses: [''] }, MESSAGES.courseCode],
    ['a code that is not text', { courses: [1014] }, MESSAGES.courseCode],
    ['a course as a listing sends it', { courses: [{ university: 'wits', code: 'MATH1014' }] }, MESSAGES.courseCode],
    ['courses that are not a list', { courses: 'MATH1014' }, MESSAGES.studentCoursesInvalid],
    ['no courses at all', {}, MESSAGES.studentCoursesInvalid],
    ['13 different codes', { courses: Array.from({ length: 13 }, (_, i) => `MATH10${10 + i}`) }, MESSAGES.tooManyStudentCourses],
    ['a huge list', { courses: Array.from({ length: 5000 }, () => 'MATH1014') }, MESSAGES.tooManyStudentCourses],
  ])('refuses %s with 400 and its message on the courses field, and keeps the codes it had', async (_case, payload, message) => {
    const a = await registerAndLogin(t.app);
    await putCourses({ courses: ['STAT1000'] }, a.cookie);
    const res = await putCourses(payload, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION', fields: { courses: message } });
    expect(await storedCodes(a.id)).toBe('STAT1000');
  });

  it('the messages name the limits the rules enforce', () => {
    expect(MESSAGES.tooManyStudentCourses).toContain(`at most ${LIMITS.maxStudentCourses} `);
  });

  it('is not held to the 24-hour rule of the faculty details, and does not start it', async () => {
    const a = await registerAndLogin(t.app);
    // Courses first: the faculty details can still be saved at once afterwards.
    expect((await putCourses({ courses: ['MATH1014'] }, a.cookie)).statusCode).toBe(200);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/student/faculty', payload: faculty, headers: { cookie: a.cookie } });
    expect(saved.statusCode).toBe(200);
    const lastUpdate = saved.json().student.academicInfo.lastUpdate;
    // Within the 24 hours: every change of the course list goes through, and the details stay as they were.
    for (const courses of [['MATH1014', 'PHYS1000'], ['PHYS1000'], ['PHYS1000', 'CHEM1012']]) {
      t.clock.advance(60_000);
      const res = await putCourses({ courses }, a.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().student.courses).toEqual(courses);
      expect(res.json().student.academicInfo).toMatchObject({ facultyName: 'science', lastUpdate });
    }
    // The faculty details themselves are still locked, and changing them keeps the courses.
    const locked = await t.app.inject({ method: 'PUT', url: '/api/v1/student/faculty', payload: { ...faculty, yearOfStudy: 'third' }, headers: { cookie: a.cookie } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(MESSAGES.facultyCooldown);
    t.clock.advance(LIMITS.facultyCooldownMs);
    const later = await t.app.inject({ method: 'PUT', url: '/api/v1/student/faculty', payload: { ...faculty, yearOfStudy: 'third' }, headers: { cookie: a.cookie } });
    expect(later.statusCode).toBe(200);
    expect(later.json().student.courses).toEqual(['PHYS1000', 'CHEM1012']);
  });

  it('changes only the caller’s own list, whatever the body says about whose it is', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    await putCourses({ courses: ['ECON1000'] }, b.cookie);
    const res = await putCourses({ courses: ['MATH1014'], id: b.id, studentId: b.id, email: 'x@y.z', role: 'admin' }, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({ id: a.id, role: 'buyer', courses: ['MATH1014'] });
    expect(await storedCodes(b.id)).toBe('ECON1000');
  });

  it('two saves at once: the list stored is one of them whole, never a mix', async () => {
    const a = await registerAndLogin(t.app);
    const one = ['MATH1014', 'PHYS1000', 'CHEM1012'];
    const two = ['ECON1000', 'ACCN1006'];
    const answers = await Promise.all([putCourses({ courses: one }, a.cookie), putCourses({ courses: two }, a.cookie)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect([one.join(' '), two.join(' ')]).toContain(await storedCodes(a.id));
  });

  it('anonymous callers hear 401, before the body is looked at', async () => {
    for (const payload of [{ courses: ['MATH1014'] }, { courses: 'nonsense' }]) {
      const res = await putCourses(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' });
    }
  });

  it('buyers, sellers and admins each keep a list of their own', async () => {
    for (const account of [await registerAndLogin(t.app), await registerAndLogin(t.app, { userType: 'seller' }), await adminAccount(t.app)]) {
      const res = await putCourses({ courses: ['MATH1014'] }, account.cookie);
      expect(res.statusCode, account.role).toBe(200);
      expect(res.json().student).toMatchObject({ id: account.id, courses: ['MATH1014'] });
    }
  });
});

describe(`GET /student/course-books (${dialectUnderTest})`, () => {
  let witsSeller: Account;
  let uctSeller: Account;
  let buyer: Account;
  /** A seller at Wits who takes ZMATH1014 and sells a book for it too. */
  let sellingStudent: Account;
  const books: Record<string, string> = {};

  beforeAll(async () => {
    witsSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Sipho', university: 'wits' });
    uctSeller = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Naledi', university: 'uct' });
    buyer = await registerAndLogin(t.app, { university: 'wits' });
    sellingStudent = await registerAndLogin(t.app, { userType: 'seller', firstName: 'Lerato', university: 'wits' });
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 9, minute)).toISOString();
    // Five for sale at Wits for ZMATH1014, oldest first.
    for (let i = 1; i <= 5; i += 1) books[`math${i}`] = await taggedBook(witsSeller.id, 'ZMATH1014', { title: `Calculus ${i}`, createdAt: at(i) });
    books.phys = await taggedBook(uctSeller.id, 'ZPHYS1000', { university: 'wits', courseUniversity: 'wits', createdAt: at(10) });
    // None of these is for sale at Wits for ZMATH1014.
    books.pending = await taggedBook(witsSeller.id, 'ZMATH1014', { status: 'pending', createdAt: at(20) });
    books.declined = await taggedBook(witsSeller.id, 'ZMATH1014', { status: 'declined', createdAt: at(21) });
    books.reserved = await taggedBook(witsSeller.id, 'ZMATH1014', { availability: 'reserved', createdAt: at(22) });
    books.sold = await taggedBook(witsSeller.id, 'ZMATH1014', { availability: 'sold', createdAt: at(23) });
    books.uctCourse = await taggedBook(uctSeller.id, 'ZMATH1014', { university: 'uct', createdAt: at(24) });
    // Tagged with Wits's course but sold on UCT's campus: not at the student's university.
    books.uctCampus = await taggedBook(uctSeller.id, 'ZMATH1014', { university: 'uct', courseUniversity: 'wits', createdAt: at(25) });
    books.untagged = await insertBook(t.database.db, witsSeller.id, { title: 'Calculus untagged', createdAt: at(26) });
    books.own = await taggedBook(sellingStudent.id, 'ZMATH1014', { title: 'My own calculus', createdAt: at(27) });
  });

  const codesOf = (res: { json: () => { courses: { code: string; total: number; books: { id: string }[] }[] } }) =>
    res.json().courses.map((c) => ({ code: c.code, total: c.total, books: c.books.map((b) => b.id) }));

  it('for each code in the student’s order: the newest books for sale at their university, at most 4, with how many there are', async () => {
    await putCourses({ courses: ['ZPHYS1000', 'ZMATH1014', 'ZNONE999'] }, buyer.cookie);
    const res = await courseBooks(buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(codesOf(res)).toEqual([
      { code: 'ZPHYS1000', total: 1, books: [books.phys] },
      { code: 'ZMATH1014', total: 6, books: [books.own, books.math5, books.math4, books.math3] },
      { code: 'ZNONE999', total: 0, books: [] },
    ]);
    const math = res.json().courses[1];
    expect(math.university).toBe('wits');
    // Whole Book JSON, as the catalogue answers it.
    expect(math.books[1]).toMatchObject({ id: books.math5, title: 'Calculus 5', status: 'approved', availability: 'available', courses: [{ university: 'wits', code: 'ZMATH1014' }] });
  });

  it('never offers the student their own listings, and does not count them', async () => {
    await putCourses({ courses: ['ZMATH1014'] }, sellingStudent.cookie);
    expect(codesOf(await courseBooks(sellingStudent.cookie))).toEqual([
      { code: 'ZMATH1014', total: 5, books: [books.math5, books.math4, books.math3, books.math2] },
    ]);
  });

  it('a student at another university sees that university’s course of the same code, never Wits’s', async () => {
    const uctBuyer = await registerAndLogin(t.app, { university: 'uct' });
    await putCourses({ courses: ['ZMATH1014', 'ZPHYS1000'] }, uctBuyer.cookie);
    const res = await courseBooks(uctBuyer.cookie);
    expect(codesOf(res)).toEqual([
      { code: 'ZMATH1014', total: 1, books: [books.uctCourse] },
      { code: 'ZPHYS1000', total: 0, books: [] },
    ]);
    expect(res.json().courses.map((c: { university: string }) => c.university)).toEqual(['uct', 'uct']);
  });

  it('no codes, no courses: an empty list', async () => {
    const a = await registerAndLogin(t.app);
    expect((await courseBooks(a.cookie)).json()).toEqual({ courses: [] });
  });

  it('follows the list and the books at once: a saved code, a reserved book, an approved one', async () => {
    const a = await registerAndLogin(t.app, { university: 'wits' });
    await putCourses({ courses: ['ZCHEM1012'] }, a.cookie);
    expect(codesOf(await courseBooks(a.cookie))).toEqual([{ code: 'ZCHEM1012', total: 0, books: [] }]);
    const chem = await taggedBook(witsSeller.id, 'ZCHEM1012', { status: 'pending' });
    expect(codesOf(await courseBooks(a.cookie))).toEqual([{ code: 'ZCHEM1012', total: 0, books: [] }]);
    const admin = await adminAccount(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/books/${chem}/approve`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(codesOf(await courseBooks(a.cookie))).toEqual([{ code: 'ZCHEM1012', total: 1, books: [chem] }]);
    // A buyer asks for it: reserved, it leaves.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { bookId: chem }, headers: { cookie: buyer.cookie } })).statusCode).toBe(201);
    expect(codesOf(await courseBooks(a.cookie))).toEqual([{ code: 'ZCHEM1012', total: 0, books: [] }]);
    await putCourses({ courses: ['ZMATH1014'] }, a.cookie);
    expect(codesOf(await courseBooks(a.cookie)).map((c) => c.code)).toEqual(['ZMATH1014']);
  });

  it('answers buyers and sellers alike; anonymous callers hear 401', async () => {
    await putCourses({ courses: ['ZPHYS1000'] }, witsSeller.cookie);
    expect(codesOf(await courseBooks(witsSeller.cookie))).toEqual([{ code: 'ZPHYS1000', total: 1, books: [books.phys] }]);
    const anonymous = await courseBooks();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' });
  });

  it('is never kept by a browser or a proxy: it is one student’s answer', async () => {
    expect((await courseBooks(buyer.cookie)).headers['cache-control']).toBe('no-store');
  });

  it('a seller whose own listings are the newest of a course still gets the others’ books', async () => {
    const busy = await registerAndLogin(t.app, { userType: 'seller', university: 'wits' });
    const at = (minute: number) => new Date(Date.UTC(2026, 6, 1, 9, minute)).toISOString();
    const others = [await taggedBook(witsSeller.id, 'ZBUSY1000', { createdAt: at(1) }), await taggedBook(uctSeller.id, 'ZBUSY1000', { university: 'wits', createdAt: at(2) })];
    // Twelve of their own, all newer than the others': more than the cache keeps of the course.
    for (let i = 0; i < 12; i += 1) await taggedBook(busy.id, 'ZBUSY1000', { createdAt: at(10 + i) });
    // Someone else asks first, so the course is in the cache as everyone sees it.
    await putCourses({ courses: ['ZBUSY1000'] }, buyer.cookie);
    expect(codesOf(await courseBooks(buyer.cookie))).toEqual([{ code: 'ZBUSY1000', total: 14, books: expect.any(Array) }]);
    await putCourses({ courses: ['ZBUSY1000'] }, busy.cookie);
    expect(codesOf(await courseBooks(busy.cookie))).toEqual([{ code: 'ZBUSY1000', total: 2, books: [...others].reverse() }]);
  });

  it.skipIf(dialectUnderTest !== 'sqlite')('on SQLite, reads each code’s rows from book_courses’ index and each listing by its key, and a seller’s own from the seller’s index', async () => {
    const plan = async (statement: Parameters<typeof sql>[1]) =>
      (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${statement}`.execute(t.database.db)).rows.map((r) => r.detail);
    const courses = await plan(courseListingsStatement({ university: 'wits', codes: ['ZMATH1014', 'ZPHYS1000'], perCourse: 10 }));
    expect(courses.some((d) => d.includes('book_courses_code_idx')), courses.join(' | ')).toBe(true);
    expect(courses.filter((d) => /^SCAN (b|c)\b/.test(d)), courses.join(' | ')).toEqual([]);
    const own = await plan(ownCourseListingsStatement(t.database.db, { university: 'wits', codes: ['ZMATH1014', 'ZPHYS1000'], seller: sellingStudent.id }));
    expect(own.some((d) => d.includes('books_seller_created_idx')), own.join(' | ')).toBe(true);
    expect(own.filter((d) => /^SCAN (b|c)\b/.test(d)), own.join(' | ')).toEqual([]);
  });
});

describe(`migration 014: student courses (${dialectUnderTest})`, () => {
  const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });

  it('goes down (the column goes) and up again (every student starts with no courses, and can save them)', async () => {
    const a = await registerAndLogin(t.app);
    await putCourses({ courses: ['MATH1014'] }, a.cookie);
    const names = Object.keys(migrations);
    const before = names[names.indexOf('2026-11-24-014-student-courses') - 1]!;
    const down = await migrator().migrateTo(before);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('2026-11-24-014-student-courses');
    const columns = (await t.database.db.introspection.getTables()).find((table) => table.name === 'students')!.columns.map((c) => c.name);
    expect(columns).not.toContain('course_codes');
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect((await t.app.inject({ url: '/api/v1/student/profile', headers: { cookie: a.cookie } })).json().student.courses).toEqual([]);
    expect((await putCourses({ courses: ['phys1000'] }, a.cookie)).json().student.courses).toEqual(['PHYS1000']);
  });
});
