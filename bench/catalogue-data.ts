// A realistic, varied, repeatable catalogue for the benchmarks, shaped like a textbook market: listings
// are copies of editions. An edition (title, authors, publisher, year, edition, ISBN, category, and the
// courses that prescribe it) is combined from word lists per subject, so search terms have the spread of
// a real marketplace (a few very common words, a long tail of rare ones); a few first-year books have
// hundreds of copies and most editions one to five. Each copy has its own condition, price, campus and
// description.
import { CATEGORIES, CONDITIONS, isbn13CheckDigit, LANGUAGES, STUDY_LEVELS, UNIVERSITY_IDS, type Category, type Condition, type UniversityId } from '@reshelf/shared';

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

/** A few editions carry a rare word, so the rare-term search has a known, small result. */
export const RARE_TERM = 'zymurgy';
const RARE_TITLE = 'Zymurgy - The Chemistry of Brewing';

const EDITIONS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th'];

/** First-year books, the ones with hundreds of copies on every campus that prescribes them. */
const FIRST_YEAR: [Category, string][] = [
  ['mathematics', 'Calculus'], ['economics', 'Microeconomics'], ['accounting', 'Financial Accounting'], ['computer-science', 'Programming in Python'],
  ['physics', 'Classical Mechanics'], ['chemistry', 'Organic Chemistry'], ['biology', 'Cell Biology'], ['law', 'Law of Contract'],
  ['business', 'Management'], ['mathematics', 'Linear Algebra'], ['economics', 'Macroeconomics'], ['mathematics', 'Statistics'],
  ['engineering', 'Engineering Mechanics'], ['medicine', 'Anatomy'], ['nursing', 'Fundamentals of Nursing'], ['accounting', 'Management Accounting'],
  ['computer-science', 'Data Structures'], ['law', 'Constitutional Law'], ['chemistry', 'Physical Chemistry'], ['business', 'Marketing'],
];

/** The first letters of a category's course codes (MATH1014). */
const COURSE_PREFIX: Record<Category, string> = {
  mathematics: 'MATH', physics: 'PHYS', chemistry: 'CHEM', biology: 'BIOL', 'computer-science': 'COMS', engineering: 'ENGG',
  business: 'BUSM', economics: 'ECON', accounting: 'ACCN', law: 'LAWS', medicine: 'MEDI', nursing: 'NURS',
};

/** A course code in the style of its university: MATH1014 at Wits, MAT1014F at UCT, MAT114 at UP. */
function courseCode(category: Category, university: UniversityId, year: number, n: number): string {
  const p = COURSE_PREFIX[category];
  const pad = (v: number, width: number) => String(v).padStart(width, '0');
  if (university === 'wits') return `${p}${year}${pad(n, 3)}`;
  if (university === 'uct') return `${p.slice(0, 3)}${year}${pad(n, 3)}${'FSW'[n % 3]}`;
  if (university === 'up') return `${p.slice(0, 3)}${year}${pad(n, 2)}`;
  return `${p}${year}${pad(n, 2)}${UNIVERSITY_IDS.indexOf(university)}`;
}

export interface SeedEdition {
  isbn: string;
  title: string;
  author: string;
  publisher: string;
  publicationYear: number;
  edition: string;
  language: string;
  category: Category;
  studyLevel: string;
  numberOfPages: number;
  /** The subject, for the copies' descriptions. */
  subject: string;
  /** What a new copy costs; copies sell for around 40-60% of it. */
  newPriceCents: number;
  /** The code of the course that prescribes it, at each university that does. */
  courses: Partial<Record<UniversityId, string>>;
}

