// Message text with its web addresses as links. Only http and https become links (a 'javascript:' or
// 'data:' address stays text); each opens in a new tab without giving that page a handle on this one
// (noopener) or telling it where the student came from (noreferrer). Punctuation that ends a sentence
// is not part of the address.
import { Fragment, type ReactNode } from 'react';

const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The text as pieces: plain strings and http(s) addresses, in order. */
function splitLinks(text: string): Array<{ text: string; href?: string }> {
  const pieces: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    let address = match[0];
    // A closing bracket belongs to the address when the address opened one, as Wikipedia's do.
    const trail = TRAILING.exec(address)?.[0] ?? '';
    let cut = trail.length;
    if (trail.startsWith(')') && address.slice(0, -cut).includes('(')) cut -= 1;
    if (cut > 0) address = address.slice(0, -cut);
    let href: string | undefined;
    try {
      const url = new URL(address);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

export function LinkedText({ text, linkClassName }: { text: string; linkClassName?: string }): ReactNode {
  return splitLinks(text).map((piece, index) =>
    piece.href ? (
      <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
        {piece.text}
      </a>
    ) : (
      <Fragment key={index}>{piece.text}</Fragment>
    ),
  );
}
