// The Wishlist page of both areas (/buyer/wishlist, /seller/wishlist): what the student waits for (an
// ISBN, search words or a course code, optionally at one campus and up to a price), each with its matches
// so far, its emails on or off, a way to the books it matches and a delete; and the form that adds one,
// filled in from the address when a signed-out "Save to wishlist" brought the student here via login.
import { useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, BookmarkPlus, Search, Trash2 } from 'lucide-react';
import {
  LIMITS,
  MESSAGES,
  SIGNUP_UNIVERSITIES,
  fieldErrors,
  firstIssueMessage,
  formatDate,
  formatRand,
  universityName,
  wishlistEntryFormSchema,
  type Role,
  type WishlistEntryBody,
} from '@reshelf/shared';
import type { Resolver } from 'react-hook-form';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { refusal, useResolvedForm } from '../../lib/schema-form';
import { useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { usePageTitle } from '../../lib/use-page-title';
import { deleteWishlistEntry, saveWishlistEntry, setWishlistEmails, wishlistKeys, wishlistQuery, type WishlistEntry } from './api';
import { LoadFailed } from '../../components/ui/load-failed';

interface EntryValues {
  isbn: string;
  q: string;
  course: string;
  university: string;
  maxPrice: string;
}

const FIELDS = ['isbn', 'q', 'course', 'university', 'maxPrice'] as const;

/**
 * The shared rules, each problem under its field; "add an ISBN, search words or a course code" belongs to
 * no one field, so it is the form's own (root) problem.
 */
const resolver: Resolver<EntryValues, unknown, WishlistEntryBody> = async (values) => {
  const parsed = wishlistEntryFormSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const byField = fieldErrors(parsed.error);
  if (Object.keys(byField).length) return refusal<EntryValues>(byField);
  return refusal<EntryValues>({ root: firstIssueMessage(parsed.error) });
};

/** What the entry waits for, in one line: ISBN 978…, "search words", MATH1014. */
function entryTitle(entry: WishlistEntry): string {
  return [entry.isbn && `ISBN ${entry.isbn}`, entry.q && `"${entry.q}"`, entry.course].filter(Boolean).join(' · ');
}

/** Where the books an entry matches are: an ISBN's edition page, or the catalogue with the entry's search. */
function booksLink(entry: WishlistEntry, role: Role): string {
  const base = role === 'buyer' ? '/buyer' : '';
  if (entry.isbn && !entry.q && !entry.course) return `${base}/editions/${entry.isbn}`;
  const params = new URLSearchParams();
  if (entry.q) params.set('q', entry.q);
  if (entry.course) params.set('course', entry.course);
  // A buyer's catalogue opens on their own campus; an entry for any campus looks at every one.
  params.set('university', entry.university ?? 'all');
  if (entry.maxPrice !== null) params.set('maxPrice', String(entry.maxPrice));
  return `${base}/books?${params.toString()}`;
}

function matchesText(entry: WishlistEntry): string {
  if (entry.matches === 0) return 'No matching books listed yet';
  const last = entry.lastMatchAt ? `, the last on ${formatDate(entry.lastMatchAt)}` : '';
  return `${entry.matches} matching ${entry.matches === 1 ? 'book' : 'books'} listed${last}`;
}

function AddEntryForm() {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const isbnRef = useRef<HTMLInputElement | null>(null);
  const prefilled = Object.fromEntries(FIELDS.map((name) => [name, params.get(name) ?? ''])) as unknown as EntryValues;
  const form = useResolvedForm<EntryValues, WishlistEntryBody>(resolver, prefilled, { shouldFocusError: true });
  const save = useAction({ mutationFn: saveWishlistEntry });
  const { ref: isbnRegister, ...isbnField } = form.field('isbn');
  const rootError = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(
    (body) =>
      save.run(body, {
        onSuccess: () => {
          toast.success(MESSAGES.wishlistSaved);
          form.reset({ isbn: '', q: '', course: '', university: '', maxPrice: '' });
          void client.invalidateQueries({ queryKey: wishlistKeys.all });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            for (const [name, message] of Object.entries(error.fields)) {
              if ((FIELDS as readonly string[]).includes(name)) form.setError(name as keyof EntryValues, { type: 'server', message });
            }
          }
          toast.error(errorMessage(error, MESSAGES.wishlistSaveFailed));
        },
      }),
    (errors) => {
      if (errors.root) isbnRef.current?.focus();
    },
  );

  return (
    <section aria-labelledby="add-entry-title" className="rounded-card border border-ink-200 bg-white p-5 shadow-soft sm:p-6">
      <h2 id="add-entry-title" className="text-lg font-semibold text-ink-900">
        Add to your wishlist
      </h2>
      <p className="mt-1 text-sm text-ink-600">An ISBN, search words or a course code; a campus and a price narrow it.</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" aria-describedby={rootError ? 'entry-root-error' : undefined}>
        <div className="grid gap-4 md:grid-cols-3">
          <FormField form={form} name="isbn" label="ISBN" hint="10 or 13 digits, hyphens allowed">
            <Input
              ref={(element) => {
                isbnRegister(element);
                isbnRef.current = element;
              }}
              autoComplete="off"
              inputMode="text"
              maxLength={LIMITS.isbnMaxLength}
              {...isbnField}
            />
          </FormField>
          <FormField form={form} name="q" label="Search words" hint="Title or author, e.g. calculus stewart">
            <Input autoComplete="off" maxLength={LIMITS.searchQueryMaxLength} {...form.field('q')} />
          </FormField>
          <FormField form={form} name="course" label="Course code" hint="e.g. MATH1014">
            <Input autoComplete="off" autoCapitalize="characters" maxLength={12} {...form.field('course')} />
          </FormField>
        </div>
        {rootError && (
          <p id="entry-root-error" role="alert" className="text-sm font-medium text-red-700">
            {rootError}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          <FormField form={form} name="university" label="Campus">
            <Select placeholder="Any campus" options={SIGNUP_UNIVERSITIES.map((u) => ({ value: u.id, label: u.name }))} {...form.field('university')} />
          </FormField>
          <FormField form={form} name="maxPrice" label="Max price (R)" hint="Leave empty for any price">
            <Input inputMode="decimal" autoComplete="off" {...form.field('maxPrice')} />
          </FormField>
          <div className="flex items-start sm:col-span-2 md:col-span-1 md:pt-7">
            <Button type="submit" loading={save.busy} className="w-full md:w-auto">
              {!save.busy && <BookmarkPlus aria-hidden="true" size={18} />} Save to wishlist
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

function EntryRow({ entry, role, onDelete, deleting, onEmails, switching }: {
  entry: WishlistEntry;
  role: Role;
  onDelete: () => void;
  deleting: boolean;
  onEmails: () => void;
  switching: boolean;
}) {
  const title = entryTitle(entry);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-4 sm:p-5">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink-900 [overflow-wrap:anywhere]">{title}</p>
        <p className="mt-1 flex flex-wrap gap-x-2 gap-y-1 text-sm text-ink-700">
          <span>{entry.university ? universityName(entry.university) : 'Any campus'}</span>
          <span aria-hidden="true">·</span>
          <span>{entry.maxPrice === null ? 'Any price' : `Up to ${formatRand(entry.maxPrice)}`}</span>
        </p>
        <p className="mt-1 text-sm text-ink-600">{matchesText(entry)}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {entry.emails ? <Badge tone="green">Emails on</Badge> : <Badge tone="amber">Emails off</Badge>}
          <Link to={booksLink(entry, role)} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            <Search aria-hidden="true" size={14} /> See matching books<span className="sr-only"> for {title}</span>
          </Link>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEmails} loading={switching} aria-label={`${entry.emails ? 'Stop emails' : 'Turn emails on'} for ${title}`}>
          {!switching && (entry.emails ? <BellOff aria-hidden="true" size={16} /> : <BellRing aria-hidden="true" size={16} />)}
          {entry.emails ? 'Stop emails' : 'Turn emails on'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} loading={deleting} aria-label={`Delete ${title} from your wishlist`}>
          {!deleting && <Trash2 aria-hidden="true" size={16} />} Delete
        </Button>
      </div>
    </li>
  );
}

function Entries({ role }: { role: Role }) {
  const client = useQueryClient();
  const query = useQuery(wishlistQuery);
  const remove = useAction({ mutationFn: deleteWishlistEntry }, (id) => id);
  const emails = useAction({ mutationFn: ({ id, on }: { id: string; on: boolean }) => setWishlistEmails(id, on) }, ({ id }) => id);
  const refresh = () => void client.invalidateQueries({ queryKey: wishlistKeys.all });

  const onDelete = (entry: WishlistEntry) =>
    remove.run(entry.id, {
      onSuccess: () => toast.success(MESSAGES.wishlistRemoved),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.wishlistRemoveFailed)),
      onSettled: refresh,
    });
  const onEmails = (entry: WishlistEntry) =>
    emails.run(
      { id: entry.id, on: !entry.emails },
      {
        onSuccess: (updated) => toast.success(updated.emails ? MESSAGES.wishlistEmailsOn : MESSAGES.wishlistEmailsOff),
        onError: (error) => toast.error(errorMessage(error, MESSAGES.wishlistEmailsFailed)),
        onSettled: refresh,
      },
    );

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading your wishlist" className="space-y-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <LoadFailed icon={<BookmarkPlus />} what="your wishlist" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<BookmarkPlus />}
        title="Your wishlist is empty"
        text="Save an ISBN, a search or a course code above. When a matching book is listed, we tell you here and by email."
        action={
          <ButtonLink to={role === 'buyer' ? '/buyer/books' : '/books'} variant="outline">
            Browse books
          </ButtonLink>
        }
      />
    );
  } else {
    const { items, total } = query.data;
    body = (
      <>
        <p className="mb-3 text-sm text-ink-600">
          {total} of {LIMITS.wishlistMaxEntries} entries
        </p>
        <ul aria-label="Your wishlist" className="divide-y divide-ink-100 rounded-card border border-ink-200 bg-white shadow-soft">
          {items.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              role={role}
              onDelete={() => onDelete(entry)}
              deleting={remove.isRunning(entry.id)}
              onEmails={() => onEmails(entry)}
              switching={emails.isRunning({ id: entry.id, on: !entry.emails })}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby="entries-title" className="mt-8">
      <h2 id="entries-title" className="mb-3 text-lg font-semibold text-ink-900">
        What you are waiting for
      </h2>
      {body}
    </section>
  );
}

export function WishlistPage() {
  usePageTitle('Wishlist');
  const { student } = useSession();
  const role = student?.role ?? 'buyer';
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Wishlist</h1>
      <p className="mt-1 max-w-2xl text-ink-600">
        Save the books you need. When a matching book is approved, you get a notification here and one email, with a link to stop them.
      </p>
      <div className="mt-6">
        <AddEntryForm />
      </div>
      <Entries role={role} />
    </div>
  );
}
