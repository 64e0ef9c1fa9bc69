// New prices (/admin/new-prices): what a new copy of an edition costs, entered by an admin. Sellers listing
// that ISBN see it in the sell wizard's price guidance with the rule of thumb (used books sell for 40-60% of
// the new price). A small form (ISBN and price; the edition's title shows once the ISBN is one Reshelf
// knows) and the list, most recently set first, each with Remove. The textbook packages price whole
// bundles, so nothing fills these in by itself (docs/decisions/0028-new-prices-and-good-price.md).
import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag, Trash2 } from 'lucide-react';
import { formatRand, newPriceFormSchema, type NewPrice } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Pager, showingLine } from '../../components/ui/pager';
import { keepRangesTogether } from '../../components/ui/range-text';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { editionQuery, typedIsbn13 } from '../../lib/editions';
import { serverErrorText } from '../../lib/session';
import { useSchemaForm } from '../../lib/schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { NEW_PRICES_PAGE_SIZE, newPricesQuery, useRemoveNewPrice, useSetNewPrice } from './api';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

export const NEW_PRICE_SAVED = 'New price saved';
export const NEW_PRICE_REMOVED = 'New price removed';
export const NO_LISTING_YET = 'No approved listing of this ISBN yet. Sellers see the new price once they list it.';

interface FormValues {
  isbn: string;
  price: string;
}

/** Which edition the typed ISBN is: its title and current new price, or that Reshelf has no listing of it. */
function EditionOfIsbn({ isbn }: { isbn: string }) {
  const isbn13 = typedIsbn13(isbn);
  const edition = useQuery({ ...editionQuery(isbn13 ?? ''), enabled: isbn13 !== null });
  if (isbn13 === null) return null;
  if (edition.isPending) return <Skeleton className="h-5 w-2/3" />;
  if (edition.isError) return null;
  return (
    <p role="status" className="text-sm break-words text-ink-700">
      {edition.data ? (
        <>
          <span className="font-semibold text-ink-900">{edition.data.title}</span> · {edition.data.author} · {edition.data.edition}
          {edition.data.newPrice !== null && <> · now {formatRand(edition.data.newPrice)}</>}
        </>
      ) : (
        NO_LISTING_YET
      )}
    </p>
  );
}

function NewPriceForm() {
  const form = useSchemaForm(newPriceFormSchema, { isbn: '', price: '' } satisfies FormValues);
  const save = useSetNewPrice();
  const isbnRef = useRef<HTMLInputElement | null>(null);
  const isbn = form.watch('isbn');
  const { ref: registerIsbn, ...isbnField } = form.field('isbn');

  const onSubmit = form.handleSubmit((values) => {
    save.run(
      { isbn13: values.isbn, price: values.price },
      {
        onSuccess: (saved) => {
          toast.success(`${NEW_PRICE_SAVED}: ${saved.title ?? saved.isbn13}, ${formatRand(saved.price)}`);
          form.reset({ isbn: '', price: '' });
          isbnRef.current?.focus();
        },
        onError: (error) => {
          // The same rules ran here first; a refusal is the server's (a session that ended, a rule changed).
          if (error instanceof ApiError && error.fields) {
            for (const [name, message] of Object.entries(error.fields)) if (name === 'isbn' || name === 'price') form.setError(name, { message });
          }
          toast.error(serverErrorText(error, 'Could not save the new price. Please try again.'));
        },
      },
    );
  });

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Set a new price</h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] sm:items-start">
        <FormField form={form} name="isbn" label="ISBN" required hint="10 or 13 digits; hyphens are fine.">
          <Input
            ref={(element) => {
              registerIsbn(element);
              isbnRef.current = element;
            }}
            inputMode="numeric"
            autoComplete="off"
            {...isbnField}
          />
        </FormField>
        <FormField form={form} name="price" label="New price (R)" required>
          <Input inputMode="decimal" autoComplete="off" {...form.field('price')} />
        </FormField>
        <Button type="submit" className="sm:mt-7" loading={save.busy}>
          Save
        </Button>
        <div className="min-w-0 sm:col-span-3">
          <EditionOfIsbn isbn={isbn} />
        </div>
      </form>
    </Card>
  );
}

function NewPriceRow({ price }: { price: NewPrice }) {
  const remove = useRemoveNewPrice();
  const name = price.title ?? `ISBN ${price.isbn13}`;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink-900">{price.title ?? <span className="font-normal text-ink-600">No approved listing yet</span>}</p>
        <p className="text-sm break-words text-ink-600">
          ISBN {price.isbn13} · set {price.setBy ? `by ${price.setBy.firstName} ` : ''}on <Time at={price.setAt} />
        </p>
      </div>
      <p className="font-bold whitespace-nowrap text-ink-900">{formatRand(price.price)}</p>
      <Button
        variant="outline"
        size="sm"
        loading={remove.isRunning(price.isbn13)}
        aria-label={`Remove the new price of ${name}`}
        onClick={() =>
          remove.run(price.isbn13, {
            onSuccess: () => toast.success(`${NEW_PRICE_REMOVED}: ${name}`),
            onError: (error) => toast.error(serverErrorText(error, 'Could not remove the new price. Please try again.')),
          })
        }
      >
        <Trash2 aria-hidden="true" size={16} /> Remove
      </Button>
    </Card>
  );
}

function NewPriceList() {
  const [page, setPage] = useState(1);
  const prices = useQuery({ ...newPricesQuery(page), placeholderData: keepPreviousData });

  if (prices.isPending) {
    return (
      <div role="status" aria-label="Loading new prices" className="space-y-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (prices.isError) {
    return (
      <LoadFailed layout="section" what="the new prices" error={prices.error} onRetry={() => void prices.refetch()} />
    );
  }
  const { items, total } = prices.data;
  if (items.length === 0 && page > 1) {
    // The last price of a later page was removed: step back.
    setPage(page - 1);
    return null;
  }
  if (items.length === 0) {
    return <EmptyState icon={<Tag />} headingLevel={3} title="No new prices yet" text="Prices you set appear here, the most recent first." />;
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((price) => (
          <li key={price.isbn13}>
            <NewPriceRow price={price} />
          </li>
        ))}
      </ul>
      {total > NEW_PRICES_PAGE_SIZE && (
        <Pager
          className="mt-5"
          text={showingLine(prices.data, 'new prices')}
          page={page}
          pageCount={Math.ceil(total / NEW_PRICES_PAGE_SIZE)}
          onPage={setPage}
        />
      )}
    </>
  );
}

const NEW_PRICES_INTRO =
  'What a new copy of an edition costs. Sellers listing that ISBN see it with the rule of thumb: used books sell for 40–60% of the new price.';

export function NewPricesPage() {
  usePageTitle('New prices');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">New prices</h1>
      <p className="mt-1 text-ink-600">{keepRangesTogether(NEW_PRICES_INTRO)}</p>
      <div className="mt-6">
        <NewPriceForm />
      </div>
      <section aria-labelledby="new-prices-list" className="mt-8">
        <h2 id="new-prices-list" className="mb-4 text-lg font-semibold">
          Prices set
        </h2>
        <NewPriceList />
      </section>
    </div>
  );
}
