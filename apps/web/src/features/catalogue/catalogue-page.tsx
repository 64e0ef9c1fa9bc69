// Buy Books: the catalogue with instant search (debounced), filters and sort in the URL, result cards,
// numbered pages, skeletons while loading, and designed empty and no-result states. The same page
// serves visitors at /books (inside the public frame) and buyers at /buyer/books.
import { useDeferredValue, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Check, Filter, Library, Package, Search, ShoppingCart, X } from 'lucide-react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITIONS,
  CONDITION_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  STUDY_LEVELS,
  STUDY_LEVEL_LABELS,
  SIGNUP_UNIVERSITIES,
  formatRand,
  holdsRole,
  universityName,
  type CatalogueSort,
} from '@reshelf/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { SaveToWishlistSlot } from '../../lib/save-to-wishlist-slot';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { usePageTitle } from '../../lib/use-page-title';
import { useAddBookToCart, useCart, useCatalogue } from './api';
import { BookCard, BookCardSkeleton } from './components/book-card';
import { Pager } from '../../components/ui/pager';
import {
  CATALOGUE_PAGE_SIZE,
  FILTER_KEYS,
  SORT_LABELS,
  hasActiveFilters,
  homeUniversity,
  readFilters,
  writeFilters,
  type CatalogueFilters,
  type FilterKey,
} from './filters';
import { LoadFailed } from '../../components/ui/load-failed';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

// A card's action on a 320 px phone has 104 px: its label keeps them, without the icon or the wide padding
// (a variant, so it wins over the button size's own padding).
const CARD_ACTION = 'w-full max-[359px]:px-2';
const CARD_ACTION_ICON = 'max-[359px]:hidden';

const FILTER_LABELS: Record<FilterKey, string> = {
  category: 'Category',
  studyLevel: 'Study level',
  condition: 'Condition',
  language: 'Language',
  university: 'University',
  course: 'Course',
  minPrice: 'Min price',
  maxPrice: 'Max price',
};

