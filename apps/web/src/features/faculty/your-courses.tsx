// "Your courses" on the Faculty page: the course codes the student takes this semester at their
// university (PUT /student/courses), as chips. Saved on their own, so the faculty details' 24-hour rule
// never keeps a student from adding a code they forgot; the homes show books for them.
import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BookMarked } from 'lucide-react';
import { LIMITS, MESSAGES, studentCoursesSchema, universityName, type CourseInput, type Student } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { CourseCodes } from '../../components/ui/course-codes';
import { FormField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { serverErrorText } from '../../lib/session';
import { useSaveCourses } from './api';

interface CoursesValues {
  courses: CourseInput[];
}

const valuesOf = (student: Student): CoursesValues => ({
  // A student remembered by an older version of the app has no list yet: none until the session check.
  courses: (student.courses ?? []).map((code) => ({ university: student.university, code })),
});

export function YourCourses({ student }: { student: Student }) {
  const form = useForm<CoursesValues>({ defaultValues: valuesOf(student) });
  const save = useSaveCourses();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = studentCoursesSchema.safeParse({ courses: form.getValues('courses').map((course) => course.code) });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MESSAGES.studentCoursesFailed;
      form.setError('courses', { type: 'validation', message });
      return;
    }
    save.run(parsed.data.courses, {
      onSuccess: (answer) => {
        form.reset(valuesOf(answer.student));
        toast.success(MESSAGES.studentCoursesSaved);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.courses) form.setError('courses', { type: 'server', message: error.fields.courses });
        toast.error(serverErrorText(error, MESSAGES.studentCoursesFailed));
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="your-courses-title"
      className="rounded-card bg-white p-5 shadow-soft ring-1 ring-ink-200/70 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <BookMarked size={22} />
        </span>
        <h2 id="your-courses-title" className="text-lg font-bold text-ink-900">
          Your courses
        </h2>
      </div>
      <p className="mt-3 text-ink-600">
        The course codes you take this semester at {universityName(student.university)}. Books for them show on your home. You can change
        them at any time.
      </p>
      <FormField
        form={form}
        name="courses"
        id="student-courses"
        label="Course codes (optional)"
        hint={`Letters and numbers, like MATH1014; press Enter or Add after each one. Up to ${LIMITS.maxStudentCourses}.`}
        className="mt-5"
      >
        <Controller
          control={form.control}
          name="courses"
          render={({ field }) => (
            <CourseCodes
              id="student-courses"
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors('courses');
              }}
              university={student.university}
              max={LIMITS.maxStudentCourses}
              tooMany={MESSAGES.tooManyStudentCourses}
              addOnBlur
              disabled={save.busy}
            />
          )}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={save.busy} aria-busy={save.busy || undefined}>
        {save.busy ? 'Saving...' : 'Save courses'}
      </Button>
    </form>
  );
}
