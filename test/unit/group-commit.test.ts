import type { Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/index.ts';
import { createGroupCommit, type GroupCommitOptions } from '../../src/db/group-commit.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** One organizations row per item; `weight` drives how groups are cut. */
interface Item {
  id: string;
  weight?: number;
}

const T = 1_767_225_600_000;

describe('group commit', () => {
  // Only what this test opened is closed: a failed setup leaves nothing to close twice.
  const cleanups: (() => Promise<void>)[] = [];
  let testDb: TestDatabase;
  /** The items of every apply call, in call order. */
  let calls: string[][];

  beforeEach(async () => {
    testDb = await createTestDatabase();
    const opened = testDb;
    cleanups.push(() => opened.cleanup());
    calls = [];
  });

  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  const db = () => testDb.handle.db;
  const orgIds = async () => (await db().selectFrom('organizations').select('id').orderBy('id').execute()).map((r) => r.id);

  /** Inserts every item of the group in one statement. */
  async function insertAll(trx: Transaction<Database>, items: Item[]): Promise<void> {
    calls.push(items.map((i) => i.id));
    await trx
      .insertInto('organizations')
      .values(items.map((i) => ({ id: i.id, name: `name ${i.id}`, plan: 'free' as const, created_at: T })))
      .execute();
  }

  function group(options: Partial<GroupCommitOptions<Item>> = {}) {
    return createGroupCommit<Item>(db(), { apply: insertAll, ...options });
  }

  it('applies writes issued in the same tick in one apply call, in order', async () => {
    const g = group();
    const ids = ['org_1', 'org_2', 'org_3', 'org_4', 'org_5'];
    await Promise.all(ids.map((id) => g.write({ id })));
    expect(calls).toEqual([ids]);
    expect(await orgIds()).toEqual(ids);
  });

  it('applies writes issued after a flush in a later group', async () => {
    const g = group();
    await Promise.all([g.write({ id: 'org_1' }), g.write({ id: 'org_2' })]);
    await g.write({ id: 'org_3' });
    expect(calls).toEqual([['org_1', 'org_2'], ['org_3']]);
  });

  // Groups cut from one burst may commit concurrently (PostgreSQL pool), so the
  // order of apply calls across groups is not fixed; the content of each group is.
  const groupsOf = (c: string[][]) => [...c].sort((a, b) => (a[0]! < b[0]! ? -1 : 1));

  it('cuts groups at maxWeight (default weight 1 per item)', async () => {
    const g = group({ maxWeight: 3 });
    const ids = ['org_1', 'org_2', 'org_3', 'org_4', 'org_5', 'org_6', 'org_7'];
    await Promise.all(ids.map((id) => g.write({ id })));
    expect(groupsOf(calls)).toEqual([['org_1', 'org_2', 'org_3'], ['org_4', 'org_5', 'org_6'], ['org_7']]);
    expect(await orgIds()).toEqual(ids);
  });

  it('cuts groups by item weight; an item heavier than maxWeight goes alone', async () => {
    const g = group({ maxWeight: 4, weight: (i) => i.weight ?? 1 });
    await Promise.all([
      g.write({ id: 'org_a', weight: 2 }),
      g.write({ id: 'org_b', weight: 2 }),
      g.write({ id: 'org_c', weight: 5 }),
      g.write({ id: 'org_d', weight: 1 }),
      g.write({ id: 'org_e', weight: 3 }),
    ]);
    expect(groupsOf(calls)).toEqual([['org_a', 'org_b'], ['org_c'], ['org_d', 'org_e']]);
    expect(await orgIds()).toEqual(['org_a', 'org_b', 'org_c', 'org_d', 'org_e']);
  });

  it('with delayMs, writes of later ticks join the waiting group', async () => {
    const g = group({ delayMs: 20 });
    const first = g.write({ id: 'org_1' });
    await new Promise((resolve) => setImmediate(resolve));
    const second = g.write({ id: 'org_2' });
    await Promise.all([first, second]);
    expect(calls).toEqual([['org_1', 'org_2']]);
  });

  it('with delayMs, a full group commits at once instead of waiting', async () => {
    // Far longer than the test timeout: only the full-group shortcut lets this finish.
    const g = group({ delayMs: 120_000, maxWeight: 2 });
    const first = g.write({ id: 'org_1' });
    await new Promise((resolve) => setImmediate(resolve));
    const second = g.write({ id: 'org_2' });
    await Promise.all([first, second]);
    expect(calls).toEqual([['org_1', 'org_2']]);
    expect(await orgIds()).toEqual(['org_1', 'org_2']);
  });

  it('settles each promise only after its group has committed', async () => {
    const settled: string[] = [];
    let seenInsideApply: string[] | undefined;
    const g = group({
      async apply(trx, items) {
        await insertAll(trx, items);
        // Still inside the transaction, after a real pause: nobody may have been told yet.
        await new Promise((resolve) => setTimeout(resolve, 30));
        seenInsideApply = [...settled];
      },
    });
    const visibleOnResolve = new Map<string, boolean>();
    const writes = ['org_1', 'org_2'].map((id) =>
      g.write({ id }).then(async () => {
        settled.push(id);
        // Read outside the transaction (another pooled connection on PostgreSQL).
        const row = await db().selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
        visibleOnResolve.set(id, row !== undefined);
      }),
    );
    await Promise.all(writes);
    expect(seenInsideApply).toEqual([]);
    expect(settled.sort()).toEqual(['org_1', 'org_2']);
    expect(Object.fromEntries(visibleOnResolve)).toEqual({ org_1: true, org_2: true });
  });

  it('rejects a lone item whose apply fails, and keeps nothing of it', async () => {
    const failure = new Error('apply failed after writing');
    const g = group({
      async apply(trx, items) {
        await insertAll(trx, items);
        throw failure;
      },
    });
    await expect(g.write({ id: 'org_1' })).rejects.toBe(failure);
    expect(calls).toEqual([['org_1']]);
    expect(await orgIds()).toEqual([]);
  });

  it('one bad item does not fail its neighbours: the others commit, only it rejects', async () => {
    await db().insertInto('organizations').values({ id: 'org_dup', name: 'original', plan: 'premium', created_at: T }).execute();
    const g = group();
    const results = await Promise.allSettled([g.write({ id: 'org_1' }), g.write({ id: 'org_dup' }), g.write({ id: 'org_3' })]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const reason = (results[1] as PromiseRejectedResult).reason;
    expect(isUniqueViolation(reason)).toBe(true);
    // The shared attempt, then each item alone.
    expect(calls).toEqual([['org_1', 'org_dup', 'org_3'], ['org_1'], ['org_dup'], ['org_3']]);
    const rows = await db().selectFrom('organizations').select(['id', 'name', 'plan']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'org_1', name: 'name org_1', plan: 'free' },
      { id: 'org_3', name: 'name org_3', plan: 'free' },
      { id: 'org_dup', name: 'original', plan: 'premium' },
    ]);
  });

  it('rolls the failed shared transaction back for real', async () => {
    await db().insertInto('organizations').values({ id: 'org_dup', name: 'original', plan: 'premium', created_at: T }).execute();
    let call = 0;
    const g = group({
      // Writes row by row, plus a marker per call, so the failed group has
      // written rows (and its marker) before the duplicate fails it.
      async apply(trx, items) {
        call++;
        calls.push(items.map((i) => i.id));
        await trx
          .insertInto('jobs')
          .values({ id: `job_marker_${call}`, kind: 'marker', ref_id: `call ${call}`, run_at: T, created_at: T })
          .execute();
        for (const item of items) {
          await trx
            .insertInto('organizations')
            .values({ id: item.id, name: `name ${item.id}`, plan: 'free', created_at: T })
            .execute();
        }
      },
    });
    const results = await Promise.allSettled([g.write({ id: 'org_1' }), g.write({ id: 'org_2' }), g.write({ id: 'org_dup' })]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(calls).toEqual([['org_1', 'org_2', 'org_dup'], ['org_1'], ['org_2'], ['org_dup']]);
    // Call 1 (the shared attempt) and call 4 (the bad item alone) left nothing behind.
    const markers = await db().selectFrom('jobs').select('ref_id').orderBy('ref_id').execute();
    expect(markers.map((m) => m.ref_id)).toEqual(['call 2', 'call 3']);
    // Each good row exists once, written by its own retry (had the shared
    // attempt's rows survived, those retries would have hit duplicates).
    expect(await orgIds()).toEqual(['org_1', 'org_2', 'org_dup']);
    const dup = await db().selectFrom('organizations').select('name').where('id', '=', 'org_dup').executeTakeFirstOrThrow();
    expect(dup.name).toBe('original');
  });
});
