// The course codes a listing is used for (MATH1014 at Wits): the shared chip input with a listing's limit
// (LIMITS.maxCourses), and the codes earlier listings of the same ISBN carried at the seller's university
// offered as one-tap suggestions.
import type { ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, MESSAGES } from '@reshelf/shared';
import { CourseCodes as CourseCodeInput } from '../../components/ui/course-codes';
import { editionQuery, typedIsbn13 } from '../../lib/editions';

/**
 * The courses earlier approved listings of this ISBN were tagged with (the shared edition query, so the
 * wizard's other help from the edition costs no second request); none until the ISBN is one worth asking
 * about (typedIsbn13: not a half-typed ISBN-13), and none for an ISBN nobody has listed (404).
 */
export function useEditionCourses(isbn: string) {
  const isbn13 = typedIsbn13(isbn);
  return useQuery({ ...editionQuery(isbn13 ?? ''), enabled: isbn13 !== null, select: (edition) => edition?.courses ?? [] });
}

export type CourseCodesProps = Omit<ComponentProps<typeof CourseCodeInput>, 'max' | 'tooMany' | 'suggestionsLabel'>;

/** A listing's course codes: at most LIMITS.maxCourses, the edition's earlier codes offered. */
export function CourseCodes(props: CourseCodesProps) {
  return <CourseCodeInput {...props} max={LIMITS.maxCourses} tooMany={MESSAGES.tooManyCourses} suggestionsLabel="Used for this book before:" />;
}
