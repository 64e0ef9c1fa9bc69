// An edition's page (/editions/:isbn): every listing of one ISBN seen as one book. What it is (title,
// author, publisher, year, edition), how many copies are for sale and have sold, the range and median of
// their prices, the courses it is used for, and the copies for sale grouped by campus or by condition,
// each linking to its own page. The ISBN in the address may be typed any way toIsbn13 accepts.
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BookX } from 'lucide-react';
import {
  CONDITIONS,
  CONDITION_LABELS,
  MESSAGES,
  formatRand,
  toIsbn13,
  universityName,
  type Edition,
  type EditionCopy,
} from '@reshelf/shared';
import { Badge } from '../../components/ui/badge';
import { BookImage } from '../../components/ui/book-image';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { editionQuery, priceRangeText } from '../../lib/editions';
import { SaveToWishlistSlot } from '../../lib/save-to-wishlist-slot';
import { usePageTitle } from '../../lib/use-page-title';
import { BackToBooksFrame, booksPath, type CatalogueArea } from './components/back-to-books';
import { LoadFailed } from '../../components/ui/load-failed';

type Grouping = 'campus' | 'condition';

const GROUPINGS: ReadonlyArray<{ value: Grouping; label: string }> = [
  { value: 'campus', label: 'Campus' },
  { value: 'condition', label: 'Condition' },
];

/** Best condition first, then cheapest (the answer's own order) within it. */
const conditionRank = (copy: EditionCopy) => CONDITIONS.indexOf(copy.condition);

function groupCopies(copies: readonly EditionCopy[], by: Grouping): Array<{ key: string; title: string; copies: EditionCopy[] }> {
  const groups = new Map<string, EditionCopy[]>();
  const ordered =
    by === 'campus'
      ? [...copies].sort((a, b) => universityName(a.university).localeCompare(universityName(b.university)) || conditionRank(a) - conditionRank(b))
      : [...copies].sort((a, b) => conditionRank(a) - conditionRank(b));
  for (const copy of ordered) {
    const key = by === 'campus' ? copy.university : copy.condition;
    groups.set(key, [...(groups.get(key) ?? []), copy]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    title: by === 'campus' ? universityName(key) : CONDITION_LABELS[key as EditionCopy['condition']],
    copies: list,
  }));
}

function CopyRow({ copy, bookPath, title }: { copy: EditionCopy; bookPath: string; title: string }) {
  return (
    <li className="relative flex min-w-0 items-center gap-3 rounded-xl border border-ink-200 bg-white p-3 shadow-soft transition-shadow hover:shadow-lift">
      <BookImage src={copy.image?.thumbUrl} width={48} height={64} className="h-16 w-12 shrink-0 rounded-md bg-ink-100 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={`${bookPath}/${copy.id}`}
            className="font-bold whitespace-nowrap text-brand-800 after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {formatRand(copy.price)}
            <span className="sr-only">
              : {CONDITION_LABELS[copy.condition]} copy of {title} at {universityName(copy.university)}
            </span>
          </Link>
          <Badge tone="brand">{CONDITION_LABELS[copy.condition]}</Badge>
        </p>
        <p className="mt-0.5 text-sm break-words text-ink-600">{universityName(copy.university)}</p>
      </div>
    </li>
  );
}

