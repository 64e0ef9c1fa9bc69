// A realistic, varied, repeatable catalogue for the benchmarks: titles, authors, publishers and
// descriptions combined from word lists per subject, so search terms have the spread of a real
// marketplace (a few very common words, a long tail of rare ones).
import { CATEGORIES, CONDITIONS, isbn13CheckDigit, LANGUAGES, STUDY_LEVELS, UNIVERSITY_IDS, type Category } from '@reshelf/shared';

/** A small fast PRNG (mulberry32) so every run seeds the same catalogue. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof prng>;

const SUBJECTS: Record<Category, string[]> = {
  mathematics: ['Calculus', 'Linear Algebra', 'Real Analysis', 'Differential Equations', 'Discrete Mathematics', 'Probability', 'Statistics', 'Number Theory', 'Abstract Algebra', 'Topology', 'Numerical Methods', 'Complex Analysis', 'Mathematical Modelling', 'Multivariable Calculus', 'Combinatorics'],
  physics: ['Classical Mechanics', 'Electromagnetism', 'Quantum Mechanics', 'Thermodynamics', 'Optics', 'Statistical Physics', 'Astrophysics', 'Solid State Physics', 'Nuclear Physics', 'Waves and Oscillations', 'Relativity', 'Fluid Dynamics'],
  chemistry: ['Organic Chemistry', 'Inorganic Chemistry', 'Physical Chemistry', 'Analytical Chemistry', 'Biochemistry', 'Spectroscopy', 'Chemical Kinetics', 'Electrochemistry', 'Polymer Chemistry', 'Environmental Chemistry'],
  biology: ['Cell Biology', 'Genetics', 'Molecular Biology', 'Ecology', 'Evolution', 'Microbiology', 'Botany', 'Zoology', 'Physiology', 'Marine Biology', 'Immunology', 'Bioinformatics'],
  'computer-science': ['Algorithms', 'Data Structures', 'Operating Systems', 'Computer Networks', 'Databases', 'Software Engineering', 'Artificial Intelligence', 'Machine Learning', 'Compilers', 'Computer Architecture', 'Programming in Java', 'Programming in Python', 'Distributed Systems', 'Computer Graphics', 'Cryptography'],
  engineering: ['Engineering Mechanics', 'Statics', 'Dynamics', 'Strength of Materials', 'Fluid Mechanics', 'Heat Transfer', 'Control Systems', 'Circuit Analysis', 'Signals and Systems', 'Structural Analysis', 'Geotechnical Engineering', 'Electrical Machines', 'Engineering Drawing', 'Surveying', 'Power Systems'],
  business: ['Management', 'Marketing', 'Business Strategy', 'Human Resource Management', 'Entrepreneurship', 'Operations Management', 'Organisational Behaviour', 'Business Ethics', 'Project Management', 'Supply Chain Management', 'Business Communication'],
  economics: ['Microeconomics', 'Macroeconomics', 'Econometrics', 'Development Economics', 'Public Finance', 'International Trade', 'Monetary Economics', 'Labour Economics', 'Economic History', 'Game Theory'],
  accounting: ['Financial Accounting', 'Management Accounting', 'Auditing', 'Taxation', 'Cost Accounting', 'Corporate Finance', 'Financial Reporting', 'IFRS', 'Accounting Information Systems', 'Forensic Accounting'],
  law: ['Constitutional Law', 'Law of Contract', 'Criminal Law', 'Law of Delict', 'Property Law', 'Family Law', 'Company Law', 'Labour Law', 'Administrative Law', 'Law of Evidence', 'Jurisprudence', 'Customary Law', 'Human Rights Law'],
  medicine: ['Anatomy', 'Physiology', 'Pharmacology', 'Pathology', 'Clinical Medicine', 'Surgery', 'Paediatrics', 'Obstetrics and Gynaecology', 'Psychiatry', 'Microbiology', 'Epidemiology', 'Internal Medicine', 'Radiology'],
  nursing: ['Fundamentals of Nursing', 'Midwifery', 'Community Health Nursing', 'Medical-Surgical Nursing', 'Psychiatric Nursing', 'Nursing Ethics', 'Primary Health Care', 'Paediatric Nursing', 'Critical Care Nursing', 'Pharmacology for Nurses'],
};

const PATTERNS = [
  (s: string) => s,
  (s: string) => `Introduction to ${s}`,
  (s: string) => `Principles of ${s}`,
  (s: string) => `Fundamentals of ${s}`,
  (s: string) => `${s} - A First Course`,
  (s: string) => `${s} - Theory and Practice`,
  (s: string) => `Essentials of ${s}`,
  (s: string) => `${s} for South African Students`,
  (s: string) => `Advanced ${s}`,
  (s: string) => `Applied ${s}`,
  (s: string) => `A Modern Approach to ${s}`,
  (s: string) => `${s} in Context`,
  (s: string) => `Understanding ${s}`,
  (s: string) => `${s} - Concepts and Cases`,
  (s: string) => `Handbook of ${s}`,
  (s: string) => `${s} Made Simple`,
];

const SURNAMES = [
  'Stewart', 'Anton', 'Serway', 'Halliday', 'Resnick', 'Atkins', 'Clayden', 'Campbell', 'Alberts', 'Cormen', 'Tanenbaum', 'Sommerville', 'Russell', 'Norvig', 'Hibbeler', 'Kotler', 'Mankiw', 'Krugman', 'Gujarati', 'Horngren',
  'Van der Merwe', 'Nel', 'Botha', 'Pretorius', 'Du Plessis', 'Venter', 'Steyn', 'Coetzee', 'Naidoo', 'Pillay', 'Govender', 'Dlamini', 'Nkosi', 'Mokoena', 'Khumalo', 'Ndlovu', 'Mthembu', 'Zulu', 'Mahlangu', 'Mabaso',
  'Sibiya', 'Molefe', 'Mokwena', 'Maluleke', 'Baloyi', 'Van Wyk', 'Smit', 'Fourie', 'Kruger', 'Meyer', 'Jacobs', 'Adams', 'Williams', 'Hendricks', 'Abrahams', 'Le Roux', 'Joubert', 'Olivier', 'Swanepoel', 'Erasmus',
  'Currie', 'De Waal', 'Kleyn', 'Hutchison', 'Neethling', 'Burchell', 'Snyman', 'Cassim', 'Badenhorst', 'Hawthorne', 'Gray', 'Guyton', 'Hall', 'Moore', 'Dalley', 'Kumar', 'Robbins', 'Katzung', 'Rang', 'Dale',
  'Lay', 'Strang', 'Rudin', 'Apostol', 'Spivak', 'Ross', 'Feller', 'Griffiths', 'Jackson', 'Goldstein', 'Kittel', 'Zettili', 'Housecroft', 'Skoog', 'Lehninger', 'Raven', 'Purves', 'Silberschatz', 'Kurose', 'Elmasri',
  'Pressman', 'Aho', 'Hennessy', 'Patterson', 'Beer', 'Johnston', 'Gere', 'Cengel', 'White', 'Ogata', 'Nilsson', 'Oppenheim', 'Das', 'Chapman', 'Grainger', 'Porter', 'Drucker', 'Grant', 'Armstrong', 'Timmons',
  'Varian', 'Dornbusch', 'Wooldridge', 'Todaro', 'Stiglitz', 'Krugman', 'Mishkin', 'Borjas', 'Osborne', 'Kieso', 'Drury', 'Arens', 'Stiglingh', 'Brealey', 'Myers', 'Romney', 'Mathebula', 'Motsepe', 'Sisulu', 'Tambo',
];
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWZ'.split('');

export const PUBLISHERS = [
  'Pearson', 'Juta', 'Van Schaik', 'Oxford University Press', 'Cambridge University Press', 'LexisNexis', 'McGraw Hill', 'Wiley',
  'Cengage', 'Macmillan', 'Elsevier', 'Springer', 'Routledge', 'SAGE', 'Wits University Press', 'UCT Press', 'Unisa Press', 'Sun Press',
  'Heinemann', 'Norton', 'Prentice Hall', 'Addison Wesley', 'MIT Press', 'Princeton University Press', 'Jacana', 'Pan Macmillan South Africa',
];

const DESCRIPTION_OPENERS = [
  'Clean copy with no highlighting.',
  'Some pencil notes in the first chapters, otherwise clean.',
  'Used for one semester, spine slightly creased.',
  'Prescribed for the first-year course; all pages intact.',
  'Highlighted in places but very readable.',
  'Cover shows some wear, pages are clean.',
  'Like new, bought last year and barely opened.',
  'Includes the worked solutions at the back.',
  'Former library copy with a stamp inside the cover.',
  'Water mark on the bottom corner of a few pages.',
];
const DESCRIPTION_TOPICS = [
  'Covers {s} from first principles with many worked examples.',
  'Useful for tutorials and past exam papers on {s}.',
  'The standard text for {s} at most South African universities.',
  'Chapters on {s} and revision exercises at the end of each unit.',
  'Good preparation for the {s} module and the supplementary exam.',
];
const DESCRIPTION_CLOSERS = [
  'Can meet on campus near the library.',
  'Price is negotiable for a quick sale.',
  'Collection from residence or the student centre.',
  'Will include my lecture notes for free.',
  'Happy to meet at the main entrance.',
  '',
];

/** Every subject word and author surname, lower case: searches students really type, for the cold-search run. */
export const SEARCH_WORDS: string[] = [
  ...new Set(
    [...Object.values(SUBJECTS).flat(), ...SURNAMES]
      .flatMap((s) => s.toLowerCase().split(/[^a-z]+/))
      .filter((w) => w.length > 3 && !['with', 'from', 'theory', 'practice', 'systems', 'engineering'].includes(w)),
  ),
];

