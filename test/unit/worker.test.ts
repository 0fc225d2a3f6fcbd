import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { createWorker, enqueueJobs, type Job } from '../../src/delivery/index.ts';
import { completeJob } from '../../src/delivery/job-queue.ts';
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
});
