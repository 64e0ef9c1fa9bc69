// Faculty details for both roles (PUT /student/faculty): faculty, a
// department of it, year of study, academic year and semester, with the 'Academic Status' summary; and
// the student's course codes this semester, saved on their own (your-courses.tsx).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CalendarClock, GraduationCap, TriangleAlert } from 'lucide-react';
import {
  FACULTIES,
  LIMITS,
  LOCALE,
  MESSAGES,
  SEMESTERS,
  SEMESTER_LABELS,
  YEARS_OF_STUDY,
  YEAR_OF_STUDY_LABELS,
  departmentsOf,
  facultyLabel,
  facultySchema,
  TIME_ZONE,
  type Semester,
  type Student,
  type StudentResponse,
  type YearOfStudy,
} from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { DetailRow } from '../../components/ui/detail-row';
import { api, ApiError } from '../../lib/api';
import { toastFirstError, useFirstIssueForm, useSubmitOnce } from '../../lib/form';
import { serverErrorText, useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { YourCourses } from './your-courses';

interface FacultyValues {
  faculty: string;
  department: string;
  yearOfStudy: YearOfStudy | '';
  academicYear: string;
  semester: Semester | '';
}

const FACULTY_OPTIONS = FACULTIES.map((faculty) => ({ value: faculty.key, label: faculty.label }));
const YEAR_OPTIONS = YEARS_OF_STUDY.map((year) => ({ value: year, label: YEAR_OF_STUDY_LABELS[year] }));
const SEMESTER_OPTIONS = SEMESTERS.map((semester) => ({ value: semester, label: SEMESTER_LABELS[semester] }));

function initialValues(student: Student): FacultyValues {
  const info = student.academicInfo;
  return {
    faculty: info?.facultyName ?? '',
    department: info?.departmentName ?? '',
    yearOfStudy: info?.yearOfStudy ?? '',
    academicYear: info?.academicYear ?? '',
    semester: info?.semester ?? '',
  };
}

function isComplete(values: FacultyValues): boolean {
  return Boolean(
    values.faculty &&
      values.department &&
      values.yearOfStudy &&
      values.semester &&
      new RegExp(`^\\d{${LIMITS.academicYearDigits}}$`).test(values.academicYear),
  );
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** e.g. '25 Nov 2026, 14:30' in South African time, whatever the phone's own time zone. */
function formatReopening(date: Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
  return dateTimeFormat.format(date);
}

/** When the 24-hour rule lets the student change the details again, or null if they may now. */
function nextUpdateAt(student: Student, now = Date.now()): Date | null {
  const last = student.academicInfo?.lastUpdate;
  if (!last) return null;
  const next = Date.parse(last) + LIMITS.facultyCooldownMs;
  return Number.isFinite(next) && next > now ? new Date(next) : null;
}

function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return MESSAGES.facultyCooldown;
  }
  return serverErrorText(error, MESSAGES.facultyFailed);
}

function AcademicStatus({ values, complete }: { values: FacultyValues; complete: boolean }) {
  const rows = complete
    ? [
        { label: 'Faculty', value: facultyLabel(values.faculty) },
        { label: 'Department', value: values.department },
        { label: 'Year of Study', value: values.yearOfStudy ? YEAR_OF_STUDY_LABELS[values.yearOfStudy] : '' },
        { label: 'Academic Year', value: values.academicYear },
        { label: 'Semester', value: values.semester ? SEMESTER_LABELS[values.semester] : '' },
      ]
    : [];
  return (
    <aside aria-labelledby="academic-status" className="rounded-card bg-white p-6 shadow-soft ring-1 ring-ink-200/70">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <GraduationCap size={22} />
        </span>
        <h2 id="academic-status" className="text-lg font-bold text-ink-900">
          Academic Status
        </h2>
      </div>
      {complete ? (
        <dl className="mt-5 grid gap-3">
          {rows.map((row) => (
            <DetailRow key={row.label} label={row.label} layout="split">
              {row.value}
            </DetailRow>
          ))}
        </dl>
      ) : (
        <p className="mt-5 text-ink-600">{MESSAGES.facultyPrompt}</p>
      )}
    </aside>
  );
}

