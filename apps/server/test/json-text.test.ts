// Answers put together from cached texts must be exactly what JSON.stringify would send.
import { describe, expect, it } from 'vitest';
import { jsonTextOf, listJsonText } from '../src/lib/json-text.ts';

describe('JSON text', () => {
  it('writes a list exactly as JSON.stringify does, from each item\'s text made once', () => {
    const a = { id: 'a', title: 'Café "Économie"\n', price: 120.5, tags: [], seller: { rating: null } };
    const b = { id: 'b', title: '</script>\u2028', price: 0, tags: ['x'], seller: { rating: 4.5 } };
    for (const list of [{ items: [a, b], total: 2, page: 1, pageSize: 20 }, { items: [], total: 0, page: 3, pageSize: 5 }]) {
      expect(listJsonText(list)).toBe(JSON.stringify(list));
    }
    // An item's text is made once: a later change to the (supposedly frozen) object is not seen.
    const text = jsonTextOf(a);
    a.title = 'changed';
    expect(jsonTextOf(a)).toBe(text);
    expect(listJsonText({ items: [a], total: 1, page: 1, pageSize: 20 })).toContain('Café');
  });
});
