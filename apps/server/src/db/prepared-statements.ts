// PostgreSQL parses and plans every statement it is sent, even one it was sent a moment before. For a
// statement read by its keys (a book and its parts by id) planning costs more than answering: at a
// million listings 0.8 ms of planning against 0.5 of execution (docs/decisions/0051-postgresql-prepared-reads.md).
// A statement sent with a name is parsed once per connection and, once PostgreSQL finds its plan does not
// depend on the values (after five runs), planned once. So the statements marked here are sent by name.
//
// Only statements whose plan is the same whatever the values may be marked: a generic plan for a search
// (whose best plan depends on how common its words are) would be chosen blind. The driver (Kysely's
// PostgreSQL dialect) sends a query's text and values; the pool's clients send a marked text by its name.
// Names are per connection in PostgreSQL, and one text has one name in this process.
import type pg from 'pg';

const names = new Map<string, string>();

/** Marks a statement's text (with placeholders) to be sent by name, prepared once per connection. */
export function prepareOnPostgres(text: string): void {
  if (!names.has(text)) names.set(text, `reshelf_${names.size + 1}`);
}

/** The name a marked text is sent by (for its test); undefined for any other text. */
export const preparedName = (text: string): string | undefined => names.get(text);

type Query = (...args: unknown[]) => unknown;

/**
 * Makes the pool's connections send marked statements by name (and everything else as before): each
 * client's `query` is wrapped as the pool connects it.
 */
export function sendPreparedByName(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text: unknown, values: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
      return name ? query({ name, text, values }) : query(text, values, ...rest);
    };
  });
}