/** The details form, the Academic Status card beside it, and `below` (the course list) under the form. */
function FacultyForm({ student, below }: { student: Student; below?: ReactNode }) {
  const { setStudent } = useSession();
  // The student number is the account's own: checked with the choices, never edited here.
  const form = useFirstIssueForm<FacultyValues, unknown>(
    { safeParse: (choices) => facultySchema.safeParse({ ...(choices as FacultyValues), studentNumber: student.studentNumber }) },
    initialValues(student),
  );
  const values = useWatch({ control: form.control }) as FacultyValues;
  const complete = isComplete(values);
  const hasExisting = student.academicInfo !== null;
  const departments = values.faculty ? departmentsOf(values.faculty) : [];
  const [now, setNow] = useState(() => Date.now());
  const lockedUntil = nextUpdateAt(student, now);

  // The form opens again by itself when the 24 hours are up, even if the page stays open.
  const reopensAt = lockedUntil?.getTime();
  useEffect(() => {
    if (reopensAt === undefined) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(reopensAt - Date.now(), 0) + 1000);
    return () => window.clearTimeout(timer);
  }, [reopensAt]);

  const save = async () => {
    const payload = { ...form.getValues(), studentNumber: student.studentNumber };
    try {
      const answer = await api<StudentResponse>('/student/faculty', { method: 'PUT', body: payload });
      toast.success(MESSAGES.facultyUpdated);
      setNow(Date.now());
      if (answer?.student) setStudent(answer.student);
    } catch (error) {
      toast.error(saveErrorMessage(error));
    }
  };
  // Saved once however fast the button is tapped (the guard is taken in the submit event itself).
  const { onSubmit: submitOnce, busy: saving } = useSubmitOnce(form, save, { onInvalid: toastFirstError(form, () => true) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!complete || lockedUntil) {
      event.preventDefault();
      return;
    }
    submitOnce(event);
  };

  const buttonLabel = saving ? (hasExisting ? 'Updating...' : 'Saving...') : complete ? 'Save Changes' : 'Fill Required Fields';

  return (
    <div className="mt-8 grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid min-w-0 gap-6">
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="faculty-form-title"
          className="rounded-card bg-white p-5 shadow-soft ring-1 ring-ink-200/70 sm:p-8"
        >
          <h2 id="faculty-form-title" className="text-lg font-bold text-ink-900">
            Your studies
          </h2>
          {/* While the 24 hours run, the choices are shown but cannot change: nothing could save them. */}
          <fieldset disabled={lockedUntil !== null} className="mt-6 grid min-w-0 gap-5 sm:grid-cols-2">
            <legend className="sr-only">Your faculty details</legend>
            <Field label="Faculty" required>
              <Select
                placeholder="Select Faculty"
                options={FACULTY_OPTIONS}
                {...form.register('faculty', { onChange: () => form.setValue('department', '') })}
              />
            </Field>
            <Field label="Department" required hint={values.faculty ? undefined : 'Choose a faculty first'}>
              <Select
                placeholder="Select Department"
                disabled={!values.faculty}
                options={departments.map((department) => ({ value: department, label: department }))}
                {...form.register('department')}
              />
            </Field>
            <Field label="Year of Study" required>
              <Select
                placeholder="Select Year"
                options={YEAR_OPTIONS}
                {...form.register('yearOfStudy')}
              />
            </Field>
            <Field label="Student Number">
              <Input name="studentNumber" readOnly value={student.studentNumber} />
            </Field>
            <Field label="Academic Year" required hint="4 digits, for example 2025">
              <Controller
                control={form.control}
                name="academicYear"
                render={({ field }) => (
                  <Input
                    ref={field.ref}
                    name={field.name}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={LIMITS.academicYearDigits}
                    pattern="[0-9]{4}"
                    placeholder={String(new Date().getFullYear())}
                    value={field.value}
                    onBlur={field.onBlur}
                    // Keystrokes that are not digits are ignored.
                    onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, LIMITS.academicYearDigits))}
                  />
                )}
              />
            </Field>
            <Field label="Semester" required>
              <Select
                placeholder="Select Semester"
                options={SEMESTER_OPTIONS}
                {...form.register('semester')}
              />
            </Field>
          </fieldset>
          {lockedUntil ? (
            <p role="status" className="mt-6 flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <CalendarClock aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
              <span>
                Your faculty details are saved. They can be changed once every 24 hours, so you can change them again on{' '}
                <strong className="font-semibold">{formatReopening(lockedUntil)}</strong>.
              </span>
            </p>
          ) : (
            <>
              <p id="faculty-save-warning" className="mt-6 flex items-start gap-2 text-sm text-ink-700">
                <TriangleAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-amber-700" />
                <span>Check your details before saving: once saved, they cannot be changed for 24 hours.</span>
              </p>
              <Button
                type="submit"
                size="lg"
                className="mt-4 w-full sm:w-auto"
                disabled={!complete || saving}
                aria-busy={saving || undefined}
                aria-describedby="faculty-save-warning"
              >
                {buttonLabel}
              </Button>
            </>
          )}
        </form>
        {below}
      </div>
      <AcademicStatus values={values} complete={complete} />
    </div>
  );
}

export function FacultyPage() {
  usePageTitle('Faculty');
  const { student } = useSession();
  // Nothing renders when the student has no student number.
  if (!student?.studentNumber) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Faculty Details</h1>
      <p className="mt-2 text-ink-600">Tell us what you study so Reshelf can suggest the right books and packages.</p>
      <FacultyForm key={student.id} student={student} below={<YourCourses student={student} />} />
    </div>
  );
}
