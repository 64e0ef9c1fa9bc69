// The 7 faculties and their departments; the faculty form's department choices
// depend on the faculty, and the API checks that a department belongs to its faculty.

export const FACULTY_KEYS = ['science', 'engineering', 'commerce', 'humanities', 'medicine', 'law', 'education'] as const;
export type FacultyKey = (typeof FACULTY_KEYS)[number];

export interface Faculty {
  key: FacultyKey;
  label: string;
  departments: string[];
}

export const FACULTIES: Faculty[] = [
  {
    key: 'science',
    label: 'Science',
    departments: ['Computer Science', 'Mathematics', 'Physics', 'Chemistry', 'Biology', 'Statistics', 'Environmental Science'],
  },
  {
    key: 'engineering',
    label: 'Engineering',
    departments: ['Mechanical', 'Electrical', 'Civil', 'Chemical', 'Industrial', 'Software Engineering', 'Mechatronics'],
  },
  {
    key: 'commerce',
    label: 'Commerce',
    departments: [
      'Accounting',
      'Economics',
      'Business Management',
      'Finance',
      'Marketing',
      'Human Resources',
      'Information Systems',
    ],
  },
  {
    key: 'humanities',
    label: 'Humanities',
    departments: ['English', 'History', 'Philosophy', 'Psychology', 'Sociology', 'Political Science', 'Languages'],
  },
  {
    key: 'medicine',
    label: 'Medicine & Health Sciences',
    departments: [
      'Medicine',
      'Nursing',
      'Pharmacy',
      'Physiotherapy',
      'Occupational Therapy',
      'Public Health',
      'Dentistry',
    ],
  },
  {
    key: 'law',
    label: 'Law',
    departments: ['Criminal', 'Civil', 'Corporate', 'International', 'Constitutional Law', 'Human Rights Law'],
  },
  {
    key: 'education',
    label: 'Education',
    departments: [
      'Primary',
      'Secondary',
      'Special Education',
      'Educational Psychology',
      'Curriculum Studies',
      'Educational Technology',
    ],
  },
];

export function isFacultyKey(value: unknown): value is FacultyKey {
  return typeof value === 'string' && (FACULTY_KEYS as readonly string[]).includes(value);
}

/** The departments of a faculty (a copy); an unknown key has none, so the department select stays empty. */
export function departmentsOf(key: string): string[] {
  return [...(FACULTIES.find((faculty) => faculty.key === key)?.departments ?? [])];
}

/** The faculty's display label; an unknown key comes back unchanged. */
export function facultyLabel(key: string): string {
  return FACULTIES.find((faculty) => faculty.key === key)?.label ?? key;
}
