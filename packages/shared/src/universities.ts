// Universities: the 10 a student can sign up with (ids are the API's), the 25 of the contact form,
// the landing page's featured list, and safe public meetup spots per sign-up campus.

export const SIGNUP_UNIVERSITY_NAMES = {
  uct: 'University of Cape Town',
  wits: 'University of the Witwatersrand',
  up: 'University of Pretoria',
  sun: 'Stellenbosch University',
  uj: 'University of Johannesburg',
  ru: 'Rhodes University',
  ukzn: 'University of KwaZulu-Natal',
  uwc: 'University of the Western Cape',
  nmu: 'Nelson Mandela University',
  ufs: 'University of the Free State',
} as const;

export type UniversityId = keyof typeof SIGNUP_UNIVERSITY_NAMES;

export const UNIVERSITY_IDS = ['uct', 'wits', 'up', 'sun', 'uj', 'ru', 'ukzn', 'uwc', 'nmu', 'ufs'] as const satisfies readonly UniversityId[];

export interface SignupUniversity {
  id: UniversityId;
  name: string;
  /** The sign-up dropdown's shorter text: 'University' becomes 'Uni.'. */
  label: string;
}

/** The sign-up dropdown shows 'Uni.' where the name says 'University'. */
export function universityLabel(name: string): string {
  return name.replace(/University/g, 'Uni.');
}

export const SIGNUP_UNIVERSITIES: SignupUniversity[] = UNIVERSITY_IDS.map((id) => ({
  id,
  name: SIGNUP_UNIVERSITY_NAMES[id],
  label: universityLabel(SIGNUP_UNIVERSITY_NAMES[id]),
}));

export function isUniversityId(value: unknown): value is UniversityId {
  return typeof value === 'string' && Object.hasOwn(SIGNUP_UNIVERSITY_NAMES, value);
}

/** Full name of a sign-up university; an unknown id (old data) comes back unchanged. */
export function universityName(id: string): string {
  return isUniversityId(id) ? SIGNUP_UNIVERSITY_NAMES[id] : id;
}

/** The contact form's choices: South Africa's public universities, alphabetical. */
export const CONTACT_UNIVERSITIES = [
  'Cape Peninsula University of Technology',
  'Central University of Technology',
  'Durban University of Technology',
  'Mangosuthu University of Technology',
  'Nelson Mandela University',
  'North-West University',
  'Rhodes University',
  'Sefako Makgatho Health Sciences University',
  'Sol Plaatje University',
  'Stellenbosch University',
  'Tshwane University of Technology',
  'University of Cape Town',
  'University of Fort Hare',
  'University of Johannesburg',
  'University of KwaZulu-Natal',
  'University of Limpopo',
  'University of Pretoria',
  'University of South Africa (UNISA)',
  'University of the Free State',
  'University of the Western Cape',
  'University of the Witwatersrand',
  'University of Venda',
  'University of Zululand',
  'Vaal University of Technology',
  'Walter Sisulu University',
] as const;
export type ContactUniversity = (typeof CONTACT_UNIVERSITIES)[number];

export interface FeaturedUniversity {
  id: UniversityId;
  name: string;
}

/** The landing page's 9; the two Johannesburg campuses where Reshelf started come first. */
export const FEATURED_UNIVERSITIES: FeaturedUniversity[] = (
  ['wits', 'uj', 'up', 'uct', 'sun', 'ukzn', 'ru', 'uwc', 'nmu'] as const
).map((id) => ({ id, name: SIGNUP_UNIVERSITY_NAMES[id] }));

/**
 * Busy, public, well-lit places on each campus that the meetup picker suggests. Sellers may still type
 * another place; these are a safe default, never a private address.
 */
export const CAMPUS_MEETUP_SPOTS: Record<UniversityId, string[]> = {
  uct: [
    'Chancellor Oppenheimer Library entrance (Upper Campus)',
    'Jammie Plaza (Jameson Hall steps)',
    "Steve Biko Students' Union building",
  ],
  wits: [
    'Wits Library Lawns (Wartenweiler Library entrance)',
    'Matrix Student Centre',
    'Great Hall steps (East Campus)',
    'Solomon Mahlangu House concourse',
    'Wits Science Stadium (West Campus)',
  ],
  up: [
    'Merensky 2 Library entrance (Hatfield Campus)',
    'Student Centre (Hatfield Campus)',
    'Aula Theatre forecourt (Hatfield Campus)',
  ],
  sun: ['JS Gericke Library entrance', 'Rooiplein (Red Square)', 'Neelsie Student Centre'],
  uj: [
    'UJ APK Library',
    'APK Student Centre',
    'UJ Library, Doornfontein Campus',
    'UJ Library, Bunting Road Campus',
    'UJ Library, Soweto Campus',
  ],
  ru: ['Rhodes University Library entrance', 'Drostdy Arch (main entrance)', 'Eden Grove lecture complex'],
  ukzn: [
    'E.G. Malherbe Library entrance (Howard College)',
    'Westville Campus Library entrance',
    'Cecil Renaud Library entrance (Pietermaritzburg)',
  ],
  uwc: ['UWC Main Library entrance', 'UWC Student Centre', 'Life Sciences Building foyer'],
  nmu: [
    'South Campus Library entrance (Gqeberha)',
    'North Campus Library entrance (Gqeberha)',
    'South Campus Main Building foyer',
  ],
  ufs: [
    'Sasol Library entrance (Bloemfontein Campus)',
    'Thakaneng Bridge (Bloemfontein Campus)',
    'Main Building lawns (Bloemfontein Campus)',
  ],
};

/**
 * Each sign-up university's official student and staff email domains (docs/decisions/0035-verified-students.md).
 * An address at one of them, or at a sub-domain of one (stu.ukzn.ac.za under ukzn.ac.za), proves
 * enrolment once the student confirms the link mailed to it.
 */
export const UNIVERSITY_EMAIL_DOMAINS: Record<UniversityId, readonly string[]> = {
  uct: ['myuct.ac.za', 'uct.ac.za'],
  wits: ['students.wits.ac.za', 'wits.ac.za'],
  up: ['tuks.co.za', 'up.ac.za'],
  sun: ['sun.ac.za'],
  uj: ['student.uj.ac.za', 'uj.ac.za'],
  ru: ['campus.ru.ac.za', 'ru.ac.za'],
  ukzn: ['stu.ukzn.ac.za', 'ukzn.ac.za'],
  uwc: ['myuwc.ac.za', 'uwc.ac.za'],
  nmu: ['mandela.ac.za'],
  ufs: ['ufs4life.ac.za', 'ufs.ac.za'],
};

/** The university whose email domain (or a sub-domain of it) an address is at, or null. Case does not matter. */
export function universityOfEmail(email: string): UniversityId | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = email.slice(at + 1).trim().toLowerCase();
  for (const id of UNIVERSITY_IDS) {
    if (UNIVERSITY_EMAIL_DOMAINS[id].some((d) => domain === d || domain.endsWith(`.${d}`))) return id;
  }
  return null;
}

/**
 * The one form of a university address that counts for "one address verifies one account"
 * (docs/decisions/0037-verification-needs-its-student.md): trimmed, lower-case, and without a `+tag` in its local
 * part, since `s123+1@students.wits.ac.za` and `s123+2@students.wits.ac.za` reach the same mailbox. An
 * address without an `@` is only trimmed and lower-cased.
 */
export function canonicalUniversityEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${lower.slice(at)}`;
}
