// The sell wizard's text draft: every field as the seller typed it, kept in
// localStorage per seller so a reload or a dropped connection loses nothing until the book is listed.
// Photos cannot be stored there; the page says so.
import { COURSE_CODE_PATTERN, LIMITS, WIZARD_STEPS, isUniversityId, type CourseInput, type ListingField } from '@reshelf/shared';
import { readStored, removeStored, writeStored } from '../../../lib/local-storage';

/** Every text field as typed, and the course codes added so far. */
export type WizardValues = Record<ListingField, string> & { courses: CourseInput[] };
export type WizardStepNumber = 1 | 2 | 3;

export const LISTING_FIELDS = WIZARD_STEPS.flatMap((step) => step.fields) as ListingField[];

export function emptyValues(): WizardValues {
  return { ...(Object.fromEntries(LISTING_FIELDS.map((field) => [field, ''])) as Record<ListingField, string>), courses: [] };
}

/** Whether the seller has typed or added anything yet. */
export function hasValues(values: WizardValues): boolean {
  return values.courses.length > 0 || LISTING_FIELDS.some((field) => values[field] !== '');
}

/** The stored draft's courses, keeping only well-formed ones. */
function storedCourses(value: unknown): CourseInput[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((c): c is CourseInput => typeof c === 'object' && c !== null && isUniversityId(c.university) && typeof c.code === 'string' && COURSE_CODE_PATTERN.test(c.code))
    .slice(0, LIMITS.maxCourses);
}

export function draftKey(studentId: string): string {
  return `sellDraft:${studentId}`;
}

export interface WizardDraft {
  values: WizardValues;
  step: WizardStepNumber;
}

/** The stored draft, keeping only known text fields (stored JSON may be old or hand-edited). */
export function loadDraft(studentId: string): WizardDraft {
  const stored = readStored<unknown>(draftKey(studentId), null);
  const values = emptyValues();
  let step: WizardStepNumber = 1;
  if (typeof stored === 'object' && stored !== null) {
    const { values: storedValues, step: storedStep } = stored as { values?: unknown; step?: unknown };
    if (typeof storedValues === 'object' && storedValues !== null) {
      for (const field of LISTING_FIELDS) {
        const value = (storedValues as Record<string, unknown>)[field];
        if (typeof value === 'string') values[field] = value;
      }
      values.courses = storedCourses((storedValues as Record<string, unknown>).courses);
    }
    if (storedStep === 1 || storedStep === 2 || storedStep === 3) step = storedStep;
  }
  return { values, step };
}

export function saveDraft(studentId: string, draft: WizardDraft): void {
  if (!hasValues(draft.values) && draft.step === 1) removeStored(draftKey(studentId));
  else writeStored(draftKey(studentId), draft);
}

export function clearDraft(studentId: string): void {
  removeStored(draftKey(studentId));
}

/** Which step shows a field, to jump back to it when the server or the final check finds a problem. */
export function stepOf(field: string): WizardStepNumber {
  const index = WIZARD_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index === 1 ? 2 : index === 2 ? 3 : 1;
}
