// SQLite rows are built in JavaScript from raw arrays (db/index.ts): they must be exactly the objects
// better-sqlite3 would have made, and a schema change must not leave a kept statement with old columns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;

afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  handle = dir = undefined;
});

function open() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reshelf-rows-'));
  handle = openDatabase({ dataDir: dir, databaseUrl: undefined });
  return handle;
}

describe('SQLite rows', () => {
  it('are the objects better-sqlite3 makes: keys in order, types kept, a repeated name taking the later column', async () => {
    const { db, sqlitePath } = open();
    await sql`CREATE TABLE shelf (id TEXT PRIMARY KEY, title TEXT, pages INTEGER, price REAL, cover BLOB, note TEXT)`.execute(db);
    await sql`INSERT INTO shelf VALUES ('a', 'Café "Économie"', 412, 120.5, x'00ff', NULL), ('b', '', 0, 0, NULL, 'x')`.execute(db);
    const text = `SELECT s.*, t.title AS other, s.pages AS id FROM shelf s JOIN shelf t ON t.id = s.id ORDER BY s.id`;
    const ours = (await sql.raw(text).execute(db)).rows;
    const reference = new SQLite(sqlitePath!, { readonly: true });
    const theirs = reference.prepare(text).all();
    reference.close();
    expect(ours).toEqual(theirs);
    expect(ours.map((r) => Object.keys(r as object))).toEqual(theirs.map((r) => Object.keys(r as object)));
    expect((ours[0] as { cover: Buffer }).cover).toBeInstanceOf(Buffer);
    // The same statement again (now from the statement cache) reads its own parameters.
    const one = await db.selectFrom('shelf' as never).selectAll().where('id' as never, '=', 'b' as never).execute();
    const again = await db.selectFrom('shelf' as never).selectAll().where('id' as never, '=', 'a' as never).execute();
    expect([one, again].map((rows) => (rows[0] as { id: string }).id)).toEqual(['b', 'a']);
  });

  it('follow a schema change: a statement read before a column was added reads it afterwards', async () => {
    const { db } = open();
    await sql`CREATE TABLE shelf (id TEXT PRIMARY KEY, title TEXT)`.execute(db);
    await sql`INSERT INTO shelf VALUES ('a', 'Calculus')`.execute(db);
    const read = () => sql.raw('SELECT * FROM shelf').execute(db);
    expect((await read()).rows).toEqual([{ id: 'a', title: 'Calculus' }]);
    await sql`ALTER TABLE shelf ADD COLUMN edition INTEGER DEFAULT 8`.execute(db);
    expect((await read()).rows).toEqual([{ id: 'a', title: 'Calculus', edition: 8 }]);
    await sql`ALTER TABLE shelf RENAME COLUMN title TO name`.execute(db);
    expect((await read()).rows).toEqual([{ id: 'a', name: 'Calculus', edition: 8 }]);
  });
});
