// Our Team: the co-founders and the lead developer, from team-data.ts. Whatever the
// operator has not filled in (a name, a quote, a bio, a link) is left out rather than shown empty.
import { ExternalLink, Mail, Quote } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHero } from '../components/section';
import { TEAM, type TeamLinks, type TeamMember } from '../team-data';

export interface TeamLink {
  label: 'LinkedIn' | 'GitHub' | 'Email' | 'Website';
  href: string;
}

/** An http(s) address on `host` (or any host) that names a page of its own, not just the site. */
function pageUrl(value: string | undefined, host?: string, needsPath = true): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (host && url.hostname !== host && !url.hostname.endsWith(`.${host}`)) return null;
  if (needsPath && url.pathname.replace(/\/+$/, '') === '') return null;
  return url.href;
}

/** The links of a person worth showing, in a fixed order; unset or unusable ones are left out. */
function teamLinksOf(links: TeamLinks | undefined): TeamLink[] {
  if (!links) return [];
  const shown: TeamLink[] = [];
  const linkedin = pageUrl(links.linkedin, 'linkedin.com');
  if (linkedin) shown.push({ label: 'LinkedIn', href: linkedin });
  const github = pageUrl(links.github, 'github.com');
  if (github) shown.push({ label: 'GitHub', href: github });
  const website = pageUrl(links.website, undefined, false);
  if (website) shown.push({ label: 'Website', href: website });
  const email = links.email?.trim();
  if (email && /^[^\s@:/?]+@[^\s@:/?]+\.[^\s@:/?]+$/.test(email)) shown.push({ label: 'Email', href: `mailto:${email}` });
  return shown;
}

/** What the card calls the person: their name once it is set, else their role. */
function teamMemberTitle(member: TeamMember): string {
  return member.name?.trim() || member.role;
}

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
          {TEAM.map((member) => {
            const title = teamMemberTitle(member);
            const named = title !== member.role;
            const links = teamLinksOf(member.links);
            return (
              <li key={member.avatarSeed} className="flex min-w-0 flex-col rounded-card bg-white p-6 shadow-soft ring-1 ring-ink-200/70">
                <Avatar seed={member.avatarSeed} style={member.avatarStyle} size={80} name={title} loading="lazy" />
                <h2 className="mt-4 text-lg font-bold break-words">{title}</h2>
                {named && <p className="text-sm font-semibold break-words text-brand-700">{member.role}</p>}
                {member.quote && (
                  <blockquote className="mt-5 flex gap-2 break-words text-ink-800 italic">
                    <Quote aria-hidden="true" size={18} className="mt-1 shrink-0 text-brand-400" />
                    <p className="min-w-0">{member.quote}</p>
                  </blockquote>
                )}
                {member.bio && <p className="mt-4 text-sm break-words text-ink-600">{member.bio}</p>}
                {links.length > 0 && (
                  <div className="mt-auto flex flex-wrap gap-2 pt-5">
                    {links.map((link) => (
                      <SocialLink key={link.label} link={link} person={title} />
                    ))}
                  </div>
                )}
              </li>
            );
          })}
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
