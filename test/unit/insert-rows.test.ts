import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertRows } from '../../src/db/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

// A multi-row insert is compiled by Kysely once per shape (statement, columns, row
// count) and then only bound again: what is stored must be exactly what Kysely's
// own statement stores, and anything the cache cannot bind by column goes to Kysely.

type Row = { organization_id: string; window_start: number; count: number };

describe('insertRows', () => {
  let testDb: TestDatabase;
  // Any table will do: quota_windows has a text key, a bigint, an integer and a conflict target.
  const db = () => testDb.handle.db;
  const stored = async () =>
    (await db().selectFrom('quota_windows').selectAll().orderBy('organization_id').execute()).map((r) => [
      r.organization_id,
      Number(r.window_start),
      Number(r.count),
    ]);
  /** A plain insert of quota_windows rows, its builder spied on. */
  const plain = () => vi.fn((chunk: Row[]) => db().insertInto('quota_windows').values(chunk));

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  beforeEach(async () => {
    await db().deleteFrom('quota_windows').execute();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('builds a shape once, then binds new rows (by column name, in any key order) to the same SQL', async () => {
    const first = plain();
    await insertRows(
      db(),
      'test plain',
      [
        { organization_id: 'a', window_start: 1, count: 10 },
        { organization_id: 'b', window_start: 2, count: 20 },
      ],
      first,
    );
    expect(first).toHaveBeenCalledOnce();
    const second = plain();
    await insertRows(
      db(),
      'test plain',
      [
        { organization_id: 'c', window_start: 3, count: 30 },
        { count: 40, window_start: 4, organization_id: 'd' },
      ],
      second,
    );
    expect(second).not.toHaveBeenCalled();
    // Another row count is another shape.
    const third = plain();
    await insertRows(db(), 'test plain', [{ organization_id: 'e', window_start: 5, count: 50 }], third);
    expect(third).toHaveBeenCalledOnce();
    expect(await stored()).toEqual([
      ['a', 1, 10],
      ['b', 2, 20],
      ['c', 3, 30],
      ['d', 4, 40],
      ['e', 5, 50],
    ]);
  });

  it('returns what the statement returns, from the cached SQL as from the first', async () => {
    const add = async (rows: Row[]) =>
      (
        await insertRows(db(), 'test add', rows, (chunk) =>
          db()
            .insertInto('quota_windows')
            .values(chunk)
            .onConflict((oc) =>
              oc.columns(['organization_id', 'window_start']).doUpdateSet((eb) => ({ count: eb('quota_windows.count', '+', eb.ref('excluded.count')) })),
            )
            .returning(['organization_id', 'count']),
        )
      ).map((r) => [r.organization_id, Number(r.count)]);
    expect(await add([{ organization_id: 'x', window_start: 0, count: 2 }])).toEqual([['x', 2]]);
    expect(await add([{ organization_id: 'x', window_start: 0, count: 3 }])).toEqual([['x', 5]]);
    expect(await add([{ organization_id: 'x', window_start: 0, count: 1 }])).toEqual([['x', 6]]);
  });

  it('leaves to Kysely rows of another column set, with an extra or undefined column, or holding an expression', async () => {
    await insertRows(db(), 'test mixed', [{ organization_id: 'f', window_start: 1, count: 1 }], plain());
    // The same statement name and row count, other columns: another shape (count is NOT NULL, so the builder names it).
    const other = vi.fn((chunk: { organization_id: string; window_start: number }[]) =>
      db()
        .insertInto('quota_windows')
        .values(chunk.map((r) => ({ ...r, count: 7 }))),
    );
    await insertRows(db(), 'test mixed', [{ organization_id: 'g', window_start: 2 }], other);
    expect(other).toHaveBeenCalledOnce();
    for (const row of [
      { organization_id: 'h', window_start: 3, count: undefined as unknown as number },
      { organization_id: 'i', window_start: 4, count: 8, extra: 'x' },
      { organization_id: 'j', window_start: 5, count: sql<number>`4 + 5` as unknown as number },
    ]) {
      const build = vi.fn((chunk: Row[]) =>
        db()
          .insertInto('quota_windows')
          .values(chunk.map(({ organization_id, window_start, count }) => ({ organization_id, window_start, count: count ?? 3 }))),
      );
      await insertRows(db(), 'test mixed', [row], build);
      expect(build, row.organization_id).toHaveBeenCalledOnce();
    }
    expect(await stored()).toEqual([
      ['f', 1, 1],
      ['g', 2, 7],
      ['h', 3, 3],
      ['i', 4, 8],
      ['j', 5, 9],
    ]);
  });

  it('never reuses the SQL of a statement with parameters of its own', async () => {
    for (const by of [100, 200]) {
      const rows = [{ organization_id: 'k', window_start: 0, count: 1 }];
      const build = vi.fn((chunk: Row[]) =>
        db()
          .insertInto('quota_windows')
          .values(chunk)
          .onConflict((oc) => oc.columns(['organization_id', 'window_start']).doUpdateSet({ count: sql<number>`${by}` })),
      );
      await insertRows(db(), 'test own parameter', rows, build);
      expect(build).toHaveBeenCalledOnce();
    }
    expect(await stored()).toEqual([['k', 0, 200]]);
  });

  it('splits thousands of rows into statements within the parameter limits of both databases', async () => {
    // 12 000 rows of 3 columns: 36 000 parameters, more than SQLite takes in one statement.
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ organization_id: `o${String(i).padStart(5, '0')}`, window_start: i, count: 1 }));
    const build = plain();
    await insertRows(db(), 'test many', rows, build);
    // Three statements: 5 333, 5 333 (the same shape again, bound from the first) and 1 334 rows.
    expect(build.mock.calls.map(([chunk]) => chunk.length)).toEqual([5333, 1334]);
    const row = await db()
      .selectFrom('quota_windows')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('window_start').as('sum')])
      .executeTakeFirstOrThrow();
    expect([Number(row.n), Number(row.sum)]).toEqual([12_000, (11_999 * 12_000) / 2]);
  });
});
