// "Good price": the server marks a copy whose price is below the median of its edition's copies on
// Reshelf (Book.goodPrice; docs/decisions/0028-new-prices-and-good-price.md). The badge shows two words;
// a screen reader, and a pointer resting on it, also get the reason, unless the page prints it beside.
import { Badge } from '../../../components/ui/badge';

export const GOOD_PRICE = 'Good price';
export const GOOD_PRICE_REASON = "below the median price of this edition's copies on Reshelf";
/** The reason as a sentence of its own, where a page writes it out (the book page). */
export const GOOD_PRICE_SENTENCE = "Below the median price of this edition's copies on Reshelf.";

export interface GoodPriceBadgeProps {
  /** The reason is written out next to the badge, so the badge need not say it again. */
  reasonShown?: boolean;
}

export function GoodPriceBadge({ reasonShown = false }: GoodPriceBadgeProps) {
  return (
    <Badge tone="green" title={reasonShown ? undefined : `${GOOD_PRICE}: ${GOOD_PRICE_REASON}`}>
      {GOOD_PRICE}
      {!reasonShown && <span className="sr-only">: {GOOD_PRICE_REASON}</span>}
    </Badge>
  );
}
