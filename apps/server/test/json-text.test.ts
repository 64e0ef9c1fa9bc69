// Answers put together from cached texts must be exactly what JSON.stringify would send.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedListJson, jsonTextOf, listJsonText } from '../src/lib/json-text.ts';

describe('JSON text', () => {
  it('writes a list exactly as JSON.stringify does, from each item\'s text made once', () => {
    const a = { id: 'a', title: 'Café "Économie"\n', price: 120.5, tags: [], seller: { rating: null } };
    const b = { id: 'b', title: '</script>\u2028', price: 0, tags: ['x'], seller: { rating: 4.5 } };
    const lists: object[] = [
      { items: [a, b], total: 2, page: 1, pageSize: 20 },
      { items: [], total: 0, page: 3, pageSize: 5 },
      // The catalogue's extra field, after the four every list has.
      { items: [a], total: 1, page: 1, pageSize: 20, suggestion: 'organic "chemistry"' },
      { items: [], total: 0, page: 1, pageSize: 20, suggestion: null },
    ];
    for (const list of lists as Parameters<typeof listJsonText>[0][]) {
      expect(listJsonText(list)).toBe(JSON.stringify(list));
    }
    // An item's text is made once: a later change to the (supposedly frozen) object is not seen.
    const text = jsonTextOf(a);
    a.title = 'changed';
    expect(jsonTextOf(a)).toBe(text);
    expect(listJsonText({ items: [a], total: 1, page: 1, pageSize: 20 })).toContain('Café');
  });

  it('compresses a list once per coding for as long as the list lives', () => {
    const list = { items: [{ id: 'a', title: 'Linear Algebra '.repeat(200) }], total: 1, page: 1, pageSize: 20 };
    const br = encodedListJson(list, 'br');
    expect(encodedListJson(list, 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(JSON.stringify(list));
    const gzip = encodedListJson(list, 'gzip');
    expect(encodedListJson(list, 'gzip')).toBe(gzip);
    expect(zlib.gunzipSync(gzip).toString()).toBe(JSON.stringify(list));
    // Another list with the same content is another answer: compressed for itself.
    expect(encodedListJson({ ...list }, 'br')).not.toBe(br);
  });
});
