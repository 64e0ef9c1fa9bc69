// The landing page's search box: the shortest way from the front door to the books. It opens the
// catalogue with the words as its search (/books?q=…), where results, filters and paging live.
import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';

/** The catalogue reads at most this much search text. */
const MAX_QUERY = 200;

/** The catalogue address for the words typed (all books when there are none). */
function catalogueSearchPath(text: string): string {
  const q = text.trim().slice(0, MAX_QUERY);
  return q ? `/books?${new URLSearchParams({ q }).toString()}` : '/books';
}

export function HeroSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  // One field and no checks (the catalogue reads whatever is typed): the browser keeps its text, read on
  // submit, so the landing page carries no form library and no state for it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    navigate(catalogueSearchPath(typeof text === 'string' ? text : ''));
  };
  // Below 360 px (a 320 px phone) the box beside a worded button was too narrow for its placeholder ("Title,
  // author o"): there the button shows only the magnifier (its name stays "Search") and the box drops its own.
  return (
    <form
      role="search"
      aria-label="Search books"
      onSubmit={onSubmit}
      className="mx-auto flex w-full max-w-xl items-center gap-1.5 rounded-full bg-white p-1.5 shadow-soft ring-1 ring-ink-200 focus-within:ring-2 focus-within:ring-brand-600 lg:mx-0"
    >
      <label htmlFor={inputId} className="sr-only">
        Search books by title, author or ISBN
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          size={20}
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-500 max-[359px]:hidden"
        />
        <input
          id={inputId}
          type="search"
          name="q"
          placeholder="Title, author or ISBN"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={MAX_QUERY}
          className="h-12 w-full min-w-0 rounded-full bg-transparent pr-2 pl-11 text-base text-ink-900 outline-none placeholder:text-ink-500 max-[359px]:pl-4 [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      <button type="submit" className={buttonClasses('primary', 'md', 'h-12 shrink-0 px-5 max-[359px]:w-12 max-[359px]:px-0')}>
        <Search aria-hidden="true" size={20} className="hidden max-[359px]:block" />
        <span className="max-[359px]:sr-only">Search</span>
      </button>
    </form>
  );
}
