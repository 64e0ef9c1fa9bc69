// The catalogue's page links: which page numbers show, and where the gaps go.
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../src/components/ui/pager';

/** The rule written out the slow way: every page, shown when first, last or next to the current one. */
function everyPage(page: number, pageCount: number): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 1) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

describe('pageWindow', () => {
  it('shows the first and last pages and one either side of the current one, with a gap where pages are skipped', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it('agrees with walking every page, for every page of catalogues up to 40 pages', () => {
    for (let pageCount = 1; pageCount <= 40; pageCount += 1) {
      for (let page = 1; page <= pageCount; page += 1) expect(pageWindow(page, pageCount), `${page} of ${pageCount}`).toEqual(everyPage(page, pageCount));
    }
  });

  it('is the same handful of links for a catalogue of thousands of pages', () => {
    expect(pageWindow(1, 8_334)).toEqual([1, 2, null, 8_334]);
    expect(pageWindow(4_000, 8_334)).toEqual([1, null, 3_999, 4_000, 4_001, null, 8_334]);
  });
});
