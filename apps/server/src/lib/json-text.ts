// JSON text for answers served many times over unchanged (the catalogue cache's books and pages): each
// object is stringified once, and the text lives as long as the object does. A catalogue page is put
// together from its books' texts, so a book already sent (on its own page or in another list) is not
// stringified again.
import type { FastifyReply } from 'fastify';
import type { ListResponse } from '@reshelf/shared';

const texts = new WeakMap<object, string>();

/** The JSON text of `value`, which must never change once built (a cached Book or page); made once. */
export function jsonTextOf(value: object, build: () => string = () => JSON.stringify(value)): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = build();
    texts.set(value, text);
  }
  return text;
}

/** A list answer's JSON text, exactly as JSON.stringify would write it, from its items' texts. */
export const listJsonText = (list: ListResponse<object>): string =>
  jsonTextOf(list, () => `{"items":[${list.items.map((item) => jsonTextOf(item)).join(',')}],"total":${list.total},"page":${list.page},"pageSize":${list.pageSize}}`);

export const sendJsonText = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);
