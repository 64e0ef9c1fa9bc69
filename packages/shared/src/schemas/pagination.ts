// The paging of every list the API answers (`{items, total, page, pageSize}`): `page` is 1-based,
// `pageSize` defaults to 20 and is at most 50, and a value out of range is a 400 with the same message
// on every route. Query values arrive as text, or as arrays when repeated; a blank one is not set.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';

/** A repeated parameter (?page=1&page=2) counts once; a blank one is not set. */
export function queryValue(value: unknown): unknown {
  const single = Array.isArray(value) ? value[0] : value;
  if (single === null || (typeof single === 'string' && single.trim() === '')) return undefined;
  return single;
}

function wholeNumber(max: number, fallback: number, message: string) {
  return z.preprocess(queryValue, z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback));
}

/** `page` and `pageSize` of a list's query string; spread into a route's query schema. */
export const pagingFields = {
  page: wholeNumber(LIMITS.maxPage, 1, MESSAGES.pageInvalid),
  pageSize: wholeNumber(LIMITS.maxPageSize, LIMITS.defaultPageSize, MESSAGES.pageSizeInvalid),
};

/** A list's query string when paging is all it takes. */
export const pagingQuerySchema = z.object(pagingFields);
export type PagingQuery = z.output<typeof pagingQuerySchema>;

/** The rows to skip for a page. */
export const pageOffset = ({ page, pageSize }: PagingQuery) => (page - 1) * pageSize;
