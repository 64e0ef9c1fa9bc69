// The server's signing key: 256 random bits made the first time any process asks, kept in the database so
// every process (and every restart) signs and checks links with the same key. Deleting the row makes a
// new key on the next start, which turns every link signed with the old one invalid.
import { randomBytes } from 'node:crypto';
import type { Db } from './index.ts';

export async function loadServerSecret(db: Db, name = 'link-signing'): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
