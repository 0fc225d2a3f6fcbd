import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { cancelJobs, claimDueJobs, enqueueJobs, rescheduleJobs } from '../../src/queue/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

// The jobs of one kind for one ref, moved or withdrawn by the layer whose work
// they are (a campaign rescheduled, unscheduled or deleted), through the queue.

describe('the jobs of a kind for a ref', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let testDb: TestDatabase;
  let clock: ManualClock;
  let t0: number;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    const opened = testDb;
    cleanups.push(() => opened.cleanup());
    clock = new ManualClock();
    t0 = clock.now();
    await enqueueJobs(
      db(),
      [
        { kind: 'campaign_send', refId: 'cmp_a', runAt: t0, organizationId: 'org_1' },
        { kind: 'campaign_send', refId: 'cmp_b', runAt: t0, organizationId: 'org_1' },
        { kind: 'other', refId: 'cmp_a', runAt: t0, organizationId: 'org_1' },
      ],
      t0,
    );
  });

  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  const db = () => testDb.handle.db;
  const jobs = async () =>
    (await db().selectFrom('jobs').select(['kind', 'ref_id', 'run_at', 'turn']).orderBy('kind').orderBy('ref_id').execute()).map((j) => ({
      ...j,
      run_at: Number(j.run_at),
      turn: j.turn === null ? null : Number(j.turn),
    }));
  const claim = () => claimDueJobs(testDb.handle, { now: clock.now(), limit: 10, leaseMs: 600_000, owner: 'w1' });

  it('rescheduleJobs moves only those jobs, which wait without a turn and take one when their time comes', async () => {
    expect((await jobs()).every((j) => j.turn !== null)).toBe(true);
    expect(await rescheduleJobs(db(), 'campaign_send', 'cmp_a', t0 + 60_000)).toBe(1);
    expect(await jobs()).toEqual([
      { kind: 'campaign_send', ref_id: 'cmp_a', run_at: t0 + 60_000, turn: null },
      { kind: 'campaign_send', ref_id: 'cmp_b', run_at: t0, turn: expect.any(Number) },
      { kind: 'other', ref_id: 'cmp_a', run_at: t0, turn: expect.any(Number) },
    ]);
    expect((await claim()).map((j) => `${j.kind} ${j.refId}`).sort()).toEqual(['campaign_send cmp_b', 'other cmp_a']);
    clock.advance(60_000);
    expect((await claim()).map((j) => `${j.kind} ${j.refId}`)).toEqual(['campaign_send cmp_a']);
  });

  it('cancelJobs removes only those jobs', async () => {
    expect(await cancelJobs(db(), 'campaign_send', 'cmp_a')).toBe(1);
    expect((await jobs()).map((j) => `${j.kind} ${j.ref_id}`)).toEqual(['campaign_send cmp_b', 'other cmp_a']);
    expect(await cancelJobs(db(), 'campaign_send', 'cmp_a')).toBe(0);
  });
});
