import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRows } from '../../src/db/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

// A multi-row insert is compiled by Kysely once per shape (statement, columns, row
// count) and then only bound again: what is stored must be exactly what Kysely's
// own statement stores, and anything the cache cannot bind by column goes to Kysely.

describe('insertRows', () => {
  let testDb: TestDatabase;
  // Any table will do: quota_windows has a text key, a bigint and a conflict target.
  const db = () => testDb.handle.db;
  const stored = async () =>
    (await db().selectFrom('quota_windows').selectAll().orderBy('organization_id').execute()).map((r) => [r.organization_id, Number(r.window_start), Number(r.count)]);

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('builds a shape once, then binds new rows (by column name, in any key order) to the same SQL', async () => {
    await db().deleteFrom('quota_windows').execute();
    const build = vi.fn((rows: { organization_id: string; window_start: number; count: number }[]) => () => db().insertInto('quota_windows').values(rows));
    const first = [
      { organization_id: 'a', window_start: 1, count: 10 },
      { organization_id: 'b', window_start: 2, count: 20 },
    ];
    await insertRows(db(), 'test quota_windows', first, build(first));
    const second = [
      { organization_id: 'c', window_start: 3, count: 30 },
      { count: 40, window_start: 4, organization_id: 'd' },
    ];
    const secondBuild = vi.fn(build(second));
    await insertRows(db(), 'test quota_windows', second, secondBuild);
    expect(secondBuild).not.toHaveBeenCalled();
    // Another row count is another shape.
    const third = [{ organization_id: 'e', window_start: 5, count: 50 }];
    const thirdBuild = vi.fn(build(third));
    await insertRows(db(), 'test quota_windows', third, thirdBuild);
    expect(thirdBuild).toHaveBeenCalledOnce();
    expect(await stored()).toEqual([
      ['a', 1, 10],
      ['b', 2, 20],
      ['c', 3, 30],
      ['d', 4, 40],
      ['e', 5, 50],
    ]);
  });

  it('returns what the statement returns, from the cached SQL as from the first', async () => {
    await db().deleteFrom('quota_windows').execute();
    const add = async (rows: { organization_id: string; window_start: number; count: number }[]) =>
      (
        await insertRows(db(), 'test quota_windows add', rows, () =>
          db()
            .insertInto('quota_windows')
            .values(rows)
            .onConflict((oc) => oc.columns(['organization_id', 'window_start']).doUpdateSet((eb) => ({ count: eb('quota_windows.count', '+', eb.ref('excluded.count')) })))
            .returning(['organization_id', 'count']),
        )
      ).rows.map((r) => [r.organization_id, Number(r.count)]);
    expect(await add([{ organization_id: 'x', window_start: 0, count: 2 }])).toEqual([['x', 2]]);
    expect(await add([{ organization_id: 'x', window_start: 0, count: 3 }])).toEqual([['x', 5]]);
    expect(await add([{ organization_id: 'x', window_start: 0, count: 1 }])).toEqual([['x', 6]]);
  });

  it('leaves to Kysely a row with a column missing or undefined, and a statement with parameters of its own', async () => {
    await db().deleteFrom('quota_windows').execute();
    const full = [{ organization_id: 'f', window_start: 1, count: 1 }];
    await insertRows(db(), 'test quota_windows partial', full, () => db().insertInto('quota_windows').values(full));
    // The same statement and row count, but a value is undefined (Kysely would write DEFAULT for it): its own build runs.
    const partial = [{ organization_id: 'g', window_start: 2, count: undefined as unknown as number }];
    const partialBuild = vi.fn(() => db().insertInto('quota_windows').values({ organization_id: 'g', window_start: 2, count: 7 }));
    await insertRows(db(), 'test quota_windows partial', partial, partialBuild);
    expect(partialBuild).toHaveBeenCalledOnce();

    // A conflict clause with a value of its own: its SQL is never reused, so the value is never lost.
    const bump = (count: number, by: number) => {
      const rows = [{ organization_id: 'h', window_start: 0, count }];
      const build = vi.fn(() =>
        db()
          .insertInto('quota_windows')
          .values(rows)
          .onConflict((oc) => oc.columns(['organization_id', 'window_start']).doUpdateSet({ count: sql<number>`${by}` })),
      );
      return { rows, build };
    };
    for (const [count, by] of [
      [1, 100],
      [1, 200],
    ] as const) {
      const { rows, build } = bump(count, by);
      await insertRows(db(), 'test quota_windows set literal', rows, build);
      expect(build).toHaveBeenCalledOnce();
    }
    expect(await stored()).toEqual([
      ['f', 1, 1],
      ['g', 2, 7],
      ['h', 0, 200],
    ]);
  });
});
