// JSON text for answers served many times over unchanged (the catalogue cache's books and pages): each
// book is stringified once, and its text lives as long as the book does. A catalogue page is put together
// from its books' texts, so a book already sent (on its own page or in another list) is not stringified
// again, and a page served again from the cache is not compressed again either.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListResponse } from '@reshelf/shared';
import { COMPRESS_THRESHOLD, compressText, preferredCoding, type Coding } from './encoding.ts';

const texts = new WeakMap<object, string>();

/** The JSON text of `value`, which must never change once built (a cached Book); made once. */
export function jsonTextOf(value: object, build: () => string = () => JSON.stringify(value)): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = build();
    texts.set(value, text);
  }
  return text;
}

/**
 * A list answer's JSON text, exactly as JSON.stringify would write it, from its items' texts. Not kept
 * with the list: clients get the compressed form, kept below, and the text of every cached page would
 * only be more heap for the garbage collector to walk (docs/performance.md, Fix 10).
 */
export const listJsonText = (list: ListResponse<object>): string => {
  // Any fields after the four of every list (the catalogue's `suggestion`) follow in their own order.
  const { items, total, page, pageSize, ...more } = list as ListResponse<object> & Record<string, unknown>;
  const rest = Object.keys(more).length ? `,${JSON.stringify(more).slice(1, -1)}` : '';
  return `{"items":[${items.map((item) => jsonTextOf(item)).join(',')}],"total":${total},"page":${page},"pageSize":${pageSize}${rest}}`;
};

export const sendJsonText = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);

/** Per list: its text compressed in each coding asked for. */
const compressed = new WeakMap<object, Partial<Record<Coding, Buffer>>>();

/** A list answer's text in `coding`, compressed once for as long as the (cached, unchanging) list lives. */
export function encodedListJson(list: ListResponse<object>, coding: Coding, text?: string): Buffer {
  let byCoding = compressed.get(list);
  if (!byCoding) compressed.set(list, (byCoding = {}));
  return (byCoding[coding] ??= compressText(coding, text ?? listJsonText(list)));
}

/**
 * Sends a list answer in the coding the client takes, compressed once per cached page rather than by the
 * compression plugin on every answer, where it would be a large part of a repeated search's time
 * (docs/performance.md, Fix 10). Sent with its Content-Encoding set, the plugin leaves it alone.
 */
export function sendListJson(request: FastifyRequest, reply: FastifyReply, list: ListResponse<object>): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const coding = preferredCoding(request.headers['accept-encoding']);
  const known = compressed.get(list);
  if (coding && known?.[coding]) return reply.header('content-encoding', coding).send(known[coding]);
  const text = listJsonText(list);
  if (!coding || text.length < COMPRESS_THRESHOLD) return reply.send(text);
  return reply.header('content-encoding', coding).send(encodedListJson(list, coding, text));
}
