// What Reshelf already knows of the ISBN a seller is listing (GET /editions/:isbn, through the shared
// edition query): on the wizard's first step it fills the book's details the seller has left empty, and
// by the price on the second it shows what this edition sells for, with a one-tap suggested price.
// Nothing is asked until the ISBN field holds a valid ISBN.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Info, Tag } from 'lucide-react';
import { LIMITS, formatRand, type Edition } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { keepRangesTogether } from '../../../components/ui/range-text';
import { editionQuery, priceRangeText, typedIsbn13 } from '../../../lib/editions';

/** The details an edition can fill in, by wizard field. */
export const PREFILL_FIELDS = ['title', 'author', 'publisher', 'publicationYear', 'edition'] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];

export const PREFILL_NOTE = 'Filled in from earlier listings of this ISBN';
export const NO_EARLIER_COPIES = 'No earlier copies of this ISBN yet';
export const USED_PRICE_RULE = 'Used books usually sell for 40–60% of the new price';

/** The edition of the typed ISBN: undefined while there is none to ask for or no answer yet, null when unknown (404). */
function useEditionOfTyped(isbn: string): { isbn13: string | null; edition: Edition | null | undefined } {
  const isbn13 = typedIsbn13(isbn);
  const query = useQuery({ ...editionQuery(isbn13 ?? ''), enabled: isbn13 !== null });
  return { isbn13, edition: isbn13 === null ? undefined : query.data };
}

const fieldValue = (edition: Edition, field: PrefillField) => (field === 'publicationYear' ? String(edition.publicationYear) : edition[field]);

export interface EditionPrefillProps {
  isbn: string;
  /** The wizard's current values of the fields an edition can fill. */
  values: Record<PrefillField, string>;
  /** Sets one field as if the seller had typed it. */
  onFill: (field: PrefillField, value: string) => void;
}

/** Fills the empty details once per ISBN when its edition is known, and says so. Never overwrites a typed value. */
export function EditionPrefill({ isbn, values, onFill }: EditionPrefillProps) {
  const { isbn13, edition } = useEditionOfTyped(isbn);
  const handled = useRef<string | null>(null);
  const [filledFor, setFilledFor] = useState<string | null>(null);

  useEffect(() => {
    if (!isbn13 || !edition || handled.current === isbn13) return;
    handled.current = isbn13;
    const empty = PREFILL_FIELDS.filter((field) => values[field].trim() === '');
    for (const field of empty) onFill(field, fieldValue(edition, field));
    if (empty.length) setFilledFor(isbn13);
  }, [isbn13, edition, values, onFill]);

  if (!isbn13 || filledFor !== isbn13) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 sm:col-span-2">
      <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0" /> {PREFILL_NOTE}
    </p>
  );
}

/** The wizard's price field text for an amount in rand: "200" or "212.50". */
export const priceFieldText = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(LIMITS.priceDecimals));

/** The edition's median where it has prices, else half the new price where known; otherwise none. */
export function suggestedPrice(edition: Edition): number | null {
  if (edition.price) return edition.price.median;
  if (edition.newPrice !== null) return Math.round(edition.newPrice * 50) / 100;
  return null;
}

export interface PriceGuidanceProps {
  isbn: string;
  /** Puts the suggested price in the price field (as the field's text). */
  onUse: (price: string) => void;
}

/** What this edition sells for on Reshelf, the new price where known, and "Use R X". */
export function PriceGuidance({ isbn, onUse }: PriceGuidanceProps) {
  const { edition } = useEditionOfTyped(isbn);
  if (edition === undefined) return null;
  if (edition === null) return <p className="text-sm text-ink-600 sm:col-span-2">{NO_EARLIER_COPIES}</p>;
  const suggestion = suggestedPrice(edition);
  return (
    <section aria-labelledby="sell-price-guidance" className="min-w-0 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 sm:col-span-2">
      <h3 id="sell-price-guidance" className="flex items-center gap-2 font-semibold">
        <Tag aria-hidden="true" size={16} className="shrink-0" /> Prices of this edition on Reshelf
      </h3>
      <p className="mt-1 break-words">
        {edition.price
          ? `${priceRangeText(edition.price)} (${edition.available} for sale, ${edition.sold} sold)`
          : 'No prices for this edition yet.'}
      </p>
      {edition.newPrice !== null && (
        <p className="mt-1 break-words">
          New: {formatRand(edition.newPrice)}. {keepRangesTogether(USED_PRICE_RULE)}: {formatRand(edition.newPrice * LIMITS.usedPriceGuideMin)} –{' '}
          {formatRand(edition.newPrice * LIMITS.usedPriceGuideMax)}.
        </p>
      )}
      {suggestion !== null && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
          <span>{edition.price ? 'The median is a fair price to start from.' : 'Half the new price is a fair place to start.'}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => onUse(priceFieldText(suggestion))}>
            Use {formatRand(suggestion)}
          </Button>
        </div>
      )}
    </section>
  );
}
