import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/clock.ts';
import { completeJob, createWorker, enqueueJobs, JobLeaseLost, type Job } from '../../src/queue/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

describe('the queue worker', () => {
  let testDb: TestDatabase;
  const clock = new ManualClock();

  beforeEach(async () => {
    testDb = await createTestDatabase();
  });
  afterEach(async () => testDb.cleanup());

  it('claims again as soon as a batch finishes together, without waiting for its poll', async () => {
    const owner = 'worker-under-test';
    const concurrency = 8;
    const total = concurrency * 4;
    await enqueueJobs(
      testDb.handle.db,
      Array.from({ length: total }, (_, i) => ({ kind: 'noop', refId: `ref-${i}`, runAt: clock.now() })),
      clock.now(),
    );

    // Jobs settle together, a few milliseconds later, as grouped delivery outcomes do.
    let settling: (() => void)[] = [];
    const settleTogether = () =>
      new Promise<void>((resolve) => {
        if (settling.length === 0) {
          setTimeout(() => {
            const group = settling;
            settling = [];
            for (const settle of group) settle();
          }, 5);
        }
        settling.push(resolve);
      });

    const done: string[] = [];
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner,
      concurrency,
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      // A lost wake-up waits a minute for the next poll, far past the deadline below.
      pollMs: 60_000,
      handlers: {
        noop: async (job: Job) => {
          await completeJob(testDb.handle.db, job.id, owner);
          done.push(job.refId);
          await settleTogether();
        },
      },
    });
    worker.start();
    try {
      const deadline = Date.now() + 3_000;
      while (done.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(done).toHaveLength(total);
      expect(new Set(done).size).toBe(total);
    } finally {
      await worker.stop();
    }
  });

  it("runs each lane's kind in its own slots: webhooks that never finish hold none of email delivery's, nor more than perGroup of one endpoint", async () => {
    const owner = 'laned-worker';
    const now = clock.now();
    // Queued first, so a single line would run them all before any email.
    await enqueueJobs(
      testDb.handle.db,
      Array.from({ length: 10 }, (_, i) => ({ kind: 'webhook', refId: `hook-${i}`, runAt: now, organizationId: 'org_noisy', group: 'https://silent.example' })),
      now,
    );
    await enqueueJobs(
      testDb.handle.db,
      Array.from({ length: 5 }, (_, i) => ({ kind: 'email', refId: `mail-${i}`, runAt: now, organizationId: 'org_quiet' })),
      now,
    );
    let hung = 0;
    const stuck: (() => void)[] = [];
    const delivered: string[] = [];
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner,
      concurrency: 1,
      lanes: { email: 2, webhook: { slots: 4, perGroup: 3 } },
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      pollMs: 60_000,
      handlers: {
        // A receiver that never answers: the job holds its slot until the test lets go.
        webhook: (job: Job) =>
          new Promise<void>((resolve) => {
            hung++;
            stuck.push(() => void completeJob(testDb.handle.db, job.id, owner).then(() => resolve()));
          }),
        email: async (job: Job) => {
          await completeJob(testDb.handle.db, job.id, owner);
          delivered.push(job.refId);
        },
      },
    });
    worker.start();
    try {
      const deadline = Date.now() + 3_000;
      while (delivered.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(delivered.sort()).toEqual(['mail-0', 'mail-1', 'mail-2', 'mail-3', 'mail-4']);
      // One endpoint: three at once, though the lane has four slots.
      expect(hung).toBe(3);
    } finally {
      for (const release of stuck) release();
      await worker.stop({ graceMs: 1_000 });
    }
  });

  it("has a job's end wake the other lanes, unless its kind queues nothing", async () => {
    /** Whether, when the second `hook` job starts (claimed because the first ended), the `mail` job queued meanwhile was claimed with it. */
    async function mailClaimedWithNextHook(queuesNothing: boolean): Promise<boolean> {
      const database = await createTestDatabase();
      const db = database.handle.db;
      const owner = `wakes-${queuesNothing}`;
      const now = clock.now();
      await enqueueJobs(db, [{ kind: 'hook', refId: 'hook-1', runAt: now }], now);
      const started: string[] = [];
      let endFirst = () => {};
      const secondStarted = new Promise<void>((resolve) => {
        const run = async (job: Job) => {
          started.push(job.refId);
          if (job.refId === 'hook-1') await new Promise<void>((r) => (endFirst = r));
          if (job.refId === 'hook-2') resolve();
          await completeJob(db, job.id, owner);
        };
        const worker = createWorker({
          db: database.handle,
          clock,
          owner,
          concurrency: 1,
          lanes: { hook: { slots: 1, queuesNothing }, mail: 1 },
          leaseMs: 60_000,
          retryDelayMs: () => 1_000,
          // No poll in the test's time: only the job's end may wake a lane.
          pollMs: 60_000,
          handlers: { hook: run, mail: run },
        });
        cleanups.push(async () => {
          await worker.stop({ graceMs: 1_000 });
          await database.cleanup();
        });
        worker.start();
      });
      while (!started.includes('hook-1')) await new Promise((r) => setTimeout(r, 5));
      // Queued behind the worker's back (no notify): what would the first job's end have queued.
      await enqueueJobs(
        db,
        [
          { kind: 'hook', refId: 'hook-2', runAt: now },
          { kind: 'mail', refId: 'mail-1', runAt: now },
        ],
        now,
      );
      endFirst();
      await secondStarted;
      // Jobs of one claim all start in the same turn.
      await new Promise((r) => setImmediate(r));
      return started.includes('mail-1');
    }
    const cleanups: (() => Promise<void>)[] = [];
    try {
      expect(await mailClaimedWithNextHook(false)).toBe(true);
      expect(await mailClaimedWithNextHook(true)).toBe(false);
    } finally {
      for (const cleanup of cleanups) await cleanup();
    }
  });

  it("gives a job that came due its turn at the next poll, not at a claim for another job's end", async () => {
    const owner = 'promoting-worker';
    const db = testDb.handle.db;
    const start = clock.now();
    await enqueueJobs(
      db,
      [
        { kind: 'work', refId: 'first', runAt: start },
        // Waits for its time: no turn yet.
        { kind: 'work', refId: 'later', runAt: start + 1_000 },
      ],
      start,
    );
    const started: string[] = [];
    let claimedAfterFirst: (() => void) | undefined;
    const afterFirst = new Promise<void>((resolve) => (claimedAfterFirst = resolve));
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner,
      concurrency: 1,
      lanes: { work: 2 },
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      pollMs: 1_000,
      handlers: {
        work: async (job: Job) => {
          started.push(job.refId);
          if (job.refId === 'first') {
            // `later` comes due, and new work is queued (with its turn) as the job ends.
            clock.advance(1_000);
            await enqueueJobs(db, [{ kind: 'work', refId: 'next', runAt: clock.now() }], clock.now());
          }
          if (job.refId === 'next') claimedAfterFirst!();
          await completeJob(db, job.id, owner);
        },
      },
    });
    worker.start();
    try {
      await afterFirst;
      // Jobs of one claim all start in the same turn: `later` was not in the claim for `first`'s end.
      await new Promise((r) => setImmediate(r));
      expect(started).toEqual(['first', 'next']);
      // The poll gives it its turn, and it runs.
      const deadline = Date.now() + 5_000;
      while (!started.includes('later') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(started).toEqual(['first', 'next', 'later']);
    } finally {
      await worker.stop({ graceMs: 1_000 });
    }
  });

  it('leaves a job it lost to another worker alone: a warning, no retry, no failure', async () => {
    await enqueueJobs(testDb.handle.db, [{ kind: 'stalled', refId: 'r', runAt: clock.now() }], clock.now());
    const logged: { level: string; msg: string | undefined }[] = [];
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner: 'stale',
      concurrency: 1,
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      logger: {
        error: (_obj, msg) => logged.push({ level: 'error', msg }),
        warn: (_obj, msg) => logged.push({ level: 'warn', msg }),
      },
      handlers: {
        // As if this worker stalled past its lease: the job is another's now.
        stalled: async (job: Job) => {
          await testDb.handle.db.updateTable('jobs').set({ lease_owner: 'current' }).where('id', '=', job.id).execute();
          throw new JobLeaseLost(job.id, 'a test job');
        },
      },
    });
    expect(await worker.drain()).toBe(1);
    expect(logged).toEqual([{ level: 'warn', msg: expect.stringMatching(/is no longer held by this worker/) }]);
    const [row] = await testDb.handle.db.selectFrom('jobs').selectAll().execute();
    expect(row).toMatchObject({ lease_owner: 'current', attempts: 1, last_error: null });
  });

  it('keeps the lease of a job that outlasts it, so no other worker runs it twice', { timeout: 15_000 }, async () => {
    await enqueueJobs(testDb.handle.db, [{ kind: 'slow', refId: 'slow-1', runAt: systemClock.now() }], systemClock.now());
    const runs: string[] = [];
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slow = (name: string) => async (job: Job) => {
      runs.push(name);
      await finished;
      await completeJob(testDb.handle.db, job.id, name);
    };
    // Real time: leases of 1.5 s, renewed every second; the job takes 4 s.
    const options = { db: testDb.handle, clock: systemClock, concurrency: 2, leaseMs: 1_500, pollMs: 100, retryDelayMs: () => 1_000 };
    const first = createWorker({ ...options, owner: 'first', handlers: { slow: slow('first') } });
    const second = createWorker({ ...options, owner: 'second', handlers: { slow: slow('second') } });
    first.start();
    await new Promise((r) => setTimeout(r, 200));
    second.start();
    await new Promise((r) => setTimeout(r, 4_000));
    finish();
    await first.stop();
    await second.stop();
    expect(runs).toEqual(['first']);
    expect(await testDb.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('on stop, releases what it holds but not a job that is still running', async () => {
    const now = clock.now();
    await enqueueJobs(testDb.handle.db, [{ kind: 'stuck', refId: 'stuck-1', runAt: now }], now);
    let unstick: () => void = () => {};
    const stuck = new Promise<void>((resolve) => (unstick = resolve));
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner: 'stopping',
      concurrency: 2,
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      handlers: {
        stuck: () => {
          started = true;
          return stuck;
        },
      },
    });
    let started = false;
    worker.start();
    const leased = async () => (await testDb.handle.db.selectFrom('jobs').select(['lease_owner', 'lease_until']).executeTakeFirstOrThrow()).lease_owner;
    // Wait for the handler itself: the lease is visible a moment before the job runs.
    const deadline = Date.now() + 3_000;
    while (!started && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(started).toBe(true);
    let aborted = false;
    await worker.stop({ graceMs: 50, abort: async () => void (aborted = true) });
    expect(aborted).toBe(true);
    // Still running: its lease stays, so nobody else starts it until the lease expires.
    expect(await leased()).toBe('stopping');
    unstick();
  });

  it('tells a running job that it is stopping, and waits for the job that ends then, not for the grace', async () => {
    const now = clock.now();
    await enqueueJobs(testDb.handle.db, [{ kind: 'long', refId: 'long-1', runAt: now }], now);
    let seen: AbortSignal | undefined;
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner: 'told',
      concurrency: 2,
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      handlers: {
        // A long job that checks between its steps, as a campaign's fan-out does.
        long: async (_job, { stopping }) => {
          seen = stopping;
          while (!stopping.aborted) await new Promise((r) => setTimeout(r, 5));
        },
      },
    });
    worker.start();
    const deadline = Date.now() + 3_000;
    while (!seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(seen?.aborted).toBe(false);
    const stopAt = Date.now();
    await worker.stop({ graceMs: 60_000 });
    expect(seen?.aborted).toBe(true);
    expect(Date.now() - stopAt).toBeLessThan(5_000);
  });

  it('never starts a job it was still claiming when it stopped, and releases it', async () => {
    const now = clock.now();
    await enqueueJobs(testDb.handle.db, [{ kind: 'late', refId: 'late-1', runAt: now }], now);
    const runs: string[] = [];
    const worker = createWorker({
      db: testDb.handle,
      clock,
      owner: 'claiming',
      concurrency: 2,
      leaseMs: 60_000,
      retryDelayMs: () => 1_000,
      handlers: {
        late: async (job) => {
          runs.push(job.refId);
        },
      },
    });
    worker.start(); // its first claim is under way…
    await worker.stop(); // …and stop comes before it returns
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toEqual([]);
    const job = await testDb.handle.db.selectFrom('jobs').select(['lease_owner', 'lease_until']).executeTakeFirstOrThrow();
    expect(job).toEqual({ lease_owner: null, lease_until: null });
  });
});
