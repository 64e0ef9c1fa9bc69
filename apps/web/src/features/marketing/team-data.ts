// The team shown on /team. PLACEHOLDER CONTENT: the real team replaces the names, roles, quotes, bios
// and links below. Keep to public, professional details (no phone numbers or home addresses).
// `avatarSeed` picks the generated avatar (GET /api/v1/avatars/<seed>.svg?style=<avatarStyle>).

export interface TeamLink {
  label: 'LinkedIn' | 'GitHub' | 'Email' | 'Website';
  href: string;
}

export interface TeamMember {
  name: string;
  role: string;
  quote: string;
  bio: string;
  avatarSeed: string;
  avatarStyle: number;
  links: readonly TeamLink[];
}

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Co-founder One',
    role: 'Co-founder & CEO',
    quote: 'Nobody should skip a course because the textbook costs too much.',
    bio: 'Placeholder bio: studied commerce in Johannesburg, started Reshelf after spending a semester’s savings on books, and now looks after partnerships with universities.',
    avatarSeed: 'reshelf-cofounder-one',
    avatarStyle: 1,
    links: [
      { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
      { label: 'Email', href: 'mailto:support@reshelf.co.za' },
    ],
  },
  {
    name: 'Co-founder Two',
    role: 'Co-founder & Head of Operations',
    quote: 'Every safe exchange on campus builds trust for the next one.',
    bio: 'Placeholder bio: runs listing moderation and student support, and chooses the campus meetup spots with student representatives.',
    avatarSeed: 'reshelf-cofounder-two',
    avatarStyle: 2,
    links: [
      { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
      { label: 'Email', href: 'mailto:support@reshelf.co.za' },
    ],
  },
  {
    name: 'Co-founder Three',
    role: 'Co-founder & Head of Growth',
    quote: 'The greenest textbook is the one that already exists.',
    bio: 'Placeholder bio: brings Reshelf to new campuses, works with student societies, and keeps an eye on how much paper we save.',
    avatarSeed: 'reshelf-cofounder-three',
    avatarStyle: 3,
    links: [
      { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
      { label: 'Email', href: 'mailto:support@reshelf.co.za' },
    ],
  },
  {
    name: 'Lead Developer',
    role: 'Lead Developer',
    quote: 'If it works on a R1,500 phone on campus Wi-Fi, it works everywhere.',
    bio: 'Placeholder bio: builds and runs the Reshelf app, with a soft spot for fast pages, accessibility and keeping student data safe.',
    avatarSeed: 'reshelf-lead-developer',
    avatarStyle: 4,
    links: [
      { label: 'GitHub', href: 'https://github.com/' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    ],
  },
];
