// compiledByCount (db/compiled-by-count.ts): a statement compiled once per database handle and number of
// values answers exactly what building it each time answers, and refuses a statement with other parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledByCount } from '../src/db/compiled-by-count.ts';
import { preparedName } from '../src/db/prepared-statements.ts';
import type { Db } from '../src/db/index.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { insertBook } from './helpers/books.ts';

describe(`a statement compiled once for each number of values (${dialectUnderTest})`, () => {
  let t: TestApp;
  const ids: string[] = [];
  const titles = (db: Db, wanted: readonly string[]) => db.selectFrom('books').select(['id', 'title']).where('id', 'in', wanted).orderBy('title');

  beforeAll(async () => {
    t = await createTestApp();
    const seller = await registerAndLogin(t.app, { userType: 'seller' });
    for (const title of ['Anatomy', 'Botany', 'Chemistry', 'Dynamics']) ids.push(await insertBook(t.database.db, seller.id, { title }));
  });
  afterAll(async () => t?.close());

  it('answers what the built statement answers, building it once for each number of values and handle', async () => {
    const db = t.database.db;
    const built: number[] = [];
    const find = compiledByCount((handle: Db, wanted: readonly string[]) => {
      built.push(wanted.length);
      return titles(handle, wanted);
    });
    for (const wanted of [[ids[0]!], [ids[1]!], [ids[2]!, ids[0]!], [ids[3]!, ids[1]!], ids, ['no such id'], [ids[3]!, 'no such id']]) {
      expect(await find(db, wanted)).toEqual(await titles(db, wanted).execute());
    }
    expect(built).toEqual([1, 2, 4]);
    // A transaction is a handle of its own, and sees its own writes.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('books').set({ title: 'Astronomy' }).where('id', '=', ids[0]!).execute();
      expect(await find(trx, [ids[0]!])).toEqual([{ id: ids[0], title: 'Astronomy' }]);
    });
    expect(built).toEqual([1, 2, 4, 1]);
    expect(await find(db, [ids[0]!])).toEqual([{ id: ids[0], title: 'Astronomy' }]);
  });

  it.runIf(dialectUnderTest === 'postgres')('on PostgreSQL, sends the statement by name: prepared once on the connection, then run again', async () => {
    const byTitleThenId = (handle: Db, wanted: readonly string[]) => titles(handle, wanted).orderBy('id');
    const find = compiledByCount(byTitleThenId);
    await t.database.db.connection().execute(async (conn) => {
      expect(await find(conn, [ids[1]!, ids[2]!, 'no such id'])).toEqual([
        { id: ids[1], title: 'Botany' },
        { id: ids[2], title: 'Chemistry' },
      ]);
      expect(await find(conn, [ids[3]!, ids[0]!, 'no such id'])).toEqual([
        { id: ids[0], title: 'Astronomy' },
        { id: ids[3], title: 'Dynamics' },
      ]);
      const text = byTitleThenId(conn, ['a', 'b', 'c']).compile().sql;
      const name = preparedName(text);
      expect(name).toMatch(/^reshelf_\d+$/);
      const prepared = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements WHERE name = ${name}`.execute(conn);
      expect(prepared.rows).toEqual([{ name, statement: text }]);
    });
  });

  it('refuses a statement whose parameters are not exactly its values', async () => {
    const find = compiledByCount((handle: Db, wanted: readonly string[]) => titles(handle, wanted).where('status', '=', 'approved'));
    await expect(find(t.database.db, [ids[0]!])).rejects.toThrow('compiledByCount: the statement has parameters other than its values');
  });
});
