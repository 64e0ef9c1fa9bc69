// Course codes (MATH1014 at Wits) as a small chip input, for a listing's courses and a student's own. The
// student types a code and presses Enter or Add; each chip has its own labelled Remove button; codes to
// offer (a listing's edition's, say) are one-tap suggestions. Codes are letters and digits only (a refused
// keystroke changes nothing), at most 12 characters, upper-cased as the server stores them; at most `max`
// of them, duplicates ignored. A chip of another university than the student's names it.
import { useId, useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { COURSE_CODE_PATTERN, MESSAGES, universityName, type CourseInput, type UniversityId } from '@reshelf/shared';
import { Button } from './button';
import { Input } from './input';

/** What a course code field accepts as it is typed: letters and digits, up to 12. */
const TYPING = /^[A-Za-z0-9]{0,12}$/;

const sameCourse = (a: CourseInput, b: CourseInput) => a.university === b.university && String(a.code).toUpperCase() === String(b.code).toUpperCase();

export interface CourseCodesProps {
  /** The input's id (the field's label points at it). */
  id: string;
  value: CourseInput[];
  onChange: (courses: CourseInput[]) => void;
  /** The student's university: typed codes are its courses. */
  university: UniversityId;
  /** How many codes the list may hold, and what is said when one more is typed. */
  max: number;
  tooMany: string;
  /** Courses to offer with one tap (those already chosen and other universities' are left out), under `suggestionsLabel`. */
  suggestions?: readonly CourseInput[];
  suggestionsLabel?: string;
  /** A valid code still in the box when it loses focus is added (a form whose Save would otherwise drop it). */
  addOnBlur?: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
}

export function CourseCodes({ id, value, onChange, university, max, tooMany, suggestions = [], suggestionsLabel, addOnBlur = false, disabled = false, ...rest }: CourseCodesProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const full = value.length >= max;
  const offered = suggestions.filter((s) => s.university === university && !value.some((v) => sameCourse(v, s)));

  const add = (course: CourseInput) => {
    const code = String(course.code).trim().toUpperCase();
    if (!COURSE_CODE_PATTERN.test(code)) {
      setProblem(MESSAGES.courseCode);
      return false;
    }
    if (value.some((v) => sameCourse(v, { ...course, code }))) return true;
    if (full) {
      setProblem(tooMany);
      return false;
    }
    setProblem(null);
    onChange([...value, { university: course.university, code }]);
    return true;
  };

  const addTyped = () => {
    if (add({ university, code: text })) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the code; it must not submit the listing.
    event.preventDefault();
    addTyped();
  };

  const describedBy = [rest['aria-describedby'], problem ? problemId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {value.length > 0 && (
        <ul aria-label="Course codes added" className="flex min-w-0 flex-wrap gap-2">
          {value.map((course) => (
            <li
              key={`${course.university} ${course.code}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
            >
              <span className="min-w-0 break-all">
                {course.code}
                {course.university !== university && <span className="font-normal text-brand-700"> ({universityName(course.university)})</span>}
              </span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${course.code}`}
                onClick={() => {
                  setProblem(null);
                  onChange(value.filter((v) => !sameCourse(v, course)));
                }}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:ring-3 focus-visible:ring-brand-600/40 focus-visible:outline-none disabled:opacity-50"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* The box is at least wide enough for its placeholder ("e.g. MATH1014", shown as written: the typed
          code is upper-cased, the example is not); where the box and Add do not fit side by side (a 320 px
          phone, a dialog), Add moves under the box instead of squeezing it until the placeholder is cut off. */}
      <div className="flex min-w-0 flex-wrap gap-2">
        <Input
          id={id}
          value={text}
          disabled={disabled || full}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          placeholder="e.g. MATH1014"
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          className="min-w-0 grow basis-44 uppercase placeholder:normal-case"
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (addOnBlur && text.trim() !== '') addTyped();
          }}
          onChange={(event) => {
            if (!TYPING.test(event.target.value)) return;
            setText(event.target.value);
            setProblem(null);
          }}
        />
        <Button type="button" variant="outline" disabled={disabled || full || text.trim() === ''} onClick={addTyped} aria-label="Add course code">
          <Plus aria-hidden="true" className="size-4" />
          Add
        </Button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {offered.length > 0 && !full && (
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
          {suggestionsLabel && <span className="text-ink-600">{suggestionsLabel}</span>}
          {offered.map((course) => (
            <button
              key={course.code}
              type="button"
              disabled={disabled}
              aria-label={`Add suggested course ${course.code}`}
              onClick={() => add(course)}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-dashed border-brand-400 px-3 py-1 font-semibold break-all text-brand-800 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-brand-600/40 focus-visible:outline-none"
            >
              <Plus aria-hidden="true" className="size-3.5 shrink-0" />
              {course.code}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
