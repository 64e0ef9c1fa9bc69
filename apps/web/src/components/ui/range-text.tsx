// Number ranges kept on one line. A hyphen or an en dash is a place a browser may break a line, so on a
// phone "40-60%" (or "40–60%") came out as "40-" at the end of one line and "60%" at the start of the next.
// keepRangesTogether wraps each range of a text in a nowrap span and changes nothing else: the same
// characters in the same order, so the element's text (what tests and screen readers read) is the text given.
import { Fragment, type ReactNode } from 'react';

/**
 * A number, a hyphen or an en dash, a number, and an optional percent sign: "40-60%", "40–60%", "4–6".
 * Not a run of hyphenated numbers such as an ISBN (978-0-13-404228-2) or a date, which is no range.
 */
const RANGE = /(?<![\d.,\-–])\d+(?:[.,]\d+)?[-–]\d+(?:[.,]\d+)?%?(?![\d\-–])/g;

/** The class of the span around a range (for tests, which find the span by it). */
export const RANGE_CLASS = 'whitespace-nowrap';

/**
 * `text` with every number range in it wrapped in <span class="whitespace-nowrap">; a text without one
 * comes back as it is. Anything that is not a string (an element, say) is passed through unchanged.
 */
export function keepRangesTogether(text: ReactNode): ReactNode {
  if (typeof text !== 'string') return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(RANGE)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className={RANGE_CLASS}>
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
