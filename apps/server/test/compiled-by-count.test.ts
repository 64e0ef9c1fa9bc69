// compiledByCount (db/compiled-by-count.ts): a statement compiled once per database handle and number of
// values answers exactly what building it each time answers, and refuses a statement with other parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledByCount } from '../src/db/compiled-by-count.ts';
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

  it('refuses a statement whose parameters are not exactly its values', async () => {
    const find = compiledByCount((handle: Db, wanted: readonly string[]) => titles(handle, wanted).where('status', '=', 'approved'));
    await expect(find(t.database.db, [ids[0]!])).rejects.toThrow('compiledByCount: the statement has parameters other than its values');
  });
});