function filterValueLabel(key: FilterKey, filters: CatalogueFilters): string {
  switch (key) {
    case 'category':
      return filters.category ? CATEGORY_LABELS[filters.category] : '';
    case 'studyLevel':
      return filters.studyLevel ? STUDY_LEVEL_LABELS[filters.studyLevel] : '';
    case 'condition':
      return filters.condition ? CONDITION_LABELS[filters.condition] : '';
    case 'language':
      return filters.language ? LANGUAGE_LABELS[filters.language] : '';
    case 'university':
      return filters.university ? universityName(filters.university) : '';
    case 'course':
      return filters.course ?? '';
    case 'minPrice':
    case 'maxPrice': {
      const value = filters[key];
      return value ? formatRand(Number(value)) : '';
    }
  }
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** A price box that applies its value when the field is left or Enter is pressed. */
function PriceInput({ label, value, onCommit }: { label: string; value: string | undefined; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const commit = () => {
    const cleaned = text.trim();
    if (cleaned === (value ?? '')) return;
    if (cleaned && !/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) {
      setText(value ?? '');
      return;
    }
    onCommit(cleaned);
  };
  return (
    <Field label={label}>
      <Input
        inputMode="decimal"
        placeholder="R"
        value={text}
        onChange={(event) => setText(event.target.value.replace(/[^\d.]/g, ''))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
    </Field>
  );
}

/** Cards in the first row on the widest layout (four columns); their photos are not lazy-loaded. */
const FIRST_ROW = 4;

/**
 * The search box's placeholder, as long as the box can show whole. Beside the Filters button a phone's box
 * holds about 120 px of text at 320 px wide and 160 at 360 px; from 640 px there is room for all of it.
 */
function useSearchPlaceholder(): string {
  const roomy = useMediaQuery('(min-width: 640px)');
  const narrow = useMediaQuery('(max-width: 359px)');
  if (roomy) return 'Search by title, author, ISBN or publisher';
  return narrow ? 'Title or ISBN' : 'Title, author or ISBN';
}

export interface CataloguePageProps {
  /** 'public' at /books for everyone; 'buyer' at /buyer/books inside the dashboard. */
  area: 'public' | 'buyer';
}

function CataloguePage({ area }: CataloguePageProps) {
  usePageTitle('Buy Books', 'Browse second-hand textbooks from students at South African universities.');
  const [params, setParams] = useSearchParams();
  const { student } = useSession();
  // A signed-in student's catalogue opens on their own campus (filters.ts); they can clear it like any filter.
  const filters = readFilters(params, homeUniversity(student?.university));
  const isBuyer = Boolean(student && holdsRole(student, 'buyer'));
  const basePath = area === 'buyer' ? '/buyer/books' : '/books';
  const packagesPath = area === 'buyer' ? '/buyer/packages' : '/packages';
  const results = useCatalogue(filters);
  const addToCart = useAddBookToCart();
  const cart = useCart(isBuyer);
  const inCart = new Set(cart.data?.books.map((item) => item.id));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchId = useId();
  const searchPlaceholder = useSearchPlaceholder();

  // The search box: typing updates it at once, the URL (and so the query) after a short pause.
  const [text, setText] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  if (urlQ !== filters.q) {
    // The address changed by itself (back button, Clear filters): the box follows.
    setUrlQ(filters.q);
    if (text.trim() !== filters.q.trim()) setText(filters.q);
  }
  // The search text the address has, or has been asked for: a navigation (Clear filters, a filter, the
  // search button) can take a moment to land on a slow phone, and a pause that ended meanwhile must not
  // send the old address's filters back with the text.
  const askedQ = useRef(filters.q);
  useEffect(() => {
    askedQ.current = filters.q;
  }, [filters.q]);
  useEffect(() => {
    if (text.trim() === askedQ.current.trim()) return;
    const timer = window.setTimeout(() => {
      if (text.trim() === askedQ.current.trim()) return;
      askedQ.current = text;
      // Typing replaces the history entry, so Back leaves the search instead of undoing each letter.
      setParams((current) => writeFilters({ ...readFilters(current, filters.home), q: text, page: 1 }), { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `filters` is derived from the URL each render; the text schedules a search, and a new search text in
    // the address (Back) cancels one still pending.
  }, [text, filters.q]);

  const update = (change: Partial<CatalogueFilters>) => {
    askedQ.current = text;
    setParams(writeFilters({ ...filters, q: text, ...change, page: change.page ?? 1 }), { preventScrollReset: true });
  };

  const clearAll = () => {
    askedQ.current = '';
    setText('');
    setParams(writeFilters({ q: '', sort: filters.sort, page: 1, home: filters.home }));
  };

  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === filters.q.trim()) return;
    askedQ.current = text;
    setParams(writeFilters({ ...filters, q: text, page: 1 }), { replace: true });
  };

  const hrefFor = (page: number) => {
    const next = writeFilters({ ...filters, page });
    const query = next.toString();
    return query ? `?${query}` : basePath;
  };

  const suggestionHref = (suggestion: string) => {
    const query = writeFilters({ ...filters, q: suggestion, page: 1 }).toString();
    return query ? `${basePath}?${query}` : basePath;
  };

  const onAddToCart = (bookId: string) => {
    addToCart.run(bookId, {
      onSuccess: () => toast.success('Added to your cart'),
      onError: (error) => toast.error(errorMessage(error, 'Could not add the book to your cart')),
    });
  };

  const sortValue: CatalogueSort = filters.sort ?? (filters.q ? 'relevance' : 'newest');
  const sortOptions = (Object.keys(SORT_LABELS) as CatalogueSort[])
    .filter((sort) => sort !== 'relevance' || filters.q)
    .map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));
  const activeKeys = FILTER_KEYS.filter((key) => filters[key]);
  // New results render in a transition, which React splits into short slices: a page of cards rendered
  // in one go holds a phone's main thread long enough to delay a tap. Until then the skeleton (or the
  // previous results) stays.
  const data = useDeferredValue(results.data);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CATALOGUE_PAGE_SIZE)) : 1;
  const filtered = hasActiveFilters(filters);
  const onHomeCampus = filters.home !== undefined && filters.university === filters.home;

  let body: ReactNode;
  if (results.isError && !results.data) {
    body = (
      <LoadFailed icon={<Library />} what="the books" error={results.error} onRetry={() => void results.refetch()} />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label="Loading books" className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <BookCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<Search />}
        title={onHomeCampus && activeKeys.length === 1 && !filters.q.trim() ? `No books at ${universityName(filters.home!)} yet` : 'No books match your search'}
        text={
          onHomeCampus
            ? `Nothing at ${universityName(filters.home!)} matches yet. Students at other universities may be selling what you need.`
            : activeKeys.length === 0
              ? 'Try other words, or clear the search to see every book for sale.'
              : 'Try other words, or clear the filters to see every book for sale.'
        }
        action={
          onHomeCampus ? (
            <Button variant="outline" onClick={() => update({ university: undefined })}>
              Show every university
            </Button>
          ) : (
            <Button variant="outline" onClick={clearAll}>
              {/* Only search words and no filter: there are no filters to clear. */}
              {activeKeys.length === 0 ? 'Clear search' : 'Clear filters'}
            </Button>
          )
        }
      />
    ) : (
      <EmptyState
        icon={<Library />}
        title="No books for sale yet"
        text="Students list new books every day. Check back soon, or have a look at our textbook packages."
        action={
          <ButtonLink to={packagesPath} variant="outline">
            Browse Textbook Packages
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        {/* The cards' titles are level-3 headings; this keeps the outline in order for screen readers. */}
        <h2 className="sr-only">Books for sale</h2>
        <ul
          className={cn('grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 xl:grid-cols-4', results.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={results.isPlaceholderData || undefined}
        >
          {data.items.map((book, index) => (
            <li key={book.id} className="flex">
              <div className="flex w-full">
                <BookCard
                  book={book}
                  basePath={basePath}
                  priority={index < FIRST_ROW}
                  action={
                    isBuyer && inCart.has(book.id) ? (
                      <ButtonLink to="/buyer/cart" size="sm" variant="soft" className={CARD_ACTION} aria-label={`In cart: ${book.title}, view your cart`}>
                        <Check aria-hidden="true" size={16} className={CARD_ACTION_ICON} /> In cart
                      </ButtonLink>
                    ) : isBuyer && book.seller.id !== student?.id ? (
                      <Button
                        size="sm"
                        variant="soft"
                        className={CARD_ACTION}
                        loading={addToCart.isRunning(book.id)}
                        onClick={() => onAddToCart(book.id)}
                        aria-label={`Add to cart: ${book.title}`}
                      >
                        <ShoppingCart aria-hidden="true" size={16} className={CARD_ACTION_ICON} /> Add to cart
                      </Button>
                    ) : undefined
                  }
                />
              </div>
            </li>
          ))}
        </ul>
        <Pager className="mt-10" page={Math.min(filters.page, pageCount)} pageCount={pageCount} hrefFor={hrefFor} />
      </>
    );
  }

  const filterControls = (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Category">
        <Select
          value={filters.category ?? ''}
          placeholder="All categories"
          options={options(CATEGORIES, CATEGORY_LABELS)}
          onChange={(event) => update({ category: (event.target.value || undefined) as CatalogueFilters['category'] })}
        />
      </Field>
      <Field label="Study level">
        <Select
          value={filters.studyLevel ?? ''}
          placeholder="All levels"
          options={options(STUDY_LEVELS, STUDY_LEVEL_LABELS)}
          onChange={(event) => update({ studyLevel: (event.target.value || undefined) as CatalogueFilters['studyLevel'] })}
        />
      </Field>
      <Field label="Condition">
        <Select
          value={filters.condition ?? ''}
          placeholder="Any condition"
          options={options(CONDITIONS, CONDITION_LABELS)}
          onChange={(event) => update({ condition: (event.target.value || undefined) as CatalogueFilters['condition'] })}
        />
      </Field>
      <Field label="Language">
        <Select
          value={filters.language ?? ''}
          placeholder="Any language"
          options={options(LANGUAGES, LANGUAGE_LABELS)}
          onChange={(event) => update({ language: (event.target.value || undefined) as CatalogueFilters['language'] })}
        />
      </Field>
      <Field label="University">
        <Select
          value={filters.university ?? ''}
          placeholder="All universities"
          options={SIGNUP_UNIVERSITIES.map((university) => ({ value: university.id, label: university.name }))}
          onChange={(event) => update({ university: (event.target.value || undefined) as CatalogueFilters['university'] })}
        />
      </Field>
      <PriceInput label="Min price (R)" value={filters.minPrice} onCommit={(value) => update({ minPrice: value || undefined })} />
      <PriceInput label="Max price (R)" value={filters.maxPrice} onCommit={(value) => update({ maxPrice: value || undefined })} />
      <Field label="Sort by">
        <Select
          value={sortValue}
          options={sortOptions}
          onChange={(event) => update({ sort: event.target.value as CatalogueSort })}
        />
      </Field>
    </div>
  );

  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', area === 'public' ? 'py-10' : 'py-8')}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Buy Books</h1>
          <p className="mt-1 text-ink-600">Second-hand textbooks from students at your university and beyond.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={packagesPath} variant="outline" size="sm">
            <Package aria-hidden="true" size={16} /> Textbook Packages
          </ButtonLink>
          {isBuyer && (
            <ButtonLink to="/buyer/cart" variant="soft" size="sm">
              <ShoppingCart aria-hidden="true" size={16} /> Cart
            </ButtonLink>
          )}
        </div>
      </header>

      <section aria-label="Search and filters" className="mt-6 rounded-card border border-ink-200 bg-white p-4 shadow-soft sm:p-5">
        <form role="search" onSubmit={onSearchSubmit} className="flex gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search books
          </label>
          <div className="relative flex-1">
            <Search aria-hidden="true" size={20} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-500" />
            <Input
              id={searchId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={searchPlaceholder}
              autoComplete="off"
              maxLength={200}
              className="pl-11"
            />
          </div>
          <Button
            variant="outline"
            className="lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="catalogue-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <Filter aria-hidden="true" size={18} />
            <span className="max-sm:sr-only">Filters</span>
            {activeKeys.length > 0 && <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{activeKeys.length}</span>}
          </Button>
        </form>
        <div id="catalogue-filters" className={cn('mt-4', !filtersOpen && 'max-lg:hidden')}>
          {filterControls}
        </div>
        {activeKeys.length > 0 && (
          <ul aria-label="Active filters" className="mt-4 flex flex-wrap items-center gap-2">
            {activeKeys.map((key) => {
              const text = `${FILTER_LABELS[key]}: ${filterValueLabel(key, filters)}`;
              return (
                <li key={key}>
                  <button
                    type="button"
                    onClick={() => update({ [key]: undefined })}
                    aria-label={`Remove filter ${text}`}
                    // A long value ('University: University of KwaZulu-Natal') wraps inside the chip on a phone:
                    // the chip grows with it, its corners the same as a one-line pill's.
                    className="inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-2xl bg-brand-50 py-1 pr-2 pl-3 text-left text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
                  >
                    {text}
                    <X aria-hidden="true" size={14} className="shrink-0" />
                  </button>
                </li>
              );
            })}
            <li>
              <button type="button" onClick={clearAll} className="h-8 rounded-full px-3 text-sm font-semibold text-ink-700 underline-offset-2 hover:underline">
                Clear filters
              </button>
            </li>
          </ul>
        )}
      </section>

      {/* One live region for the count and the suggestion, so a screen reader hears both. */}
      <div aria-live="polite">
        <p className="mt-6 mb-4 text-sm font-medium text-ink-600">{data ? `${data.total}${data.totalCapped ? '+' : ''} ${data.total === 1 && !data.totalCapped ? 'book' : 'books'} for sale` : ''}</p>
        {data?.suggestion && (
          // A search that found few or no books because of a misspelt word: one tap (or Enter) runs the
          // corrected search (docs/decisions/0024-search-that-forgives.md). The suggestion repeats what was
          // typed, however long its words.
          <p className="-mt-2 mb-4 text-base text-ink-700 [overflow-wrap:anywhere]">
            Did you mean{' '}
            <Link to={suggestionHref(data.suggestion)} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {data.suggestion}
            </Link>
            ?
          </p>
        )}
      </div>
      <SaveToWishlistSlot q={filters.q} course={filters.course} university={filters.university} maxPrice={filters.maxPrice} className="mb-4" />
      {body}
    </div>
  );
}

export function BuyerCataloguePage() {
  return <CataloguePage area="buyer" />;
}

export function PublicCataloguePage() {
  return <CataloguePage area="public" />;
}
