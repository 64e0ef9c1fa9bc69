// Our Team (spec section 2): the co-founders and the lead developer, from team-data.ts.
import { ExternalLink, Mail, Quote } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHero } from '../components/section';
import { TEAM, type TeamLink } from '../team-data';

function SocialLink({ link, person }: { link: TeamLink; person: string }) {
  const external = !link.href.startsWith('mailto:');
  const Icon = external ? ExternalLink : Mail;
  return (
    <a
      href={link.href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      aria-label={`${person} on ${link.label}${external ? ' (opens in a new tab)' : ''}`}
      className="inline-flex items-center gap-1.5 rounded-full bg-ink-100 px-3 py-1.5 text-sm font-semibold text-ink-700 hover:bg-brand-50 hover:text-brand-800"
    >
      <Icon aria-hidden="true" size={14} />
      {link.label}
    </a>
  );
}

export function TeamPage() {
  usePageTitle('Our Team', 'Meet the students and developers behind Reshelf, the textbook marketplace for South African universities.');
  return (
    <>
      <PageHero
        eyebrow="Our Team"
        title="The people behind Reshelf"
        intro="Three co-founders and a lead developer who were students not long ago, and still remember the price of a first-year textbook."
      />
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {TEAM.map((member) => (
            <li key={member.avatarSeed} className="flex flex-col rounded-card bg-white p-6 shadow-soft ring-1 ring-ink-200/70">
              <Avatar seed={member.avatarSeed} style={member.avatarStyle} size={80} name={member.name} loading="lazy" />
              <h2 className="mt-4 text-lg font-bold">{member.name}</h2>
              <p className="text-sm font-semibold text-brand-700">{member.role}</p>
              <blockquote className="mt-5 flex gap-2 text-ink-800 italic">
                <Quote aria-hidden="true" size={18} className="mt-1 shrink-0 text-brand-400" />
                <p>{member.quote}</p>
              </blockquote>
              <p className="mt-4 flex-1 text-sm text-ink-600">{member.bio}</p>
              <div className="mt-5 flex flex-wrap gap-2">
                {member.links.map((link) => (
                  <SocialLink key={link.label} link={link} person={member.name} />
                ))}
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-16 rounded-3xl bg-brand-50 px-6 py-12 text-center">
          <h2 className="text-2xl font-extrabold">Want to work with us or bring Reshelf to your campus?</h2>
          <p className="mx-auto mt-3 max-w-xl text-ink-600">We read every message and answer within 72 hours.</p>
          <ButtonLink to="/contact" size="lg" className="mt-8">
            Get in Touch
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
