// The team shown on /team: the one file the operator of a Reshelf site edits to introduce its people
// (three co-founders and the lead developer). Each person needs a name and a role; the quote, the
// bio and every link are optional, and the page leaves out whatever is not filled in. A link is shown only
// when it points at the person's own page (a LinkedIn or GitHub profile, say), never at a site's front
// page. Keep to public, professional details: no phone numbers or home addresses.
//
// `avatarSeed` and `avatarStyle` pick the person's generated avatar (GET /api/v1/avatars/<seed>.svg?style=N,
// N from 0 to 29), so no photo has to be uploaded.
//
// What ships here describes the roles, not invented people: until the operator names them, the page
// introduces the team by what each of them does.

export interface TeamLinks {
  /** A LinkedIn profile, e.g. https://www.linkedin.com/in/<name>. */
  linkedin?: string;
  /** A GitHub profile, e.g. https://github.com/<name>. */
  github?: string;
  /** An email address (without mailto:). */
  email?: string;
  /** A personal or company website. */
  website?: string;
}

export interface TeamMember {
  /** The person's name; until it is set, the role is the card's heading. */
  name?: string;
  role: string;
  quote?: string;
  bio?: string;
  avatarSeed: string;
  avatarStyle: number;
  links?: TeamLinks;
}

export const TEAM: readonly TeamMember[] = [
  {
    role: 'Co-founder & CEO',
    quote: 'Nobody should skip a course because the textbook costs too much.',
    bio: 'Leads Reshelf and looks after its partnerships with universities and student societies.',
    avatarSeed: 'reshelf-cofounder-one',
    avatarStyle: 1,
  },
  {
    role: 'Co-founder & Head of Operations',
    quote: 'Every safe exchange on campus builds trust for the next one.',
    bio: 'Runs listing moderation and student support, and chooses the campus meetup spots with student representatives.',
    avatarSeed: 'reshelf-cofounder-two',
    avatarStyle: 2,
  },
  {
    role: 'Co-founder & Head of Growth',
    quote: 'The greenest textbook is the one that already exists.',
    bio: 'Brings Reshelf to new campuses, works with student societies and keeps count of the paper saved.',
    avatarSeed: 'reshelf-cofounder-three',
    avatarStyle: 3,
  },
  {
    role: 'Lead Developer',
    quote: 'If it works on a R1,500 phone on campus Wi-Fi, it works everywhere.',
    bio: 'Builds and runs the Reshelf app, with a soft spot for fast pages, accessibility and keeping student data safe.',
    avatarSeed: 'reshelf-lead-developer',
    avatarStyle: 4,
  },
];
