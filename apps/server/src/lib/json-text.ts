// JSON text for answers served many times over unchanged (the catalogue cache's books and pages): each
// object is stringified once, and the text lives as long as the object does.
import type { FastifyReply } from 'fastify';

const texts = new WeakMap<object, string>();

/** Sends `body` as JSON; the text is remembered under `source`, the cached object `body` is built from. */
export function sendJsonOf(reply: FastifyReply, source: object, body: () => unknown): FastifyReply {
  let text = texts.get(source);
  if (text === undefined) {
    text = JSON.stringify(body());
    texts.set(source, text);
  }
  return reply.type('application/json; charset=utf-8').send(text);
}