function Copies({ edition, bookPath }: { edition: Edition; bookPath: string }) {
  const [grouping, setGrouping] = useState<Grouping>('campus');
  if (!edition.copies.length) {
    return <p className="mt-3 rounded-xl bg-ink-50 p-4 text-ink-700 ring-1 ring-ink-200">No copies are for sale right now.</p>;
  }
  return (
    <>
      <div role="group" aria-label="Group copies by" className="mt-3 flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="text-sm font-medium text-ink-700">
          Group by
        </span>
        {GROUPINGS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={grouping === option.value ? 'soft' : 'ghost'}
            aria-pressed={grouping === option.value}
            onClick={() => setGrouping(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {groupCopies(edition.copies, grouping).map((group) => (
        <section key={group.key} aria-labelledby={`copies-${group.key}`} className="mt-5">
          <h3 id={`copies-${group.key}`} className="text-base font-semibold break-words text-ink-900">
            {group.title} <span className="font-normal text-ink-600">({group.copies.length})</span>
          </h3>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {group.copies.map((copy) => (
              <CopyRow key={copy.id} copy={copy} bookPath={bookPath} title={edition.title} />
            ))}
          </ul>
        </section>
      ))}
      {edition.available > edition.copies.length && (
        <p className="mt-4 text-sm text-ink-600">
          The {edition.copies.length} cheapest of {edition.available} copies are shown.
        </p>
      )}
    </>
  );
}

function EditionView({ edition, bookPath }: { edition: Edition; bookPath: string }) {
  return (
    <article className="mt-6 min-w-0">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Edition · ISBN {edition.isbn13}</p>
      <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{edition.title}</h1>
      <p className="mt-1 text-lg break-words text-ink-700">{edition.author}</p>
      <p className="mt-1 break-words text-ink-600">
        {edition.publisher} · {edition.publicationYear} · {edition.edition}
      </p>
      <SaveToWishlistSlot isbn={edition.isbn13} className="mt-4" />

      <dl className="mt-6 grid gap-3 sm:grid-cols-3">
        <div className="min-w-0 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
          <dt className="sr-only">For sale</dt>
          <dd className="text-lg font-bold text-brand-900">{edition.available} available</dd>
        </div>
        <div className="min-w-0 rounded-xl bg-ink-50 p-4 ring-1 ring-ink-200">
          <dt className="sr-only">Sold on Reshelf</dt>
          <dd className="text-lg font-bold text-ink-900">{edition.sold} sold</dd>
        </div>
        <div className="min-w-0 rounded-xl bg-ink-50 p-4 ring-1 ring-ink-200">
          <dt className="text-sm font-medium text-ink-600">Prices</dt>
          <dd className="mt-0.5 font-semibold break-words text-ink-900">{edition.price ? priceRangeText(edition.price) : 'None yet'}</dd>
        </div>
      </dl>

      {edition.courses.length > 0 && (
        <>
          <h2 className="mt-8 text-lg font-semibold">Used for</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {edition.courses.map((course) => (
              <li
                key={`${course.university}-${course.code}`}
                className="max-w-full rounded-full bg-sky-50 px-3 py-1 text-sm font-semibold break-words text-sky-800 ring-1 ring-sky-200 ring-inset"
              >
                {course.code} <span className="font-normal">· {universityName(course.university)}</span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 className="mt-8 text-lg font-semibold">Copies for sale</h2>
      <Copies edition={edition} bookPath={bookPath} />
    </article>
  );
}

function EditionPage({ area }: { area: CatalogueArea }) {
  const { isbn = '' } = useParams();
  const isbn13 = toIsbn13(isbn);
  const edition = useQuery({ ...editionQuery(isbn13 ?? ''), enabled: isbn13 !== null });
  const bookPath = booksPath(area);
  const data = edition.data;
  usePageTitle(data ? data.title : isbn13 === null ? MESSAGES.invalidIsbn : 'Edition', data ? `${data.title} by ${data.author}: every copy on Reshelf.` : undefined);

  const frame = (children: ReactNode) => <BackToBooksFrame area={area}>{children}</BackToBooksFrame>;

  if (isbn13 === null || data === null) {
    return frame(
      <>
        <h1 className="sr-only">{isbn13 === null ? MESSAGES.invalidIsbn : 'Edition not found'}</h1>
        <EmptyState
          className="mt-6"
          icon={<BookX />}
          title={isbn13 === null ? MESSAGES.invalidIsbn : 'No copies of this book yet'}
          text={
            isbn13 === null ? (
              // The address may hold any text: a long unbroken one must wrap, not push the page sideways.
              <>
                "<span className="break-all">{isbn}</span>" is not an ISBN: check its digits.
              </>
            ) : (
              MESSAGES.editionNotFound
            )
          }
          action={<ButtonLink to={bookPath}>Browse books</ButtonLink>}
        />
        {isbn13 !== null && <SaveToWishlistSlot isbn={isbn13} className="mt-4 justify-center" />}
      </>,
    );
  }

  if (edition.isPending) {
    return frame(
      <div role="status" aria-label="Loading edition" className="mt-6 space-y-3">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <div className="grid gap-3 pt-3 sm:grid-cols-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <div className="grid gap-3 pt-6 sm:grid-cols-2">
          <Skeleton className="h-22" />
          <Skeleton className="h-22" />
        </div>
      </div>,
    );
  }

  if (edition.isError) {
    return frame(
      <LoadFailed className="mt-6" icon={<BookX />} what="this edition" error={edition.error} onRetry={() => void edition.refetch()} />,
    );
  }

  return data ? frame(<EditionView edition={data} bookPath={bookPath} />) : null;
}

export function PublicEditionPage() {
  return <EditionPage area="public" />;
}

export function BuyerEditionPage() {
  return <EditionPage area="buyer" />;
}
