import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { claimDueJobs, completeJob, completeJobs, enqueueJobs, postponeJob, releaseJobs, retryJob } from '../../src/queue/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const LEASE_MS = 60_000;

describe('job queue', () => {
  // Only what this test opened is closed: a failed setup leaves nothing to close twice.
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
  });

  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  const db = () => testDb.handle.db;
  const claim = (owner: string, limit = 10) => claimDueJobs(testDb.handle, { now: clock.now(), limit, leaseMs: LEASE_MS, owner });
  const row = (id: string) => db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  const allRefs = async () => (await db().selectFrom('jobs').select('ref_id').execute()).map((r) => r.ref_id).sort();

  it('enqueues jobs unleased, with no attempts yet', async () => {
    await enqueueJobs(db(), [{ kind: 'deliver_email', refId: 'eml_a', runAt: t0 + 5 }], t0);
    const rows = await db().selectFrom('jobs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.stringMatching(/^job_[0-9a-z]{26}$/),
      kind: 'deliver_email',
      ref_id: 'eml_a',
      run_at: t0 + 5,
      attempts: 0,
      lease_until: null,
      lease_owner: null,
      last_error: null,
      created_at: t0,
      organization_id: null,
      // Not yet due: no turn in the line until it is.
      turn: null,
      group_key: null,
    });
  });

  it('enqueuing nothing writes nothing', async () => {
    await enqueueJobs(db(), [], t0);
    expect(await allRefs()).toEqual([]);
  });

  it('claims only due jobs (run_at <= now), leased to the owner, one attempt each', async () => {
    await enqueueJobs(
      db(),
      [
        { kind: 'k', refId: 'future', runAt: t0 + 1 },
        { kind: 'k', refId: 'now', runAt: t0 },
        { kind: 'k', refId: 'past', runAt: t0 - 1000 },
      ],
      t0,
    );
    const jobs = await claim('worker-a');
    expect(jobs.map((j) => j.refId).sort()).toEqual(['now', 'past']);
    for (const job of jobs) {
      expect(job).toEqual({ id: job.id, kind: 'k', refId: job.refId, attempts: 1, runAt: job.refId === 'now' ? t0 : t0 - 1000, claimedAt: t0 });
      expect(await row(job.id)).toMatchObject({ lease_owner: 'worker-a', lease_until: t0 + LEASE_MS, attempts: 1 });
    }
    const future = await db().selectFrom('jobs').selectAll().where('ref_id', '=', 'future').executeTakeFirstOrThrow();
    expect(future).toMatchObject({ lease_owner: null, lease_until: null, attempts: 0 });

    clock.advance(1);
    const later = await claim('worker-b');
    expect(later.map((j) => j.refId)).toEqual(['future']);
  });

  it('claims the earliest run_at first, within the limit', async () => {
    // Inserted out of run_at order, so insertion order cannot pass for run_at order.
    await enqueueJobs(
      db(),
      [
        { kind: 'k', refId: 'third', runAt: t0 - 100 },
        { kind: 'k', refId: 'first', runAt: t0 - 300 },
        { kind: 'k', refId: 'fourth', runAt: t0 },
        { kind: 'k', refId: 'second', runAt: t0 - 200 },
      ],
      t0,
    );
    const one = await claim('w', 1);
    expect(one.map((j) => j.refId)).toEqual(['first']);
    const two = await claim('w', 2);
    expect(two.map((j) => j.refId).sort()).toEqual(['second', 'third']);
    const rest = await claim('w', 2);
    expect(rest.map((j) => j.refId)).toEqual(['fourth']);
    expect(await claim('w', 2)).toEqual([]);
  });

  it('does not claim a leased job again while the lease holds; after it expires another owner takes it', async () => {
    await enqueueJobs(db(), [{ kind: 'k', refId: 'eml_x', runAt: t0 }], t0);
    const [first] = await claim('worker-a');
    expect(first?.attempts).toBe(1);

    expect(await claim('worker-a')).toEqual([]);
    expect(await claim('worker-b')).toEqual([]);
    clock.advance(LEASE_MS - 1);
    expect(await claim('worker-b')).toEqual([]);

    // worker-a "crashed": its lease runs out and the job is not lost.
    clock.advance(1);
    const [again] = await claim('worker-b');
    expect(again).toEqual({ id: first!.id, kind: 'k', refId: 'eml_x', attempts: 2, runAt: t0, claimedAt: clock.now() });
    expect(await row(first!.id)).toMatchObject({ lease_owner: 'worker-b', lease_until: clock.now() + LEASE_MS, attempts: 2 });

    // The late original owner can no longer complete it; the new owner can.
    expect(await completeJob(db(), first!.id, 'worker-a')).toBe(false);
    expect(await row(first!.id)).toMatchObject({ lease_owner: 'worker-b', lease_until: clock.now() + LEASE_MS, attempts: 2 });
    expect(await completeJob(db(), first!.id, 'worker-b')).toBe(true);
    expect(await row(first!.id)).toBeUndefined();
    expect(await completeJob(db(), first!.id, 'worker-b')).toBe(false);
  });

  it('concurrent claimers never get the same job', async () => {
    await enqueueJobs(
      db(),
      Array.from({ length: 12 }, (_, i) => ({ kind: 'k', refId: `eml_${String(i).padStart(2, '0')}`, runAt: t0 - i })),
      t0,
    );
    const batches = await Promise.all(['w1', 'w2', 'w3', 'w4'].map((owner) => claim(owner, 5)));
    const refs = batches.flat().map((j) => j.refId);
    expect(refs).toHaveLength(12);
    expect(new Set(refs).size).toBe(12);
    expect(batches.flat().every((j) => j.attempts === 1)).toBe(true);
    const owners = await db().selectFrom('jobs').select(['ref_id', 'lease_owner']).execute();
    for (const [i, batch] of batches.entries()) {
      for (const job of batch) expect(owners.find((o) => o.ref_id === job.refId)?.lease_owner).toBe(`w${i + 1}`);
    }
  });

  it('completeJob refuses a job that no one holds', async () => {
    await enqueueJobs(db(), [{ kind: 'k', refId: 'eml_x', runAt: t0 }], t0);
    const [{ id }] = (await db().selectFrom('jobs').select('id').execute()) as [{ id: string }];
    expect(await completeJob(db(), id, 'worker-a')).toBe(false);
    expect(await row(id)).toMatchObject({ ref_id: 'eml_x', lease_owner: null });
  });

  it('completeJobs removes only the listed jobs this owner holds', async () => {
    await enqueueJobs(
      db(),
      [
        { kind: 'k', refId: 'a1', runAt: t0 - 3 },
        { kind: 'k', refId: 'a2', runAt: t0 - 2 },
        { kind: 'k', refId: 'b1', runAt: t0 - 1 },
        { kind: 'k', refId: 'a3', runAt: t0 + 1000 },
      ],
      t0,
    );
    const a = await claim('worker-a', 2);
    const b = await claim('worker-b', 1);
    const unclaimed = await db().selectFrom('jobs').select('id').where('ref_id', '=', 'a3').executeTakeFirstOrThrow();
    await completeJobs(db(), [...a.map((j) => j.id), b[0]!.id, unclaimed.id], 'worker-a');
    expect(await allRefs()).toEqual(['a3', 'b1']);
    await completeJobs(db(), [], 'worker-b');
    expect(await allRefs()).toEqual(['a3', 'b1']);
  });

  it('retryJob reschedules, clears the lease and keeps the error', async () => {
    await enqueueJobs(db(), [{ kind: 'k', refId: 'eml_x', runAt: t0 }], t0);
    const [job] = await claim('worker-a');
    await retryJob(db(), job!.id, 'worker-a', t0 + 30_000, 'x'.repeat(1500));
    expect(await row(job!.id)).toMatchObject({
      run_at: t0 + 30_000,
      lease_owner: null,
      lease_until: null,
      attempts: 1,
      last_error: 'x'.repeat(1000),
    });

    expect(await claim('worker-b')).toEqual([]);
    clock.advance(29_999);
    expect(await claim('worker-b')).toEqual([]);
    clock.advance(1);
    const [again] = await claim('worker-b');
    expect(again).toEqual({ id: job!.id, kind: 'k', refId: 'eml_x', attempts: 2, runAt: t0 + 30_000, claimedAt: t0 + 30_000 });
  });

  it('retryJob by an owner that lost the lease changes nothing', async () => {
    await enqueueJobs(db(), [{ kind: 'k', refId: 'eml_x', runAt: t0 }], t0);
    const [job] = await claim('worker-a');
    const before = await row(job!.id);
    await retryJob(db(), job!.id, 'worker-b', t0 + 30_000, 'not mine');
    expect(await row(job!.id)).toEqual(before);
  });

  it('postponeJob gives a job back untried: its claim is not counted, its last error is kept, only by its holder', async () => {
    await enqueueJobs(db(), [{ kind: 'k', refId: 'eml_x', runAt: t0 }], t0);
    const [first] = await claim('worker-a');
    await retryJob(db(), first!.id, 'worker-a', t0, '451 4.7.1 slow down');
    const [job] = await claim('worker-a');
    expect(job!.attempts).toBe(2);
    expect(await postponeJob(db(), job!.id, 'worker-b', t0 + 5_000)).toBe(false);
    expect(await postponeJob(db(), job!.id, 'worker-a', t0 + 5_000)).toBe(true);
    expect(await row(job!.id)).toMatchObject({ run_at: t0 + 5_000, lease_owner: null, lease_until: null, attempts: 1, last_error: '451 4.7.1 slow down' });
    clock.advance(5_000);
    expect((await claim('worker-b'))[0]).toMatchObject({ id: job!.id, attempts: 2 });
  });

  it("releaseJobs frees one owner's leases only", async () => {
    await enqueueJobs(
      db(),
      [
        { kind: 'k', refId: 'a1', runAt: t0 - 3 },
        { kind: 'k', refId: 'a2', runAt: t0 - 2 },
        { kind: 'k', refId: 'b1', runAt: t0 - 1 },
      ],
      t0,
    );
    const a = await claim('worker-a', 2);
    const b = await claim('worker-b', 2);
    expect(a.map((j) => j.refId).sort()).toEqual(['a1', 'a2']);
    expect(b.map((j) => j.refId)).toEqual(['b1']);

    await releaseJobs(db(), 'worker-a');
    const rows = await db().selectFrom('jobs').select(['ref_id', 'lease_owner', 'lease_until', 'attempts']).orderBy('run_at').execute();
    expect(rows).toEqual([
      { ref_id: 'a1', lease_owner: null, lease_until: null, attempts: 1 },
      { ref_id: 'a2', lease_owner: null, lease_until: null, attempts: 1 },
      { ref_id: 'b1', lease_owner: 'worker-b', lease_until: t0 + LEASE_MS, attempts: 1 },
    ]);

    // Released jobs are claimable at once, without waiting for the lease; b1 is not.
    const c = await claim('worker-c');
    expect(c.map((j) => j.refId).sort()).toEqual(['a1', 'a2']);
    expect(c.every((j) => j.attempts === 2)).toBe(true);
  });
});
