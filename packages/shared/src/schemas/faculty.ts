// PUT /student/faculty and the faculty form: faculty, a department of that faculty, year of study,
// a 4-digit academic year and the semester (the buyer form's '1'/'2' become 'first'/'second'); and
// PUT /student/courses: the student's course codes this semester.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { YEARS_OF_STUDY } from '../enums';
import type { Semester } from '../enums';
import { departmentsOf, FACULTY_KEYS, isFacultyKey } from '../faculties';
import { MESSAGES } from '../messages';
import { body, choice, isMissing, line, requiredText } from './common';
import { courseCodeField } from './listing';

const FIELD_ORDER = ['faculty', 'department', 'studentNumber', 'yearOfStudy', 'academicYear', 'semester'];

const SEMESTER_BY_NUMBER: Record<string, Semester> = { '1': 'first', '2': 'second' };

const ACADEMIC_YEAR_REQUIRED = 'Please enter the academic year';
const ACADEMIC_YEAR_INVALID = 'Academic year must be exactly 4 digits';

export const DEPARTMENT_NOT_IN_FACULTY = 'Please select a department of the chosen faculty';

/**
 * The department must belong to the faculty. The check runs even when later fields failed and puts
 * its issue in field order, so the first issue is still the first field's problem.
 */
const departmentBelongsToFaculty = z.check<Record<string, unknown>>((payload) => {
  // Runs even when the body was not an object at all.
  if (typeof payload.value !== 'object' || payload.value === null) return;
  const { faculty, department } = payload.value;
  if (!isFacultyKey(faculty) || typeof department !== 'string') return;
  if (payload.issues.some((issue) => issue.path?.[0] === 'faculty' || issue.path?.[0] === 'department')) return;
  if (departmentsOf(faculty).includes(department)) return;
  const position = (issue: { path?: PropertyKey[] }) => FIELD_ORDER.indexOf(String(issue.path?.[0]));
  const after = payload.issues.findIndex((issue) => position(issue) > FIELD_ORDER.indexOf('department'));
  payload.issues.splice(after === -1 ? payload.issues.length : after, 0, {
    code: 'custom',
    path: ['department'],
    message: DEPARTMENT_NOT_IN_FACULTY,
    input: department,
  });
});
// Without `when`, zod skips object checks once any field has failed.
departmentBelongsToFaculty._zod.def.when = () => true;

export const facultySchema = body({
  faculty: choice(FACULTY_KEYS, 'Please select your faculty'),
  department: requiredText({
    text: line('Department'),
    required: 'Please select your department',
    max: 100,
    maxMessage: DEPARTMENT_NOT_IN_FACULTY,
  }),
  /** Shown read-only on the form; the server uses the student's own number, so anything here is ignored. */
  studentNumber: z.string().optional().catch(undefined),
  yearOfStudy: choice(YEARS_OF_STUDY, 'Please select your year of study'),
  academicYear: z
    .union([z.string(), z.number()], {
      error: (issue) => (isMissing(issue.input) ? ACADEMIC_YEAR_REQUIRED : ACADEMIC_YEAR_INVALID),
    })
    .transform((value) => String(value).trim())
    .pipe(
      z.string().min(1, { error: ACADEMIC_YEAR_REQUIRED, abort: true }).regex(/^\d{4}$/, ACADEMIC_YEAR_INVALID),
    ),
  semester: choice(['first', 'second', '1', '2'] as const satisfies readonly (Semester | '1' | '2')[], 'Please select your semester').transform(
    (value): Semester => SEMESTER_BY_NUMBER[value] ?? (value as Semester),
  ),
}).check(departmentBelongsToFaculty);
export type FacultyInput = z.input<typeof facultySchema>;
export type FacultyBody = z.output<typeof facultySchema>;

/**
 * PUT /student/courses: the course codes the student takes this semester, all at their own university
 * (so codes only, no university). Each code is checked and upper-cased like a listing's (courseCodeField);
 * the same code twice counts once; at most LIMITS.maxStudentCourses. The array itself is capped far above
 * that so a huge payload is refused before each entry is checked. An empty list clears them.
 */
export const studentCoursesSchema = body({
  courses: z
    .array(courseCodeField(), { error: MESSAGES.studentCoursesInvalid })
    .max(LIMITS.maxStudentCourses * 10, MESSAGES.tooManyStudentCourses)
    .transform((codes) => [...new Set(codes)])
    .refine((codes) => codes.length <= LIMITS.maxStudentCourses, MESSAGES.tooManyStudentCourses),
});
export type StudentCoursesInput = z.input<typeof studentCoursesSchema>;
export type StudentCoursesBody = z.output<typeof studentCoursesSchema>;