/** A handful of listings carry a rare word, so the rare-term search has a known, small result. */
export const RARE_TERM = 'zymurgy';
const RARE_TITLE = 'Zymurgy - The Chemistry of Brewing';

const EDITIONS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th'];

export interface SeedBook {
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  publicationYear: number;
  language: string;
  category: string;
  studyLevel: string;
  condition: string;
  priceCents: number;
  edition: string;
  numberOfPages: number;
  description: string;
  university: string;
}

/** A valid ISBN-13 (978-0 or 978-1, random digits, its check digit), digits only as listings store it. */
function isbn13(rng: Rng): string {
  const first12 = [9, 7, 8, rng.int(0, 1), ...Array.from({ length: 8 }, () => rng.int(0, 9))].join('');
  return first12 + isbn13CheckDigit(first12);
}

function author(rng: Rng): string {
  const one = () => `${rng.pick(INITIALS)}. ${rng.pick(SURNAMES)}`;
  const n = rng.next();
  if (n < 0.55) return one();
  if (n < 0.85) return `${one()} and ${one()}`;
  return `${one()}, ${one()} and ${one()}`;
}

/** The i-th book of the catalogue (deterministic for a given rng sequence). */
export function makeBook(rng: Rng, i: number): SeedBook {
  const category = CATEGORIES[i % CATEGORIES.length] as Category;
  const subject = rng.pick(SUBJECTS[category]);
  const rare = i % 5000 === 17;
  const title = rare ? RARE_TITLE : rng.pick(PATTERNS)(subject);
  const second = rng.pick(SUBJECTS[rng.pick(CATEGORIES)]);
  const description = [
    rng.pick(DESCRIPTION_OPENERS),
    rng.pick(DESCRIPTION_TOPICS).replace('{s}', subject.toLowerCase()),
    rng.next() < 0.3 ? `Also touches on ${second.toLowerCase()}.` : '',
    rng.pick(DESCRIPTION_CLOSERS),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    title,
    author: author(rng),
    isbn: isbn13(rng),
    publisher: rng.pick(PUBLISHERS),
    publicationYear: rng.int(1995, 2026),
    language: rng.next() < 0.8 ? 'english' : rng.pick(LANGUAGES),
    category,
    studyLevel: rng.next() < 0.7 ? 'undergraduate' : rng.pick(STUDY_LEVELS),
    condition: rng.pick(CONDITIONS),
    // R50 to R2000, in whole rand or with cents, skewed towards the cheaper end like a real market.
    priceCents: 5000 + Math.floor(rng.next() ** 1.6 * 195000),
    edition: rng.pick(EDITIONS),
    numberOfPages: rng.int(120, 1400),
    description,
    university: rng.pick(UNIVERSITY_IDS),
  };
}
