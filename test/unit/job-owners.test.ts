import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJobs, isGoneOwner, newOwner, releaseGoneOwners } from '../../src/queue/index.ts';
import { claimDueJobs } from '../../src/queue/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

// Who may take a job back before its lease ends: only a holder on this host
// whose process is provably gone. Pids are judged by an injected check.
const host = os.hostname();

describe('gone job owners', () => {
  it('judges only holders on this host, by their pid; this process’s own live owners are never gone', () => {
    const exists = (pid: number) => pid === 4242;
    expect(isGoneOwner(`${host}:4242:aaaa`, exists)).toBe(false);
    expect(isGoneOwner(`${host}:4343:aaaa`, exists)).toBe(true);
    expect(isGoneOwner(`other-host:4343:aaaa`, exists)).toBe(false);
    expect(isGoneOwner('not-an-owner', exists)).toBe(false);
    const mine = newOwner();
    expect(isGoneOwner(mine, () => false)).toBe(false);
    // An earlier life of this pid (a container restarted as pid 1): gone, though the pid exists.
    expect(isGoneOwner(`${host}:${process.pid}:earlier0`, () => true)).toBe(true);
  });

  describe('on a database', () => {
    let testDb: TestDatabase;
    beforeEach(async () => {
      testDb = await createTestDatabase();
    });
    afterEach(() => testDb.cleanup());

    it('releases the jobs of gone holders only, and a job claimed since is left alone', async () => {
      const db = testDb.handle.db;
      const now = Date.now();
      await enqueueJobs(
        db,
        ['a', 'b', 'c'].map((refId) => ({ kind: 'test', refId, runAt: now })),
        now,
      );
      const dead = `${host}:999999:dead0000`;
      const live = newOwner();
      const elsewhere = 'far-host:1:beef';
      for (const [owner, limit] of [
        [dead, 1],
        [live, 1],
        [elsewhere, 1],
      ] as const) {
        await claimDueJobs(testDb.handle, { now, limit, leaseMs: 60_000, owner });
      }
      expect(await releaseGoneOwners(db, (pid) => pid !== 999999)).toBe(1);
      const rows = await db.selectFrom('jobs').select(['ref_id', 'lease_owner', 'attempts']).orderBy('ref_id').execute();
      expect(rows.map((r) => r.lease_owner).sort()).toEqual([elsewhere, live, null].sort());
      // The attempt the gone holder made still counts.
      expect(rows.find((r) => r.lease_owner === null)?.attempts).toBe(1);
      expect(await releaseGoneOwners(db, (pid) => pid !== 999999)).toBe(0);
    });
  });
});
