import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { claimDueJobs, completeJob, enqueueJobs, postponeJob, retryJob, type Lane } from '../../src/queue/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * The queue's fairness: within a kind, organizations take turns (a backlog
 * waits behind itself, a newcomer is served in the next round, a burst gets no
 * head start); lanes of different kinds are claimed apart; a group's jobs run
 * only so many at once.
 */
const LEASE_MS = 60_000;

describe('fair claims', () => {
  let testDb: TestDatabase;
  let clock: ManualClock;
  let t0: number;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    clock = new ManualClock();
    t0 = clock.now();
  });
  afterEach(() => testDb.cleanup());

  const db = () => testDb.handle.db;
  const enqueue = (organizationId: string | null, refs: string[], kind = 'k', extra: { group?: string } = {}) =>
    enqueueJobs(
      db(),
      refs.map((refId) => ({ kind, refId, runAt: clock.now(), organizationId, ...extra })),
      clock.now(),
    );
  const claim = async (limit: number, owner = 'w') => claimDueJobs(testDb.handle, { now: clock.now(), limit, leaseMs: LEASE_MS, owner });
  const claimLanes = async (lanes: Lane[], owner = 'w') => claimDueJobs(testDb.handle, { now: clock.now(), lanes, leaseMs: LEASE_MS, owner });
  const refs = (jobs: { refId: string }[]) => jobs.map((j) => j.refId);
  const series = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

  it("serves organizations in turn: one with a backlog of 10 does not keep another's 2 waiting", async () => {
    await enqueue('org_a', series('a', 10));
    clock.advance(1);
    await enqueue('org_b', series('b', 2));
    const order: string[] = [];
    for (let job = await claim(1); job.length > 0; job = await claim(1)) order.push(...refs(job));
    expect(order).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10']);
  });

  it('a newcomer is served in the next round, not after the backlog', async () => {
    await enqueue('org_a', series('a', 100));
    const first = await claim(30);
    for (const job of first) await completeJob(db(), job.id, 'w');
    clock.advance(1);
    await enqueue('org_b', ['b1']);
    expect(refs(await claim(2))).toEqual(['a31', 'b1']);
  });

  it('a burst gets no head start over those already waiting: the two lines interleave from where the line is', async () => {
    await enqueue('org_a', series('a', 40));
    for (const job of await claim(20)) await completeJob(db(), job.id, 'w');
    clock.advance(1);
    await enqueue('org_b', series('b', 40));
    expect(refs(await claim(6))).toEqual(['a21', 'b1', 'a22', 'b2', 'a23', 'b3']);
  });

  it('a job back from a retry takes its turn behind its own organization, not ahead of the others', async () => {
    await enqueue('org_a', ['a1']);
    const [a1] = await claim(1);
    await retryJob(db(), a1!.id, 'w', clock.now() + 5_000, 'answered 503');
    await enqueue('org_a', ['a2', 'a3']);
    clock.advance(1);
    await enqueue('org_b', ['b1', 'b2']);
    clock.advance(5_000);
    // a1 is due again: it comes after a2 and a3, its organization's waiting jobs.
    const order: string[] = [];
    for (let job = await claim(1); job.length > 0; job = await claim(1)) order.push(...refs(job));
    expect(order).toEqual(['a2', 'b1', 'a3', 'b2', 'a1']);
  });

  it('a job put back for a moment keeps its turn and runs first once its time comes', async () => {
    await enqueue('org_a', ['a1', 'a2', 'a3']);
    const [a1] = await claim(1);
    expect(await postponeJob(db(), a1!.id, 'w', clock.now() + 1_000)).toBe(true);
    expect(refs(await claim(1))).toEqual(['a2']);
    clock.advance(1_000);
    expect(refs(await claim(1))).toEqual(['a1']);
  });

  it("claims each lane apart: a kind's backlog does not take another kind's room", async () => {
    await enqueue('org_a', series('w', 20), 'webhook');
    clock.advance(1);
    await enqueue('org_b', series('e', 3), 'email');
    const jobs = await claimLanes([
      { kind: 'email', room: 2 },
      { kind: 'webhook', room: 2 },
    ]);
    expect(refs(jobs).sort()).toEqual(['e1', 'e2', 'w1', 'w2']);
    // A lane of kind null takes every kind the claim's other lanes do not name.
    await enqueue('org_a', ['x1'], 'other');
    expect(
      refs(
        await claimLanes([
          { kind: 'webhook', room: 1 },
          { kind: null, room: 5 },
        ]),
      ).sort(),
    ).toEqual(['e3', 'w3', 'x1']);
  });

  it("runs at most perGroup jobs of one group, counting the caller's running ones, and fills the room from other groups", async () => {
    await enqueue('org_a', series('slow', 10), 'webhook', { group: 'https://slow.example' });
    clock.advance(1);
    await enqueue('org_a', series('fine', 3), 'webhook', { group: 'https://fine.example' });
    await enqueue('org_a', ['plain1'], 'webhook');
    const first = await claimLanes([{ kind: 'webhook', room: 5, perGroup: 2, running: new Map() }]);
    expect(refs(first)).toEqual(['slow1', 'slow2', 'fine1', 'fine2', 'plain1']);
    expect(first.map((j) => j.group)).toEqual(['https://slow.example', 'https://slow.example', 'https://fine.example', 'https://fine.example', undefined]);
    const running = new Map([
      ['https://slow.example', 2],
      ['https://fine.example', 2],
    ]);
    expect(await claimLanes([{ kind: 'webhook', room: 5, perGroup: 2, running }])).toEqual([]);
    running.set('https://slow.example', 1);
    expect(refs(await claimLanes([{ kind: 'webhook', room: 5, perGroup: 2, running }]))).toEqual(['slow3']);
  });
});
