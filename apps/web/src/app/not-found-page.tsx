// The 404 page: a random green avatar, the vanished-textbook message and the way home. On the public site
// home is / (with the catalogue beside it); inside a signed-in area the page sits in the dashboard frame
// and home is the area's Home.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Home, Search } from 'lucide-react';
import { Avatar } from '../components/ui/avatar';
import { ButtonLink } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';

const NOT_FOUND_MESSAGE = 'This page has vanished like a second-hand textbook before exams.';

/** Avatar styles that read well on green (indexes into the server's 30 styles). */
const AVATAR_STYLES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

function randomSeed(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function NotFound({ home, browse }: { home: string; browse: string | null }) {
  usePageTitle('Page Not Found', 'The page you were looking for is not on Reshelf.');
  const [avatar] = useState(() => ({
    seed: randomSeed(),
    style: AVATAR_STYLES[Math.floor(Math.random() * AVATAR_STYLES.length)] ?? 0,
  }));
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <Avatar seed={avatar.seed} style={avatar.style} size={144} className="ring-8 ring-brand-50" loading="eager" />
      <p className="mt-8 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-ink-600">{NOT_FOUND_MESSAGE}</p>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={home} size="lg">
          <Home aria-hidden="true" size={20} />
          Back Home
        </ButtonLink>
        {browse && (
          <ButtonLink to={browse} size="lg" variant="outline">
            <Search aria-hidden="true" size={20} />
            Browse books
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

export function NotFoundPage() {
  return <NotFound home="/" browse="/books" />;
}

/** The areas whose mistyped addresses get this page in their own frame, with their Home and catalogue. */
const AREA_PAGES: Record<string, { home: string; browse: string | null }> = {
  buyer: { home: '/buyer', browse: '/buyer/books' },
  seller: { home: '/seller', browse: null },
  admin: { home: '/admin', browse: null },
};

export function DashboardNotFoundPage() {
  const area = useLocation().pathname.split('/')[1] ?? '';
  const links = Object.hasOwn(AREA_PAGES, area) ? AREA_PAGES[area]! : { home: '/', browse: null };
  return <NotFound home={links.home} browse={links.browse} />;
}