export interface SeedCopy {
  condition: Condition;
  priceCents: number;
  description: string;
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

/** Universities (distinct, in a random order), `n` of them. */
function someUniversities(rng: Rng, n: number): UniversityId[] {
  const all = [...UNIVERSITY_IDS] as UniversityId[];
  for (let i = all.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n);
}

type Kind = 'popular' | 'common' | 'rare-word' | 'tail';

function makeEdition(rng: Rng, kind: Kind, k: number, isbns: Set<string>): SeedEdition {
  let category: Category;
  let subject: string;
  if (kind === 'popular') [category, subject] = FIRST_YEAR[k % FIRST_YEAR.length]!;
  else {
    category = rng.pick(CATEGORIES) as Category;
    subject = rng.pick(SUBJECTS[category]);
  }
  // The first popular book is the catalogue's best known: Stewart's Calculus, MATH1014 at Wits.
  const title = kind === 'rare-word' ? RARE_TITLE : kind === 'popular' && k === 0 ? 'Calculus' : rng.pick(PATTERNS)(subject);
  let isbn = isbn13(rng);
  while (isbns.has(isbn)) isbn = isbn13(rng);
  isbns.add(isbn);
  // Prescribed: first-year books on most campuses, well-used ones on a few, now and then a rare one.
  const courses: SeedEdition['courses'] = {};
  const prescribedAt =
    kind === 'popular' ? someUniversities(rng, rng.int(4, 8)) : kind === 'common' && rng.next() < 0.5 ? someUniversities(rng, rng.int(1, 3)) : kind === 'tail' && rng.next() < 0.1 ? someUniversities(rng, 1) : [];
  const year = kind === 'popular' ? 1 : rng.int(1, 4);
  for (const u of prescribedAt) courses[u] = courseCode(category, u, year, rng.int(0, 29));
  if (kind === 'popular' && k === 0) courses.wits = 'MATH1014';
  return {
    isbn,
    title,
    author: kind === 'popular' && k === 0 ? 'J. Stewart' : author(rng),
    publisher: rng.pick(PUBLISHERS),
    publicationYear: rng.int(1995, 2026),
    edition: rng.pick(EDITIONS),
    language: rng.next() < 0.8 ? 'english' : rng.pick(LANGUAGES),
    category,
    studyLevel: kind === 'popular' || rng.next() < 0.7 ? 'undergraduate' : rng.pick(STUDY_LEVELS),
    numberOfPages: rng.int(120, 1400),
    subject,
    // R250 to R3,500 new, skewed towards the cheaper end.
    newPriceCents: 25_000 + Math.floor(rng.next() ** 1.8 * 325_000),
    courses,
  };
}

export interface SeedCatalogue {
  editions: SeedEdition[];
  /** The edition of each listing, by the listing's index: editions[editionOf[i]]. */
  editionOf: Uint32Array;
}

/**
 * Editions for `total` listings, about one per 8: `total / 4000` first-year books with 150-600 copies each
 * (fewer in a smaller catalogue), two editions of the rare-word book with one listing in 5,000 between them,
 * about 14% well-used editions with 6-105 copies, and the rest with 1-5 (mostly 1 or 2). The copies are
 * shuffled, so an edition's listings are spread over the whole catalogue (and its dates).
 */
export function makeCatalogue(rng: Rng, total: number): SeedCatalogue {
  const isbns = new Set<string>();
  const editions: SeedEdition[] = [];
  const copies: number[] = [];
  const add = (kind: Kind, k: number, n: number) => {
    editions.push(makeEdition(rng, kind, k, isbns));
    copies.push(n);
  };
  const scale = Math.min(1, total / 100_000);
  for (let k = 0; k < Math.max(1, Math.round(total / 4000)); k++) add('popular', k, Math.max(2, Math.round((150 + Math.floor(rng.next() ** 1.5 * 450)) * scale)));
  const rare = Math.max(2, Math.round(total / 5000));
  add('rare-word', 0, Math.ceil(rare * 0.6));
  add('rare-word', 1, rare - Math.ceil(rare * 0.6));
  let sum = copies.reduce((s, n) => s + n, 0);
  while (sum < total) {
    const common = rng.next() < 0.14;
    const n = Math.min(total - sum, common ? 6 + Math.floor(rng.next() ** 2 * 100) : 1 + Math.floor(rng.next() ** 2 * 5));
    add(common ? 'common' : 'tail', editions.length, n);
    sum += n;
  }
  const editionOf = new Uint32Array(sum);
  let at = 0;
  copies.forEach((n, e) => editionOf.fill(e, at, (at += n)));
  for (let i = editionOf.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [editionOf[i], editionOf[j]] = [editionOf[j]!, editionOf[i]!];
  }
  return { editions, editionOf: editionOf.subarray(0, total) };
}

const CONDITION_SHARE: Record<Condition, number> = { new: 0.1, 'like-new': 0.05, 'very-good': 0, good: -0.04, acceptable: -0.1 };

/** One copy of an edition: its condition, a price around 40-60% of new (more for a better copy, skewed low), the seller's description. */
export function makeCopy(rng: Rng, e: SeedEdition): SeedCopy {
  const condition = rng.pick(CONDITIONS);
  const share = 0.38 + rng.next() ** 1.4 * 0.24 + CONDITION_SHARE[condition];
  const second = rng.pick(SUBJECTS[rng.pick(CATEGORIES)]);
  const description = [
    rng.pick(DESCRIPTION_OPENERS),
    rng.pick(DESCRIPTION_TOPICS).replace('{s}', e.subject.toLowerCase()),
    rng.next() < 0.3 ? `Also touches on ${second.toLowerCase()}.` : '',
    rng.pick(DESCRIPTION_CLOSERS),
  ]
    .filter(Boolean)
    .join(' ');
  // Whole rand, and most sellers round to R10.
  const rand = (e.newPriceCents * share) / 100;
  const priceCents = Math.max(5000, (rng.next() < 0.7 ? Math.round(rand / 10) * 10 : Math.round(rand)) * 100);
  return { condition, priceCents, description };
}

/** Every word (lower case) the seed writes into a field the full-text index reads, as a set. */
function indexedWords(): Set<string> {
  const texts = [
    ...Object.values(SUBJECTS).flat(),
    ...PATTERNS.map((p) => p('')),
    ...SURNAMES,
    ...PUBLISHERS,
    ...DESCRIPTION_OPENERS,
    ...DESCRIPTION_TOPICS,
    ...DESCRIPTION_CLOSERS,
    'Also touches on',
    RARE_TITLE,
    ...Object.values(COURSE_PREFIX),
    ...UNIVERSITY_IDS.map((u) => `u${u}`),
    ...CATEGORIES.map((c) => `c${c.replace('-', '')}`),
  ];
  return new Set(texts.flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
}

/**
 * Misspellings of the catalogue's search words (subjects and surnames): a letter dropped, two neighbours
 * swapped, a letter doubled. Only those the catalogue cannot find as typed (no indexed word starts with
 * them) and that a correction may touch (letters only, 4 or more), each once, in a stable shuffled order.
 */
export function misspellings(): string[] {
  const words = [...indexedWords()].sort();
  const known = (typo: string) => {
    // Binary search for the first word >= typo; it is the only one that can start with it.
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[mid]! < typo) lo = mid + 1;
      else hi = mid;
    }
    return lo < words.length && words[lo]!.startsWith(typo);
  };
  const out = new Set<string>();
  for (const w of SEARCH_WORDS) {
    for (let i = 0; i < w.length; i++) {
      out.add(w.slice(0, i) + w.slice(i + 1));
      out.add(w.slice(0, i) + w[i] + w.slice(i));
      if (i + 1 < w.length && w[i] !== w[i + 1]) out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
    }
  }
  const rng = prng(20261124);
  const typos = [...out].filter((t) => t.length >= 4 && /^\p{L}+$/u.test(t) && !known(t)).sort();
  for (let i = typos.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [typos[i], typos[j]] = [typos[j]!, typos[i]!];
  }
  return typos;
}
